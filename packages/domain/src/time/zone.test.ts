import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isLocalDate,
  localDate,
  localDayRange,
  localDayStart,
  localYear,
  nextDate,
  offsetMinutesAt,
  standardOffsetMinutes,
} from './zone.js';

const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/Phoenix',
  'America/New_York',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'America/Santiago',
];

describe('station-local time', () => {
  it('knows calendar dates', () => {
    expect(isLocalDate('2026-02-28')).toBe(true);
    expect(isLocalDate('2026-02-29')).toBe(false);
    expect(isLocalDate('2028-02-29')).toBe(true);
    expect(isLocalDate('2026-13-01')).toBe(false);
    expect(isLocalDate('2026-1-01')).toBe(false);
  });

  it('has 23- and 25-hour days at the DST changes', () => {
    const spring = localDayRange('2026-03-29', 'Europe/Berlin');
    expect(spring.endMs - spring.startMs).toBe(23 * 3_600_000);
    expect(new Date(spring.startMs).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    const autumn = localDayRange('2026-10-25', 'Europe/Berlin');
    expect(autumn.endMs - autumn.startMs).toBe(25 * 3_600_000);
    const phoenix = localDayRange('2026-03-08', 'America/Phoenix');
    expect(phoenix.endMs - phoenix.startMs).toBe(24 * 3_600_000);
  });

  it('knows offsets and years', () => {
    expect(offsetMinutesAt('Europe/Berlin', Date.UTC(2026, 6, 1))).toBe(120);
    expect(offsetMinutesAt('Asia/Kathmandu', Date.UTC(2026, 0, 1))).toBe(345);
    expect(localYear(Date.UTC(2026, 11, 31, 23), 'Europe/Berlin')).toBe(2027);
    expect(localYear(Date.UTC(2026, 11, 31, 23), 'America/Phoenix')).toBe(2026);
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
    expect(standardOffsetMinutes('Europe/Berlin', 2026)).toBe(60);
    expect(standardOffsetMinutes('Australia/Sydney', 2026)).toBe(600);
    expect(standardOffsetMinutes('Asia/Shanghai', 2026)).toBe(480);
    expect(() => localDayStart('2026-02-30', 'UTC')).toThrow(RangeError);
  });

  it('puts every instant inside the range of its own local day (generated)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2037, 0, 1) }),
        fc.constantFrom(...ZONES),
        (ms, zone) => {
          const date = localDate(ms, zone);
          const { startMs, endMs } = localDayRange(date, zone);
          expect(startMs).toBeLessThanOrEqual(ms);
          expect(ms).toBeLessThan(endMs);
          expect(localDate(startMs, zone)).toBe(date);
          expect(localDate(endMs, zone)).toBe(nextDate(date));
          expect(endMs - startMs).toBeGreaterThanOrEqual(22 * 3_600_000);
          expect(endMs - startMs).toBeLessThanOrEqual(25 * 3_600_000);
        },
      ),
      { numRuns: 400 },
    );
  });
});
