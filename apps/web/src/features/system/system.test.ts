import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { QUICK_RANGES, lastDays, rangeParams } from './logRanges';
import { standardOffsetMinutes } from './reference/timeZones';

describe('log time ranges (SPEC §9 quick ranges)', () => {
  it('offers last week, last month and last 3 months as 7, 30 and 90 days back from now', () => {
    expect(QUICK_RANGES.map((r) => r.days)).toEqual([7, 30, 90]);
    const now = dayjs('2026-03-31T12:00:00Z');
    const [from, to] = lastDays(30, now);
    expect(to.toISOString()).toBe('2026-03-31T12:00:00.000Z');
    expect(from.toISOString()).toBe('2026-03-01T12:00:00.000Z');
  });

  it('sends a picked range as ISO instants and nothing without one', () => {
    const range = [dayjs('2026-01-01T00:00:00Z'), dayjs('2026-01-02T00:00:00Z')] as const;
    expect(rangeParams(range)).toEqual({ from: '2026-01-01T00:00:00.000Z', to: '2026-01-02T00:00:00.000Z' });
    expect(rangeParams(null)).toEqual({});
  });
});

describe('time zone offsets', () => {
  it('reads a zone offset and takes the standard (winter) offset on both hemispheres', () => {
    expect(standardOffsetMinutes('Europe/Berlin')).toBe(60);
    expect(standardOffsetMinutes('America/New_York')).toBe(-300);
    expect(standardOffsetMinutes('Australia/Sydney')).toBe(600);
    expect(standardOffsetMinutes('Asia/Kolkata')).toBe(330);
    expect(standardOffsetMinutes('Not/AZone')).toBeUndefined();
  });
});
