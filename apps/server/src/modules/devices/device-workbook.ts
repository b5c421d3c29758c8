import type { Reading } from './devices.repository.js';
import { bufferedWorkbook } from '../../lib/xlsx-writer.js';

export interface DeviceWorkbookInput {
  /** Header of the time column, e.g. `Time (Europe/Berlin)`. */
  timeHeader: string;
  /** One header per measure, e.g. `Active power (W)`. */
  headers: readonly string[];
  timeZone: string;
  rows: readonly Reading[];
  /** The note row written under the rows when the export was capped; null when complete. */
  cappedNote: string | null;
  sheetName: string;
}

/** `YYYY-MM-DD HH:mm:ss` of an instant in a time zone (SPEC §9 default pattern). */
export function localTime(timeZone: string): (ms: number) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (ms) => {
    const part: Record<string, string> = {};
    for (const p of format.formatToParts(new Date(ms))) part[p.type] = p.value;
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
  };
}

/**
 * A name Excel accepts for a sheet: at most 31 characters, none of \ / ? * [ ] :, not blank and not
 * the reserved "History" (a translated name comes from the editable translation table).
 */
export function sheetName(name: string): string {
  const cleaned = name
    .replace(/[\\/?*[\]:]/g, ' ')
    .trim()
    .slice(0, 31);
  return cleaned === '' || cleaned.toLowerCase() === 'history' ? 'Sheet1' : cleaned;
}

/**
 * One sheet: a header row, one row per reading time (oldest first), and a note row when capped. Written
 * with the streaming writer; times are text in the station's zone, values plain numbers or text (never
 * formulas, so nothing a device reports can run in a spreadsheet program).
 */
export async function deviceWorkbook(input: DeviceWorkbookInput): Promise<Buffer> {
  const { workbook, finish } = bufferedWorkbook({ styles: true });
  const sheet = workbook.addWorksheet(sheetName(input.sheetName), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = [
    { header: input.timeHeader, width: 21 },
    ...input.headers.map((header) => ({ header, width: Math.max(12, Math.min(40, header.length + 2)) })),
  ];
  sheet.getRow(1).font = { bold: true };
  const time = localTime(input.timeZone);
  for (const row of input.rows) sheet.addRow([time(row.ts), ...row.values]).commit();
  if (input.cappedNote !== null) sheet.addRow([input.cappedNote]).commit();
  sheet.commit();
  return finish();
}
