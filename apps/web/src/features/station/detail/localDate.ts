import type { Dayjs } from 'dayjs';
import type { ChartDimension } from '@sunfleet/contracts';
import { localDate } from '@sunfleet/domain';

export const DATE_FORMAT = 'YYYY-MM-DD';

/**
 * The calendar date (YYYY-MM-DD) of an instant in a time zone (packages/domain localDate); the browser's
 * zone if the zone is unknown to this browser.
 */
export function localDateIn(timeZone: string, at: Date = new Date()): string {
  try {
    return localDate(at.getTime(), timeZone);
  } catch {
    return localDate(at.getTime(), Intl.DateTimeFormat().resolvedOptions().timeZone);
  }
}

/** The date a dimension asks for: the chosen day, the first day of its month or year, or today. */
export function requestDate(dimension: ChartDimension, chosen: Dayjs, today: string): string {
  switch (dimension) {
    case 'DAY':
      return chosen.format(DATE_FORMAT);
    case 'MONTH':
      return chosen.startOf('month').format(DATE_FORMAT);
    case 'YEAR':
      return chosen.startOf('year').format(DATE_FORMAT);
    case 'TOTAL':
      return today;
  }
}
