import type { ReactElement } from 'react';
import { Form, Input } from 'antd';
import { AlarmLimits } from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../lib/toast';
import { TestId } from '../../testids';
import { FormModal } from '../FormModal';
import { alarmActions, invalidateAlarms } from './api';

/** Acknowledge (with an optional note) or clear by hand (with a reason). */
export type AlarmAction = 'ack' | 'clear';

interface Values {
  text?: string;
}

/**
 * The dialog of an acknowledge or a clear of one or more alarms: a note (optional) or a reason (required,
 * not blank). On success every alarm list, the drawer and the bell's count are read again.
 */
export function AlarmActionModal({
  action,
  ids,
  onClose,
  onDone,
}: {
  action: AlarmAction | null;
  ids: readonly number[];
  onClose: () => void;
  onDone?: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  // One form serves both dialogs: a note typed for an acknowledge must never become a clear's reason.
  const close = (): void => {
    form.resetFields();
    onClose();
  };
  const save = useMutation({
    mutationFn: (values: Values) =>
      action === 'clear'
        ? alarmActions.clear([...ids], values.text ?? '')
        : alarmActions.acknowledge([...ids], values.text ?? ''),
    onSuccess: async (result) => {
      showSuccessToast(t('alarms.action.done', { count: result.changed }));
      close();
      onDone?.();
      await invalidateAlarms();
    },
  });
  const clear = action === 'clear';
  return (
    <FormModal<Values>
      open={action !== null}
      title={t(clear ? 'alarms.clear.title' : 'alarms.ack.title', { count: ids.length })}
      form={form}
      save={save}
      onClose={close}
      testId={clear ? TestId.alarmClearForm : TestId.alarmAckForm}
    >
      <Form.Item
        name="text"
        label={t(clear ? 'alarms.clear.reason' : 'alarms.ack.note')}
        rules={clear ? [{ required: true, whitespace: true, message: t('alarms.clear.reasonRequired') }] : []}
      >
        <Input.TextArea rows={3} maxLength={clear ? AlarmLimits.reasonMax : AlarmLimits.noteMax} showCount />
      </Form.Item>
    </FormModal>
  );
}
