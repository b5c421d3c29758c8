// Assembles the power chart of one local day from per-device bucket means (docs/charts.md "Power chart").
// Pure: no I/O, so the rules (sums per device kind, derived load, gaps) are tested without a database.
import type { PowerChartData } from '@sunfleet/contracts';
import type { DeviceKind, PowerBucketRow } from './station-charts.repository.js';

export const BUCKET_MS = 5 * 60_000;

interface Sums {
  pv: number | null;
  grid: number | null;
  battery: number | null;
  socSum: number;
  socCount: number;
}

const add = (a: number | null, b: number | null): number | null => (b === null ? a : (a ?? 0) + b);
const kw = (w: number): number => Math.round(w) / 1000;

/**
 * `startMs`/`endMs`: the local day's instants; `untilMs`: the bucket after the last one to list (now, for
 * today). `kinds`: device kinds of the station — series of kinds it lacks stay null, and the load is only
 * derived when it has both inverters and a meter (without a meter the grid flow is unknown).
 */
export function assemblePowerChart(input: {
  stationId: number;
  date: string;
  timeZone: string;
  startMs: number;
  endMs: number;
  untilMs: number;
  kinds: ReadonlySet<DeviceKind>;
  rows: readonly PowerBucketRow[];
}): PowerChartData {
  const { startMs, kinds } = input;
  const last = Math.min(input.endMs, input.untilMs);
  const ts: number[] = [];
  for (let t = startMs; t < last; t += BUCKET_MS) ts.push(t);

  const byBucket = new Map<number, Sums>();
  for (const row of input.rows) {
    let sums = byBucket.get(row.bucketMs);
    if (!sums) {
      sums = { pv: null, grid: null, battery: null, socSum: 0, socCount: 0 };
      byBucket.set(row.bucketMs, sums);
    }
    switch (row.kind) {
      case 'INVERTER':
        sums.pv = add(sums.pv, row.powerW);
        break;
      case 'METER':
        sums.grid = add(sums.grid, row.powerW);
        break;
      case 'BATTERY':
        // Batteries report + discharge / − charge; the chart shows + charge / − discharge.
        sums.battery = add(sums.battery, row.powerW === null ? null : -row.powerW);
        if (row.socPct !== null) {
          sums.socSum += row.socPct;
          sums.socCount += 1;
        }
        break;
      case 'WEATHER_STATION':
        break;
    }
  }

  const deriveLoad = kinds.has('INVERTER') && kinds.has('METER');
  const series: PowerChartData['series'] = {
    ts,
    pvKw: [],
    loadKw: [],
    gridKw: [],
    batteryKw: [],
    socPct: [],
  };
  const gaps: PowerChartData['gaps'] = [];
  let gapFrom: number | null = null;
  for (const t of ts) {
    const s = byBucket.get(t);
    const pv = s?.pv ?? null;
    const grid = s?.grid ?? null;
    const battery = s?.battery ?? null;
    series.pvKw.push(pv === null ? null : kw(pv));
    series.gridKw.push(grid === null ? null : kw(grid));
    series.batteryKw.push(battery === null ? null : kw(battery));
    series.socPct.push(s && s.socCount > 0 ? Math.round((s.socSum / s.socCount) * 10) / 10 : null);
    // load = pv + import − export + discharge − charge; a battery the station has must have reported too.
    const batteryKnown = !kinds.has('BATTERY') || battery !== null;
    series.loadKw.push(
      deriveLoad && pv !== null && grid !== null && batteryKnown
        ? Math.max(0, kw(pv + grid - (battery ?? 0)))
        : null,
    );
    const empty = pv === null && grid === null && battery === null;
    if (empty && gapFrom === null) gapFrom = t;
    if (!empty && gapFrom !== null) {
      gaps.push({ from: gapFrom, to: t });
      gapFrom = null;
    }
  }
  const lastTs = ts[ts.length - 1];
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
