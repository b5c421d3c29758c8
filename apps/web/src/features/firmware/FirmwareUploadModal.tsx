import type { ReactElement } from 'react';
import { Form, Input, Select, type UploadFile } from 'antd';
import { useMutation } from '@tanstack/react-query';
import {
  acceptAttribute,
  FirmwareLimits,
  validateUploadName,
  validateVersion,
  type DeviceType,
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
import { uploadFirmware, useDeviceModelNames, useFirmwarePublicKey, type FirmwareUploadValues } from './api';
import { FirmwareTestId } from './testIds';
import { deviceTypeOptions } from '../../components/DeviceTypeFilter';

interface Values extends FirmwareUploadValues {
  file?: UploadFile[];
}

/** Server field errors are shown under these fields (`file` under the file picker). */
const FIELDS = [
  'deviceType',
  'model',
  'version',
  'compatibleModels',
  'minVersion',
  'notes',
  'signature',
  'file',
];

/**
 * Upload an image to the firmware library: device type and model (the models of that type), version (SPEC §5
 * version format), the further models it fits, the oldest version it upgrades, release notes, a vendor's
 * signature when there is one, and the .bin or .mbt file (checked by name and size before sending). The upload
 * shows its progress; the server's refusals appear under their fields.
 */
export function FirmwareUploadModal({ open, onClose }: { open: boolean; onClose: () => void }): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const deviceType = Form.useWatch('deviceType', form) as DeviceType | undefined;
  const model = Form.useWatch('model', form) as string | undefined;
  const models = useDeviceModelNames(deviceType, open);
  const key = useFirmwarePublicKey();
  const maxBytes = key.data?.maxBytes ?? FirmwareLimits.fileBytesDefault;
  const upload = useUploadProgress();

  const close = (): void => {
    upload.reset();
    onClose();
  };
  const save = useMutation({
    mutationFn: async (values: Values) => {
      const file = values.file?.[0]?.originFileObj;
      if (file === undefined) throw new Error('no file');
      upload.start();
      return uploadFirmware(values, file, upload.onProgress);
    },
    onSuccess: () => {
      showSuccessToast(t('firmware.uploaded'));
      close();
    },
    onError: (error) => {
      upload.reset();
      applyFieldErrors(form, error, FIELDS);
    },
  });

  const modelOptions = (models.data ?? []).map((m) => ({ value: m, label: m }));
  const fileRule = singleFileRule(t, {
    nameError: (name) => validateUploadName(name, 'firmware'),
    emptyKey: 'firmware.emptyFile',
    maxBytes,
    tooLargeKey: 'firmwareWeb.tooLarge',
  });

  return (
    <FormModal<Values>
      open={open}
      title={t('firmwareWeb.upload')}
      form={form}
      save={save}
      onClose={close}
      testId={FirmwareTestId.uploadForm}
      width={640}
    >
      <Form.Item
        name="deviceType"
        label={t('firmwareWeb.column.deviceType')}
        rules={[{ required: true, message: t('rule.cannotBeBlank') }]}
      >
        <Select<DeviceType>
          options={deviceTypeOptions(t)}
          data-testid={FirmwareTestId.deviceType}
          onChange={() => form.setFieldsValue({ model: undefined, compatibleModels: [] })}
        />
      </Form.Item>
      <Form.Item
        name="model"
        label={t('firmwareWeb.column.model')}
        rules={[{ required: true, message: t('rule.cannotBeBlank') }]}
      >
        <Select
          showSearch
          options={modelOptions}
          data-testid={FirmwareTestId.model}
          loading={models.isFetching}
          disabled={deviceType === undefined}
        />
      </Form.Item>
      <Form.Item
        name="version"
        label={t('firmwareWeb.column.version')}
        extra={t('firmwareWeb.versionHint')}
        rules={[{ required: true, message: t('rule.cannotBeBlank') }, fromRule(validateVersion, t)]}
      >
        <Input
          maxLength={FirmwareLimits.versionMax}
          placeholder="V1.2.0"
          data-testid={FirmwareTestId.version}
        />
      </Form.Item>
      <Form.Item name="compatibleModels" label={t('firmwareWeb.compatibleModels')}>
        <Select
          mode="multiple"
          options={modelOptions.filter((o) => o.value !== model)}
          maxCount={FirmwareLimits.compatibleModelsMax}
          disabled={deviceType === undefined}
        />
      </Form.Item>
      <Form.Item
        name="minVersion"
        label={t('firmwareWeb.column.minVersion')}
        extra={t('firmwareWeb.minVersionHint')}
        rules={[fromRule(validateVersion, t)]}
      >
        <Input maxLength={FirmwareLimits.versionMax} />
      </Form.Item>
      <Form.Item name="notes" label={t('firmwareWeb.column.notes')}>
        <Input.TextArea
          rows={3}
          maxLength={FirmwareLimits.notesMax}
          showCount
          data-testid={FirmwareTestId.notes}
        />
      </Form.Item>
      <Form.Item name="signature" label={t('firmwareWeb.signature')} extra={t('firmwareWeb.signatureHint')}>
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
      <SingleFileItem
        label={t('firmwareWeb.column.file')}
        accept={acceptAttribute('firmware')}
        rule={fileRule}
        testId={FirmwareTestId.file}
        buttonText={t('firmwareWeb.chooseFile')}
      />
      <UploadProgress progress={upload.progress} active={save.isPending} testId={FirmwareTestId.progress} />
    </FormModal>
  );
}
