// How telemetry rows travel to the database: COPY text lines (PostgreSQL), JSON records for
// json_to_recordset (PGlite, which parses one JSON parameter much faster than a long VALUES list), and
// VALUES tuples (the benchmark's baseline of a raw multi-row INSERT).
import { TelemetryColumns } from '@sunfleet/contracts';
import type { MeasureValues, TelemetryRow } from './telemetry.prepare.js';

/** A row with what the message adds to it. */
export interface KeyedRow {
  row: TelemetryRow;
  gatewayId: number;
  backlog: boolean;
}

/** Columns written, in COPY / INSERT order (received_at takes its default). */
export const WRITE_COLUMNS = [
  'device_id',
  'ts',
  'gateway_id',
  'backlog',
  ...TelemetryColumns,
  'mppt_v',
  'mppt_i',
  'mppt_p',
  'extra',
] as const;
export const COLUMN_LIST = WRITE_COLUMNS.join(', ');

/** The column definition list of json_to_recordset over the JSON records below. */
export const RECORD_TYPES = [
  'device_id int',
  'ts timestamptz',
  'gateway_id int',
  'backlog boolean',
  ...TelemetryColumns.map((c) => `${c} ${c === 'status_code' ? 'int' : 'float8'}`),
  'mppt_v float8[]',
  'mppt_i float8[]',
  'mppt_p float8[]',
  'extra jsonb',
].join(', ');

const copyNumber = (n: number | null | undefined): string =>
  n === null || n === undefined ? '\\N' : String(n);
const copyArray = (a: (number | null)[] | null): string =>
  a === null ? '\\N' : `{${a.map((n) => (n === null ? 'NULL' : String(n))).join(',')}}`;
// COPY text format: backslash is the escape character; JSON has already escaped tabs and newlines.
const copyJson = (v: MeasureValues | null): string =>
  v === null ? '\\N' : JSON.stringify(v).replace(/\\/g, '\\\\');

/** One line of COPY text format. */
export function copyLine(r: KeyedRow): string {
  const { row } = r;
  let line = `${row.deviceId}\t${new Date(row.ts).toISOString()}\t${r.gatewayId}\t${r.backlog ? 't' : 'f'}`;
  for (const column of TelemetryColumns) line += `\t${copyNumber(row.columns[column])}`;
  return `${line}\t${copyArray(row.mpptV)}\t${copyArray(row.mpptI)}\t${copyArray(row.mpptP)}\t${copyJson(row.extra)}\n`;
}

/** COPY data in chunks of 500 rows (one huge string would double the peak memory). */
export function copyChunks(rows: readonly KeyedRow[]): string[] {
  const chunks: string[] = [];
  let chunk = '';
  let n = 0;
  for (const row of rows) {
    chunk += copyLine(row);
    if (++n % 500 === 0) {
      chunks.push(chunk);
      chunk = '';
    }
  }
  if (chunk !== '') chunks.push(chunk);
  return chunks;
}

/** One JSON record per row for json_to_recordset; absent keys read as NULL. */
export function jsonRecords(rows: readonly KeyedRow[]): string {
  return JSON.stringify(
    rows.map(({ row, gatewayId, backlog }) => ({
      device_id: row.deviceId,
      ts: new Date(row.ts).toISOString(),
      gateway_id: gatewayId,
      backlog,
      ...row.columns,
      mppt_v: row.mpptV,
      mppt_i: row.mpptI,
      mppt_p: row.mpptP,
      extra: row.extra,
    })),
  );
}

const sqlNumber = (n: number | null | undefined): string =>
  n === null || n === undefined ? 'NULL' : String(n);
const sqlArray = (a: (number | null)[] | null): string =>
  a === null ? 'NULL' : `'{${a.map((n) => (n === null ? 'NULL' : String(n))).join(',')}}'::float8[]`;
const sqlJson = (v: MeasureValues | null): string =>
  v === null ? 'NULL' : `'${JSON.stringify(v).replace(/'/g, "''")}'::jsonb`;

/**
 * One row of a multi-row VALUES list. Every value is a finite number, a boolean, an ISO time or JSON in a
 * quoted literal with quotes doubled (standard_conforming_strings is on), so inlining is safe.
 */
export function valuesTuple(r: KeyedRow): string {
  const { row } = r;
  let tuple = `(${row.deviceId},'${new Date(row.ts).toISOString()}',${r.gatewayId},${r.backlog}`;
  for (const column of TelemetryColumns) tuple += `,${sqlNumber(row.columns[column])}`;
  return `${tuple},${sqlArray(row.mpptV)},${sqlArray(row.mpptI)},${sqlArray(row.mpptP)},${sqlJson(row.extra)})`;
}
