import { useState, type ReactElement } from 'react';
import { Button, Form, Input, Progress, type UploadFile } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { FeedbackLimits } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../lib/formErrors';
import { showSuccessToast } from '../../lib/toast';
import { sendMessage } from './api';
import { textProblem } from './feedbackForm';
import { pickedFiles, ScreenshotPicker, useScreenshotRule } from './ScreenshotPicker';
import { FeedbackTestId } from './testIds';

interface Values {
  text: string;
  files?: UploadFile[];
}

/** The sender's follow-up or a staff answer: a text and up to six screenshots. */
export function ReplyBox({ id, answer }: { id: number; answer: boolean }): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [progress, setProgress] = useState<number | null>(null);
  const screenshotRule = useScreenshotRule();
  const send = useMutation({
    mutationFn: (values: Values) => {
      setProgress(0);
      return sendMessage(id, values.text, pickedFiles(values.files), (f) => setProgress(Math.round(f * 100)));
    },
    onSuccess: () => {
      setProgress(null);
      form.resetFields();
      showSuccessToast(t(answer ? 'feedbackWeb.answered' : 'feedbackWeb.followedUp'));
    },
    onError: (error) => {
      setProgress(null);
      applyFieldErrors(form, error, ['text', 'files']);
    },
  });
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={(v) => send.mutate(v)}
      data-testid={FeedbackTestId.reply}
    >
      <Form.Item
        name="text"
        label={t(answer ? 'feedbackWeb.answer' : 'feedbackWeb.followUp')}
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
          rows={3}
          maxLength={FeedbackLimits.textMax}
          showCount
          data-testid={FeedbackTestId.replyText}
        />
      </Form.Item>
      <Form.Item name="files" valuePropName="fileList" rules={[screenshotRule]}>
        <ScreenshotPicker />
      </Form.Item>
      {progress !== null && <Progress percent={progress} status="active" />}
      <Button
        type="primary"
        htmlType="submit"
        loading={send.isPending}
        data-testid={FeedbackTestId.replySend}
      >
        {t('feedbackWeb.send')}
      </Button>
    </Form>
  );
}
