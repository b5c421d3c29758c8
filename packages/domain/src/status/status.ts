// The status rules of SPEC §4 — the one place they are written. The API, the ingest writer's facts, the
// console and the big screen use these functions; the server's SQL forms for list filters
// (apps/server/src/modules/facts/status-sql.ts) follow them term by term and are tested against them on
// generated cases. Gateways: NORMAL / FAULT / OFFLINE / OTHER; devices: RUNNING / FAULT / OFFLINE /
// OTHER; stations: ONLINE / ABNORMAL / OFFLINE / OTHER.

import {
  InverterState,
  type DeviceRest,
  type DeviceStatus,
  type DeviceType,
  type GatewayStatus,
  type StationStatus,
} from '@sunfleet/contracts';

export type { DeviceRest, DeviceStatus, GatewayStatus, StationStatus };

/**
 * A logger is online while its last message is younger than this many upload intervals plus a fixed
 * grace (network jitter, a logger reconnecting). Three intervals tolerate two lost uploads.
 */
export const OFFLINE_AFTER_INTERVALS = 3;
export const OFFLINE_GRACE_MS = 60_000;

/** How long after its last message something still counts as online. */
export function freshWindowMs(uploadIntervalS: number): number {
  return OFFLINE_AFTER_INTERVALS * uploadIntervalS * 1000 + OFFLINE_GRACE_MS;
}

/** The last instant something last seen at `lastSeenMs` still counts as online; null if never seen. */
export function freshUntilMs(lastSeenMs: number | null, uploadIntervalS: number): number | null {
  return lastSeenMs === null ? null : lastSeenMs + freshWindowMs(uploadIntervalS);
}

/** True when something last seen at `lastSeenMs` counts as online at `nowMs`. */
export function isFresh(lastSeenMs: number | null, uploadIntervalS: number, nowMs: number): boolean {
  const until = freshUntilMs(lastSeenMs, uploadIntervalS);
  return until !== null && nowMs <= until;
}

/**
 * Open faults: ALARM records (never EVENTs, which are informative and often never end) of level URGENT
 * or IMPORTANT that have not ended, as the device reported them (source LOGGER, the default). Alarms the
 * cloud derives (source RULE: offline, low output…) describe what the status already says or judge
 * performance; they never turn a device FAULT. The SQL form is OPEN_FAULT in status-sql.ts.
 */
export const FAULT_LEVELS = ['URGENT', 'IMPORTANT'] as const;
export function isOpenFault(a: {
  kind: string;
  level: string;
  endedAtMs: number | null;
  source?: 'LOGGER' | 'RULE';
}): boolean {
  return (
    (a.source ?? 'LOGGER') === 'LOGGER' &&
    a.kind === 'ALARM' &&
    a.endedAtMs === null &&
    (FAULT_LEVELS as readonly string[]).includes(a.level)
  );
}

/** SunSpec operating states (the contracts' list): OFF, SLEEPING, STARTING and STANDBY are resting. */
export { InverterState };

/**
 * Whether a device counts as producing from its newest typed reading. An inverter produces while its
 * active power (the register its protocol maps to the `power_w` column, whatever the key is called) is
 * above zero; without a power value, while its operating state is MPPT or THROTTLED. An inverter that
 * sleeps at night or stands by is not producing (status OTHER, with its rest: deviceRest()). Meters,
 * batteries and weather stations that report count as producing.
 */
export function isProducing(d: {
  deviceType: DeviceType;
  powerW: number | null;
  stateCode: number | null;
}): boolean {
  if (d.deviceType !== 'INVERTER') return true;
  if (d.powerW !== null) return d.powerW > 0;
  return d.stateCode === InverterState.MPPT || d.stateCode === InverterState.THROTTLED;
}

/**
 * SunSpec operating states in which an inverter rests as a normal part of its day: asleep at night,
 * standing by, starting up at dawn, shutting down at dusk. OFF (1) is not among them (someone or something
 * switched it off), nor FAULT (7), nor MPPT/THROTTLED without power (those are unexplained).
 */
export const REST_OF_STATE: Readonly<Partial<Record<number, DeviceRest>>> = {
  [InverterState.SLEEPING]: 'SLEEPING',
  [InverterState.STARTING]: 'STARTING',
  [InverterState.SHUTTING_DOWN]: 'SHUTTING_DOWN',
  [InverterState.STANDBY]: 'STANDBY',
};

/**
 * The rest an inverter's newest reading shows: its operating state when that is a rest state and the
 * inverter is not producing (isProducing()); null for every other device and reading. The SQL form is
 * REST in status-sql.ts.
 */
export function restOf(d: {
  deviceType: DeviceType;
  producing: boolean;
  stateCode: number | null;
}): DeviceRest | null {
  if (d.deviceType !== 'INVERTER' || d.producing || d.stateCode === null) return null;
  return REST_OF_STATE[d.stateCode] ?? null;
}

export interface GatewayFacts {
  lastSeenMs: number | null;
  uploadIntervalS: number;
  /** Open faults raised on the logger itself. */
  openFaults: number;
}

export function gatewayStatus(g: GatewayFacts, nowMs: number): GatewayStatus {
  if (g.lastSeenMs === null) return 'OTHER';
  if (!isFresh(g.lastSeenMs, g.uploadIntervalS, nowMs)) return 'OFFLINE';
  return g.openFaults > 0 ? 'FAULT' : 'NORMAL';
}

export interface DeviceFacts {
  lastSeenMs: number | null;
  /** The upload interval of the device's logger. */
  uploadIntervalS: number;
  /** Open faults on this device. */
  openFaults: number;
  /** isProducing() of its newest reading: false for an inverter asleep or standing by (OTHER). */
  producing: boolean;
  /** restOf() its newest reading: why an inverter that is not producing rests (null: no such reason). */
  rest: DeviceRest | null;
}

export function deviceStatus(d: DeviceFacts, nowMs: number): DeviceStatus {
  if (d.lastSeenMs === null) return 'OTHER';
  if (!isFresh(d.lastSeenMs, d.uploadIntervalS, nowMs)) return 'OFFLINE';
  if (d.openFaults > 0) return 'FAULT';
  return d.producing ? 'RUNNING' : 'OTHER';
}

/**
 * The detail beside a device status of OTHER (SPEC §4 keeps its four codes): the rest state of an inverter
 * that reports, has no open fault and rests by its operating state; null otherwise. The console words it
 * ("Sleeping", "Standby") in a calm colour and Home counts it apart within OTHER. SQL form: deviceRestSql.
 */
export function deviceRest(d: DeviceFacts, nowMs: number): DeviceRest | null {
  // OTHER also means "never seen": nothing rests that has not reported.
  return d.lastSeenMs !== null && deviceStatus(d, nowMs) === 'OTHER' ? d.rest : null;
}

/**
 * A station with no logger is OTHER; all loggers offline (or never seen) → OFFLINE; any logger offline or
 * any device or logger in fault → ABNORMAL; otherwise ONLINE.
 */
export function stationStatus(
  gateways: readonly GatewayStatus[],
  devices: readonly DeviceStatus[],
): StationStatus {
  if (gateways.length === 0) return 'OTHER';
  const offline = gateways.filter((s) => s === 'OFFLINE' || s === 'OTHER').length;
  if (offline === gateways.length) return 'OFFLINE';
  if (offline > 0 || gateways.includes('FAULT') || devices.includes('FAULT')) return 'ABNORMAL';
  return 'ONLINE';
}

export interface StationSnapshot {
  status: StationStatus;
  gateways: number;
  gatewaysOnline: number;
  devices: number;
  devicesFault: number;
  /** Devices of status OTHER that rest (deviceRest()): counted apart from the unexplained OTHER. */
  devicesResting: number;
  /**
   * Until when this snapshot stays true without any new write: the first instant a logger or device
   * now online would turn offline (null: nothing online, so only a write can change it).
   */
  validUntilMs: number | null;
}

/** The station's status and counts at `nowMs`, and how long they hold (the stored station facts). */
export function stationSnapshot(
  gateways: readonly GatewayFacts[],
  devices: readonly DeviceFacts[],
  nowMs: number,
): StationSnapshot {
  const g = gateways.map((x) => gatewayStatus(x, nowMs));
  const d = devices.map((x) => deviceStatus(x, nowMs));
  let validUntilMs: number | null = null;
  for (const x of [...gateways, ...devices]) {
    const until = freshUntilMs(x.lastSeenMs, x.uploadIntervalS);
    if (until !== null && nowMs <= until && (validUntilMs === null || until < validUntilMs))
      validUntilMs = until;
  }
  return {
    status: stationStatus(g, d),
    gateways: g.length,
    gatewaysOnline: g.filter((s) => s === 'NORMAL' || s === 'FAULT').length,
    devices: d.length,
    devicesFault: d.filter((s) => s === 'FAULT').length,
    devicesResting: devices.filter((x) => deviceRest(x, nowMs) !== null).length,
    validUntilMs,
  };
}
