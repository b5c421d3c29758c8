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

/**
 * Why an inverter that reports and has no fault is not producing, when its SunSpec operating state says it
 * is resting as a normal part of its day (night sleep, standby, starting up at dawn, shutting down at
 * dusk). SPEC §4 has no status of its own for this: the device status stays OTHER and this detail is
 * given beside it, so the console can word it ("Sleeping", "Standby") in a calm colour. Null for every
 * other device and status (docs/stations.md "Status model").
 */
export const DEVICE_REST_STATES = ['SLEEPING', 'STARTING', 'SHUTTING_DOWN', 'STANDBY'] as const;
export type DeviceRest = (typeof DEVICE_REST_STATES)[number];
export const DeviceRestSchema = Type.Union([Type.Null(), Type.Enum(DEVICE_REST_STATES)], {
  description:
    'An inverter of status OTHER that rests by its SunSpec operating state: SLEEPING (2), STARTING (3), ' +
    'SHUTTING_DOWN (6) or STANDBY (8); null otherwise',
});
