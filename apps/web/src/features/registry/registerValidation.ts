import {
  COLUMN_PATTERN,
  MEASURE_KEY_PATTERN,
  REGISTER_WORDS,
  patternRegExp,
  type RegisterDataType,
  type RegisterDefinition,
  type RegisterValueLabel,
} from '@sunfleet/contracts';

// Inline checks of the register table, mirroring what the server refuses, so the editor can point at the
// cell before anything is sent. The server checks everything again; these only spare a round trip.

/** Upper limits of RegisterDefinition (contracts registers.ts). */
export const RegisterLimits = {
  addressMax: 65_535,
  countMax: 64,
  scaleMin: -6,
  scaleMax: 6,
  nameKeyMax: 100,
  unitMax: 16,
  groupMax: 48,
  keyMax: 48,
} as const;

/**
 * A register as sent. contracts' RegisterDefinition builds `dataType` with Type.Union over mapped literals,
 * whose static type collapses to `never`; this restates the field with the real union.
 */
export type Register = Omit<RegisterDefinition, 'dataType'> & { dataType: RegisterDataType };

/** A register row while it is edited: numbers may still be empty. `rowId` keeps React keys stable. */
export interface RegisterDraft {
  rowId: string;
  key: string;
  nameKey: string;
  address: number | null;
  count: number | null;
  dataType: RegisterDataType;
  scale: number | null;
  unit: string;
  group: string;
  writable: boolean;
  min: number | null;
  max: number | null;
  column: string | null;
  /** Words of an enumerated register's values: kept as they are (no editor yet). */
  values?: RegisterValueLabel[];
}

export type RegisterField = Exclude<keyof RegisterDraft, 'rowId' | 'values'>;

/** One problem: a translation key and its interpolation values. */
export interface Issue {
  message: string;
  values?: Record<string, string | number>;
}

export type RowIssues = Partial<Record<RegisterField, Issue>>;

export interface RegisterCheck {
  /** Problems per row id; rows without problems are absent. */
  rows: Map<string, RowIssues>;
  /** Row ids whose address range overlaps another row's. */
  overlapping: Set<string>;
  /** True when nothing stands in the way of saving. */
  ok: boolean;
}

const keyRegExp = patternRegExp(MEASURE_KEY_PATTERN);
/** Data types written as numbers; STRING, VERSION and IP have no numeric range. */
const NUMERIC_TYPES: ReadonlySet<RegisterDataType> = new Set(['S16', 'U16', 'S32', 'U32', 'F32']);
const columnRegExp = patternRegExp(COLUMN_PATTERN);

/** Registers a data type occupies, or undefined for STRING (it uses its own count). */
export function wordsOf(dataType: RegisterDataType): number | undefined {
  return dataType === 'STRING' ? undefined : REGISTER_WORDS[dataType];
}

function isInteger(value: number | null): value is number {
  return value !== null && Number.isInteger(value);
}

/** The checks of one row that need no other row. */
export function checkRow(row: RegisterDraft, groups?: ReadonlySet<string>): RowIssues {
  const issues: RowIssues = {};
  const key = row.key.trim();
  if (key === '') issues.key = { message: 'rule.cannotBeBlank' };
  else if (!keyRegExp.test(key)) issues.key = { message: 'registry.error.keyFormat' };

  if (row.nameKey.trim() === '') issues.nameKey = { message: 'rule.cannotBeBlank' };
  else if (row.nameKey.length > RegisterLimits.nameKeyMax) issues.nameKey = { message: 'rule.tooLong' };

  if (row.address === null) issues.address = { message: 'rule.cannotBeBlank' };
  else if (!isInteger(row.address) || row.address < 0 || row.address > RegisterLimits.addressMax)
    issues.address = { message: 'registry.error.addressRange', values: { max: RegisterLimits.addressMax } };

  const words = wordsOf(row.dataType);
  if (row.count === null) issues.count = { message: 'rule.cannotBeBlank' };
  else if (!isInteger(row.count) || row.count < 1 || row.count > RegisterLimits.countMax)
    issues.count = { message: 'registry.error.countRange', values: { max: RegisterLimits.countMax } };
  else if (words !== undefined && row.count !== words)
    issues.count = { message: 'registry.error.countForType', values: { type: row.dataType, words } };
  else if (isInteger(row.address) && row.address + row.count - 1 > RegisterLimits.addressMax)
    issues.count = { message: 'registry.error.pastEnd', values: { max: RegisterLimits.addressMax } };

  if (row.scale === null) issues.scale = { message: 'rule.cannotBeBlank' };
  else if (
    !isInteger(row.scale) ||
    row.scale < RegisterLimits.scaleMin ||
    row.scale > RegisterLimits.scaleMax
  )
    issues.scale = {
      message: 'registry.error.scaleRange',
      values: { min: RegisterLimits.scaleMin, max: RegisterLimits.scaleMax },
    };

  if (row.unit.length > RegisterLimits.unitMax) issues.unit = { message: 'rule.tooLong' };

  const group = row.group.trim();
  if (group === '') issues.group = { message: 'rule.cannotBeBlank' };
  else if (group.length > RegisterLimits.groupMax) issues.group = { message: 'rule.tooLong' };
  else if (groups !== undefined && !groups.has(group))
    issues.group = { message: 'registry.error.unknownGroup' };

  if (row.min !== null && row.max !== null && row.min > row.max)
    issues.max = { message: 'registry.error.minAboveMax' };
  // A value written to a device must be checked against limits, so writable numbers need both.
  if (row.writable && NUMERIC_TYPES.has(row.dataType)) {
    if (row.min === null) issues.min = { message: 'registry.error.rangeRequired' };
    if (row.max === null) issues.max ??= { message: 'registry.error.rangeRequired' };
  }

  if (row.column !== null && row.column !== '') {
    if (!columnRegExp.test(row.column)) issues.column = { message: 'registry.error.columnFormat' };
    // Telemetry columns hold numbers; text values go to the rest of the row.
    else if (!NUMERIC_TYPES.has(row.dataType)) issues.column = { message: 'registry.error.columnNotNumeric' };
  }
  return issues;
}

/** Half-open word range [start, end) of a row, when its address and count are usable. */
function rangeOf(row: RegisterDraft): [number, number] | undefined {
  if (!isInteger(row.address) || !isInteger(row.count) || row.count < 1) return undefined;
  return [row.address, row.address + row.count];
}

/**
 * Checks the whole table: each row, then the rules between rows — measure keys are unique, wide-row
 * columns are unique, and no two address ranges share a register. An overlap marks both rows and names
 * the other row's key, so the user sees which pair collides.
 */
export function checkRegisters(rows: readonly RegisterDraft[], groups?: ReadonlySet<string>): RegisterCheck {
  const result = new Map<string, RowIssues>();
  const overlapping = new Set<string>();
  const add = (rowId: string, field: RegisterField, issue: Issue): void => {
    const issues = result.get(rowId) ?? {};
    // The row's own problem is the more useful message; a cross-row one only fills an empty cell.
    if (issues[field] === undefined) issues[field] = issue;
    result.set(rowId, issues);
  };
  for (const row of rows) {
    const issues = checkRow(row, groups);
    if (Object.keys(issues).length > 0) result.set(row.rowId, issues);
  }

  const byKey = new Map<string, string[]>();
  const byColumn = new Map<string, string[]>();
  for (const row of rows) {
    const key = row.key.trim();
    if (key !== '') byKey.set(key, [...(byKey.get(key) ?? []), row.rowId]);
    if (row.column !== null && row.column !== '')
      byColumn.set(row.column, [...(byColumn.get(row.column) ?? []), row.rowId]);
  }
  for (const ids of byKey.values())
    if (ids.length > 1) for (const id of ids) add(id, 'key', { message: 'registry.error.keyDuplicate' });
  for (const ids of byColumn.values())
    if (ids.length > 1)
      for (const id of ids) add(id, 'column', { message: 'registry.error.columnDuplicate' });

  // Sorted by start, each range only needs comparing with the ones that start before it ends.
  const ranged = rows
    .map((row) => ({ row, range: rangeOf(row) }))
    .filter((r): r is { row: RegisterDraft; range: [number, number] } => r.range !== undefined)
    .sort((a, b) => a.range[0] - b.range[0]);
  ranged.forEach((a, i) => {
    for (const b of ranged.slice(i + 1)) {
      if (b.range[0] >= a.range[1]) break;
      overlapping.add(a.row.rowId).add(b.row.rowId);
      add(a.row.rowId, 'address', { message: 'registry.error.overlap', values: { other: b.row.key } });
      add(b.row.rowId, 'address', { message: 'registry.error.overlap', values: { other: a.row.key } });
    }
  });
  return { rows: result, overlapping, ok: result.size === 0 };
}

let nextRowId = 0;

/** A fresh row id, unique within this page's lifetime. */
export function newRowId(): string {
  nextRowId += 1;
  return `r${String(nextRowId)}`;
}

/** Editable rows from stored registers. */
export function toDrafts(registers: readonly Register[]): RegisterDraft[] {
  return registers.map((r) => ({ ...r, rowId: newRowId() }));
}

/**
 * A new row placed right after the last register, sized for U16, in the group of the row before it, so a
 * fresh row never starts out overlapping another.
 */
export function emptyDraft(rows: readonly RegisterDraft[], defaultGroup: string): RegisterDraft {
  const end = rows.reduce((acc, r) => {
    const range = rangeOf(r);
    return range === undefined ? acc : Math.max(acc, range[1]);
  }, 0);
  return {
    rowId: newRowId(),
    key: '',
    nameKey: '',
    address: Math.min(end, RegisterLimits.addressMax),
    count: 1,
    dataType: 'U16',
    scale: 0,
    unit: '',
    group: rows.at(-1)?.group ?? defaultGroup,
    writable: false,
    min: null,
    max: null,
    column: null,
  };
}

/** Stored registers from checked rows (call only when `checkRegisters(...).ok`). */
export function fromDrafts(rows: readonly RegisterDraft[]): Register[] {
  return rows.map((r) => ({
    key: r.key.trim(),
    nameKey: r.nameKey.trim(),
    address: r.address ?? 0,
    count: r.count ?? 1,
    dataType: r.dataType,
    scale: r.scale ?? 0,
    unit: r.unit.trim(),
    group: r.group.trim(),
    writable: r.writable,
    min: r.min,
    max: r.max,
    column: r.column === '' ? null : r.column,
    // Value labels have no editor yet; a copied built-in register keeps its words when saved.
    ...(r.values === undefined ? {} : { values: r.values }),
  }));
}

/** When the data type changes, a fixed-width type brings its own count; STRING keeps what was there. */
export function withDataType(row: RegisterDraft, dataType: RegisterDataType): RegisterDraft {
  const words = wordsOf(dataType);
  return { ...row, dataType, count: words ?? row.count };
}

const REGISTER_FIELDS: readonly RegisterField[] = [
  'key',
  'nameKey',
  'address',
  'count',
  'dataType',
  'scale',
  'unit',
  'group',
  'writable',
  'min',
  'max',
  'column',
];

/**
 * The server's 4000 field errors that name a register (`body.registers.3.address`, rule = message key),
 * placed on the matching row and cell. Anything else is left to the toast the request layer showed.
 */
export function serverRegisterIssues(data: unknown, rows: readonly RegisterDraft[]): Map<string, RowIssues> {
  const result = new Map<string, RowIssues>();
  if (!Array.isArray(data)) return result;
  for (const item of data as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { field, rule } = item as { field?: unknown; rule?: unknown };
    if (typeof field !== 'string') continue;
    const match = /^(?:body\.)?registers[.[/](\d+)\]?[./]?(\w+)?/.exec(field);
    if (match === null) continue;
    const row = rows[Number(match[1])];
    const name = (match[2] ?? 'key') as RegisterField;
    if (row === undefined || !REGISTER_FIELDS.includes(name)) continue;
    const issues = result.get(row.rowId) ?? {};
    issues[name] ??= { message: typeof rule === 'string' && rule !== '' ? rule : 'InvalidInput' };
    result.set(row.rowId, issues);
  }
  return result;
}
