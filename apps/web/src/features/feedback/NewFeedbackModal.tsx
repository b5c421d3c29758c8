import { useState, type ReactElement } from 'react';
import { Form, Input, Progress, Select, type UploadFile } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { FEEDBACK_TYPES, FeedbackLimits, type FeedbackDetail, type FeedbackType } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { applyFieldErrors } from '../../lib/formErrors';
import { showSuccessToast } from '../../lib/toast';
import { sendFeedback } from './api';
import { textProblem } from './feedbackForm';
import { pickedFiles, ScreenshotPicker, useScreenshotRule } from './ScreenshotPicker';
import { FeedbackTestId } from './testIds';

interface Values {
  type: FeedbackType;
  text: string;
  files?: UploadFile[];
}

/** New feedback: a type, a text of at most FeedbackLimits.textMax characters and up to six screenshots. */
export function NewFeedbackModal({
  open,
  onClose,
  onSent,
}: {
  open: boolean;
  onClose: () => void;
  onSent: (detail: FeedbackDetail) => void;
}): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [progress, setProgress] = useState<number | null>(null);
  const screenshotRule = useScreenshotRule();
  const close = (): void => {
    setProgress(null);
    onClose();
  };
  const save = useMutation({
    mutationFn: (values: Values) => {
      setProgress(0);
      return sendFeedback({ type: values.type, text: values.text }, pickedFiles(values.files), (f) =>
        setProgress(Math.round(f * 100)),
      );
    },
    onSuccess: (detail) => {
      showSuccessToast(t('feedbackWeb.sent'));
      close();
      onSent(detail);
    },
    onError: (error) => {
      setProgress(null);
      applyFieldErrors(form, error, ['type', 'text', 'files']);
    },
  });
  return (
    <FormModal<Values>
      open={open}
      title={t('feedbackWeb.new')}
      form={form}
      save={save}
      onClose={close}
      testId={FeedbackTestId.form}
      initialValues={{ type: 'SUGGESTION' }}
      width={640}
    >
      <Form.Item name="type" label={t('feedbackWeb.column.type')} rules={[{ required: true }]}>
        <Select<FeedbackType>
          data-testid={FeedbackTestId.type}
          options={FEEDBACK_TYPES.map((v) => ({ value: v, label: t(`feedbackWeb.type.${v}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="text"
        label={t('feedbackWeb.column.text')}
        rules={[
          {
            validator: (_, v: string | undefined) => {
              const problem = textProblem(v);
              return problem === null ? Promise.resolve() : Promise.reject(new Error(t(problem)));
            },
          },
        ]}
      >
        <Input.TextArea
          rows={5}
          maxLength={FeedbackLimits.textMax}
          showCount
          data-testid={FeedbackTestId.text}
        />
      </Form.Item>
      <Form.Item
        name="files"
        label={t('feedbackWeb.screenshots')}
        extra={t('feedbackWeb.screenshotsHint', { count: FeedbackLimits.screenshotsMax })}
        valuePropName="fileList"
        rules={[screenshotRule]}
      >
        <ScreenshotPicker />
      </Form.Item>
      {progress !== null && (
        <Progress
          percent={progress}
          status={save.isPending ? 'active' : 'normal'}
          data-testid={FeedbackTestId.progress}
        />
      )}
    </FormModal>
  );
}
