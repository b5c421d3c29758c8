import type { ReactElement } from 'react';
import { Form, Input, Radio, Select, Switch } from 'antd';
import {
  LANGUAGES,
  StationDeviceLimits,
  validateEmail,
  validateRequired,
  type StationSubscription,
} from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { useFormFill, useFormSave } from '../../../components/useFormModal';
import { TestId } from '../../../testids';
import { fromRule } from '../../../lib/formRules';
import { invalidateStation, stationDetailApi } from '../detail-api';
import { NOTIFY_TYPE_LABEL } from './labels';
import {
  NOTIFY_TIME_PATTERN,
  NOTIFY_TYPES,
  newSubscriptionValues,
  subscriptionValues,
  toSubscriptionBody,
  type SubscriptionValues,
} from './subscriptionForm';

const FIELDS = ['subject', 'notifyType', 'notifyTime', 'email', 'language', 'enabled'] as const;

/**
 * Create or edit one event subscription of a station: subject, REAL_TIME, FIXED_TIME (with a time) or
 * ESCALATION (the second recipient list), email, the language of its mails (the user's by default) and
 * whether it is on.
 */
export function SubscriptionFormModal({
  stationId,
  open,
  record,
  onClose,
}: {
  stationId: number;
  open: boolean;
  record: StationSubscription | undefined;
  onClose: () => void;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<SubscriptionValues>();
  useFormFill(form, open, record, subscriptionValues);
  const notifyType = Form.useWatch('notifyType', form);
  const save = useFormSave({
    form,
    fields: FIELDS,
    mutationFn: (values: SubscriptionValues) => {
      const body = toSubscriptionBody(values);
      return record === undefined
        ? stationDetailApi.createSubscription(stationId, body)
        : stationDetailApi.updateSubscription(record.id, body);
    },
    invalidate: () => invalidateStation(stationId),
    onClose,
  });

  return (
    <FormModal<SubscriptionValues>
      open={open}
      title={t(
        record === undefined ? 'stationDetail.subscription.create' : 'stationDetail.subscription.edit',
      )}
      form={form}
      save={save}
      onClose={onClose}
      testId={TestId.stationDetailSubscriptionForm}
      initialValues={newSubscriptionValues(i18n.language)}
    >
      <Form.Item
        name="subject"
        label={t('stationDetail.subscription.subject')}
        rules={[fromRule(validateRequired, t)]}
      >
        <Input maxLength={StationDeviceLimits.subjectMax} showCount />
      </Form.Item>
      <Form.Item
        name="notifyType"
        label={t('stationDetail.subscription.notifyType')}
        extra={t('stationDetail.subscription.notifyTypeHint')}
      >
        <Radio.Group
          options={NOTIFY_TYPES.map((type) => ({ value: type, label: t(NOTIFY_TYPE_LABEL[type]) }))}
        />
      </Form.Item>
      {notifyType === 'FIXED_TIME' && (
        <Form.Item
          name="notifyTime"
          label={t('stationDetail.subscription.notifyTime')}
          rules={[
            { required: true, message: t('stationDetail.subscription.timeRequired') },
            { pattern: NOTIFY_TIME_PATTERN, message: t('stationDetail.subscription.timeInvalid') },
          ]}
        >
          <Input placeholder="HH:mm" maxLength={5} style={{ maxWidth: 120 }} />
        </Form.Item>
      )}
      <Form.Item
        name="email"
        label={t('stationDetail.subscription.email')}
        rules={[fromRule(validateEmail, t)]}
      >
        <Input type="email" maxLength={StationDeviceLimits.emailMax} />
      </Form.Item>
      <Form.Item name="language" label={t('stationDetail.subscription.language')}>
        <Select
          options={LANGUAGES.map((l) => ({ value: l.key, label: l.title }))}
          style={{ maxWidth: 200 }}
          data-testid={TestId.subscriptionLanguage}
        />
      </Form.Item>
      <Form.Item name="enabled" label={t('stationDetail.subscription.enabled')} valuePropName="checked">
        <Switch data-testid={TestId.subscriptionEnabled} />
      </Form.Item>
    </FormModal>
  );
}
