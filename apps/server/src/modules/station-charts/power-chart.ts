// Assembles the power chart of one local day from the station's 5-minute curve (rollup_station_5m; docs/
// charts.md "Power chart"). Pure: no I/O, so the rules (gaps, the derived load of the energy balance of
// packages/domain) are tested without a database.
import type { PowerChartData } from '@sunfleet/contracts';
import { energyBalance, type StationKinds } from '@sunfleet/domain';

export const BUCKET_MS = 5 * 60_000;

/** One 5-minute bucket of the station curve, W (battery + charge / − discharge); null: not reported. */
export interface CurveRow {
  bucketMs: number;
  pvW: number | null;
  gridW: number | null;
  batteryW: number | null;
  socPct: number | null;
}

const kw = (w: number | null): number | null => (w === null ? null : Math.round(w) / 1000);

/**
 * `startMs`/`endMs`: the local day's instants; `untilMs`: the bucket after the last one to list (now, for
 * today). `kinds`: device kinds of the station — series of kinds it lacks stay null, and the load is the
 * energy balance's derived load (known only when every flow it needs is known).
 */
export function assemblePowerChart(input: {
  stationId: number;
  date: string;
  timeZone: string;
  startMs: number;
  endMs: number;
  untilMs: number;
  kinds: StationKinds;
  rows: readonly CurveRow[];
}): PowerChartData {
  const { startMs } = input;
  const last = Math.min(input.endMs, input.untilMs);
  const byBucket = new Map(input.rows.map((r) => [r.bucketMs, r]));
  const series: PowerChartData['series'] = {
    ts: [],
    pvKw: [],
    loadKw: [],
    gridKw: [],
    batteryKw: [],
    socPct: [],
  };
  const gaps: PowerChartData['gaps'] = [];
  let gapFrom: number | null = null;
  for (let t = startMs; t < last; t += BUCKET_MS) {
    series.ts.push(t);
    const row = byBucket.get(t);
    const flows = energyBalance(
      { pv: row?.pvW ?? null, grid: row?.gridW ?? null, battery: row?.batteryW ?? null },
      input.kinds,
    );
    series.pvKw.push(kw(flows.pv));
    series.gridKw.push(kw(flows.grid));
    series.batteryKw.push(kw(flows.battery));
    series.loadKw.push(kw(flows.load));
    series.socPct.push(
      row?.socPct === null || row?.socPct === undefined ? null : Math.round(row.socPct * 10) / 10,
    );
    const empty = flows.pv === null && flows.grid === null && flows.battery === null;
    if (empty && gapFrom === null) gapFrom = t;
    if (!empty && gapFrom !== null) {
      gaps.push({ from: gapFrom, to: t });
      gapFrom = null;
    }
  }
  const lastTs = series.ts.at(-1);
  if (gapFrom !== null && lastTs !== undefined) gaps.push({ from: gapFrom, to: lastTs + BUCKET_MS });
  return {
    stationId: input.stationId,
    date: input.date,
    timeZone: input.timeZone,
    intervalMinutes: 5,
    series,
    gaps,
  };
}
