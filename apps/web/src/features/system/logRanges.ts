import dayjs, { type Dayjs } from 'dayjs';

/** SPEC §9 quick date ranges: last week (7 days), last month (30 days), last 3 months (90 days). */
export const QUICK_RANGES = [
  { key: 'system.log.lastWeek', days: 7 },
  { key: 'system.log.lastMonth', days: 30 },
  { key: 'system.log.last3Months', days: 90 },
] as const;

/** The range ending now and starting `days` days earlier. */
export function lastDays(days: number, now: Dayjs = dayjs()): [Dayjs, Dayjs] {
  return [now.subtract(days, 'day'), now];
}

/** A picked range as the API's from/to (ISO instants); the end day is included up to its last second. */
export function rangeParams(range: readonly [Dayjs, Dayjs] | null | undefined): {
  from?: string;
  to?: string;
} {
  if (range === null || range === undefined) return {};
  return { from: range[0].toISOString(), to: range[1].toISOString() };
}
