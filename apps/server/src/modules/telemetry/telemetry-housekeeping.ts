// Daily upkeep of the device data, run by the jobs service: telemetry partitions made ahead of time (the
// ingest also creates one on demand, but a partition made ahead never costs a write its latency), and old
// packet-loss bookkeeping removed.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';

const TELEMETRY_LOCK_ID = 727_2026_03;
/** Monthly partitions that exist ahead of the current month. */
export const PARTITION_MONTHS_AHEAD = 2;
/** Sequence numbers are kept this long: packet loss can be looked at over a year and a bit. */
export const SEQ_SEEN_RETENTION_DAYS = 400;

export interface TelemetryHousekeeping {
  partitions: string[];
  seqSeenPurged: number;
}

/** UTC first days of the current month and the next `ahead` months, as YYYY-MM-DD. */
export function monthsAhead(now: Date, ahead: number): string[] {
  const out: string[] = [];
  for (let n = 0; n <= ahead; n++) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + n, 1));
    out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

/** Null when another jobs copy holds the lock this round. */
export async function telemetryHousekeeping(
  database: Database,
  now: Date,
): Promise<TelemetryHousekeeping | null> {
  return database.db.transaction(async (tx) => {
    if (database.kind === 'postgres') {
      const [lock] = await queryRows<{ locked: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${TELEMETRY_LOCK_ID}) as locked`,
      );
      if (!lock?.locked) return null;
    }
    const partitions: string[] = [];
    for (const month of monthsAhead(now, PARTITION_MONTHS_AHEAD)) {
      const [row] = await queryRows<{ name: string }>(
        tx,
        sql`select telemetry_ensure_partition(${month}::date) as name`,
      );
      if (row) partitions.push(row.name);
    }
    const cutoff = new Date(now.getTime() - SEQ_SEEN_RETENTION_DAYS * 86_400_000).toISOString();
    const purged = await queryRows<{ n: number }>(
      tx,
      sql`with gone as (delete from gateway_seq_seen where data_ts < ${cutoff}::timestamptz returning 1)
          select count(*)::int as n from gone`,
    );
    return { partitions, seqSeenPurged: purged[0]?.n ?? 0 };
  });
}
