import type { ReactElement } from 'react';
import { Form, Input, Select } from 'antd';
import {
  RegistryLimits,
  SN_PREFIX_PATTERN,
  patternRegExp,
  validateRequired,
  type DeviceType,
} from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { useFormFill, useFormSave } from '../../components/useFormModal';
import { TestId } from '../../testids';
import { fromRule } from '../../lib/formRules';
import {
  deviceRuleApi,
  invalidateRegistry,
  useDeviceModels,
  type DeviceModel,
  type DeviceRule,
  type DeviceRuleBody,
} from './api';
import { deviceTypeOptions } from '../../components/DeviceTypeFilter';

export interface RuleValues {
  snPrefix: string;
  deviceType?: DeviceType;
  modelId: number;
  remark?: string;
}

const FIELDS = ['snPrefix', 'modelId', 'remark'] as const;

/** The request body: an emptied remark clears it when editing and is left out when creating. */
export function ruleBody(values: RuleValues, editing: boolean): DeviceRuleBody {
  const remark = values.remark?.trim() ?? '';
  return {
    snPrefix: values.snPrefix.trim(),
    modelId: values.modelId,
    ...(remark !== '' ? { remark } : editing ? { remark: null } : {}),
  };
}

/** "SF-INV-3P-10K · Sunfleet · SunSpec inverter": enough to tell similar models apart. */
export function modelLabel(model: DeviceModel): string {
  return [model.model, model.manufacturer, model.definitionName ?? '']
    .filter((part) => part.trim() !== '')
    .join(' · ');
}

const ruleValues = (rule: DeviceRule): RuleValues => ({
  snPrefix: rule.snPrefix,
  deviceType: rule.deviceType,
  modelId: rule.modelId,
  remark: rule.remark ?? undefined,
});

export interface DeviceRuleFormModalProps {
  open: boolean;
  /** The rule being edited; absent to create one. */
  rule?: DeviceRule;
  onClose: () => void;
}

/**
 * Create or edit a device rule: serial numbers starting with the prefix belong to the chosen model. The
 * device type only narrows the model list; the rule stores the model.
 */
export function DeviceRuleFormModal({ open, rule, onClose }: DeviceRuleFormModalProps): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<RuleValues>();
  const deviceType = Form.useWatch('deviceType', form);
  const models = useDeviceModels(deviceType, open);

  useFormFill(form, open, rule, ruleValues);
  const save = useFormSave({
    form,
    fields: FIELDS,
    mutationFn: (values: RuleValues) =>
      rule === undefined
        ? deviceRuleApi.create(ruleBody(values, false))
        : deviceRuleApi.update(rule.id, ruleBody(values, true)),
    invalidate: invalidateRegistry,
    onClose,
  });

  return (
    <FormModal<RuleValues>
      open={open}
      title={rule === undefined ? t('registry.rule.create') : t('registry.rule.edit')}
      form={form}
      save={save}
      onClose={onClose}
      testId={TestId.deviceRuleForm}
    >
      <Form.Item
        name="snPrefix"
        label={t('registry.rule.snPrefix')}
        extra={t('registry.rule.snPrefixHint')}
        rules={[
          fromRule(validateRequired, t),
          { pattern: patternRegExp(SN_PREFIX_PATTERN), message: t('registry.error.snPrefixFormat') },
        ]}
        required
      >
        <Input maxLength={RegistryLimits.snPrefixMax} data-testid={TestId.deviceRulePrefix} />
      </Form.Item>
      <Form.Item name="deviceType" label={t('registry.rule.deviceType')}>
        <Select<DeviceType>
          allowClear
          placeholder={t('registry.rule.allTypes')}
          options={deviceTypeOptions(t)}
          onChange={() => form.setFieldValue('modelId', undefined)}
          data-testid={TestId.deviceRuleDeviceType}
        />
      </Form.Item>
      <Form.Item
        name="modelId"
        label={t('registry.rule.model')}
        rules={[{ required: true, message: t('rule.cannotBeBlank') }]}
      >
        <Select<number>
          showSearch={{ optionFilterProp: 'label' }}
          loading={models.isFetching}
          notFoundContent={t('registry.rule.noModels')}
          options={(models.data ?? []).map((m) => ({ value: m.id, label: modelLabel(m) }))}
          data-testid={TestId.deviceRuleModel}
        />
      </Form.Item>
      <Form.Item name="remark" label={t('registry.rule.remark')}>
        <Input.TextArea
          maxLength={RegistryLimits.remarkMax}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
          data-testid={TestId.deviceRuleRemark}
        />
      </Form.Item>
    </FormModal>
  );
}
