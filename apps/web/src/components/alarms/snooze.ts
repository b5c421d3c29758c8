import { localDate, localTimeOn, nextDate } from '@sunfleet/domain';

// The drawer's "Snooze until" (docs/alarms.md "Alarm settings screens"): quick choices and the station-time
// date-time box. Pure, so the times are tested without a browser.

export type SnoozeChoice = '1h' | '4h' | 'tomorrow';
export const SNOOZE_CHOICES: readonly SnoozeChoice[] = ['1h', '4h', 'tomorrow'];

/** The hour the "tomorrow morning" choice wakes at, station time. */
export const TOMORROW_AT = '08:00';

/** When a quick choice ends: in 1 or 4 hours, or tomorrow 08:00 on the station's calendar and clock. */
export function snoozeUntil(choice: SnoozeChoice, now: number, timeZone: string): number {
  switch (choice) {
    case '1h':
      return now + 3600_000;
    case '4h':
      return now + 4 * 3600_000;
    case 'tomorrow':
      return localTimeOn(nextDate(localDate(now, timeZone)), TOMORROW_AT, timeZone);
  }
}

/** True while a snooze is in force. */
export function isSnoozed(snoozedUntil: number | null, now: number): boolean {
  return snoozedUntil !== null && snoozedUntil > now;
}
