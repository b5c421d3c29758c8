import { formatInZone, isLocalDate, localTimeOn } from '@sunfleet/domain';

/** A date and time as typed: 'YYYY-MM-DD HH:mm'. */
export const LOCAL_DATE_TIME_PATTERN = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):([0-5]\d)$/;

/** 'YYYY-MM-DD HH:mm' read as the station's wall clock, as epoch ms; null when it is not such a text. */
export function parseStationTime(text: string | undefined, timeZone: string): number | null {
  const match = text === undefined ? null : LOCAL_DATE_TIME_PATTERN.exec(text.trim());
  const [, date, hour, minute] = match ?? [];
  if (date === undefined || hour === undefined || minute === undefined || !isLocalDate(date)) return null;
  return localTimeOn(date, `${hour}:${minute}`, timeZone);
}

/** An instant as the station's wall clock, 'YYYY-MM-DD HH:mm'. */
export function stationTimeText(ms: number, timeZone: string): string {
  return formatInZone(ms, timeZone, 'YYYY-MM-DD HH:mm');
}
