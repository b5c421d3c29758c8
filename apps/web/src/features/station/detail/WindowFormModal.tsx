import type { ReactElement } from 'react';
import { Form, Input, Radio, Select } from 'antd';
import type { MaintenanceWindow } from '@sunfleet/contracts';
import { zoneLabel } from '@sunfleet/domain';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { useFormFill, useFormSave } from '../../../components/useFormModal';
import { LOCAL_DATE_TIME_PATTERN } from '../../../components/alarms/stationTime';
import { TestId } from '../../../testids';
import {
  invalidateSettings,
  settingsApi,
  useStationDeviceChoices,
} from '../../../components/alarm-settings/alarm-settings-api';
import {
  HHMM_PATTERN,
  WEEKDAYS,
  toWindowBody,
  windowProblem,
  windowValues,
  type WindowValues,
} from '../../../components/alarm-settings/alarmSettingsForm';

const FIELDS = ['stationId', 'deviceId', 'startsAt', 'endsAt', 'weekday', 'startTime', 'endTime', 'note'];
const NEW_WINDOW: Partial<WindowValues> = { target: 'station', mode: 'WEEKLY', weekday: 1 };

/**
 * Create or edit a maintenance window of a station or one of its devices: weekly (weekday, HH:mm–HH:mm)
 * or one-off (from–to as 'YYYY-MM-DD HH:mm'), both in the station's time zone, with a note.
 */
export function WindowFormModal({
  stationId,
  timeZone,
  open,
  record,
  onClose,
}: {
  stationId: number;
  timeZone: string;
  open: boolean;
  record: MaintenanceWindow | undefined;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<WindowValues>();
  const toValues = windowValuesIn(timeZone);
  useFormFill(form, open, record, toValues);
  const mode = Form.useWatch('mode', form);
  const devices = useStationDeviceChoices(stationId);
  const zone = zoneLabel(timeZone);
  const save = useFormSave({
    form,
    fields: FIELDS,
    mutationFn: (values: WindowValues) => {
      const body = toWindowBody(values, stationId, timeZone);
      return record === undefined
        ? settingsApi.createWindow(body)
        : settingsApi.updateWindow(record.id, body);
    },
    invalidate: invalidateSettings,
    onClose,
  });
  // The range as a whole (start before end) is checked on the end field.
  const rangeRule = {
    validator: () => {
      const problem = windowProblem(form.getFieldsValue(true) as WindowValues, timeZone);
      return problem === 'alarmSettings.window.rangeInvalid'
        ? Promise.reject(new Error(t(problem)))
        : Promise.resolve();
    },
  };

  return (
    <FormModal<WindowValues>
      open={open}
      title={t(record === undefined ? 'alarmSettings.window.create' : 'alarmSettings.window.edit')}
      form={form}
      save={save}
      onClose={onClose}
      testId={TestId.maintenanceWindowForm}
      initialValues={NEW_WINDOW}
      intro={t('alarmSettings.window.intro', { zone })}
    >
      <Form.Item name="target" label={t('alarmSettings.window.target')}>
        <Select
          data-testid={TestId.maintenanceWindowTarget}
          options={[
            { value: 'station', label: t('alarmSettings.window.wholeStation') },
            ...(devices.data?.list ?? []).map((d) => ({
              value: d.id,
              label: `${d.name ?? d.sn} (${d.sn})`,
            })),
          ]}
        />
      </Form.Item>
      <Form.Item name="mode" label={t('alarmSettings.window.mode')}>
        <Radio.Group
          options={[
            { value: 'WEEKLY', label: t('alarmSettings.window.weekly') },
            { value: 'ONE_OFF', label: t('alarmSettings.window.oneOff') },
          ]}
        />
      </Form.Item>
      {mode === 'ONE_OFF' ? (
        <>
          <Form.Item
            name="from"
            label={t('alarmSettings.window.from', { zone })}
            rules={[
              { required: true, message: t('alarmSettings.window.dateTimeInvalid') },
              { pattern: LOCAL_DATE_TIME_PATTERN, message: t('alarmSettings.window.dateTimeInvalid') },
            ]}
          >
            <Input placeholder="YYYY-MM-DD HH:mm" maxLength={16} style={{ maxWidth: 200 }} />
          </Form.Item>
          <Form.Item
            name="to"
            label={t('alarmSettings.window.to', { zone })}
            dependencies={['from']}
            rules={[
              { required: true, message: t('alarmSettings.window.dateTimeInvalid') },
              { pattern: LOCAL_DATE_TIME_PATTERN, message: t('alarmSettings.window.dateTimeInvalid') },
              rangeRule,
            ]}
          >
            <Input placeholder="YYYY-MM-DD HH:mm" maxLength={16} style={{ maxWidth: 200 }} />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item name="weekday" label={t('alarmSettings.window.weekday')}>
            <Select
              style={{ maxWidth: 200 }}
              data-testid={TestId.maintenanceWindowWeekday}
              options={WEEKDAYS.map((d) => ({ value: d, label: t(`alarmSettings.weekday.${d}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="startTime"
            label={t('alarmSettings.window.startTime', { zone })}
            rules={[
              { required: true, message: t('alarmSettings.window.timeInvalid') },
              { pattern: HHMM_PATTERN, message: t('alarmSettings.window.timeInvalid') },
            ]}
          >
            <Input placeholder="HH:mm" maxLength={5} style={{ maxWidth: 120 }} />
          </Form.Item>
          <Form.Item
            name="endTime"
            label={t('alarmSettings.window.endTime', { zone })}
            dependencies={['startTime']}
            rules={[
              { required: true, message: t('alarmSettings.window.timeInvalid') },
              { pattern: HHMM_PATTERN, message: t('alarmSettings.window.timeInvalid') },
              rangeRule,
            ]}
          >
            <Input placeholder="HH:mm" maxLength={5} style={{ maxWidth: 120 }} />
          </Form.Item>
        </>
      )}
      <Form.Item name="note" label={t('alarmSettings.window.note')}>
        <Input maxLength={200} showCount />
      </Form.Item>
    </FormModal>
  );
}

const byZone = new Map<string, (w: MaintenanceWindow) => WindowValues>();
/** windowValues for one zone, the same function each render (useFormFill needs a stable identity). */
function windowValuesIn(timeZone: string): (w: MaintenanceWindow) => WindowValues {
  let fn = byZone.get(timeZone);
  if (fn === undefined) {
    fn = (w) => windowValues(w, timeZone);
    byZone.set(timeZone, fn);
  }
  return fn;
}
