import type { AlarmItem } from '@sunfleet/contracts';
import { localTime, sheetName } from '../devices/device-workbook.js';
import { bufferedWorkbook } from '../../lib/xlsx-writer.js';

/** Columns of the alarm export, in order: the translation key of each header and its width. */
export const ALARM_EXPORT_COLUMNS = [
  { key: 'level', header: 'alarmExport.column.level', width: 12 },
  { key: 'state', header: 'alarmExport.column.state', width: 14 },
  { key: 'code', header: 'alarmExport.column.code', width: 9 },
  { key: 'message', header: 'alarmExport.column.message', width: 36 },
  { key: 'station', header: 'alarmExport.column.station', width: 24 },
  { key: 'device', header: 'alarmExport.column.device', width: 20 },
  { key: 'deviceType', header: 'alarmExport.column.deviceType', width: 16 },
  { key: 'logger', header: 'alarmExport.column.logger', width: 20 },
  { key: 'startedAt', header: 'alarmExport.column.startedAt', width: 21 },
  { key: 'endedAt', header: 'alarmExport.column.endedAt', width: 21 },
  { key: 'timeZone', header: 'alarmExport.column.timeZone', width: 18 },
  { key: 'repeatCount', header: 'alarmExport.column.repeatCount', width: 9 },
  { key: 'acknowledgedBy', header: 'alarmExport.column.acknowledgedBy', width: 16 },
  { key: 'acknowledgedAt', header: 'alarmExport.column.acknowledgedAt', width: 21 },
  { key: 'ackNote', header: 'alarmExport.column.ackNote', width: 30 },
  { key: 'clearedBy', header: 'alarmExport.column.clearedBy', width: 16 },
  { key: 'clearReason', header: 'alarmExport.column.clearReason', width: 30 },
] as const;

const LEVEL_KEYS = ['URGENT', 'IMPORTANT', 'COMMONLY', 'PROMPT'].map((l) => `alarmExport.level.${l}`);
const STATE_KEYS = ['OPEN', 'ACKNOWLEDGED', 'CLEARED'].map((s) => `alarmExport.state.${s}`);
const CLEARED_BY_KEYS = ['DEVICE', 'RULE'].map((s) => `alarmExport.clearedBy.${s}`);

/** Every translation key the workbook reads. */
export const ALARM_EXPORT_TEXT_KEYS: readonly string[] = [
  ...ALARM_EXPORT_COLUMNS.map((c) => c.header),
  ...LEVEL_KEYS,
  ...STATE_KEYS,
  ...CLEARED_BY_KEYS,
  'alarmExport.sheet',
  'alarmExport.capped',
];

export interface AlarmWorkbookInput {
  rows: readonly AlarmItem[];
  /** Alarms that matched the filters; more than rows.length when the export was capped. */
  total: number;
  /** Translated texts by key; a missing key shows as the key itself. */
  texts: ReadonlyMap<string, string>;
}

/**
 * One sheet of alarms under a header row, in the order of the list; a note row above the header when the
 * cap cut rows off. Times are text in each alarm's station zone (named in its own column); cells are plain
 * values, never formulas, so a message a device sent cannot run in a spreadsheet program. Written with the
 * streaming writer of the device history export.
 */
export async function alarmWorkbook(input: AlarmWorkbookInput): Promise<Buffer> {
  const text = (key: string): string => input.texts.get(key) ?? key;
  const { workbook, finish } = bufferedWorkbook({ styles: true });
  const capped = input.rows.length < input.total;
  const sheet = workbook.addWorksheet(sheetName(text('alarmExport.sheet')), {
    views: [{ state: 'frozen', ySplit: capped ? 2 : 1 }],
  });
  sheet.columns = ALARM_EXPORT_COLUMNS.map((c) => ({ key: c.key, width: c.width }));
  if (capped) {
    sheet
      .addRow([
        text('alarmExport.capped')
          .replace('{shown}', String(input.rows.length))
          .replace('{total}', String(input.total)),
      ])
      .commit();
  }
  const header = sheet.addRow(ALARM_EXPORT_COLUMNS.map((c) => text(c.header)));
  header.font = { bold: true };
  header.commit();
  const times = new Map<string, (ms: number) => string>();
  const timeIn = (zone: string): ((ms: number) => string) => {
    let format = times.get(zone);
    if (format === undefined) times.set(zone, (format = localTime(zone)));
    return format;
  };
  for (const row of input.rows) {
    const at = timeIn(row.timeZone);
    sheet
      .addRow({
        level: text(`alarmExport.level.${row.level}`),
        state: text(`alarmExport.state.${row.state}`),
        code: row.code,
        // The fault-code catalogue's words in the caller's language where the code is known.
        message: row.known ? row.description : row.message,
        station: row.stationName,
        device: row.deviceSn ?? row.gatewaySn,
        deviceType: row.deviceType,
        logger: row.gatewaySn,
        startedAt: at(row.startedAt),
        endedAt: row.endedAt === null ? null : at(row.endedAt),
        timeZone: row.timeZone,
        repeatCount: row.repeatCount,
        acknowledgedBy: row.acknowledgedBy,
        acknowledgedAt: row.acknowledgedAt === null ? null : at(row.acknowledgedAt),
        ackNote: row.ackNote,
        clearedBy:
          row.clearedBy === null
            ? null
            : row.clearedBy === 'USER'
              ? row.clearedByUser
              : text(`alarmExport.clearedBy.${row.clearedBy}`),
        clearReason: row.clearReason,
      })
      .commit();
  }
  sheet.commit();
  return finish();
}
