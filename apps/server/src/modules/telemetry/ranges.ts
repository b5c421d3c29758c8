// Checks of the date and time ranges the read APIs accept; each failure is a 4000 naming its field.
import { TelemetryApiMessage, TelemetryLimits, type RollupPeriod } from '@sunfleet/contracts';
import { invalidField } from '../reference/sql-helpers.js';
import type { AppError } from '../../lib/errors.js';

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD that is a real calendar date; null otherwise. */
export function calendarDay(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return null;
  return ms / DAY_MS;
}

function dayOrThrow(value: string, field: string): number {
  const day = calendarDay(value);
  if (day === null) throw invalidField(field, TelemetryApiMessage.dateInvalid, 'not a calendar date');
  return day;
}

function tooLong(field: string, rule: string, limit: string): AppError {
  return invalidField(field, rule, `at most ${limit}`);
}

/** A local-date range (both inclusive) of a rollup query, within the period's limit. */
export function checkRollupRange(period: RollupPeriod, from: string, to: string): void {
  const first = dayOrThrow(from, 'querystring.from');
  const last = dayOrThrow(to, 'querystring.to');
  if (first > last) throw invalidField('querystring.to', TelemetryApiMessage.rangeInvalid, 'before from');
  const days = last - first + 1;
  switch (period) {
    case 'hour':
      if (days > TelemetryLimits.rollupHourDaysMax)
        throw tooLong('querystring.to', TelemetryApiMessage.hourRangeTooLong, '31 days');
      return;
    case 'day':
      if (days > TelemetryLimits.rollupDayDaysMax)
        throw tooLong('querystring.to', TelemetryApiMessage.dayRangeTooLong, '366 days');
      return;
    case 'month': {
      const months =
        (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
        (Number(to.slice(5, 7)) - Number(from.slice(5, 7))) +
        1;
      if (months > TelemetryLimits.rollupMonthMonthsMax)
        throw tooLong('querystring.to', TelemetryApiMessage.monthRangeTooLong, '120 months');
      return;
    }
  }
}

/** A raw-history range in epoch ms: from ≤ to, at most 31 days. */
export function checkHistoryRange(from: number, to: number): void {
  if (from > to) throw invalidField('querystring.to', TelemetryApiMessage.rangeInvalid, 'before from');
  if (to - from > TelemetryLimits.historyDaysMax * DAY_MS)
    throw tooLong('querystring.to', TelemetryApiMessage.historyRangeTooLong, '31 days');
}

/** A packet-loss range of UTC days (both inclusive); answers [start, end) as ISO instants. */
export function checkLossRange(startDate: string, endDate: string): { from: string; to: string } {
  const first = dayOrThrow(startDate, 'querystring.startDate');
  const last = dayOrThrow(endDate, 'querystring.endDate');
  if (first > last)
    throw invalidField('querystring.endDate', TelemetryApiMessage.rangeInvalid, 'before startDate');
  if (last - first + 1 > TelemetryLimits.lossDaysMax)
    throw tooLong('querystring.endDate', TelemetryApiMessage.lossRangeTooLong, '366 days');
  return { from: new Date(first * DAY_MS).toISOString(), to: new Date((last + 1) * DAY_MS).toISOString() };
}
