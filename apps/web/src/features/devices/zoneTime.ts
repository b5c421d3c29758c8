import { formatDateTime } from '@sunfleet/domain';

// Days of a station: a device's history is asked for and shown in its station's time zone (the IANA name
// of GET /device/{id}), whatever the browser's zone is.

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes east of UTC of `timeZone` at the instant (Europe/Berlin in summer → 120). */
export function zoneOffsetMinutes(timeZone: string, epochMs: number): number {
  let format = offsetFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(new Date(epochMs)).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (match === null) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? '0');
  return match[1] === '-' ? -minutes : minutes;
}

function parseDate(date: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (match === null) throw new Error(`not a YYYY-MM-DD date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** The instant a local day (YYYY-MM-DD) starts in `timeZone`. */
export function dayStart(date: string, timeZone: string): number {
  const [y, m, d] = parseDate(date);
  const utcMidnight = Date.UTC(y, m - 1, d);
  // The offset at local midnight: guessed from UTC midnight, then corrected once (DST changes at night).
  let start = utcMidnight - zoneOffsetMinutes(timeZone, utcMidnight) * 60_000;
  start = utcMidnight - zoneOffsetMinutes(timeZone, start) * 60_000;
  return start;
}

/** The day after a YYYY-MM-DD date. */
export function nextDate(date: string): string {
  const [y, m, d] = parseDate(date);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** From the start of `first` to the last millisecond of `last` (local days of `timeZone`, both included). */
export function daysRange(first: string, last: string, timeZone: string): { from: number; to: number } {
  return { from: dayStart(first, timeZone), to: dayStart(nextDate(last), timeZone) - 1 };
}

/** Today's date (YYYY-MM-DD) in `timeZone`. */
export function todayIn(timeZone: string, now: number = Date.now()): string {
  return new Date(now + zoneOffsetMinutes(timeZone, now) * 60_000).toISOString().slice(0, 10);
}

/** An instant in the SPEC §9 pattern at the zone's offset (YYYY-MM-DD HH:mm:ss). */
export function formatInZone(epochMs: number, timeZone: string, pattern?: string): string {
  return formatDateTime(epochMs, { offsetMinutes: zoneOffsetMinutes(timeZone, epochMs), pattern });
}
