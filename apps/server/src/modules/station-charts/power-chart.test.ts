import { describe, expect, it } from 'vitest';
import { assemblePowerChart, BUCKET_MS } from './power-chart.js';
import type { DeviceKind, PowerBucketRow } from './station-charts.repository.js';

const START = Date.parse('2026-06-01T00:00:00+02:00');
const END = START + 24 * 3_600_000;
const at = (bucket: number): number => START + bucket * BUCKET_MS;

function chart(kinds: DeviceKind[], rows: PowerBucketRow[], untilMs = at(4)) {
  return assemblePowerChart({
    stationId: 7,
    date: '2026-06-01',
    timeZone: 'Europe/Berlin',
    startMs: START,
    endMs: END,
    untilMs,
    kinds: new Set(kinds),
    rows,
  });
}

const row = (bucket: number, kind: DeviceKind, powerW: number | null, socPct: number | null = null) => ({
  bucketMs: at(bucket),
  kind,
  powerW,
  socPct,
});

describe('the power chart of a day', () => {
  it('lists 5-minute buckets from the start of the day up to `until`, and a whole past day', () => {
    expect(chart(['INVERTER'], []).series.ts).toEqual([at(0), at(1), at(2), at(3)]);
    const day = chart(['INVERTER'], [], END + 3_600_000);
    expect(day.series.ts).toHaveLength(288);
    expect(day).toMatchObject({
      stationId: 7,
      date: '2026-06-01',
      timeZone: 'Europe/Berlin',
      intervalMinutes: 5,
    });
  });

  it('sums power per device kind in kW and derives the load from pv, grid and battery flows', () => {
    const c = chart(
      ['INVERTER', 'METER', 'BATTERY'],
      [
        row(0, 'INVERTER', 3_000),
        row(0, 'INVERTER', 1_500.4),
        row(0, 'METER', -500), // export
        row(0, 'BATTERY', -1_000, 60), // charging 1 kW
        row(0, 'BATTERY', null, 70),
      ],
      at(1),
    );
    expect(c.series.pvKw).toEqual([4.5]);
    expect(c.series.gridKw).toEqual([-0.5]);
    // Batteries report + discharge; the chart shows + charge.
    expect(c.series.batteryKw).toEqual([1]);
    expect(c.series.socPct).toEqual([65]);
    // load = pv + grid − charge = 4.5 − 0.5 − 1
    expect(c.series.loadKw).toEqual([3]);
  });

  it('derives no load without a meter, or while a battery the station has did not report', () => {
    expect(chart(['INVERTER'], [row(0, 'INVERTER', 2_000)], at(1)).series.loadKw).toEqual([null]);
    const c = chart(
      ['INVERTER', 'METER', 'BATTERY'],
      [row(0, 'INVERTER', 2_000), row(0, 'METER', 100)],
      at(1),
    );
    expect(c.series.loadKw).toEqual([null]);
    expect(c.series.batteryKw).toEqual([null]);
  });

  it('never shows a negative load', () => {
    const c = chart(['INVERTER', 'METER'], [row(0, 'INVERTER', 1_000), row(0, 'METER', -1_200)], at(1));
    expect(c.series.loadKw).toEqual([0]);
  });

  it('marks runs of empty buckets as gaps, the last one open to the end of the listed range', () => {
    const c = chart(
      ['INVERTER'],
      [row(1, 'INVERTER', 10), row(3, 'INVERTER', 0), row(3, 'WEATHER_STATION', 5)],
      at(6),
    );
    expect(c.series.pvKw).toEqual([null, 0.01, null, 0, null, null]);
    expect(c.gaps).toEqual([
      { from: at(0), to: at(1) },
      { from: at(2), to: at(3) },
      { from: at(4), to: at(6) },
    ]);
  });

  it('lists nothing and no gap before the day starts', () => {
    const c = chart(['INVERTER'], [], START);
    expect(c.series.ts).toEqual([]);
    expect(c.gaps).toEqual([]);
  });
});
