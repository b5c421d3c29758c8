// Maintenance windows (docs/alarms.md "Alarm engine and life cycle"): a one-off span, or a weekly span
// of local time in the station's zone (every Monday 08:00–10:00). Alarms raised inside are recorded, not
// notified. The zone maths is dayjs's (time/zone.ts); the server's SQL form is maintenance-sql.ts.
import { localMinuteOfDay, localIsoWeekday } from '../time/zone.js';

export interface MaintenanceWindowRule {
  startsAtMs: number | null;
  endsAtMs: number | null;
  /** 1 = Monday … 7 = Sunday. */
  weekday: number | null;
  /** Minutes since local midnight, [startMinute, endMinute). */
  startMinute: number | null;
  endMinute: number | null;
}

/** True when the instant lies in the window ([start, end)), weekly windows read in `timeZone`. */
export function inMaintenanceWindow(w: MaintenanceWindowRule, atMs: number, timeZone: string): boolean {
  if (w.weekday === null) {
    return w.startsAtMs !== null && w.endsAtMs !== null && atMs >= w.startsAtMs && atMs < w.endsAtMs;
  }
  if (w.startMinute === null || w.endMinute === null) return false;
  const minute = localMinuteOfDay(atMs, timeZone);
  return localIsoWeekday(atMs, timeZone) === w.weekday && minute >= w.startMinute && minute < w.endMinute;
}

/** "08:00" → 480; "24:00" → 1440 (the end of the day). */
export function minuteOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** 480 → "08:00". */
export function hhmmOf(minute: number): string {
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${two(Math.floor(minute / 60))}:${two(minute % 60)}`;
}
