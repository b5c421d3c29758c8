import type { ReactElement } from 'react';
import { Form, Input, InputNumber } from 'antd';
import {
  DISPLAY_GROUP_KEY_PATTERN,
  RegistryLimits,
  patternRegExp,
  validateRequired,
} from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { useFormFill, useFormSave } from '../../components/useFormModal';
import { TestId } from '../../testids';
import { fromRule } from '../../lib/formRules';
import { displayGroupApi, invalidateRegistry, type DisplayGroup } from './api';
import { nameOf } from './labels';

interface GroupValues {
  key: string;
  nameKey: string;
  sort: number;
}

const FIELDS = ['key', 'nameKey', 'sort'] as const;

const groupValues = (group: DisplayGroup): GroupValues => ({
  key: group.key,
  nameKey: group.nameKey,
  sort: group.sort,
});

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

  useFormFill(form, open, group, groupValues);
  const save = useFormSave({
    form,
    fields: FIELDS,
    mutationFn: (values: GroupValues) => {
      const body = { nameKey: values.nameKey.trim(), sort: values.sort };
      return group === undefined
        ? displayGroupApi.create({ key: values.key.trim(), ...body })
        : displayGroupApi.update(group.key, body);
    },
    invalidate: invalidateRegistry,
    onClose,
  });

  const preview = typeof nameKey === 'string' && nameKey.trim() !== '' ? nameOf(t, nameKey.trim()) : '';

  return (
    <FormModal<GroupValues>
      open={open}
      title={group === undefined ? t('registry.group.create') : t('registry.group.edit')}
      form={form}
      save={save}
      onClose={onClose}
      testId={TestId.displayGroupForm}
      initialValues={{ sort: 0 }}
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
    </FormModal>
  );
}
