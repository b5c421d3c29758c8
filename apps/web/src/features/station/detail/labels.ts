import type { AlarmLevel, StationType } from '@sunfleet/contracts';
import type { NotifyType } from './subscriptionForm';
import type { DeviceStatus, GatewayStatus, StationStatus } from './types';

// Translation keys and colours of the value sets the station detail screen shows.

export const STATION_TYPE_LABEL: Record<StationType, string> = {
  HOUSEHOLD_PV: 'stationDetail.type.HOUSEHOLD_PV',
  HOUSEHOLD_PV_STORAGE: 'stationDetail.type.HOUSEHOLD_PV_STORAGE',
  RESIDENTIAL: 'stationDetail.type.RESIDENTIAL',
  GROUND_STATION: 'stationDetail.type.GROUND_STATION',
  GROUND_STORAGE_STATION: 'stationDetail.type.GROUND_STORAGE_STATION',
  RESIDENTIAL_STORAGE: 'stationDetail.type.RESIDENTIAL_STORAGE',
};

export const STATION_STATUS_LABEL: Record<StationStatus, string> = {
  ONLINE: 'stationDetail.status.ONLINE',
  ABNORMAL: 'stationDetail.status.ABNORMAL',
  OFFLINE: 'stationDetail.status.OFFLINE',
  OTHER: 'stationDetail.status.OTHER',
};
export const STATION_STATUS_COLOR: Record<StationStatus, string> = {
  ONLINE: 'green',
  ABNORMAL: 'orange',
  OFFLINE: 'default',
  OTHER: 'blue',
};

export const DEVICE_STATUS_LABEL: Record<DeviceStatus, string> = {
  RUNNING: 'stationDetail.deviceStatus.RUNNING',
  FAULT: 'stationDetail.deviceStatus.FAULT',
  OFFLINE: 'stationDetail.deviceStatus.OFFLINE',
  OTHER: 'stationDetail.deviceStatus.OTHER',
};
export const DEVICE_STATUS_COLOR: Record<DeviceStatus, string> = {
  RUNNING: 'green',
  FAULT: 'red',
  OFFLINE: 'default',
  OTHER: 'blue',
};

export const GATEWAY_STATUS_LABEL: Record<GatewayStatus, string> = {
  NORMAL: 'stationDetail.gatewayStatus.NORMAL',
  FAULT: 'stationDetail.gatewayStatus.FAULT',
  OFFLINE: 'stationDetail.gatewayStatus.OFFLINE',
  OTHER: 'stationDetail.gatewayStatus.OTHER',
};
export const GATEWAY_STATUS_COLOR: Record<GatewayStatus, string> = {
  NORMAL: 'green',
  FAULT: 'red',
  OFFLINE: 'default',
  OTHER: 'blue',
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
