// Decision: counts round down (59 min 59 s is 59 minutes, never "60 minutes ago"); times in the future
// (clock skew) count as zero seconds ago.
import { formatDateTime, DATE_TIME_PATTERN } from './date-format.js';
import { DEFAULT_OFFSET_MINUTES, toEpochMs, type TimeInput } from './epoch.js';

/** Translation keys the web resolves; count is passed for plural forms. */
export const RelativeTimeKey = {
  justNow: 'time.justNow',
  minutesAgo: 'time.minutesAgo',
  hoursAgo: 'time.hoursAgo',
  daysAgo: 'time.daysAgo',
  date: 'time.date',
} as const;

export type RelativeTime =
  | { readonly key: typeof RelativeTimeKey.justNow }
  | {
      readonly key:
        typeof RelativeTimeKey.minutesAgo | typeof RelativeTimeKey.hoursAgo | typeof RelativeTimeKey.daysAgo;
      readonly count: number;
    }
  /** Too old for a relative phrase: `date` is already formatted, the key only names the case. */
  | { readonly key: typeof RelativeTimeKey.date; readonly date: string };

export interface RelativeTimeOptions {
  /** Reference time; defaults to Date.now(). Pass it in for deterministic rendering and tests. */
  readonly now?: TimeInput;
  /** Offset for the date fallback and for zone-less strings; defaults to +08:00. */
  readonly offsetMinutes?: number;
  /** Pattern for the date fallback; defaults to DATE_TIME_PATTERN. */
  readonly pattern?: string;
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

function secondsBetween(input: TimeInput, options: RelativeTimeOptions): number | null {
  const offsetMinutes = options.offsetMinutes ?? DEFAULT_OFFSET_MINUTES;
  const then = toEpochMs(input, offsetMinutes);
  const now = toEpochMs(options.now ?? Date.now(), offsetMinutes);
  if (then === null || now === null) return null;
  return Math.max(0, (now - then) / 1000);
}

/**
 * "Last seen" style: under 30 s just now, under 1 h minutes (at least 1), under 24 h hours, under 48 h
 * one day, otherwise the formatted date. Null when the input is empty or invalid.
 */
export function relativeTime(
  input: TimeInput | null | undefined,
  options: RelativeTimeOptions = {},
): RelativeTime | null {
  if (input === null || input === undefined) return null;
  const seconds = secondsBetween(input, options);
  if (seconds === null) return null;
  if (seconds < 30) return { key: RelativeTimeKey.justNow };
  if (seconds < HOUR)
    return { key: RelativeTimeKey.minutesAgo, count: Math.max(1, Math.floor(seconds / MINUTE)) };
  if (seconds < DAY) return { key: RelativeTimeKey.hoursAgo, count: Math.floor(seconds / HOUR) };
  if (seconds < 2 * DAY) return { key: RelativeTimeKey.daysAgo, count: 1 };
  const date = formatDateTime(input, {
    pattern: options.pattern ?? DATE_TIME_PATTERN,
    offsetMinutes: options.offsetMinutes ?? DEFAULT_OFFSET_MINUTES,
  });
  return { key: RelativeTimeKey.date, date };
}

/**
 * Always a count: minutes under 1 h (may be 0), hours under 1 day, otherwise days. Null when the input
 * is empty or invalid.
 */
export function elapsedTime(
  input: TimeInput | null | undefined,
  options: Pick<RelativeTimeOptions, 'now' | 'offsetMinutes'> = {},
): RelativeTime | null {
  if (input === null || input === undefined) return null;
  const seconds = secondsBetween(input, options);
  if (seconds === null) return null;
  if (seconds < HOUR) return { key: RelativeTimeKey.minutesAgo, count: Math.floor(seconds / MINUTE) };
  if (seconds < DAY) return { key: RelativeTimeKey.hoursAgo, count: Math.floor(seconds / HOUR) };
  return { key: RelativeTimeKey.daysAgo, count: Math.floor(seconds / DAY) };
}
