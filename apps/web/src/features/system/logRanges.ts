import type { Dayjs } from 'dayjs';

// The SPEC §9 quick ranges are shared with the alarm list (lib/quickRanges.ts).
export { QUICK_RANGES, lastDays } from '../../lib/quickRanges';

/** A picked range as the API's from/to (ISO instants); the end day is included up to its last second. */
export function rangeParams(range: readonly [Dayjs, Dayjs] | null | undefined): {
  from?: string;
  to?: string;
} {
  if (range === null || range === undefined) return {};
  return { from: range[0].toISOString(), to: range[1].toISOString() };
}
