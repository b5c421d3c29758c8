import { describe, expect, it } from 'vitest';
import { browserDayStart, hourlyPoints, regionCounts } from './big-screen-model.js';

const at = (iso: string): number => Date.parse(iso);

describe('browserDayStart', () => {
  it('is midnight of the browser day, for offsets east and west of UTC', () => {
    expect(browserDayStart(at('2026-06-01T08:00:00Z'), 0)).toBe(at('2026-06-01T00:00:00Z'));
    // UTC+8: 16:00 local on 1 June; midnight was 16:00 UTC on 31 May.
    expect(browserDayStart(at('2026-06-01T08:00:00Z'), 480)).toBe(at('2026-05-31T16:00:00Z'));
    // UTC+8 just after local midnight.
    expect(browserDayStart(at('2026-06-01T16:30:00Z'), 480)).toBe(at('2026-06-01T16:00:00Z'));
    // UTC−5: 03:00 local on 1 June.
    expect(browserDayStart(at('2026-06-01T08:00:00Z'), -300)).toBe(at('2026-06-01T05:00:00Z'));
    // UTC−5: 23:00 local on 31 May.
    expect(browserDayStart(at('2026-06-01T04:00:00Z'), -300)).toBe(at('2026-05-31T05:00:00Z'));
    // UTC+05:30.
    expect(browserDayStart(at('2026-06-01T08:00:00Z'), 330)).toBe(at('2026-05-31T18:30:00Z'));
  });
});

describe('hourlyPoints', () => {
  it('lists every hour to now, with gaps as null', () => {
    const from = at('2026-06-01T00:00:00Z');
    const points = hourlyPoints(from, at('2026-06-01T03:10:00Z'), [
      { ts: at('2026-06-01T01:00:00Z'), kwh: 2.5 },
      { ts: at('2026-06-01T03:00:00Z'), kwh: 0 },
    ]);
    expect(points).toEqual([
      { ts: from, kw: null },
      { ts: at('2026-06-01T01:00:00Z'), kw: 2.5 },
      { ts: at('2026-06-01T02:00:00Z'), kw: null },
      { ts: at('2026-06-01T03:00:00Z'), kw: 0 },
    ]);
  });

  it('starts on the next whole hour in a half-hour zone', () => {
    const points = hourlyPoints(at('2026-05-31T18:30:00Z'), at('2026-05-31T20:00:00Z'), []);
    expect(points.map((p) => p.ts)).toEqual([at('2026-05-31T19:00:00Z'), at('2026-05-31T20:00:00Z')]);
  });
});

describe('regionCounts', () => {
  it('sums sites per country, most first, and counts the rest as unplaced', () => {
    const locate = (lon: number): { id: string | null; name: string } | null =>
      lon === 1 ? { id: '276', name: 'Germany' } : lon === 2 ? { id: null, name: 'Kosovo' } : null;
    expect(
      regionCounts(
        [
          { lon: 1, lat: 0, n: 2 },
          { lon: 2, lat: 0, n: 5 },
          { lon: 1, lat: 1, n: 4 },
          { lon: 9, lat: 0, n: 1 },
          { lon: null, lat: null, n: 3 },
        ],
        locate,
      ),
    ).toEqual({
      regions: [
        { countryId: '276', name: 'Germany', stations: 6 },
        { countryId: null, name: 'Kosovo', stations: 5 },
      ],
      unplaced: 4,
    });
  });
});
