// The history chart of an inverter's strings (GET /iv/history): each string's Pmax brought to STC over its
// scans, the figure that shows degradation. A scan that could not be judged (low irradiance) has none: it
// is drawn as a gap, never as zero. Pure: no React.
import type { IvHistory } from '@sunfleet/contracts';

export interface HistorySeries {
  /** "mppt/string". */
  key: string;
  mppt: number;
  string: number;
  /** [epoch ms, W or null]. */
  points: [number, number | null][];
}

/** One series per string that has a judged scan at all, by input then string. */
export function historySeries(history: IvHistory): HistorySeries[] {
  return history.strings
    .filter((s) => s.points.some((p) => p.pmaxStc !== null))
    .map((s) => ({
      key: `${s.mppt}/${s.string}`,
      mppt: s.mppt,
      string: s.string,
      points: [...s.points]
        .sort((a, b) => a.at - b.at)
        .map((p): [number, number | null] => [p.at, p.pmaxStc]),
    }))
    .sort((a, b) => a.mppt - b.mppt || a.string - b.string);
}
