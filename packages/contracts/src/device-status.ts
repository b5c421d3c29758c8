// The one list of each status of SPEC §4, used by the API schemas, the domain rules (packages/domain
// status), the server's SQL forms and the console's status component. Nothing else declares them.
import { Type } from 'typebox';

/** Data loggers (gateways). */
export const GATEWAY_STATUS_CODES = ['NORMAL', 'FAULT', 'OFFLINE', 'OTHER'] as const;
/** Inverters, meters, batteries and weather stations behind a logger. */
export const DEVICE_STATUS_CODES = ['RUNNING', 'FAULT', 'OFFLINE', 'OTHER'] as const;
/** Power stations. */
export const STATION_STATUS_CODES = ['ONLINE', 'ABNORMAL', 'OFFLINE', 'OTHER'] as const;

export type GatewayStatus = (typeof GATEWAY_STATUS_CODES)[number];
export type DeviceStatus = (typeof DEVICE_STATUS_CODES)[number];
export type StationStatus = (typeof STATION_STATUS_CODES)[number];

export const GatewayStatusSchema = Type.Enum(GATEWAY_STATUS_CODES);
export const DeviceStatusSchema = Type.Enum(DEVICE_STATUS_CODES);
export const StationStatusSchema = Type.Enum(STATION_STATUS_CODES);
