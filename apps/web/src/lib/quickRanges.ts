import dayjs, { type Dayjs } from 'dayjs';

/**
 * SPEC §9 quick date ranges: last week (7 days), last month (30 days), last 3 months (90 days). Used by
 * the operation log and the alarm list.
 */
export const QUICK_RANGES = [
  { key: 'system.log.lastWeek', days: 7 },
  { key: 'system.log.lastMonth', days: 30 },
  { key: 'system.log.last3Months', days: 90 },
] as const;

/** The range ending now and starting `days` days earlier. */
export function lastDays(days: number, now: Dayjs = dayjs()): [Dayjs, Dayjs] {
  return [now.subtract(days, 'day'), now];
}
