import type { ReactElement } from 'react';
import { Form, Input, Radio } from 'antd';
import {
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
  subscriptionValues,
  toSubscriptionBody,
  type SubscriptionValues,
} from './subscriptionForm';

const FIELDS = ['subject', 'notifyType', 'notifyTime', 'email'] as const;

/** Create or edit one event subscription of a station: subject, REAL_TIME or FIXED_TIME (with a time), email. */
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
  const { t } = useTranslation();
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
      initialValues={{ notifyType: 'REAL_TIME' }}
    >
      <Form.Item
        name="subject"
        label={t('stationDetail.subscription.subject')}
        rules={[fromRule(validateRequired, t)]}
      >
        <Input maxLength={StationDeviceLimits.subjectMax} showCount />
      </Form.Item>
      <Form.Item name="notifyType" label={t('stationDetail.subscription.notifyType')}>
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
    </FormModal>
  );
}
