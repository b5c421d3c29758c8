// Decision: tokens are YYYY MM DD HH mm ss Z only; any other text in a pattern is copied as it is.
import { assertOffsetMinutes, DEFAULT_OFFSET_MINUTES, toEpochMs, type TimeInput } from './epoch.js';
import { EMPTY_DISPLAY } from '../format/numeric.js';

/** Default date pattern (SPEC §9). */
export const DATE_TIME_PATTERN = 'YYYY-MM-DD HH:mm:ss';
/** The variant that also prints the offset, e.g. '2024-05-01 08:00:00 +08:00'. */
export const DATE_TIME_ZONE_PATTERN = 'YYYY-MM-DD HH:mm:ss Z';
export const DATE_PATTERN = 'YYYY-MM-DD';

export interface DateFormatOptions {
  /** Tokens: YYYY MM DD HH mm ss Z. Defaults to DATE_TIME_PATTERN. */
  readonly pattern?: string;
  /** Minutes east of UTC (+08:00 → 480). Defaults to DEFAULT_OFFSET_MINUTES. */
  readonly offsetMinutes?: number;
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** Offset in minutes as '+HH:mm' / '-HH:mm', e.g. 480 → '+08:00', -210 → '-03:30'. */
export function formatOffset(offsetMinutes: number): string {
  assertOffsetMinutes(offsetMinutes);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const magnitude = Math.abs(offsetMinutes);
  return `${sign}${pad(Math.floor(magnitude / 60))}:${pad(magnitude % 60)}`;
}

/**
 * Formats a time at a fixed offset by shifting the instant and reading UTC fields, so the output never
 * depends on the machine's time zone. Empty or invalid input gives '-'.
 */
export function formatDateTime(input: TimeInput | null | undefined, options: DateFormatOptions = {}): string {
  const { pattern = DATE_TIME_PATTERN, offsetMinutes = DEFAULT_OFFSET_MINUTES } = options;
  assertOffsetMinutes(offsetMinutes);
  const epochMs = toEpochMs(input, offsetMinutes);
  if (epochMs === null) return EMPTY_DISPLAY;
  const shifted = new Date(epochMs + offsetMinutes * 60_000);
  if (Number.isNaN(shifted.getTime())) return EMPTY_DISPLAY;
  const fields: Record<string, string> = {
    YYYY: pad(shifted.getUTCFullYear(), 4),
    MM: pad(shifted.getUTCMonth() + 1),
    DD: pad(shifted.getUTCDate()),
    HH: pad(shifted.getUTCHours()),
    mm: pad(shifted.getUTCMinutes()),
    ss: pad(shifted.getUTCSeconds()),
    Z: formatOffset(offsetMinutes),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss|Z/g, (token) => fields[token] ?? token);
}

/** Hour of the day (0–23) at the given offset; null for empty or invalid input. */
export function hourAt(input: TimeInput, offsetMinutes: number = DEFAULT_OFFSET_MINUTES): number | null {
  assertOffsetMinutes(offsetMinutes);
  const epochMs = toEpochMs(input, offsetMinutes);
  if (epochMs === null) return null;
  const hour = new Date(epochMs + offsetMinutes * 60_000).getUTCHours();
  return Number.isNaN(hour) ? null : hour;
}
