// Applies a live `curve` event (the newest buckets of today's power curve) to the day's chart the page
// holds: buckets it has are replaced, later ones appended, and the gaps follow the merged series.
import type { LiveCurveEvent, PowerChartData } from '@sunfleet/contracts';

const BUCKET_MS = 5 * 60_000;
type SeriesKey = Exclude<keyof PowerChartData['series'], 'ts'>;
const KEYS: SeriesKey[] = ['pvKw', 'loadKw', 'gridKw', 'batteryKw', 'socPct'];

/** The chart with the event's buckets merged in; the chart itself when the event is of another day. */
export function mergeCurve(chart: PowerChartData, event: LiveCurveEvent): PowerChartData {
  if (event.date !== chart.date || event.stationId !== chart.stationId) return chart;
  const series = {
    ts: [...chart.series.ts],
    pvKw: [...chart.series.pvKw],
    loadKw: [...chart.series.loadKw],
    gridKw: [...chart.series.gridKw],
    batteryKw: [...chart.series.batteryKw],
    socPct: [...chart.series.socPct],
  };
  const index = new Map(series.ts.map((t, i) => [t, i]));
  event.series.ts.forEach((t, j) => {
    let i = index.get(t);
    if (i === undefined) {
      // Buckets between the chart's end and the event's first one are empty (a gap), never invented.
      for (let at = (series.ts.at(-1) ?? t - BUCKET_MS) + BUCKET_MS; at < t; at += BUCKET_MS) {
        series.ts.push(at);
        for (const key of KEYS) series[key].push(null);
      }
      series.ts.push(t);
      for (const key of KEYS) series[key].push(null);
      i = series.ts.length - 1;
      index.set(t, i);
    }
    for (const key of KEYS) series[key][i] = event.series[key][j] ?? null;
  });
  return { ...chart, series, gaps: gapsOf(series) };
}

/** Runs of buckets in which nothing reported (PV, grid and battery all unknown). */
function gapsOf(series: PowerChartData['series']): PowerChartData['gaps'] {
  const gaps: PowerChartData['gaps'] = [];
  let from: number | null = null;
  series.ts.forEach((t, i) => {
    const empty = series.pvKw[i] === null && series.gridKw[i] === null && series.batteryKw[i] === null;
    if (empty && from === null) from = t;
    if (!empty && from !== null) {
      gaps.push({ from, to: t });
      from = null;
    }
  });
  const last = series.ts.at(-1);
  if (from !== null && last !== undefined) gaps.push({ from, to: last + BUCKET_MS });
  return gaps;
}
