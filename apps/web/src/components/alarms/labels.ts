import type { AlarmEventKind, AlarmItem, AlarmLevel, AlarmState } from '@sunfleet/contracts';

// Translation keys (locales/web-alarms) and colours of the alarm value sets, the same on the alarm list,
// the station Alarm tab, Home's latest alarms and the alarm drawer.

export type AlarmDeviceType = AlarmItem['deviceType'];

export const ALARM_LEVEL_LABEL: Record<AlarmLevel, string> = {
  URGENT: 'alarms.level.URGENT',
  IMPORTANT: 'alarms.level.IMPORTANT',
  COMMONLY: 'alarms.level.COMMONLY',
  PROMPT: 'alarms.level.PROMPT',
};
export const ALARM_LEVEL_COLOR: Record<AlarmLevel, string> = {
  URGENT: 'red',
  IMPORTANT: 'orange',
  COMMONLY: 'gold',
  PROMPT: 'blue',
};

export const ALARM_STATE_LABEL: Record<AlarmState, string> = {
  OPEN: 'alarms.state.OPEN',
  ACKNOWLEDGED: 'alarms.state.ACKNOWLEDGED',
  CLEARED: 'alarms.state.CLEARED',
};
export const ALARM_STATE_COLOR: Record<AlarmState, string> = {
  OPEN: 'red',
  ACKNOWLEDGED: 'orange',
  CLEARED: 'default',
};

export const ALARM_DEVICE_TYPE_LABEL: Record<AlarmDeviceType, string> = {
  GATEWAY: 'alarms.deviceType.GATEWAY',
  INVERTER: 'alarms.deviceType.INVERTER',
  METER: 'alarms.deviceType.METER',
  BATTERY: 'alarms.deviceType.BATTERY',
  WEATHER_STATION: 'alarms.deviceType.WEATHER_STATION',
};

export const ALARM_SOURCE_LABEL: Record<AlarmItem['source'], string> = {
  LOGGER: 'alarms.source.LOGGER',
  RULE: 'alarms.source.RULE',
};

export const ALARM_CLEARED_BY_LABEL: Record<NonNullable<AlarmItem['clearedBy']>, string> = {
  DEVICE: 'alarms.clearedBy.DEVICE',
  RULE: 'alarms.clearedBy.RULE',
  USER: 'alarms.clearedBy.USER',
};

export const ALARM_EVENT_LABEL: Record<AlarmEventKind, string> = {
  RAISED: 'alarms.event.RAISED',
  REPEATED: 'alarms.event.REPEATED',
  ACKNOWLEDGED: 'alarms.event.ACKNOWLEDGED',
  CLEARED: 'alarms.event.CLEARED',
  ESCALATED: 'alarms.event.ESCALATED',
  SNOOZE_ENDED: 'alarms.event.SNOOZE_ENDED',
};
