import { useState, type ReactElement } from 'react';
import { Button, Checkbox, Form, Input, Progress, Radio, Select, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import {
  AppPlatforms,
  AppReleaseLimits,
  fileExtension,
  isHttpsUrl,
  validateVersion,
} from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { fileSizeText } from '../../components/fileSize';
import { applyFieldErrors } from '../../lib/formErrors';
import { fromRule } from '../../lib/formRules';
import { showSuccessToast } from '../../lib/toast';
import { createAppRelease, type AppReleaseValues } from './api';
import { PLATFORM_LABEL } from './platforms';
import { AppReleaseTestId } from './testIds';

interface Values extends AppReleaseValues {
  file?: UploadFile[];
}

const FIELDS = ['platform', 'version', 'notes', 'storeUrl', 'file'];

/**
 * A new companion-app release: platform, version (newer than the platform's current one), notes, and either
 * an Android package (uploaded with its progress) or an https store link; optionally published at once.
 */
export function AppReleaseCreateModal({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const platform = Form.useWatch('platform', form);
  const source = Form.useWatch('source', form) ?? 'STORE';
  const [progress, setProgress] = useState<number | null>(null);
  const close = (): void => {
    setProgress(null);
    onClose();
  };
  const save = useMutation({
    mutationFn: (values: Values) => {
      setProgress(values.source === 'FILE' ? 0 : null);
      return createAppRelease(values, values.file?.[0]?.originFileObj, (f) =>
        setProgress(Math.round(f * 100)),
      );
    },
    onSuccess: () => {
      showSuccessToast(t('appRelease.created'));
      close();
    },
    onError: (error) => {
      setProgress(null);
      applyFieldErrors(form, error, FIELDS);
    },
  });
  const fileRule = {
    validator: (_: unknown, files: UploadFile[] | undefined) => {
      const file = files?.[0];
      if (file === undefined) return Promise.reject(new Error(t('security.fileRequired')));
      if (fileExtension(file.name) !== 'apk') return Promise.reject(new Error(t('appRelease.fileType')));
      if ((file.size ?? 0) === 0) return Promise.reject(new Error(t('appRelease.emptyFile')));
      if ((file.size ?? 0) > AppReleaseLimits.fileBytesMax)
        return Promise.reject(
          new Error(t('appReleaseWeb.tooLarge', { size: fileSizeText(AppReleaseLimits.fileBytesMax) })),
        );
      return Promise.resolve();
    },
  };
  const urlRule = {
    validator: (_: unknown, value: string | undefined) =>
      isHttpsUrl(value ?? '') ? Promise.resolve() : Promise.reject(new Error(t('appRelease.storeUrlHttps'))),
  };
  return (
    <FormModal<Values>
      open={open}
      title={t('appReleaseWeb.create')}
      form={form}
      save={save}
      onClose={close}
      testId={AppReleaseTestId.createForm}
      initialValues={{ platform: 'ANDROID', source: 'STORE', publish: false }}
      width={600}
    >
      <Form.Item name="platform" label={t('appReleaseWeb.column.platform')} rules={[{ required: true }]}>
        <Select
          options={AppPlatforms.map((p) => ({ value: p, label: t(PLATFORM_LABEL[p]) }))}
          data-testid={AppReleaseTestId.platform}
          onChange={(p) => {
            if (p === 'IOS') form.setFieldsValue({ source: 'STORE' });
          }}
        />
      </Form.Item>
      <Form.Item
        name="version"
        label={t('appReleaseWeb.column.version')}
        extra={t('appReleaseWeb.versionHint')}
        rules={[{ required: true, message: t('rule.cannotBeBlank') }, fromRule(validateVersion, t)]}
      >
        <Input
          maxLength={AppReleaseLimits.versionMax}
          placeholder="2.1.0"
          data-testid={AppReleaseTestId.version}
        />
      </Form.Item>
      <Form.Item name="notes" label={t('appReleaseWeb.column.notes')}>
        <Input.TextArea rows={3} maxLength={AppReleaseLimits.notesMax} showCount />
      </Form.Item>
      <Form.Item name="source" label={t('appReleaseWeb.column.source')}>
        <Radio.Group data-testid={AppReleaseTestId.source}>
          <Radio value="STORE">{t('appReleaseWeb.source.store')}</Radio>
          <Radio value="FILE" disabled={platform === 'IOS'}>
            {t('appReleaseWeb.source.file')}
          </Radio>
        </Radio.Group>
      </Form.Item>
      {source === 'STORE' ? (
        <Form.Item name="storeUrl" label={t('appReleaseWeb.storeUrl')} rules={[urlRule]}>
          <Input
            maxLength={AppReleaseLimits.storeUrlMax}
            placeholder="https://play.google.com/store/apps/details?id=…"
            data-testid={AppReleaseTestId.storeUrl}
          />
        </Form.Item>
      ) : (
        <Form.Item
          name="file"
          label={t('appReleaseWeb.file')}
          valuePropName="fileList"
          getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.slice(-1)}
          rules={[fileRule]}
        >
          <Upload accept=".apk" beforeUpload={() => false} maxCount={1} data-testid={AppReleaseTestId.file}>
            <Button icon={<UploadOutlined />}>{t('appReleaseWeb.chooseFile')}</Button>
          </Upload>
        </Form.Item>
      )}
      <Form.Item name="publish" valuePropName="checked">
        <Checkbox data-testid={AppReleaseTestId.publishNow}>{t('appReleaseWeb.publishNow')}</Checkbox>
      </Form.Item>
      {progress !== null && (
        <Progress
          percent={progress}
          status={save.isPending ? 'active' : 'normal'}
          data-testid={AppReleaseTestId.progress}
        />
      )}
    </FormModal>
  );
}
