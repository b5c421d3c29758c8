// Time-zone arithmetic for station-local calendars (SPEC §7: charts, history and exports follow the
// station's zone). dayjs with its utc and timezone plugins does the zone maths (IANA rules through Intl);
// nothing here adds offsets by hand.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { EMPTY_DISPLAY } from '../format/numeric.js';
import { DATE_TIME_PATTERN, formatDateTime } from './date-format.js';
import { toEpochMs, type TimeInput } from './epoch.js';

dayjs.extend(utc);
dayjs.extend(timezone);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isLocalDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utcDay = new Date(Date.UTC(y, mo - 1, d));
  return utcDay.getUTCFullYear() === y && utcDay.getUTCMonth() === mo - 1 && utcDay.getUTCDate() === d;
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(ms: number, timeZone: string): string {
  return dayjs(ms).tz(timeZone).format('YYYY-MM-DD');
}

/** The calendar year of an instant in a time zone. */
export function localYear(ms: number, timeZone: string): number {
  return dayjs(ms).tz(timeZone).year();
}

/** The ISO weekday (1 = Monday … 7 = Sunday) of an instant in a time zone. */
export function localIsoWeekday(ms: number, timeZone: string): number {
  const day = dayjs(ms).tz(timeZone).day();
  return day === 0 ? 7 : day;
}

/** Minutes since local midnight of an instant in a time zone (wall clock: 08:30 → 510). */
export function localMinuteOfDay(ms: number, timeZone: string): number {
  const local = dayjs(ms).tz(timeZone);
  return local.hour() * 60 + local.minute();
}

/** Minutes the zone is ahead of UTC at an instant (Europe/Berlin in summer: 120). */
export function offsetMinutesAt(timeZone: string, ms: number): number {
  return dayjs(ms).tz(timeZone).utcOffset();
}

/** The instant a local calendar day starts (its local midnight, or the first instant after a DST gap). */
export function localDayStart(date: string, timeZone: string): number {
  if (!isLocalDate(date)) throw new RangeError(`not a calendar date: ${date}`);
  return dayjs.tz(date, timeZone).valueOf();
}

/** The day after a YYYY-MM-DD date. */
export function nextDate(date: string): string {
  if (!isLocalDate(date)) throw new RangeError(`not a calendar date: ${date}`);
  return dayjs.utc(date).add(1, 'day').format('YYYY-MM-DD');
}

/**
 * The instant a local day reaches a wall-clock time HH:mm (a time inside a spring-forward gap gives the
 * first instant after the gap, as dayjs does).
 */
export function localTimeOn(date: string, hhmm: string, timeZone: string): number {
  if (!isLocalDate(date)) throw new RangeError(`not a calendar date: ${date}`);
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(hhmm)) throw new RangeError(`not a time HH:mm: ${hhmm}`);
  return dayjs.tz(`${date} ${hhmm}`, timeZone).valueOf();
}

/** The first instant strictly after `afterMs` at which the zone's clocks read HH:mm, and its local date. */
export function nextLocalTime(afterMs: number, hhmm: string, timeZone: string): { at: number; date: string } {
  let date = localDate(afterMs, timeZone);
  for (let i = 0; i < 3; i++) {
    const at = localTimeOn(date, hhmm, timeZone);
    if (at > afterMs) return { at, date };
    date = nextDate(date);
  }
  throw new RangeError(`no ${hhmm} after ${afterMs} in ${timeZone}`);
}

/** [start, end) of a local calendar day, in epoch ms: 23, 24 or 25 hours long. */
export function localDayRange(date: string, timeZone: string): { startMs: number; endMs: number } {
  return { startMs: localDayStart(date, timeZone), endMs: localDayStart(nextDate(date), timeZone) };
}

/**
 * The standard (non-daylight-saving) offset of a zone in a year, minutes: the smaller of its offsets on
 * 1 January and 1 July, since daylight saving only ever moves clocks forward, in either hemisphere.
 */
export function standardOffsetMinutes(timeZone: string, year: number): number {
  return Math.min(
    offsetMinutesAt(timeZone, Date.UTC(year, 0, 1)),
    offsetMinutesAt(timeZone, Date.UTC(year, 6, 1)),
  );
}

/** From the start of local day `first` to the last millisecond of local day `last` (both included). */
export function localDaysRange(first: string, last: string, timeZone: string): { from: number; to: number } {
  return { from: localDayStart(first, timeZone), to: localDayStart(nextDate(last), timeZone) - 1 };
}

const knownZones = new Map<string, boolean>();

/** True when this runtime knows the IANA zone name (a misspelt or retired zone is not). */
export function isKnownZone(timeZone: string): boolean {
  let known = knownZones.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(timeZone, known);
  }
  return known;
}

/** The zone times are shown in: the station's, or UTC when this runtime does not know it. */
function shownZone(timeZone: string): string {
  return isKnownZone(timeZone) ? timeZone : 'UTC';
}

/** How a zone is named next to a time: its IANA name ('Europe/Madrid'); 'UTC' for UTC and unknown zones. */
export function zoneLabel(timeZone: string): string {
  const zone = shownZone(timeZone);
  return zone === 'Etc/UTC' || zone === 'Etc/GMT' ? 'UTC' : zone;
}

/**
 * An instant as a station sees it: the SPEC §9 pattern (YYYY-MM-DD HH:mm:ss by default) in the station's
 * zone, whatever the browser's zone is. Empty or invalid input gives '-'.
 */
export function formatInZone(
  input: TimeInput | null | undefined,
  timeZone: string,
  pattern: string = DATE_TIME_PATTERN,
): string {
  // The API sends instants with their zone (ISO …Z) or as epoch ms; text without one is read as UTC.
  const ms = toEpochMs(input, 0);
  if (ms === null) return EMPTY_DISPLAY;
  return formatDateTime(ms, { pattern, offsetMinutes: offsetMinutesAt(shownZone(timeZone), ms) });
}

/** formatInZone with the zone named after it, e.g. '2026-06-10 16:50:00 (Europe/Madrid)'; '-' when empty. */
export function formatInZoneLabelled(
  input: TimeInput | null | undefined,
  timeZone: string,
  pattern: string = DATE_TIME_PATTERN,
): string {
  const text = formatInZone(input, timeZone, pattern);
  return text === EMPTY_DISPLAY ? text : `${text} (${zoneLabel(timeZone)})`;
}
