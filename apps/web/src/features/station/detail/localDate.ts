import type { Dayjs } from 'dayjs';
import type { ChartDimension } from '@sunfleet/contracts';

export const DATE_FORMAT = 'YYYY-MM-DD';

/** The calendar date (YYYY-MM-DD) of an instant in a time zone; the browser's zone if it is unknown. */
export function localDateIn(timeZone: string, at: Date = new Date()): string {
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone });
  } catch {
    format = new Intl.DateTimeFormat('en-CA', options);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year ?? ''}-${parts.month ?? ''}-${parts.day ?? ''}`;
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
