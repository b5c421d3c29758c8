// The time-shared control periods of a battery (SPEC §4, §5; docs/remote.md "Screens"): the editor's rows,
// the 0–24 h bar they are drawn on, which rows overlap, and the first free hour a new row takes. The rule
// itself (at most 6, no overlap or duplicate, HH:mm) is the contracts' validateTimePeriods. Pure.
import {
  Limits,
  parseTimeOfDay,
  validateTimePeriods,
  type RuleResult,
  type StoragePeriod,
} from '@sunfleet/contracts';

const DAY = 24 * 60;

export type PeriodMode = StoragePeriod['mode'];

/** One row of the editor; power in kW as typed (the API takes W), empty = the device's default. */
export interface PeriodDraft {
  start: string;
  end: string;
  mode: PeriodMode;
  powerKw: number | null;
}

/** A piece of a period on the bar, in percent of the day. */
export interface TimelineBar {
  index: number;
  mode: PeriodMode;
  leftPct: number;
  widthPct: number;
  overlapping: boolean;
}

/** Half-open minute ranges of a period within one day (past midnight: two); start = end: none (unused). */
export function minuteRanges(start: string, end: string): [number, number][] {
  const from = parseTimeOfDay(start);
  const to = parseTimeOfDay(end);
  if (from === null || to === null || from === to) return [];
  if (from < to) return [[from, to]];
  return (
    [
      [from, DAY],
      [0, to],
    ] as [number, number][]
  ).filter(([a, b]) => a !== b);
}

/** Rows that overlap another row (drawn red, so the user sees which two clash). */
export function overlappingPeriods(periods: readonly Pick<PeriodDraft, 'start' | 'end'>[]): Set<number> {
  const ranges = periods.map((p) => minuteRanges(p.start, p.end));
  const clash = new Set<number>();
  ranges.forEach((mine, i) =>
    ranges.slice(i + 1).forEach((theirs, k) => {
      if (mine.some(([a, b]) => theirs.some(([c, d]) => a < d && c < b))) clash.add(i).add(i + 1 + k);
    }),
  );
  return clash;
}

/** The bar's pieces: each period's ranges in percent of the day, marked when they overlap another row. */
export function barsOf(periods: readonly PeriodDraft[]): TimelineBar[] {
  const clash = overlappingPeriods(periods);
  return periods.flatMap((period, index) =>
    minuteRanges(period.start, period.end).map(([from, to]) => ({
      index,
      mode: period.mode,
      leftPct: (from / DAY) * 100,
      widthPct: ((to - from) / DAY) * 100,
      overlapping: clash.has(index),
    })),
  );
}

/** The SPEC §5 failure of the rows (a RuleMessage key: duplicates, format, more than 6), or null. */
export function periodsProblem(periods: readonly PeriodDraft[]): RuleResult {
  return validateTimePeriods(periods);
}

/** True while another row may be added (SPEC §9: 6 time slots). */
export function canAddPeriod(periods: readonly unknown[]): boolean {
  return periods.length < Limits.timeSlots;
}

const hhmm = (minutes: number): string =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * A new row in the first whole hour no row covers (charging by default), so adding never starts with a
 * clash; when every hour is taken, 00:00–01:00, which the rule then refuses on the spot.
 */
export function nextPeriod(periods: readonly Pick<PeriodDraft, 'start' | 'end'>[]): PeriodDraft {
  const taken = periods.flatMap((p) => minuteRanges(p.start, p.end));
  for (let hour = 0; hour < 24; hour++) {
    const [a, b] = [hour * 60, hour * 60 + 60];
    if (!taken.some(([c, d]) => a < d && c < b))
      return { start: hhmm(a), end: hhmm(b), mode: 'CHARGE', powerKw: null };
  }
  return { start: '00:00', end: '01:00', mode: 'CHARGE', powerKw: null };
}

/** The rows as the API takes them (power in W, left out when empty). */
export function toStoragePeriods(periods: readonly PeriodDraft[]): StoragePeriod[] {
  return periods.map(({ start, end, mode, powerKw }) => ({
    start,
    end,
    mode,
    ...(powerKw === null || powerKw <= 0 ? {} : { powerW: Math.round(powerKw * 1000) }),
  }));
}

/** The periods last sent, as editor rows. */
export function fromStoragePeriods(periods: readonly StoragePeriod[]): PeriodDraft[] {
  return periods.map(({ start, end, mode, powerW }) => ({
    start,
    end,
    mode,
    powerKw: powerW === undefined ? null : powerW / 1000,
  }));
}

/** The bar's hour marks. */
export const HOUR_TICKS: readonly number[] = [0, 3, 6, 9, 12, 15, 18, 21, 24];
