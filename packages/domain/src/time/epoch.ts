// Decision: strings without a zone designator are read at the given offset (default +08:00), never at the
// machine's zone, so server and browser turn the same text into the same instant.

/** A point in time as the API and the UI hand it around. */
export type TimeInput = Date | number | string;

/** Default time-zone offset when none is given: +08:00 (SPEC §9), in minutes east of UTC. */
export const DEFAULT_OFFSET_MINUTES = 480;

/** Real offsets run from -12:00 to +14:00; anything wider is a caller bug. */
const MAX_OFFSET_MINUTES = 14 * 60;

/**
 * Checks an offset in minutes east of UTC (+08:00 → 480, the sign-reversed getTimezoneOffset()).
 * Throws RangeError for non-integers or offsets beyond ±14:00.
 */
export function assertOffsetMinutes(offsetMinutes: number): void {
  if (!Number.isInteger(offsetMinutes) || Math.abs(offsetMinutes) > MAX_OFFSET_MINUTES) {
    throw new RangeError(
      `offsetMinutes must be an integer within ±${MAX_OFFSET_MINUTES}, got ${offsetMinutes}`,
    );
  }
}

/** True when the integer part has exactly ten digits: such timestamps are seconds (SPEC §9). */
export function isTenDigitTimestamp(value: number): boolean {
  const integer = Math.abs(Math.trunc(value));
  return integer >= 1e9 && integer < 1e10;
}

const ISO_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

function zoneToMinutes(zone: string): number {
  if (zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
}

function parseIso(text: string, offsetMinutes: number): number | null {
  const match = ISO_PATTERN.exec(text);
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', ms = '0', zone] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) return null;
  const millis = Number(ms.padEnd(3, '0'));
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  const zoneOffset = zone === undefined ? offsetMinutes : zoneToMinutes(zone);
  return utc - zoneOffset * 60_000;
}

/**
 * Milliseconds since the epoch, or null when the input is empty or not a time. Ten-digit numbers (and
 * all-digit strings) are seconds; strings must be ISO 8601 ('2024-05-01', '2024-05-01 08:00:00',
 * '2024-05-01T00:00:00Z', '…+02:00'); zone-less strings are read at offsetMinutes.
 */
export function toEpochMs(
  input: TimeInput | null | undefined,
  offsetMinutes: number = DEFAULT_OFFSET_MINUTES,
): number | null {
  if (input === null || input === undefined) return null;
  if (input instanceof Date) {
    const time = input.getTime();
    return Number.isNaN(time) ? null : time;
  }
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    return isTenDigitTimestamp(input) ? input * 1000 : input;
  }
  const text = input.trim();
  if (text === '') return null;
  if (/^\d+$/.test(text)) return toEpochMs(Number(text), offsetMinutes);
  assertOffsetMinutes(offsetMinutes);
  return parseIso(text, offsetMinutes);
}
