// The catalogue as a spreadsheet: the export workbook and the reading and checking of an import file. The
// columns are FAULT_CODE_SHEET_COLUMNS; an exported file imports unchanged.
import {
  AlarmLevels,
  FAULT_CODE_SHEET_COLUMNS,
  FaultCodeLimits,
  FaultCodeMessage,
  LANGUAGE_KEYS,
  type AlarmLevel,
  type DeviceType,
  type FaultCode,
  type FaultCodeText,
  type FaultCodeTexts,
  type FieldError,
} from '@sunfleet/contracts';
import { Errors, type AppError } from '../../lib/errors.js';
import { holdsNul } from '../../lib/text.js';
import { cellText, fileError, openImportSheet } from '../../lib/xlsx-upload.js';
import type { FaultCodeValues } from './fault-codes.repository.js';
import { bufferedWorkbook } from '../../lib/xlsx-writer.js';

/** A column header of FAULT_CODE_SHEET_COLUMNS. */
type Column = string;

/** The export: one row per entry under the header row, plain strings and numbers (never formulas). */
export async function faultCodeWorkbook(entries: readonly FaultCode[]): Promise<Buffer> {
  const { workbook, finish } = bufferedWorkbook({ styles: false });
  const sheet = workbook.addWorksheet('Fault codes');
  sheet.columns = FAULT_CODE_SHEET_COLUMNS.map((header, i) => ({
    key: header,
    width: i < 5 ? 20 : header.startsWith('Description') ? 36 : 60,
  }));
  sheet.addRow([...FAULT_CODE_SHEET_COLUMNS]).commit();
  for (const e of entries) {
    sheet
      .addRow([
        e.definitionCode ?? '',
        e.deviceType ?? '',
        e.model ?? '',
        e.code,
        e.level,
        ...LANGUAGE_KEYS.flatMap((l) => [e.texts[l].description, e.texts[l].cause, e.texts[l].handling]),
      ])
      .commit();
  }
  sheet.commit();
  return finish();
}

/** One data row of an import file as read, every cell as text. */
export interface SheetRow {
  /** The spreadsheet row number as the user sees it (the header is row 1). */
  row: number;
  cells: Readonly<Record<Column, string>>;
}

/** Reads the rows under the header. Every column of FAULT_CODE_SHEET_COLUMNS must be in row 1. */
export async function readFaultCodeSheet(filename: string, bytes: Buffer): Promise<SheetRow[]> {
  const sheet = await openImportSheet(filename, bytes, {
    legacyXls: FaultCodeMessage.importLegacyXls,
    unreadable: FaultCodeMessage.importUnreadable,
    empty: FaultCodeMessage.importEmpty,
  });
  const columns = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, column) => {
    const header = cellText(cell).toLowerCase();
    if (!columns.has(header)) columns.set(header, column);
  });
  const missing = FAULT_CODE_SHEET_COLUMNS.filter((c) => !columns.has(c.toLowerCase()));
  if (missing.length > 0)
    throw fileError(FaultCodeMessage.importHeaderInvalid, `row 1 lacks the columns ${missing.join(', ')}`);

  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    const cells = Object.fromEntries(
      FAULT_CODE_SHEET_COLUMNS.map((c) => [c, cellText(row.getCell(columns.get(c.toLowerCase()) ?? 0))]),
    );
    if (Object.values(cells).every((v) => v === '')) return;
    rows.push({ row: number, cells });
    if (rows.length > FaultCodeLimits.importRowsMax)
      throw fileError(FaultCodeMessage.importTooManyRows, `more than ${FaultCodeLimits.importRowsMax} rows`);
  });
  if (rows.length === 0) throw fileError(FaultCodeMessage.importEmpty, 'no fault-code rows under the header');
  return rows;
}

export interface RowProblem {
  row: number;
  column: Column;
  rule: string;
  message: string;
}

/** What import rows resolve their scope against. */
export interface ScopeIndex {
  definitions: { id: number; code: string; deviceType?: DeviceType }[];
  models: { id: number; model: string; deviceType: DeviceType }[];
}

const LIMIT: Record<keyof FaultCodeText, number> = {
  description: FaultCodeLimits.descriptionMax,
  cause: FaultCodeLimits.causeMax,
  handling: FaultCodeLimits.handlingMax,
};
const FIELD_COLUMN: Record<keyof FaultCodeText, string> = {
  description: 'Description',
  cause: 'Cause',
  handling: 'Handling',
};

/**
 * Checks every row (all of them, so the answer lists every problem) and turns the good ones into values.
 * Any problem: the caller stores nothing.
 */
export function checkRows(
  rows: readonly SheetRow[],
  index: ScopeIndex,
): { values: FaultCodeValues[]; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const values: FaultCodeValues[] = [];
  const seen = new Map<string, number>();
  const definitionsByCode = new Map(index.definitions.map((d) => [d.code.toLowerCase(), d]));

  for (const { row, cells } of rows) {
    const cell = (column: Column): string => cells[column] ?? '';
    const problem = (column: Column, rule: string, message: string): void => {
      problems.push({ row, column, rule, message });
    };
    const before = problems.length;
    for (const [column, value] of Object.entries(cells))
      if (holdsNul(value)) problem(column, 'rule.format', 'contains a NUL character');

    // Scope
    let modelId: number | null = null;
    let definitionId: number | null = null;
    const definition = cell('Definition');
    const model = cell('Model');
    const deviceType = cell('Device type').toUpperCase();
    if (definition !== '' && model !== '') {
      problem('Model', FaultCodeMessage.scopeInvalid, 'give a definition or a model, not both');
    } else if (definition !== '') {
      const found = definitionsByCode.get(definition.toLowerCase());
      if (found === undefined)
        problem('Definition', FaultCodeMessage.definitionUnknown, 'no such protocol definition');
      else definitionId = found.id;
    } else if (model !== '') {
      const matches = index.models.filter(
        (m) =>
          m.model.toLowerCase() === model.toLowerCase() && (deviceType === '' || m.deviceType === deviceType),
      );
      if (matches.length === 1 && matches[0] !== undefined) modelId = matches[0].id;
      else if (matches.length === 0) problem('Model', FaultCodeMessage.modelUnknown, 'no such device model');
      else
        problem(
          'Device type',
          FaultCodeMessage.modelUnknown,
          'several device types have this model; name the type',
        );
    }

    // Code and level
    const codeText = cell('Code');
    const code = /^\d{1,5}$/.test(codeText) ? Number(codeText) : Number.NaN;
    if (!(code >= 0 && code <= FaultCodeLimits.codeMax))
      problem('Code', FaultCodeMessage.codeInvalid, `a whole number from 0 to ${FaultCodeLimits.codeMax}`);
    const level = cell('Level').toUpperCase();
    if (!(AlarmLevels as readonly string[]).includes(level))
      problem('Level', FaultCodeMessage.levelInvalid, `one of ${AlarmLevels.join(', ')}`);

    // Texts
    const texts = {} as FaultCodeTexts;
    for (const language of LANGUAGE_KEYS) {
      const text = {} as FaultCodeText;
      for (const field of ['description', 'cause', 'handling'] as const) {
        const column = `${FIELD_COLUMN[field]} ${language}`;
        const value = cell(column);
        if (value.length > LIMIT[field])
          problem(column, FaultCodeMessage.textTooLong, `at most ${LIMIT[field]} characters`);
        text[field] = value;
      }
      texts[language] = text;
    }
    if (texts.EN.description === '')
      problem('Description EN', FaultCodeMessage.descriptionRequired, 'the English description is required');

    if (problems.length > before) continue;
    const key = `${modelId ?? ''}|${definitionId ?? ''}|${code}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problem('Code', FaultCodeMessage.importDuplicate, `same scope and code as row ${earlier}`);
      continue;
    }
    seen.set(key, row);
    values.push({ modelId, definitionId, code, level: level as AlarmLevel, texts });
  }
  return { values, problems };
}

/** The refusal of a file with bad rows: 4000, every problem (up to a limit) as `row.<n>.<column>`. */
export function rowProblemsError(problems: readonly RowProblem[]): AppError {
  const listed: FieldError[] = problems.slice(0, FaultCodeLimits.importErrorsListed).map((p) => ({
    field: `row.${p.row}.${p.column}`,
    rule: p.rule,
    message: `row ${p.row}, ${p.column}: ${p.message}`,
  }));
  if (problems.length > listed.length) {
    listed.push({
      field: 'body.file',
      rule: FaultCodeMessage.importInvalid,
      message: `${problems.length - listed.length} more problems not listed`,
    });
  }
  return Errors.invalid(FaultCodeMessage.importInvalid, listed);
}
