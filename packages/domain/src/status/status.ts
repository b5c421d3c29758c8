// Status rules of SPEC §4 (Step 2b), shared by the API, the console and the big screen.
// Gateways: NORMAL / FAULT / OFFLINE / OTHER; devices: RUNNING / FAULT / OFFLINE / OTHER;
// stations: ONLINE / ABNORMAL / OFFLINE / OTHER.

import type { DeviceStatus, GatewayStatus, StationStatus } from '@sunfleet/contracts';

export type { DeviceStatus, GatewayStatus, StationStatus };

/**
 * A logger is online while its last message is younger than this many upload intervals plus a fixed
 * grace (network jitter, a logger reconnecting). Three intervals tolerate two lost uploads.
 */
export const OFFLINE_AFTER_INTERVALS = 3;
export const OFFLINE_GRACE_MS = 60_000;

/** True when something last seen at `lastSeenMs` counts as online at `nowMs`. */
export function isFresh(lastSeenMs: number | null, uploadIntervalS: number, nowMs: number): boolean {
  if (lastSeenMs === null) return false;
  return nowMs - lastSeenMs <= OFFLINE_AFTER_INTERVALS * uploadIntervalS * 1000 + OFFLINE_GRACE_MS;
}

export interface GatewayFacts {
  lastSeenMs: number | null;
  uploadIntervalS: number;
  /** Open alarms of level URGENT or IMPORTANT raised on the logger itself. */
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
  /** Open alarms of level URGENT or IMPORTANT on this device. */
  openFaults: number;
  /** False when the device reports standby (e.g. an inverter at night): counted as OTHER. */
  producing: boolean;
}

export function deviceStatus(d: DeviceFacts, nowMs: number): DeviceStatus {
  if (d.lastSeenMs === null) return 'OTHER';
  if (!isFresh(d.lastSeenMs, d.uploadIntervalS, nowMs)) return 'OFFLINE';
  if (d.openFaults > 0) return 'FAULT';
  return d.producing ? 'RUNNING' : 'OTHER';
}

/**
 * A station with no logger is OTHER; all loggers offline → OFFLINE; any logger offline or any device or
 * logger in fault → ABNORMAL; otherwise ONLINE.
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
