import type { StationKinds } from '@sunfleet/domain';
import { describe, expect, it } from 'vitest';
import { assemblePowerChart, BUCKET_MS, type CurveRow } from './power-chart.js';

const START = Date.parse('2026-06-01T00:00:00+02:00');
const END = START + 24 * 3_600_000;
const at = (bucket: number): number => START + bucket * BUCKET_MS;
const ALL: StationKinds = { inverters: true, meters: true, batteries: true };
const PV_ONLY: StationKinds = { inverters: true, meters: false, batteries: false };

function chart(kinds: StationKinds, rows: CurveRow[], untilMs = at(4)) {
  return assemblePowerChart({
    stationId: 7,
    date: '2026-06-01',
    timeZone: 'Europe/Berlin',
    startMs: START,
    endMs: END,
    untilMs,
    kinds,
    rows,
  });
}

const row = (bucket: number, flows: Partial<Omit<CurveRow, 'bucketMs'>>): CurveRow => ({
  bucketMs: at(bucket),
  pvW: null,
  gridW: null,
  batteryW: null,
  socPct: null,
  ...flows,
});

describe('the power chart of a day', () => {
  it('lists 5-minute buckets from the start of the day up to `until`, and a whole past day', () => {
    expect(chart(PV_ONLY, []).series.ts).toEqual([at(0), at(1), at(2), at(3)]);
    const day = chart(PV_ONLY, [], END + 3_600_000);
    expect(day.series.ts).toHaveLength(288);
    expect(day).toMatchObject({
      stationId: 7,
      date: '2026-06-01',
      timeZone: 'Europe/Berlin',
      intervalMinutes: 5,
    });
  });

  it('shows the curve in kW and derives the load from pv, grid and battery flows', () => {
    // 4.5 kW PV, 0.5 kW export, the battery charging 1 kW (+ charge in the curve).
    const c = chart(ALL, [row(0, { pvW: 4_500.4, gridW: -500, batteryW: 1_000, socPct: 65.04 })], at(1));
    expect(c.series.pvKw).toEqual([4.5]);
    expect(c.series.gridKw).toEqual([-0.5]);
    expect(c.series.batteryKw).toEqual([1]);
    expect(c.series.socPct).toEqual([65]);
    // load = pv + grid − charge = 4.5 − 0.5 − 1
    expect(c.series.loadKw).toEqual([3]);
  });

  it('derives no load without a meter, or while a battery the station has did not report', () => {
    expect(chart(PV_ONLY, [row(0, { pvW: 2_000, gridW: 100 })], at(1)).series.loadKw).toEqual([null]);
    const c = chart(ALL, [row(0, { pvW: 2_000, gridW: 100 })], at(1));
    expect(c.series.loadKw).toEqual([null]);
    expect(c.series.batteryKw).toEqual([null]);
  });

  it('leaves out the flows of kinds the station lacks and never shows a negative load', () => {
    const noStorage = { ...ALL, batteries: false };
    const c = chart(noStorage, [row(0, { pvW: 1_000, gridW: -1_200, batteryW: 500 })], at(1));
    expect(c.series.batteryKw).toEqual([null]);
    expect(c.series.loadKw).toEqual([0]);
  });

  it('marks runs of empty buckets as gaps, the last one open to the end of the listed range', () => {
    const c = chart(PV_ONLY, [row(1, { pvW: 10 }), row(3, { pvW: 0 }), row(4, { socPct: 50 })], at(6));
    expect(c.series.pvKw).toEqual([null, 0.01, null, 0, null, null]);
    expect(c.gaps).toEqual([
      { from: at(0), to: at(1) },
      { from: at(2), to: at(3) },
      { from: at(4), to: at(6) },
    ]);
  });

  it('lists nothing and no gap before the day starts', () => {
    const c = chart(PV_ONLY, [], START);
    expect(c.series.ts).toEqual([]);
    expect(c.gaps).toEqual([]);
  });
});
