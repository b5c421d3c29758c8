import type { AuditEntry } from '@sunfleet/contracts';
import { bufferedWorkbook } from '../../lib/xlsx-writer.js';

/** Columns of the export, in order, with the translation key of each header. */
export const EXPORT_COLUMNS = [
  { key: 'at', header: 'auditLog.column.at', width: 21 },
  { key: 'username', header: 'auditLog.column.username', width: 20 },
  { key: 'userId', header: 'auditLog.column.userId', width: 10 },
  { key: 'companyId', header: 'auditLog.column.companyId', width: 10 },
  { key: 'action', header: 'auditLog.column.action', width: 28 },
  { key: 'targetType', header: 'auditLog.column.targetType', width: 14 },
  { key: 'targetId', header: 'auditLog.column.targetId', width: 14 },
  { key: 'status', header: 'auditLog.column.status', width: 9 },
  { key: 'clientAddress', header: 'auditLog.column.clientAddress', width: 18 },
  { key: 'requestId', header: 'auditLog.column.requestId', width: 38 },
  { key: 'detail', header: 'auditLog.column.detail', width: 60 },
] as const;

export const EXPORT_TEXT_KEYS = [
  ...EXPORT_COLUMNS.map((c) => c.header),
  'auditLog.export.sheet',
  'auditLog.export.notesSheet',
  'auditLog.export.capped',
] as const;

export interface WorkbookInput {
  rows: readonly AuditEntry[];
  /** Rows that matched the filters; more than rows.length when the export was capped. */
  total: number;
  /** Translated texts by key; a missing key shows as the key itself. */
  texts: ReadonlyMap<string, string>;
}

/** `2026-06-01T08:00:00.000Z` → `2026-06-01 08:00:00` (SPEC §9 date pattern, in UTC). */
function utcText(iso: string): string {
  return iso.slice(0, 19).replace('T', ' ');
}

/**
 * The XLSX file of an export: one sheet of rows under a header row. When the cap cut rows off, a notes
 * sheet comes first and opens first, so nobody takes a partial export for the whole log.
 *
 * Written with the streaming writer and times as text: per-cell date styles made a 50,000-row export
 * several times slower. Cells are plain values, never formulas, so user-controlled text cannot run in
 * a spreadsheet program.
 */
export async function auditWorkbook(input: WorkbookInput): Promise<Buffer> {
  const text = (key: string): string => input.texts.get(key) ?? key;
  const { workbook, finish } = bufferedWorkbook({ styles: true });
  if (input.rows.length < input.total) {
    const notes = workbook.addWorksheet(text('auditLog.export.notesSheet'));
    notes.getColumn(1).width = 100;
    notes
      .addRow([
        text('auditLog.export.capped')
          .replace('{shown}', String(input.rows.length))
          .replace('{total}', String(input.total)),
      ])
      .commit();
    notes.commit();
  }
  const sheet = workbook.addWorksheet(text('auditLog.export.sheet'), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = EXPORT_COLUMNS.map((c) => ({ key: c.key, header: text(c.header), width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of input.rows) {
    sheet
      .addRow({
        at: utcText(row.at),
        username: row.username,
        userId: row.userId,
        companyId: row.companyId,
        action: row.action,
        targetType: row.targetType,
        targetId: row.targetId,
        status: row.status,
        clientAddress: row.clientAddress,
        requestId: row.requestId,
        detail: row.detail === null ? null : JSON.stringify(row.detail),
      })
      .commit();
  }
  sheet.commit();
  return finish();
}
