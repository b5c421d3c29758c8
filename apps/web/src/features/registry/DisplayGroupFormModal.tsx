import { useEffect, type ReactElement } from 'react';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useMutation } from '@tanstack/react-query';
import {
  DISPLAY_GROUP_KEY_PATTERN,
  RegistryLimits,
  patternRegExp,
  validateRequired,
} from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../lib/formErrors';
import { showSuccessToast } from '../../lib/toast';
import { TestId } from '../../testids';
import { fromRule } from '../account/formRules';
import { displayGroupApi, invalidateRegistry, type DisplayGroup } from './api';
import { nameOf } from './labels';

interface GroupValues {
  key: string;
  nameKey: string;
  sort: number;
}

const FIELDS = ['key', 'nameKey', 'sort'] as const;

export interface DisplayGroupFormModalProps {
  open: boolean;
  /** The group being edited; absent to create one. */
  group?: DisplayGroup;
  onClose: () => void;
}

/** Create or edit a display group. The key names it in register maps, so it is fixed once created. */
export function DisplayGroupFormModal({ open, group, onClose }: DisplayGroupFormModalProps): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<GroupValues>();
  const nameKey = Form.useWatch('nameKey', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (group !== undefined)
      form.setFieldsValue({ key: group.key, nameKey: group.nameKey, sort: group.sort });
  }, [open, group, form]);

  const save = useMutation({
    mutationFn: (values: GroupValues) => {
      const body = { nameKey: values.nameKey.trim(), sort: values.sort };
      return group === undefined
        ? displayGroupApi.create({ key: values.key.trim(), ...body })
        : displayGroupApi.update(group.key, body);
    },
    onSuccess: async () => {
      showSuccessToast(t('OperationSuccess'));
      await invalidateRegistry();
      onClose();
    },
    onError: (error) => applyFieldErrors(form, error, FIELDS),
  });

  const preview = typeof nameKey === 'string' && nameKey.trim() !== '' ? nameOf(t, nameKey.trim()) : '';

  return (
    <Modal
      open={open}
      title={group === undefined ? t('registry.group.create') : t('registry.group.edit')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': TestId.formSubmit }}
      destroyOnHidden
    >
      <Form<GroupValues>
        form={form}
        layout="vertical"
        initialValues={{ sort: 0 }}
        onFinish={(values) => save.mutate(values)}
        data-testid={TestId.displayGroupForm}
      >
        <Form.Item
          name="key"
          label={t('registry.group.key')}
          extra={t('registry.group.keyHint')}
          rules={[
            fromRule(validateRequired, t),
            {
              pattern: patternRegExp(DISPLAY_GROUP_KEY_PATTERN),
              message: t('registry.error.groupKeyFormat'),
            },
          ]}
          required
        >
          <Input
            maxLength={RegistryLimits.groupKeyMax}
            disabled={group !== undefined}
            data-testid={TestId.displayGroupKey}
          />
        </Form.Item>
        <Form.Item
          name="nameKey"
          label={t('registry.group.nameKey')}
          extra={
            preview !== '' && preview !== nameKey?.trim()
              ? t('registry.group.namePreview', { name: preview })
              : t('registry.group.nameKeyHint')
          }
          rules={[fromRule(validateRequired, t)]}
          required
        >
          <Input maxLength={RegistryLimits.nameKeyMax} data-testid={TestId.displayGroupNameKey} />
        </Form.Item>
        <Form.Item
          name="sort"
          label={t('registry.group.sort')}
          extra={t('registry.group.sortHint')}
          rules={[{ required: true, message: t('rule.cannotBeBlank') }]}
        >
          <InputNumber<number>
            min={0}
            max={RegistryLimits.sortMax}
            precision={0}
            style={{ width: '100%' }}
            data-testid={TestId.displayGroupSort}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
