import type { AlarmLevel, StationType } from '@sunfleet/contracts';
import type { NotifyType } from './subscriptionForm';

// Translation keys and colours of the value sets the station detail screen shows (statuses:
// components/StatusTag).

export const STATION_TYPE_LABEL: Record<StationType, string> = {
  HOUSEHOLD_PV: 'stationDetail.type.HOUSEHOLD_PV',
  HOUSEHOLD_PV_STORAGE: 'stationDetail.type.HOUSEHOLD_PV_STORAGE',
  RESIDENTIAL: 'stationDetail.type.RESIDENTIAL',
  GROUND_STATION: 'stationDetail.type.GROUND_STATION',
  GROUND_STORAGE_STATION: 'stationDetail.type.GROUND_STORAGE_STATION',
  RESIDENTIAL_STORAGE: 'stationDetail.type.RESIDENTIAL_STORAGE',
};

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
