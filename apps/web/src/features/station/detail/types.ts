import type { DEVICE_STATUS_CODES, GATEWAY_STATUS_CODES, STATION_STATUS_CODES } from '@sunfleet/contracts';

export type StationStatus = (typeof STATION_STATUS_CODES)[number];
export type DeviceStatus = (typeof DEVICE_STATUS_CODES)[number];
export type GatewayStatus = (typeof GATEWAY_STATUS_CODES)[number];
