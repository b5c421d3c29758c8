// How telemetry rows travel to the database: COPY text lines (PostgreSQL) or JSON records for
// json_to_recordset (PGlite, which parses one JSON parameter much faster than a long VALUES list). Each
// reading is encoded once, when its message is prepared, straight from the definition's compiled
// column map into the text the writer sends: no wide-row objects per reading, and what waits in the
// batch queue is one string per row.
import { MpptColumns, TelemetryColumns } from '@sunfleet/contracts';
import type { DeviceType } from '@sunfleet/contracts';
import { isProducing, mpptSlot, TYPED_SLOTS, wideCells, type WideRowMapper } from '@sunfleet/domain';

/** The merged values of one reading, by measure key. */
export type MeasureValues = Record<string, number | string | null>;

/**
 * The typed facts of one reading (device_latest's typed columns), from the registers the definition maps
 * to these columns, whatever the protocol calls them.
 */
export interface ReadingFacts {
  powerW: number | null;
  energyTodayWh: number | null;
  energyTotalWh: number | null;
  socPct: number | null;
  stateCode: number | null;
  producing: boolean;
}

/** 'copy': one line of COPY text format; 'json': one JSON record for json_to_recordset. */
export type RowFormat = 'copy' | 'json';

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

const INT32_MAX = 2_147_483_647;
const STATUS_SLOT = TelemetryColumns.indexOf('status_code');
const POWER_SLOT = TelemetryColumns.indexOf('power_w');
const TODAY_SLOT = TelemetryColumns.indexOf('energy_today_wh');
const TOTAL_SLOT = TelemetryColumns.indexOf('energy_total_wh');
const SOC_SLOT = TelemetryColumns.indexOf('soc_pct');
/** `,"power_w":` … per typed column, for the JSON records. */
const JSON_KEYS = TelemetryColumns.map((c) => `,"${c}":`);
const JSON_MPPT_KEYS = MpptColumns.map((c) => `,"${c}":`);

/** The cell's number when it holds a finite one. */
const finiteCell = (cells: readonly (number | null | undefined)[], slot: number): number | null => {
  const v = cells[slot];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};

/** A number as JSON.stringify writes it (NaN and ±Infinity as null). */
const jsonNumber = (n: number): string => (Number.isFinite(n) ? String(n) : 'null');

/**
 * Encodes readings into rows of one format. Not reentrant (it maps into one set of reusable cells), and
 * it remembers the last timestamp's ISO text: the readings of one message mostly share a few times.
 */
export class RowEncoder {
  private readonly wide = wideCells();
  private lastTs = Number.NaN;
  private lastIso = '';

  constructor(readonly format: RowFormat) {}

  /**
   * One reading as a row. Numbers and nulls of registers with a column land in that column, MPPT
   * channels in their arrays (ending at the highest channel holding a number), everything else in the
   * jsonb rest (toWideRow's rules). status_code is an integer column: a fractional status is rounded and
   * one beyond int4 stored as null — a device quirk, not a reason to lose the row.
   */
  encode(
    mapper: WideRowMapper,
    deviceId: number,
    ts: number,
    gatewayId: number,
    backlog: boolean,
    values: MeasureValues,
  ): string {
    const wide = this.wide;
    mapper.map(values, wide);
    const status = wide.cells[STATUS_SLOT];
    if (typeof status === 'number') {
      wide.cells[STATUS_SLOT] = Math.abs(status) <= INT32_MAX ? Math.round(status) : null;
    }
    if (ts !== this.lastTs) {
      this.lastIso = new Date(ts).toISOString();
      this.lastTs = ts;
    }
    const row =
      this.format === 'copy'
        ? this.copyLine(deviceId, gatewayId, backlog, values)
        : this.jsonRecord(deviceId, gatewayId, backlog, values);
    // Built piece by piece, the row is a tree of some forty string pieces until something reads it; reading
    // one character makes V8 flatten it now, so the batch queue holds one flat string per row (less for
    // the GC to walk) and the writer's join copies flat strings.
    row.charCodeAt(0);
    return row;
  }

  /** The typed facts of the reading encoded last. */
  facts(deviceType: DeviceType): ReadingFacts {
    // Called for every reading: no closure per call.
    const cells = this.wide.cells;
    const powerW = finiteCell(cells, POWER_SLOT);
    const stateCode = finiteCell(cells, STATUS_SLOT);
    return {
      powerW,
      energyTodayWh: finiteCell(cells, TODAY_SLOT),
      energyTotalWh: finiteCell(cells, TOTAL_SLOT),
      socPct: finiteCell(cells, SOC_SLOT),
      stateCode,
      producing: isProducing({ deviceType, powerW, stateCode }),
    };
  }

  private copyLine(deviceId: number, gatewayId: number, backlog: boolean, values: MeasureValues): string {
    const { cells, mpptLength } = this.wide;
    let line = `${deviceId}\t${this.lastIso}\t${gatewayId}${backlog ? '\tt' : '\tf'}`;
    for (let slot = 0; slot < TYPED_SLOTS; slot++) {
      const value = cells[slot];
      line += value === null || value === undefined ? '\t\\N' : `\t${value}`;
    }
    for (let m = 0; m < mpptLength.length; m++) {
      const length = mpptLength[m] ?? 0;
      if (length === 0) {
        line += '\t\\N';
        continue;
      }
      line += '\t{';
      for (let channel = 1; channel <= length; channel++) {
        const value = cells[mpptSlot(m, channel)];
        if (channel > 1) line += ',';
        line += value === null || value === undefined ? 'NULL' : String(value);
      }
      line += '}';
    }
    if (this.wide.extraCount === 0) return `${line}\t\\N\n`;
    // COPY text format: backslash is the escape character; JSON has already escaped tabs and newlines.
    const json = this.extraJson(values);
    return `${line}\t${json.includes('\\') ? json.replace(/\\/g, '\\\\') : json}\n`;
  }

  private jsonRecord(deviceId: number, gatewayId: number, backlog: boolean, values: MeasureValues): string {
    const { cells, mpptLength } = this.wide;
    let record = `{"device_id":${deviceId},"ts":"${this.lastIso}","gateway_id":${gatewayId},"backlog":${backlog}`;
    for (let slot = 0; slot < TYPED_SLOTS; slot++) {
      const value = cells[slot];
      // Absent columns are left out: json_to_recordset reads them as NULL.
      if (value !== undefined)
        record += `${JSON_KEYS[slot] ?? ''}${value === null ? 'null' : jsonNumber(value)}`;
    }
    for (let m = 0; m < mpptLength.length; m++) {
      const length = mpptLength[m] ?? 0;
      record += JSON_MPPT_KEYS[m] ?? '';
      if (length === 0) {
        record += 'null';
        continue;
      }
      record += '[';
      for (let channel = 1; channel <= length; channel++) {
        const value = cells[mpptSlot(m, channel)];
        if (channel > 1) record += ',';
        record += value === null || value === undefined ? 'null' : jsonNumber(value);
      }
      record += ']';
    }
    return `${record},"extra":${this.wide.extraCount === 0 ? 'null' : this.extraJson(values)}}`;
  }

  /** The jsonb rest as JSON.stringify writes the object of those keys (in the reading's key order). */
  private extraJson(values: MeasureValues): string {
    const { extraKeys, extraCount } = this.wide;
    let json = '{';
    for (let i = 0; i < extraCount; i++) {
      const key = extraKeys[i] ?? '';
      const value = values[key] ?? null;
      if (i > 0) json += ',';
      json += `${JSON.stringify(key)}:${
        typeof value === 'number' ? jsonNumber(value) : value === null ? 'null' : JSON.stringify(value)
      }`;
    }
    return `${json}}`;
  }
}

/** Bytes per COPY data chunk handed to the driver (one huge string would double the peak memory). */
const COPY_CHUNK_CHARS = 256 * 1024;

/** COPY data for rows encoded as COPY lines, in chunks. */
export function copyChunks(lines: readonly { encoded: string }[]): string[] {
  const chunks: string[] = [];
  let parts: string[] = [];
  let size = 0;
  for (const { encoded } of lines) {
    parts.push(encoded);
    size += encoded.length;
    if (size >= COPY_CHUNK_CHARS) {
      chunks.push(parts.join(''));
      parts = [];
      size = 0;
    }
  }
  if (parts.length > 0) chunks.push(parts.join(''));
  return chunks;
}

/** The JSON array of rows encoded as JSON records, for json_to_recordset. */
export function jsonRecords(records: readonly { encoded: string }[]): string {
  const parts: string[] = [];
  for (const { encoded } of records) parts.push(encoded);
  return `[${parts.join(',')}]`;
}
