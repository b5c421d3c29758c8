import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  deviceStatus,
  gatewayStatus,
  InverterState,
  isFresh,
  isOpenFault,
  isProducing,
  stationSnapshot,
  stationStatus,
} from './status.js';

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

describe('status rules on generated cases', () => {
  const facts = fc.record({
    lastSeenMs: fc.option(fc.integer({ min: now - 7_200_000, max: now }), { nil: null }),
    uploadIntervalS: fc.constantFrom(10, 60, 300, 900),
    openFaults: fc.nat(2),
    producing: fc.boolean(),
  });

  it('holds a station snapshot unchanged until its validUntil (generated)', () => {
    fc.assert(
      fc.property(
        fc.array(facts, { maxLength: 4 }),
        fc.array(facts, { maxLength: 6 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (gws, devs, fraction) => {
          const snap = stationSnapshot(gws, devs, now);
          const horizon = snap.validUntilMs ?? now + 86_400_000;
          const t = now + Math.floor((horizon - now) * fraction);
          const { validUntilMs: _ignored, ...rest } = stationSnapshot(gws, devs, t);
          const { validUntilMs: _same, ...expected } = snap;
          expect(rest).toEqual(expected);
          // Nothing online outlives validUntil.
          if (snap.validUntilMs !== null)
            expect(
              stationSnapshot(gws, devs, snap.validUntilMs + 1).validUntilMs ?? Infinity,
            ).toBeGreaterThan(snap.validUntilMs);
        },
      ),
    );
  });

  it('decides producing from power first, then the SunSpec state', () => {
    expect(isProducing({ deviceType: 'INVERTER', powerW: 12, stateCode: InverterState.SLEEPING })).toBe(true);
    expect(isProducing({ deviceType: 'INVERTER', powerW: 0, stateCode: InverterState.MPPT })).toBe(false);
    expect(isProducing({ deviceType: 'INVERTER', powerW: null, stateCode: InverterState.MPPT })).toBe(true);
    expect(isProducing({ deviceType: 'INVERTER', powerW: null, stateCode: InverterState.THROTTLED })).toBe(
      true,
    );
    expect(isProducing({ deviceType: 'INVERTER', powerW: null, stateCode: InverterState.STANDBY })).toBe(
      false,
    );
    expect(isProducing({ deviceType: 'INVERTER', powerW: null, stateCode: null })).toBe(false);
    expect(isProducing({ deviceType: 'METER', powerW: null, stateCode: null })).toBe(true);
  });

  it('counts only open URGENT and IMPORTANT alarms as faults', () => {
    expect(isOpenFault({ kind: 'ALARM', level: 'URGENT', endedAtMs: null })).toBe(true);
    expect(isOpenFault({ kind: 'ALARM', level: 'IMPORTANT', endedAtMs: null })).toBe(true);
    expect(isOpenFault({ kind: 'ALARM', level: 'COMMONLY', endedAtMs: null })).toBe(false);
    expect(isOpenFault({ kind: 'EVENT', level: 'URGENT', endedAtMs: null })).toBe(false);
    expect(isOpenFault({ kind: 'ALARM', level: 'URGENT', endedAtMs: now })).toBe(false);
  });
});
