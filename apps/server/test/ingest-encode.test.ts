// The rows the ingest sends (COPY lines, JSON records), encoded straight from the compiled column map,
// against the same rows built the plain way: toWideRow, then the row's text (no database).
import { BUILT_IN_DEFINITIONS, TelemetryColumns, type RegisterDefinition } from '@sunfleet/contracts';
import { toWideRow, WideRowMapper } from '@sunfleet/domain';
import { describe, expect, it } from 'vitest';
import { copyChunks, jsonRecords, RowEncoder } from '../src/modules/ingest/telemetry.encode.js';
import type { MeasureValues } from '../src/modules/ingest/telemetry.prepare.js';

/** The row as the ingest stored it before rows were encoded at prepare time. */
function referenceRow(registers: readonly RegisterDefinition[], values: MeasureValues) {
  const wide = toWideRow(registers, values);
  const status = wide.columns.status_code;
  if (typeof status === 'number') {
    wide.columns.status_code = Math.abs(status) <= 2_147_483_647 ? Math.round(status) : null;
  }
  return {
    columns: wide.columns,
    mpptV: wide.mppt.mppt_v.length > 0 ? wide.mppt.mppt_v : null,
    mpptI: wide.mppt.mppt_i.length > 0 ? wide.mppt.mppt_i : null,
    mpptP: wide.mppt.mppt_p.length > 0 ? wide.mppt.mppt_p : null,
    extra: Object.keys(wide.extra).length > 0 ? wide.extra : null,
  };
}

function referenceCopyLine(
  deviceId: number,
  ts: number,
  gatewayId: number,
  backlog: boolean,
  row: ReturnType<typeof referenceRow>,
): string {
  const copyNumber = (n: number | null | undefined): string =>
    n === null || n === undefined ? '\\N' : String(n);
  const copyArray = (a: (number | null)[] | null): string =>
    a === null ? '\\N' : `{${a.map((n) => (n === null ? 'NULL' : String(n))).join(',')}}`;
  const copyJson = (v: MeasureValues | null): string =>
    v === null ? '\\N' : JSON.stringify(v).replace(/\\/g, '\\\\');
  let line = `${deviceId}\t${new Date(ts).toISOString()}\t${gatewayId}\t${backlog ? 't' : 'f'}`;
  for (const column of TelemetryColumns) line += `\t${copyNumber(row.columns[column])}`;
  return `${line}\t${copyArray(row.mpptV)}\t${copyArray(row.mpptI)}\t${copyArray(row.mpptP)}\t${copyJson(row.extra)}\n`;
}

function referenceRecord(
  deviceId: number,
  ts: number,
  gatewayId: number,
  backlog: boolean,
  row: ReturnType<typeof referenceRow>,
): unknown {
  return {
    device_id: deviceId,
    ts: new Date(ts).toISOString(),
    gateway_id: gatewayId,
    backlog,
    ...row.columns,
    mppt_v: row.mpptV,
    mppt_i: row.mpptI,
    mppt_p: row.mpptP,
    extra: row.extra,
  };
}

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STRINGS = ['SF-INV', 'back\\slash', 'tab\tnew\nline', 'quote " and \'', 'ünïcødé ☀', '\\N', ''];
const NUMBERS = [0, -0, 1, -1.5, 4.000001, 1e21, 1e-7, 123456789.123, 2_147_483_647.4, 3e9, -3e9, 7.5, NaN];

function readings(registers: readonly RegisterDefinition[], seed: number, n: number): MeasureValues[] {
  const next = random(seed);
  const keys = [...registers.map((r) => r.key), 'Extra1', 'zz', 'constructor'];
  const out: MeasureValues[] = [];
  for (let i = 0; i < n; i++) {
    const values = Object.create(null) as MeasureValues;
    for (const key of keys) {
      const p = next();
      if (p < 0.5) continue;
      if (p < 0.6) values[key] = null;
      else if (p < 0.67) values[key] = STRINGS[Math.floor(next() * STRINGS.length)]!;
      else if (p < 0.75) values[key] = NUMBERS[Math.floor(next() * NUMBERS.length)]!;
      else values[key] = Math.round((next() - 0.3) * 1e7) / 1000;
    }
    out.push(values);
  }
  return out;
}

describe('telemetry row encoding', () => {
  const definitions = [...BUILT_IN_DEFINITIONS.map((d) => d.registers), []];
  const ts0 = Date.UTC(2026, 4, 31, 23, 59);

  it('writes the COPY line of the plain wide row, for every built-in definition and no definition', () => {
    const encoder = new RowEncoder('copy');
    definitions.forEach((registers, d) => {
      const mapper = WideRowMapper.of(registers);
      readings(registers, d + 1, 300).forEach((values, i) => {
        const ts = ts0 + Math.floor(i / 3) * 60_000;
        const backlog = i % 7 === 0;
        expect(encoder.encode(mapper, 100 + d, ts, 9, backlog, values)).toBe(
          referenceCopyLine(100 + d, ts, 9, backlog, referenceRow(registers, values)),
        );
      });
    });
  });

  it('writes the JSON record of the plain wide row, for every built-in definition and no definition', () => {
    const encoder = new RowEncoder('json');
    definitions.forEach((registers, d) => {
      const mapper = WideRowMapper.of(registers);
      const rows = readings(registers, 50 + d, 300);
      const encoded = rows.map((values, i) => ({
        encoded: encoder.encode(mapper, 7, ts0 + i * 1000, 3, i % 2 === 0, values),
      }));
      const expected = rows.map((values, i) =>
        referenceRecord(7, ts0 + i * 1000, 3, i % 2 === 0, referenceRow(registers, values)),
      );
      expect(JSON.parse(jsonRecords(encoded))).toEqual(JSON.parse(JSON.stringify(expected)));
    });
  });

  it('rounds a fractional status and drops one beyond int4', () => {
    const registers = BUILT_IN_DEFINITIONS.find((d) => d.code === 'sunspec-inverter-3p')!.registers;
    const encoder = new RowEncoder('json');
    const statusOf = (St: number): unknown =>
      (
        JSON.parse(encoder.encode(WideRowMapper.of(registers), 1, ts0, 1, false, { St })) as Record<
          string,
          unknown
        >
      ).status_code;
    expect(statusOf(4.4)).toBe(4);
    expect(statusOf(3e9)).toBeNull();
  });

  it('cuts COPY data into chunks at line ends', () => {
    const encoder = new RowEncoder('copy');
    const mapper = WideRowMapper.of([]);
    const rows = Array.from({ length: 5_000 }, (_, i) => ({
      encoded: encoder.encode(mapper, i, ts0, 1, false, { note: 'x'.repeat(60) }),
    }));
    const chunks = copyChunks(rows);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.every((c) => c.endsWith('\n'))).toBe(true);
    expect(chunks.join('')).toBe(rows.map((r) => r.encoded).join(''));
  });
});
