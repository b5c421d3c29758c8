import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  deviceRest,
  deviceStatus,
  gatewayStatus,
  InverterState,
  isFresh,
  isOpenFault,
  isProducing,
  restOf,
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
    const base = { lastSeenMs: now - 5_000, uploadIntervalS: 60, openFaults: 0, producing: true, rest: null };
    expect(deviceStatus(base, now)).toBe('RUNNING');
    expect(deviceStatus({ ...base, producing: false }, now)).toBe('OTHER');
    expect(deviceStatus({ ...base, openFaults: 2 }, now)).toBe('FAULT');
    expect(deviceStatus({ ...base, lastSeenMs: now - 86_400_000 }, now)).toBe('OFFLINE');
    expect(deviceStatus({ ...base, lastSeenMs: null }, now)).toBe('OTHER');
  });

  it('names the rest of an inverter at night or on standby, never of a producing or faulty one', () => {
    const reading = (stateCode: number | null, producing = false) =>
      restOf({ deviceType: 'INVERTER', producing, stateCode });
    expect(reading(InverterState.SLEEPING)).toBe('SLEEPING');
    expect(reading(InverterState.STANDBY)).toBe('STANDBY');
    expect(reading(InverterState.STARTING)).toBe('STARTING');
    expect(reading(InverterState.SHUTTING_DOWN)).toBe('SHUTTING_DOWN');
    // Switched off, faulted, or MPPT without power: no rest, the plain OTHER.
    expect(reading(InverterState.OFF)).toBeNull();
    expect(reading(InverterState.FAULT)).toBeNull();
    expect(reading(InverterState.MPPT)).toBeNull();
    expect(reading(null)).toBeNull();
    // Power above zero wins over the state (isProducing), so nothing rests.
    expect(reading(InverterState.SLEEPING, true)).toBeNull();
    expect(restOf({ deviceType: 'BATTERY', producing: false, stateCode: InverterState.SLEEPING })).toBeNull();

    const asleep = {
      lastSeenMs: now - 5_000,
      uploadIntervalS: 60,
      openFaults: 0,
      producing: false,
      rest: 'SLEEPING' as const,
    };
    expect(deviceStatus(asleep, now)).toBe('OTHER');
    expect(deviceRest(asleep, now)).toBe('SLEEPING');
    // The SPEC statuses come first: a fault or silence is never called a rest.
    expect(deviceRest({ ...asleep, openFaults: 1 }, now)).toBeNull();
    expect(deviceRest({ ...asleep, lastSeenMs: now - 86_400_000 }, now)).toBeNull();
    expect(deviceRest({ ...asleep, lastSeenMs: null }, now)).toBeNull();
    expect(
      stationSnapshot([{ lastSeenMs: now - 5_000, uploadIntervalS: 60, openFaults: 0 }], [asleep], now),
    ).toMatchObject({ status: 'ONLINE', devices: 1, devicesFault: 0, devicesResting: 1 });
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
    rest: fc.constantFrom(null, 'SLEEPING' as const, 'STANDBY' as const),
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
    expect(isOpenFault({ kind: 'ALARM', level: 'URGENT', endedAtMs: null, source: 'LOGGER' })).toBe(true);
    expect(isOpenFault({ kind: 'ALARM', level: 'URGENT', endedAtMs: null, source: 'RULE' })).toBe(false);
  });
});
