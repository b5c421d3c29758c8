// The factory's logger import: an XLSX with the columns SN, MAC and Model under a header row is read and
// checked whole (all or nothing), and the answer is an XLSX of the new credentials — the only time the
// secrets exist in clear.
import { GatewayLimits, GatewayMessage, RuleMessage, type FieldError } from '@sunfleet/contracts';
import type { FastifyRequest } from 'fastify';
import { Errors, type AppError } from '../../lib/errors.js';
import { cellText, fileError, openImportSheet, readUploadedFile } from '../../lib/xlsx-upload.js';
import { bufferedWorkbook } from '../../lib/xlsx-writer.js';

export interface ImportRow {
  /** The spreadsheet row number, as the user sees it (the header is row 1). */
  row: number;
  sn: string;
  mac: string;
  model: string;
}

export interface RowProblem {
  row: number;
  column: 'SN' | 'MAC' | 'Model';
  rule: string;
  message: string;
}

/**
 * Reads the rows of an import file. Allow-listed by extension (.xlsx/.xls) and by content (a ZIP that
 * inflates within bounds); a legacy binary .xls is recognised and refused with its own message, since
 * no reader for it is shipped. Blank rows are skipped.
 */
export async function readImportRows(filename: string, bytes: Buffer): Promise<ImportRow[]> {
  const sheet = await openImportSheet(filename, bytes, {
    legacyXls: GatewayMessage.importLegacyXls,
    unreadable: GatewayMessage.importUnreadable,
    empty: GatewayMessage.importEmpty,
  });
  const columns = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, column) => {
    const header = cellText(cell).toLowerCase();
    if (['sn', 'mac', 'model'].includes(header) && !columns.has(header)) columns.set(header, column);
  });
  const snColumn = columns.get('sn');
  const modelColumn = columns.get('model');
  const macColumn = columns.get('mac');
  if (snColumn === undefined || modelColumn === undefined)
    throw fileError(GatewayMessage.importHeaderInvalid, 'row 1 must name the columns SN, MAC and Model');

  const rows: ImportRow[] = [];
  // eachRow visits stored rows only: a sheet formatted down to row 1,048,576 costs nothing extra.
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    const sn = cellText(row.getCell(snColumn));
    const model = cellText(row.getCell(modelColumn));
    const mac = macColumn === undefined ? '' : cellText(row.getCell(macColumn));
    if (sn === '' && model === '' && mac === '') return;
    rows.push({ row: number, sn, mac, model });
    if (rows.length > GatewayLimits.importRowsMax)
      throw fileError(GatewayMessage.importTooManyRows, `more than ${GatewayLimits.importRowsMax} rows`);
  });
  if (rows.length === 0) throw fileError(GatewayMessage.importEmpty, 'no logger rows under the header');
  return rows;
}

/** The refusal of a file with bad rows: 4000, every problem (up to a limit) as `row.<n>.<column>`. */
export function rowProblemsError(problems: readonly RowProblem[]): AppError {
  const listed: FieldError[] = problems.slice(0, GatewayLimits.importErrorsListed).map((p) => ({
    field: `row.${p.row}.${p.column}`,
    rule: p.rule,
    message: `row ${p.row}, ${p.column}: ${p.message}`,
  }));
  if (problems.length > listed.length) {
    listed.push({
      field: 'body.file',
      rule: GatewayMessage.importInvalid,
      message: `${problems.length - listed.length} more problems not listed`,
    });
  }
  return Errors.invalid(GatewayMessage.importInvalid, listed);
}

/** Messages for the rule keys the import uses (English, for developers; the console translates `rule`). */
export const RULE_EXPLANATION: Record<string, string> = {
  [RuleMessage.cannotBeBlank]: 'cannot be blank',
  [RuleMessage.loggerSnInvalid]: 'wrong logger SN (6–32 letters, digits, - or _)',
  [GatewayMessage.importSnDuplicate]: 'appears more than once in the file',
  [GatewayMessage.snExists]: 'already registered',
  [GatewayMessage.modelUnknown]: 'not a logger model',
  [GatewayMessage.macInvalid]: 'wrong MAC address',
};

export const CREDENTIALS_HEADERS = ['SN', 'username', 'password'] as const;

/**
 * The credentials workbook: one row per logger under the header SN, username, password. Cells are plain
 * strings (never formulas), written by the streaming writer without shared strings.
 */
export async function credentialsWorkbook(
  rows: readonly { sn: string; username: string; password: string }[],
): Promise<Buffer> {
  const { workbook, finish } = bufferedWorkbook({ styles: false });
  const sheet = workbook.addWorksheet('Loggers');
  sheet.columns = [
    { key: 'sn', width: 34 },
    { key: 'username', width: 34 },
    { key: 'password', width: 48 },
  ];
  sheet.addRow([...CREDENTIALS_HEADERS]).commit();
  for (const row of rows) sheet.addRow([row.sn, row.username, row.password]).commit();
  sheet.commit();
  return finish();
}

/**
 * The single `file` part of a multipart import request, at most GatewayLimits.importFileBytesMax bytes;
 * a missing part, another field name or an oversized file answer 4000 and nothing is read further.
 */
export function readImportUpload(request: FastifyRequest): Promise<{ filename: string; bytes: Buffer }> {
  return readUploadedFile(request, {
    maxBytes: GatewayLimits.importFileBytesMax,
    tooLargeRule: GatewayMessage.importFileTooLarge,
  });
}
