// Maps decoded values onto the telemetry wide row: typed columns, MPPT arrays, and the jsonb rest. The
// register's `column` (from its protocol definition) decides; nothing per model is hard-coded.
import {
  MPPT_CHANNELS_MAX,
  MpptColumns,
  TelemetryColumns,
  type MpptColumn,
  type RegisterDefinition,
  type TelemetryColumn,
} from '@sunfleet/contracts';

export interface WideRow {
  columns: Partial<Record<TelemetryColumn, number | null>>;
  /** index 0 = channel 1; length = highest channel present, missing = null */
  mppt: Record<MpptColumn, (number | null)[]>;
  /** every value without a column (incl. keys not in the definition) */
  extra: Record<string, number | string | null>;
}

/** Where a register's `column` sends its values: a typed column or one MPPT channel. */
export type ColumnTarget =
  { kind: 'column'; column: TelemetryColumn } | { kind: 'mppt'; column: MpptColumn; channel: number };

const TELEMETRY_COLUMNS: ReadonlySet<string> = new Set(TelemetryColumns);
const MPPT_COLUMN = new RegExp(`^(${MpptColumns.join('|')})\\[(\\d{1,2})\\]$`);

/** The target of a register's `column`, or null for none (or one no column matches): the jsonb rest. */
export function columnTarget(column: string | null): ColumnTarget | null {
  if (column === null) return null;
  if (TELEMETRY_COLUMNS.has(column)) return { kind: 'column', column: column as TelemetryColumn };
  const match = MPPT_COLUMN.exec(column);
  if (!match) return null;
  const channel = Number(match[2]);
  if (channel < 1 || channel > MPPT_CHANNELS_MAX) return null;
  return { kind: 'mppt', column: match[1] as MpptColumn, channel };
}

/**
 * Splits one reading's values into the wide row. Numbers (and nulls) of a register with a column land in
 * that column; a string aimed at a numeric column, a value of a register without a column and any key the
 * definition does not know land in `extra`. MPPT arrays end at the highest channel holding a number:
 * a 2-tracker inverter served by a 15-tracker definition reports channels 3…15 as "not implemented"
 * (null), and storing thirteen trailing nulls per row would only cost space.
 */
export function toWideRow(
  registers: readonly RegisterDefinition[],
  values: Record<string, number | string | null>,
): WideRow {
  const targets = new Map<string, ColumnTarget | null>();
  for (const register of registers) targets.set(register.key, columnTarget(register.column));

  const columns: Partial<Record<TelemetryColumn, number | null>> = {};
  // Null prototypes: a reading's key `__proto__` or `constructor` stays an ordinary own property.
  const extra = Object.create(null) as Record<string, number | string | null>;
  const channels = new Map<MpptColumn, Map<number, number | null>>();

  for (const key of Object.keys(values)) {
    const value = values[key];
    if (value === undefined) continue;
    const target = targets.get(key) ?? null;
    if (target === null || typeof value === 'string') {
      extra[key] = value;
    } else if (target.kind === 'column') {
      columns[target.column] = value;
    } else {
      let perChannel = channels.get(target.column);
      if (!perChannel) channels.set(target.column, (perChannel = new Map<number, number | null>()));
      perChannel.set(target.channel, value);
    }
  }

  const mppt = {} as Record<MpptColumn, (number | null)[]>;
  for (const column of MpptColumns) {
    const perChannel = channels.get(column);
    let highest = 0;
    for (const [channel, value] of perChannel ?? []) if (value !== null) highest = Math.max(highest, channel);
    mppt[column] = Array.from({ length: highest }, (_, i) => perChannel?.get(i + 1) ?? null);
  }
  return { columns, mppt, extra };
}
