import type { PowerChartData } from '@sunfleet/contracts';
import { describe, expect, it } from 'vitest';
import { mergeCurve } from './liveMerge';

const B = 5 * 60_000;
const T0 = Date.parse('2026-06-01T06:00:00Z');
const chart = (ts: number[], pv: (number | null)[], date = '2026-06-01'): PowerChartData => ({
  stationId: 7,
  date,
  timeZone: 'UTC',
  intervalMinutes: 5,
  series: {
    ts,
    pvKw: pv,
    loadKw: pv.map(() => null),
    gridKw: pv.map(() => null),
    batteryKw: pv.map(() => null),
    socPct: pv.map(() => null),
  },
  gaps: [],
});

describe('live curve merge', () => {
  it('replaces buckets it has and appends later ones, with gaps for buckets nobody reported', () => {
    const held = chart([T0, T0 + B, T0 + 2 * B], [1, null, 2]);
    const merged = mergeCurve(held, chart([T0 + 2 * B, T0 + 4 * B], [2.5, 3]));
    expect(merged.series.ts).toEqual([T0, T0 + B, T0 + 2 * B, T0 + 3 * B, T0 + 4 * B]);
    expect(merged.series.pvKw).toEqual([1, null, 2.5, null, 3]);
    expect(merged.gaps).toEqual([
      { from: T0 + B, to: T0 + 2 * B },
      { from: T0 + 3 * B, to: T0 + 4 * B },
    ]);
    // The chart the page held is left as it was.
    expect(held.series.pvKw).toEqual([1, null, 2]);
  });

  it('ignores a curve of another day', () => {
    const held = chart([T0], [1]);
    expect(mergeCurve(held, chart([T0 + B], [2], '2026-06-02'))).toBe(held);
  });
});
