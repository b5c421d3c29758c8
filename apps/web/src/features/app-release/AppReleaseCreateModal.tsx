import type { ReactElement } from 'react';
import { Checkbox, Form, Input, Radio, Select, type UploadFile } from 'antd';
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
import {
  singleFileRule,
  SingleFileItem,
  UploadProgress,
  useUploadProgress,
} from '../../components/FileUpload';
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
  const upload = useUploadProgress();
  const close = (): void => {
    upload.reset();
    onClose();
  };
  const save = useMutation({
    mutationFn: (values: Values) => {
      if (values.source === 'FILE') upload.start();
      else upload.reset();
      return createAppRelease(values, values.file?.[0]?.originFileObj, upload.onProgress);
    },
    onSuccess: () => {
      showSuccessToast(t('appRelease.created'));
      close();
    },
    onError: (error) => {
      upload.reset();
      applyFieldErrors(form, error, FIELDS);
    },
  });
  const fileRule = singleFileRule(t, {
    nameError: (name) => (fileExtension(name) !== 'apk' ? 'appRelease.fileType' : null),
    emptyKey: 'appRelease.emptyFile',
    maxBytes: AppReleaseLimits.fileBytesMax,
    tooLargeKey: 'appReleaseWeb.tooLarge',
  });
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
        <SingleFileItem
          label={t('appReleaseWeb.file')}
          accept=".apk"
          rule={fileRule}
          testId={AppReleaseTestId.file}
          buttonText={t('appReleaseWeb.chooseFile')}
        />
      )}
      <Form.Item name="publish" valuePropName="checked">
        <Checkbox data-testid={AppReleaseTestId.publishNow}>{t('appReleaseWeb.publishNow')}</Checkbox>
      </Form.Item>
      <UploadProgress progress={upload.progress} active={save.isPending} testId={AppReleaseTestId.progress} />
    </FormModal>
  );
}
