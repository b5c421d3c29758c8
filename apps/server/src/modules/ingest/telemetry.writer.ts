// One telemetry batch = one transaction: the months' partitions, the rows, and for the rows that were
// really new: latest values, device last-seen, the rollup work queue, sequence numbers seen and the
// logger's last-seen. Unique (device, ts) keys make any redelivery or reordering harmless.
//
// Rows go in optimistically first — a plain COPY into telemetry (PostgreSQL) or a plain INSERT (PGlite),
// the database's fastest path, after which every row is new. A unique violation (a redelivery, a backlog
// overlapping what is stored) rolls that transaction back and the batch is written again the careful
// way: COPY into a per-connection staging table, then INSERT … SELECT … ON CONFLICT (device_id, ts) DO
// NOTHING RETURNING the keys really inserted (PGlite: the same INSERT from the JSON records). After a
// conflict the careful way stays in use for a few batches, since redeliveries come in bursts.
import type { Logger } from 'pino';
import type { IngestMetrics } from './metrics.js';
import type { SqlRunner, SqlTx } from './sql.js';
import {
  COLUMN_LIST,
  copyChunks,
  jsonRecords,
  RECORD_TYPES,
  RowEncoder,
  type RowFormat,
} from './telemetry.encode.js';
import type { MeasureValues, ReadingFacts } from './telemetry.encode.js';
import type { PreparedTelemetry, TelemetryRow } from './telemetry.prepare.js';
import { refreshStationFactsOfGatewaysScript } from '../facts/facts.writer.js';
import { TransientError } from './transient.js';

/**
 * Test seam: runs inside each telemetry transaction just before its last round trip, which carries the
 * follow-up statements and the COMMIT (throw to simulate a failure).
 */
export interface WriterFaults {
  beforeCommit?: () => void | Promise<void>;
}

const STAGE = 'sf_ingest_stage';
/** Batches written the careful way after a unique violation. */
const CAREFUL_AFTER_CONFLICT = 20;
const RETURNING = 'RETURNING device_id, (extract(epoch FROM ts) * 1000)::float8 AS ms';

/** Telemetry transactions keep the station facts themselves. */
const FACTS_WRITER = { factsWriter: true } as const;

const keyOf = (deviceId: number, ts: number): string => `${deviceId}:${ts}`;

/** Every row was new (optimistic path), or the keys of those that were. */
type Inserted = 'all' | ReadonlySet<string>;

/** The optimistic write met a row that is already stored. */
class Conflict extends Error {}

// ---- The follow-up statement: everything derived from the rows that were new ---------------------------

const followUp = (devices: string, seqs: string): string => `
WITH d AS (
  SELECT * FROM json_to_recordset(${devices}::json)
    AS x(device_id int, from_ts timestamptz, to_ts timestamptz, vals jsonb, seen timestamptz,
      power_w float8, energy_today_wh float8, energy_total_wh float8, soc_pct float8, state_code int,
      producing boolean)
), latest AS (
  INSERT INTO device_latest AS l (device_id, ts, values, updated_at, power_w, energy_today_wh,
    energy_total_wh, soc_pct, state_code, producing)
  SELECT device_id, to_ts, vals, now(), power_w, energy_today_wh, energy_total_wh, soc_pct, state_code,
    producing FROM d
  ON CONFLICT (device_id) DO UPDATE SET ts = excluded.ts, values = excluded.values,
    updated_at = excluded.updated_at, power_w = excluded.power_w, energy_today_wh = excluded.energy_today_wh,
    energy_total_wh = excluded.energy_total_wh, soc_pct = excluded.soc_pct, state_code = excluded.state_code,
    producing = excluded.producing
  WHERE l.ts < excluded.ts
), seen AS (
  UPDATE devices AS v SET last_seen_at = GREATEST(v.last_seen_at, d.seen) FROM d WHERE v.id = d.device_id
), dirty AS (
  INSERT INTO rollup_dirty (device_id, from_ts, to_ts) SELECT device_id, from_ts, to_ts FROM d
), m AS (
  SELECT * FROM json_to_recordset(${seqs}::json)
    AS y(gateway_id int, seq bigint, data_ts timestamptz, backlog boolean, readings int, repeats int)
), seqs AS (
  INSERT INTO gateway_seq_seen AS s (gateway_id, seq, data_ts, backlog, readings, duplicates)
  SELECT gateway_id, seq, data_ts, backlog, readings, repeats FROM m
  ON CONFLICT (gateway_id, seq) DO UPDATE SET duplicates = s.duplicates + excluded.duplicates + 1
)
SELECT 1`;

/**
 * The loggers of the batch: seen now, and their last sequence number is the one of their newest live
 * data (a redelivered or backlog message does not move it back); their loss counter (`BufDropped` of
 * their own reading) is the one of their newest reading of it. Runs after the follow-up statement,
 * whose sequence rows a statement of its own can see. Updating the rows locks them: the stations whose
 * facts the batch refreshes next are the loggers' stations until the transaction ends.
 */
const gatewaysUpdate = (gateways: string): string => `
UPDATE gateways AS g
SET last_seen_at = GREATEST(g.last_seen_at, z.seen), last_seq = COALESCE(s.seq, g.last_seq),
  buffer_dropped = CASE WHEN z.dropped_at >= COALESCE(g.buffer_dropped_at, '-infinity')
    THEN z.dropped ELSE g.buffer_dropped END,
  buffer_dropped_at = CASE WHEN z.dropped_at >= COALESCE(g.buffer_dropped_at, '-infinity')
    THEN z.dropped_at ELSE g.buffer_dropped_at END
FROM json_to_recordset(${gateways}::json)
  AS z(gateway_id int, seen timestamptz, dropped bigint, dropped_at timestamptz)
LEFT JOIN LATERAL (
  SELECT q.seq FROM gateway_seq_seen q
  WHERE q.gateway_id = z.gateway_id AND NOT q.backlog
  ORDER BY q.data_ts DESC, q.seq DESC LIMIT 1
) s ON true
WHERE g.id = z.gateway_id`;

/**
 * A string constant of any text, dollar-quoted with a tag the text does not contain: no escaping, and
 * independent of standard_conforming_strings.
 */
function dollarQuoted(text: string): string {
  let tag = '$j$';
  for (let n = 0; text.includes(tag); n++) tag = `$j${n}$`;
  return `${tag}${text}${tag}`;
}

export interface WriteOutcome {
  inserted: number;
  duplicates: number;
}

export class TelemetryWriter {
  /** The form rows must be prepared in for this database (COPY lines or JSON records). */
  readonly format: RowFormat;
  private readonly knownMonths = new Set<number>();
  private readonly stagedConnections = new WeakSet<object>();
  private carefulBatches = 0;

  constructor(
    private readonly sql: SqlRunner,
    private readonly opts: { now: () => number; metrics: IngestMetrics; log: Logger; faults?: WriterFaults },
  ) {
    this.format = sql.kind === 'postgres' ? 'copy' : 'json';
  }

  /** An encoder for rows of this writer (telemetry.prepare encodes each reading once, in this format). */
  encoder(): RowEncoder {
    return new RowEncoder(this.format);
  }

  async write(batch: readonly PreparedTelemetry[]): Promise<WriteOutcome> {
    const started = performance.now();
    const offered: TelemetryRow[] = [];
    for (const message of batch) for (const row of message.rows) offered.push(row);
    // Key order: concurrent writers lock index entries in the same order, and the index insert is local.
    // The sort is stable, so among rows with the same key the first offered comes first and is kept:
    // first occurrence wins inside the batch, as the database's ON CONFLICT DO NOTHING does across batches.
    offered.sort(byKey);
    const rows: TelemetryRow[] = [];
    let previous: TelemetryRow | undefined;
    for (const row of offered) {
      if (previous === undefined || row.deviceId !== previous.deviceId || row.ts !== previous.ts)
        rows.push(row);
      previous = row;
    }
    await this.ensurePartitions(rows);

    const optimistic = this.carefulBatches === 0;
    if (!optimistic) this.carefulBatches -= 1;
    let inserted: number;
    try {
      inserted = await this.attempt(batch, rows, optimistic);
    } catch (err) {
      if (!(err instanceof Conflict)) throw err;
      this.carefulBatches = CAREFUL_AFTER_CONFLICT;
      inserted = await this.attempt(batch, rows, false);
    }
    this.opts.metrics.batch(rows.length, (performance.now() - started) / 1000);
    return { inserted, duplicates: offered.length - inserted };
  }

  /** One transaction; answers how many rows were new. */
  private async attempt(
    batch: readonly PreparedTelemetry[],
    rows: readonly TelemetryRow[],
    optimistic: boolean,
  ): Promise<number> {
    let inserted = 0;
    let connection: object | null = null;
    try {
      await this.sql.transaction(async (tx) => {
        connection = tx.connection;
        const fresh: Inserted = rows.length === 0 ? 'all' : await this.insertRows(tx, rows, optimistic);
        inserted = fresh === 'all' ? rows.length : fresh.size;
        const [devices, seqs, gateways, gatewayIds] = this.followUpParams(batch, rows, fresh);
        await this.opts.faults?.beforeCommit?.();
        // Everything else in one round trip with the COMMIT, each statement with its own snapshot: the
        // follow-up, the loggers, and their stations' facts — in this transaction, so a reader never
        // sees the rows without them.
        await tx.finish(
          [
            followUp(dollarQuoted(devices), dollarQuoted(seqs)),
            gatewaysUpdate(dollarQuoted(gateways)),
            ...refreshStationFactsOfGatewaysScript(this.sql.kind, gatewayIds, new Date(this.opts.now())),
          ].join(';\n'),
        );
      }, FACTS_WRITER);
    } catch (err) {
      if (optimistic && codeOf(err) === '23505') throw new Conflict('row already stored', { cause: err });
      // A retention job may have dropped a month this process thought existed: forget and retry.
      if (isMissingPartition(err)) {
        this.knownMonths.clear();
        throw new TransientError('telemetry partition missing', { cause: err });
      }
      if (connection !== null && codeOf(err) === '42P01') {
        this.stagedConnections.delete(connection);
        throw new TransientError('staging table missing', { cause: err });
      }
      throw err;
    }
    // The staging table exists for good once the transaction that created it has committed.
    if (connection !== null && !optimistic) this.stagedConnections.add(connection);
    return inserted;
  }

  private async insertRows(tx: SqlTx, rows: readonly TelemetryRow[], optimistic: boolean): Promise<Inserted> {
    const keys = (found: { device_id: number; ms: number }[]): ReadonlySet<string> =>
      new Set(found.map((k) => keyOf(k.device_id, k.ms)));
    if ((tx.copyIn !== null) !== (this.format === 'copy')) {
      throw new Error(`telemetry rows prepared as ${this.format} for a ${this.sql.kind} connection`);
    }
    if (tx.copyIn !== null) {
      if (optimistic) {
        await tx.copyIn(`COPY telemetry (${COLUMN_LIST}) FROM STDIN`, copyChunks(rows));
        return 'all';
      }
      if (!this.stagedConnections.has(tx.connection)) {
        // A temp table per connection, emptied at every commit; created once (IF NOT EXISTS covers a
        // creation that was rolled back with its transaction).
        await tx.query(
          `CREATE TEMP TABLE IF NOT EXISTS ${STAGE} (LIKE telemetry INCLUDING DEFAULTS) ON COMMIT DELETE ROWS`,
        );
      }
      await tx.copyIn(`COPY ${STAGE} (${COLUMN_LIST}) FROM STDIN`, copyChunks(rows));
      return keys(
        await tx.query(
          `INSERT INTO telemetry (${COLUMN_LIST}) SELECT ${COLUMN_LIST} FROM ${STAGE}
           ON CONFLICT (device_id, ts) DO NOTHING ${RETURNING}`,
        ),
      );
    }
    const insert = `INSERT INTO telemetry (${COLUMN_LIST})
      SELECT ${COLUMN_LIST} FROM json_to_recordset($1::json) AS x(${RECORD_TYPES})`;
    if (optimistic) {
      await tx.query(insert, [jsonRecords(rows)]);
      return 'all';
    }
    return keys(
      await tx.query(`${insert} ON CONFLICT (device_id, ts) DO NOTHING ${RETURNING}`, [jsonRecords(rows)]),
    );
  }

  private followUpParams(
    batch: readonly PreparedTelemetry[],
    rows: readonly TelemetryRow[],
    fresh: Inserted,
  ): [string, string, string, number[]] {
    const nowMs = this.opts.now();
    const iso = (ms: number): string => new Date(ms).toISOString();
    // Rows are sorted by device then time: one pass finds each device's span and latest new reading.
    const perDevice: {
      device_id: number;
      from_ts: string;
      to_ts: string;
      vals: MeasureValues;
      seen: string;
      power_w: number | null;
      energy_today_wh: number | null;
      energy_total_wh: number | null;
      soc_pct: number | null;
      state_code: number | null;
      producing: boolean;
    }[] = [];
    let current: { id: number; from: number; to: number; vals: MeasureValues; facts: ReadingFacts } | null =
      null;
    const close = (): void => {
      if (current === null) return;
      const f = current.facts;
      perDevice.push({
        device_id: current.id,
        from_ts: iso(current.from),
        to_ts: iso(current.to),
        vals: current.vals,
        // A device's clock may run ahead (clock skew is tolerated); "seen" never lies in the future.
        seen: iso(Math.min(current.to, nowMs)),
        power_w: f.powerW,
        energy_today_wh: f.energyTodayWh,
        energy_total_wh: f.energyTotalWh,
        soc_pct: f.socPct,
        state_code: f.stateCode,
        producing: f.producing,
      });
    };
    for (const row of rows) {
      if (fresh !== 'all' && !fresh.has(keyOf(row.deviceId, row.ts))) continue;
      if (current === null || current.id !== row.deviceId) {
        close();
        current = { id: row.deviceId, from: row.ts, to: row.ts, vals: row.values, facts: row.facts };
      } else {
        current.to = row.ts;
        current.vals = row.values;
        current.facts = row.facts;
      }
    }
    close();

    const perSeq = new Map<
      string,
      {
        gateway_id: number;
        seq: number;
        data_ts: string;
        backlog: boolean;
        readings: number;
        repeats: number;
      }
    >();
    const perGateway = new Map<
      number,
      {
        gateway_id: number;
        seen: string;
        dropped: number | null;
        dropped_at: string | null;
        droppedMs: number;
      }
    >();
    for (const m of batch) {
      const key = `${m.gatewayId}:${m.seq}`;
      const seen = perSeq.get(key);
      if (seen) seen.repeats += 1;
      else
        perSeq.set(key, {
          gateway_id: m.gatewayId,
          seq: m.seq,
          data_ts: iso(m.dataTs),
          backlog: m.backlog,
          readings: m.readings,
          repeats: 0,
        });
      let gateway = perGateway.get(m.gatewayId);
      if (gateway === undefined) {
        gateway = {
          gateway_id: m.gatewayId,
          seen: iso(nowMs),
          dropped: null,
          dropped_at: null,
          droppedMs: -1,
        };
        perGateway.set(m.gatewayId, gateway);
      }
      if (m.bufferDropped !== null && m.bufferDropped.ts >= gateway.droppedMs) {
        gateway.dropped = m.bufferDropped.count;
        gateway.dropped_at = iso(m.bufferDropped.ts);
        gateway.droppedMs = m.bufferDropped.ts;
      }
    }
    const seqs = [...perSeq.values()].sort((a, b) => a.gateway_id - b.gateway_id || a.seq - b.seq);
    const gateways = [...perGateway.values()]
      .sort((a, b) => a.gateway_id - b.gateway_id)
      .map(({ droppedMs: _, ...g }) => g);
    return [
      JSON.stringify(perDevice),
      JSON.stringify(seqs),
      JSON.stringify(gateways),
      gateways.map((g) => g.gateway_id),
    ];
  }

  /**
   * Monthly partitions for every month in the batch, created outside the batch's transaction so that a
   * concurrent creator (another ingest copy, the jobs) can only make this call fail, not the batch.
   */
  private async ensurePartitions(rows: readonly TelemetryRow[]): Promise<void> {
    const months = new Set<number>();
    // The month ([from, to), epoch ms) of the previous row: rows of one batch mostly share a month.
    let from = 0;
    let to = 0;
    for (const { ts } of rows) {
      if (ts >= from && ts < to) continue;
      const d = new Date(ts);
      from = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
      to = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
      if (!this.knownMonths.has(from)) months.add(from);
    }
    for (const month of months) {
      const day = new Date(month).toISOString().slice(0, 10);
      try {
        await this.sql.query('SELECT telemetry_ensure_partition($1::date)', [day]);
      } catch (err) {
        // Lost a creation race (duplicate type or relation): the partition exists now.
        if (!isAlreadyExists(err)) throw err;
        await this.sql.query('SELECT telemetry_ensure_partition($1::date)', [day]);
      }
      this.knownMonths.add(month);
    }
  }
}

const byKey = (a: TelemetryRow, b: TelemetryRow): number => a.deviceId - b.deviceId || a.ts - b.ts;

const codeOf = (err: unknown): string | undefined => {
  for (let e: unknown = err; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
};
const isAlreadyExists = (err: unknown): boolean => ['23505', '42P07', '42710'].includes(codeOf(err) ?? '');
const isMissingPartition = (err: unknown): boolean => {
  if (codeOf(err) !== '23514') return false;
  for (let e: unknown = err; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    if (/no partition/i.test(String((e as { message?: unknown }).message))) return true;
  }
  return false;
};
