import type { ReactElement } from 'react';
import { Form, InputNumber, Select, Switch, type FormRule } from 'antd';
import { AlarmLevels, CLOUD_ALARM_CODES, type AlarmRule, type AlarmRuleKind } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../FormModal';
import { useFormFill, useFormSave } from '../useFormModal';
import { ALARM_LEVEL_LABEL } from '../alarms/labels';
import { TestId } from '../../testids';
import { invalidateSettings, settingsApi } from './alarm-settings-api';
import {
  ALARM_RULE_KINDS,
  INTEGER_FIELDS,
  RULE_LIMITS,
  kindUses,
  newRuleValues,
  ruleValues,
  toRuleBody,
  type RuleNumberField,
  type RuleValues,
} from './alarmSettingsForm';

const FIELDS = [
  'kind',
  'modelId',
  'level',
  'code',
  'threshold',
  'hysteresis',
  'intervals',
  'minIrradiance',
  'debounceS',
  'escalateAfterS',
  'flapCount',
  'flapWindowS',
  'enabled',
] as const;

/** The translation key of a kind's name. */
export const RULE_KIND_LABEL = (kind: AlarmRuleKind): string => `alarmSettings.kind.${kind}`;

/**
 * Create or edit an alarm rule: a station's (stationId given) or a global or model rule (the platform's
 * back office, `modelId` typed there). Only the fields the chosen kind reads are shown; every number box
 * carries the contract's limits as its message.
 */
export function RuleFormModal({
  stationId,
  open,
  record,
  onClose,
}: {
  /** The station the rule is for; absent for global and model rules. */
  stationId?: number;
  open: boolean;
  record: AlarmRule | undefined;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<RuleValues & { modelId?: number | null }>();
  useFormFill(form, open, record, ruleFormValues);
  const kind = Form.useWatch('kind', form);
  const save = useFormSave({
    form,
    fields: FIELDS,
    mutationFn: (values: RuleValues & { modelId?: number | null }) => {
      const body = toRuleBody(values, { stationId: stationId ?? null, modelId: values.modelId ?? null });
      return record === undefined ? settingsApi.createRule(body) : settingsApi.updateRule(record.id, body);
    },
    invalidate: invalidateSettings,
    onClose,
  });

  const range = (field: RuleNumberField, required = false): FormRule[] => {
    const { min, max } = RULE_LIMITS[field];
    return [
      ...(required ? [{ required: true, message: t('alarmSettings.rule.required') }] : []),
      {
        type: 'number',
        min,
        max,
        message: t('alarmSettings.rule.range', { min, max }),
      },
      ...(INTEGER_FIELDS.has(field)
        ? [
            {
              validator: (_: unknown, v: unknown) =>
                v == null || Number.isInteger(v)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('alarmSettings.rule.integer'))),
            },
          ]
        : []),
    ];
  };
  const box = (field: RuleNumberField, label: string, required = false, extra?: string): ReactElement => (
    <Form.Item name={field} label={label} rules={range(field, required)} extra={extra}>
      <InputNumber
        style={{ width: '100%', maxWidth: 240 }}
        precision={INTEGER_FIELDS.has(field) ? 0 : undefined}
        data-testid={`rule-${field}`}
      />
    </Form.Item>
  );

  return (
    <FormModal<RuleValues & { modelId?: number | null }>
      open={open}
      title={t(record === undefined ? 'alarmSettings.rule.create' : 'alarmSettings.rule.edit')}
      form={form}
      save={save}
      onClose={onClose}
      testId={TestId.alarmRuleForm}
      initialValues={newRuleValues()}
      width={640}
    >
      <Form.Item
        name="kind"
        label={t('alarmSettings.rule.kind')}
        extra={kind && t(`alarmSettings.kindHint.${kind}`)}
      >
        <Select
          data-testid={TestId.alarmRuleKind}
          options={ALARM_RULE_KINDS.map((k) => ({ value: k, label: t(RULE_KIND_LABEL(k)) }))}
          onChange={(k: AlarmRuleKind) => {
            // A new rule takes the kind's catalogue code; an edited one keeps its code.
            if (record === undefined) form.setFieldsValue({ code: CLOUD_ALARM_CODES[k] });
          }}
        />
      </Form.Item>
      {stationId === undefined && (
        <Form.Item
          name="modelId"
          label={t('alarmSettings.rule.modelId')}
          extra={t('alarmSettings.rule.modelIdHint')}
          rules={[
            { type: 'number', min: 1, message: t('alarmSettings.rule.range', { min: 1, max: 2147483647 }) },
          ]}
        >
          <InputNumber style={{ width: '100%', maxWidth: 240 }} precision={0} />
        </Form.Item>
      )}
      <Form.Item name="level" label={t('alarmSettings.rule.level')}>
        <Select options={AlarmLevels.map((l) => ({ value: l, label: t(ALARM_LEVEL_LABEL[l]) }))} />
      </Form.Item>
      {box('code', t('alarmSettings.rule.code'), true)}
      {kindUses(kind, 'intervals') && box('intervals', t('alarmSettings.rule.intervals'), true)}
      {kindUses(kind, 'threshold') &&
        box(
          'threshold',
          t('alarmSettings.rule.threshold'),
          true,
          kind && t(`alarmSettings.thresholdHint.${kind}`),
        )}
      {kindUses(kind, 'hysteresis') && box('hysteresis', t('alarmSettings.rule.hysteresis'))}
      {kindUses(kind, 'minIrradiance') &&
        box(
          'minIrradiance',
          t('alarmSettings.rule.minIrradiance'),
          false,
          t('alarmSettings.rule.minIrradianceHint'),
        )}
      {box('debounceS', t('alarmSettings.rule.debounceS'))}
      {box(
        'escalateAfterS',
        t('alarmSettings.rule.escalateAfterS'),
        false,
        t('alarmSettings.rule.escalateHint'),
      )}
      {box('flapCount', t('alarmSettings.rule.flapCount'))}
      {box('flapWindowS', t('alarmSettings.rule.flapWindowS'))}
      <Form.Item name="enabled" label={t('alarmSettings.rule.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}

function ruleFormValues(rule: AlarmRule): RuleValues & { modelId?: number | null } {
  return { ...ruleValues(rule), modelId: rule.modelId };
}
