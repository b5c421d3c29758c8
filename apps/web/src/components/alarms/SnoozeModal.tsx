import { useState, type ReactElement } from 'react';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { formatInZoneLabelled, zoneLabel } from '@sunfleet/domain';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../lib/toast';
import { TestId } from '../../testids';
import { FormModal } from '../FormModal';
import { invalidateAlarms, snoozeAlarms } from './api';
import { SNOOZE_CHOICES, isSnoozed, snoozeUntil } from './snooze';
import { LOCAL_DATE_TIME_PATTERN, parseStationTime, stationTimeText } from './stationTime';

interface Values {
  until?: string;
}

/**
 * "Snooze until" of one alarm: quick choices (in 1 hour, in 4 hours, tomorrow 08:00 station time) fill the
 * date-time box, which is the station's wall clock ('YYYY-MM-DD HH:mm'); the current snooze is shown.
 */
export function SnoozeModal({
  open,
  alarmId,
  timeZone,
  snoozedUntil,
  onClose,
}: {
  open: boolean;
  alarmId: number;
  timeZone: string;
  snoozedUntil: number | null;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [now] = useState(() => Date.now());
  const zone = zoneLabel(timeZone);
  const close = (): void => {
    form.resetFields();
    onClose();
  };
  const save = useMutation({
    mutationFn: (values: Values) => snoozeAlarms([alarmId], parseStationTime(values.until, timeZone) ?? 0),
    onSuccess: async () => {
      showSuccessToast(t('OperationSuccess'));
      close();
      await invalidateAlarms();
    },
  });
  return (
    <FormModal<Values>
      open={open}
      title={t('alarmSettings.snooze.title')}
      form={form}
      save={save}
      onClose={close}
      testId={TestId.alarmSnoozeForm}
      intro={
        isSnoozed(snoozedUntil, now) ? (
          <Alert
            type="info"
            showIcon
            data-testid={TestId.alarmSnoozeState}
            title={t('alarmSettings.snooze.current', {
              until: formatInZoneLabelled(snoozedUntil, timeZone),
            })}
          />
        ) : undefined
      }
    >
      <Form.Item label={t('alarmSettings.snooze.quick')}>
        <Space wrap>
          {SNOOZE_CHOICES.map((choice) => (
            <Button
              key={choice}
              data-testid={TestId.alarmSnoozeChoice}
              data-choice={choice}
              onClick={() =>
                form.setFieldsValue({
                  until: stationTimeText(snoozeUntil(choice, Date.now(), timeZone), timeZone),
                })
              }
            >
              {t(`alarmSettings.snooze.choice.${choice}`)}
            </Button>
          ))}
        </Space>
      </Form.Item>
      <Form.Item
        name="until"
        label={t('alarmSettings.snooze.until', { zone })}
        rules={[
          { required: true, message: t('alarmSettings.window.dateTimeInvalid') },
          { pattern: LOCAL_DATE_TIME_PATTERN, message: t('alarmSettings.window.dateTimeInvalid') },
          {
            validator: (_: unknown, v: string | undefined) => {
              const at = parseStationTime(v, timeZone);
              return at === null || at > Date.now()
                ? Promise.resolve()
                : Promise.reject(new Error(t('alarmSettings.snooze.past')));
            },
          },
        ]}
      >
        <Input
          placeholder="YYYY-MM-DD HH:mm"
          maxLength={16}
          style={{ maxWidth: 200 }}
          data-testid={TestId.alarmSnoozeUntil}
        />
      </Form.Item>
    </FormModal>
  );
}
