// What a logger keeps across restarts besides its journal (state.json in the buffer directory): the
// firmware it runs, its settings (upload interval, forwarding), the settings its devices were given
// (writable registers, time-shared periods, AC coupling) and the devices' cumulative counters, so a
// restarted simulator continues the energy counters instead of starting them again from zero, and the string
// alarms open at the time (so they close later with the ids the cloud has). Also the Ed25519 public keys it
// trusts for firmware.
import { createPublicKey, type KeyObject } from 'node:crypto';
import { storedForwarding } from '../commands/forwarding.js';
import type { ForwardingConfig } from '../commands/types.js';
import type { AcCoupling, DeviceSettings } from '../devices/site-devices.js';
import type { DeviceValues } from '../devices/sim-device.js';
import type { TimeSharedPeriod } from '../physics/battery.js';
import type { AlarmRecord } from '../physics/faults.js';
import { isRecord, readJson, writeJsonAtomic } from './state-file.js';

export interface LoggerState {
  firmware?: string;
  uploadInterval?: number;
  forwarding?: ForwardingConfig | null;
  /** Simulated time of the last journaled upload, epoch ms (where a restart continues). */
  lastTs?: number;
  /** Device SN → counter name → value (Wh). */
  counters?: Record<string, Record<string, number>>;
  /** String alarms open when the state was saved. */
  stringAlarms?: AlarmRecord[];
  /** Device SN → the settings it was given (only devices changed since power-on). */
  deviceSettings?: Record<string, DeviceSettings>;
}

function deviceSettingsOf(value: unknown): DeviceSettings | null {
  if (!isRecord(value) || !isRecord(value.registers)) return null;
  const registers: DeviceValues = {};
  for (const [key, v] of Object.entries(value.registers)) {
    if (typeof v === 'number' || typeof v === 'string') registers[key] = v;
  }
  const settings: DeviceSettings = { registers };
  if (Array.isArray(value.periods)) {
    settings.periods = value.periods.filter(
      (p): p is TimeSharedPeriod =>
        isRecord(p) &&
        typeof p.start === 'string' &&
        typeof p.end === 'string' &&
        (p.mode === 'CHARGE' || p.mode === 'DISCHARGE') &&
        (p.powerW === undefined || typeof p.powerW === 'number'),
    );
  }
  const c = value.acCouple;
  if (
    isRecord(c) &&
    (c.coupledSn === null || typeof c.coupledSn === 'string') &&
    (c.maxFeedInW === null || typeof c.maxFeedInW === 'number')
  ) {
    settings.acCouple = { coupledSn: c.coupledSn, maxFeedInW: c.maxFeedInW } satisfies AcCoupling;
  }
  return settings;
}

function isOpenAlarm(value: unknown): value is AlarmRecord {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.dev === 'string' &&
    typeof value.code === 'number' &&
    typeof value.start === 'number' &&
    value.end == null &&
    typeof value.level === 'string' &&
    (value.kind === 'ALARM' || value.kind === 'EVENT') &&
    typeof value.message === 'string'
  );
}

export function loadLoggerState(path: string): LoggerState {
  const value = readJson(path);
  if (!isRecord(value)) return {};
  const state: LoggerState = {};
  if (typeof value.firmware === 'string') state.firmware = value.firmware;
  if (typeof value.uploadInterval === 'number') state.uploadInterval = value.uploadInterval;
  if (typeof value.lastTs === 'number' && Number.isSafeInteger(value.lastTs)) state.lastTs = value.lastTs;
  if (value.forwarding === null) state.forwarding = null;
  else if (isRecord(value.forwarding)) state.forwarding = storedForwarding(value.forwarding);
  if (isRecord(value.counters)) {
    const counters: Record<string, Record<string, number>> = {};
    for (const [sn, record] of Object.entries(value.counters)) {
      if (!isRecord(record)) continue;
      const numbers: Record<string, number> = {};
      for (const [key, n] of Object.entries(record)) if (typeof n === 'number' && n >= 0) numbers[key] = n;
      counters[sn] = numbers;
    }
    state.counters = counters;
  }
  if (Array.isArray(value.stringAlarms)) state.stringAlarms = value.stringAlarms.filter(isOpenAlarm);
  if (isRecord(value.deviceSettings)) {
    const settings: Record<string, DeviceSettings> = {};
    for (const [sn, record] of Object.entries(value.deviceSettings)) {
      const parsed = deviceSettingsOf(record);
      if (parsed) settings[sn] = parsed;
    }
    state.deviceSettings = settings;
  }
  return state;
}

export function saveLoggerState(path: string, state: LoggerState, fsync: boolean): void {
  writeJsonAtomic(path, state, fsync);
}

/** DER prefix of an Ed25519 SubjectPublicKeyInfo; the 32 raw key bytes follow. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/**
 * A trusted firmware key: a PEM public key ('-----BEGIN PUBLIC KEY-----…'), or base64 of either the 32 raw
 * Ed25519 key bytes or the DER SubjectPublicKeyInfo. Only Ed25519 keys are accepted.
 */
export function parseTrustedKey(text: string): KeyObject {
  const trimmed = text.trim();
  let key: KeyObject;
  if (trimmed.startsWith('-----BEGIN')) {
    key = createPublicKey(trimmed);
  } else {
    const bytes = Buffer.from(trimmed, 'base64');
    const der = bytes.length === 32 ? Buffer.concat([ED25519_SPKI_PREFIX, bytes]) : bytes;
    key = createPublicKey({ key: der, format: 'der', type: 'spki' });
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new RangeError('firmware keys must be Ed25519 public keys');
  return key;
}
