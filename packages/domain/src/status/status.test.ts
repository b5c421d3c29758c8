import { describe, expect, it } from 'vitest';
import { deviceStatus, gatewayStatus, isFresh, stationStatus } from './status.js';

const now = Date.UTC(2026, 10, 21, 12);

describe('status rules', () => {
  it('counts a logger online within three upload intervals plus a minute', () => {
    expect(isFresh(now - (3 * 300 + 60) * 1000, 300, now)).toBe(true);
    expect(isFresh(now - (3 * 300 + 61) * 1000, 300, now)).toBe(false);
    expect(isFresh(null, 300, now)).toBe(false);
  });

  it('derives gateway status from last-seen and open faults', () => {
    expect(gatewayStatus({ lastSeenMs: null, uploadIntervalS: 60, openFaults: 0 }, now)).toBe('OTHER');
    expect(gatewayStatus({ lastSeenMs: now - 10_000, uploadIntervalS: 60, openFaults: 0 }, now)).toBe(
      'NORMAL',
    );
    expect(gatewayStatus({ lastSeenMs: now - 10_000, uploadIntervalS: 60, openFaults: 1 }, now)).toBe(
      'FAULT',
    );
    expect(gatewayStatus({ lastSeenMs: now - 3_600_000, uploadIntervalS: 60, openFaults: 1 }, now)).toBe(
      'OFFLINE',
    );
  });

  it('derives device status; standby counts as other', () => {
    const base = { lastSeenMs: now - 5_000, uploadIntervalS: 60, openFaults: 0, producing: true };
    expect(deviceStatus(base, now)).toBe('RUNNING');
    expect(deviceStatus({ ...base, producing: false }, now)).toBe('OTHER');
    expect(deviceStatus({ ...base, openFaults: 2 }, now)).toBe('FAULT');
    expect(deviceStatus({ ...base, lastSeenMs: now - 86_400_000 }, now)).toBe('OFFLINE');
    expect(deviceStatus({ ...base, lastSeenMs: null }, now)).toBe('OTHER');
  });

  it('derives station status from its loggers and devices', () => {
    expect(stationStatus([], [])).toBe('OTHER');
    expect(stationStatus(['OFFLINE', 'OTHER'], [])).toBe('OFFLINE');
    expect(stationStatus(['NORMAL', 'OFFLINE'], ['RUNNING'])).toBe('ABNORMAL');
    expect(stationStatus(['NORMAL'], ['FAULT'])).toBe('ABNORMAL');
    expect(stationStatus(['FAULT'], ['RUNNING'])).toBe('ABNORMAL');
    expect(stationStatus(['NORMAL', 'NORMAL'], ['RUNNING', 'OTHER'])).toBe('ONLINE');
  });
});
