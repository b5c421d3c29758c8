import type { AlarmLevel } from '@sunfleet/contracts';
import type { NotifyType } from './subscriptionForm';

// Translation keys and colours of the value sets the station detail screen shows (statuses:
// components/StatusTag; station types: lib/labels, the same words as the list).

export const ALARM_LEVEL_LABEL: Record<AlarmLevel, string> = {
  URGENT: 'stationDetail.alarmLevel.URGENT',
  IMPORTANT: 'stationDetail.alarmLevel.IMPORTANT',
  COMMONLY: 'stationDetail.alarmLevel.COMMONLY',
  PROMPT: 'stationDetail.alarmLevel.PROMPT',
};
export const ALARM_LEVEL_COLOR: Record<AlarmLevel, string> = {
  URGENT: 'red',
  IMPORTANT: 'orange',
  COMMONLY: 'gold',
  PROMPT: 'blue',
};

export const NOTIFY_TYPE_LABEL: Record<NotifyType, string> = {
  REAL_TIME: 'stationDetail.subscription.REAL_TIME',
  FIXED_TIME: 'stationDetail.subscription.FIXED_TIME',
};
