// Packet loss per logger and UTC day (docs/telemetry.md "Packet loss"), from the telemetry sequence
// numbers the ingest records in gateway_seq_seen.
import type { PacketLossDay } from '@sunfleet/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';

/**
 * A sequence number this far below the previous message's (in data-time order) means the logger
 * restarted its numbering (reset, replacement, wrap at 2^32): a new run starts and no gap is counted
 * across it. Smaller steps back are messages arriving out of order (backlog) inside one run.
 */
export const SEQ_RESET_BACKWARDS = 1_000;
/** Messages this long before the range are read too, so the first gap inside the range is seen. */
const LOOK_BEHIND = '2 days';

export class PacketLossRepository {
  constructor(private readonly db: Db) {}

  /**
   * Per UTC day of data_ts in [from, to): messages received, duplicates, and sequence numbers missing
   * between consecutive received ones of a run; a gap is counted on the day of the message after it.
   */
  async days(gatewayId: number, from: string, to: string): Promise<PacketLossDay[]> {
    const rows = await queryRows<{ day: string; received: number; duplicates: number; lost: number }>(
      this.db,
      sql`with seen as (
            select seq, data_ts, duplicates from gateway_seq_seen
            where gateway_id = ${gatewayId} and data_ts >= ${from}::timestamptz - ${LOOK_BEHIND}::interval
              and data_ts < ${to}::timestamptz
          ),
          breaks as (
            select *, case when lag(seq) over (order by data_ts, seq) - seq > ${SEQ_RESET_BACKWARDS}
                           then 1 else 0 end as reset
            from seen
          ),
          runs as (select *, sum(reset) over (order by data_ts, seq) as run from breaks),
          gaps as (
            select *, seq - lag(seq) over (partition by run order by seq) - 1 as gap from runs
          )
          select (data_ts at time zone 'UTC')::date::text as day, count(*)::int as received,
                 coalesce(sum(duplicates), 0)::float8 as duplicates,
                 coalesce(sum(case when gap > 0 then gap else 0 end), 0)::float8 as lost
          from gaps where data_ts >= ${from}::timestamptz
          group by 1 order by 1`,
    );
    return rows.map((r) => {
      const expected = r.received + r.lost;
      return {
        day: r.day,
        received: r.received,
        expected,
        lost: r.lost,
        duplicates: r.duplicates,
        lossRate: expected === 0 ? 0 : r.lost / expected,
      };
    });
  }

  /**
   * lost ÷ (received + lost) of each logger over data times in [from, to), by the same gap rule as `days`;
   * a logger with no message in the window is absent (no figure, not zero).
   */
  async rates(gatewayIds: readonly number[], from: string, to: string): Promise<Map<number, number>> {
    if (gatewayIds.length === 0) return new Map();
    const ids = sql.join(
      gatewayIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const rows = await queryRows<{ gateway_id: number; received: number; lost: number }>(
      this.db,
      sql`with seen as (
            select gateway_id, seq, data_ts from gateway_seq_seen
            where gateway_id in (${ids}) and data_ts >= ${from}::timestamptz - ${LOOK_BEHIND}::interval
              and data_ts < ${to}::timestamptz
          ),
          breaks as (
            select *, case when lag(seq) over (partition by gateway_id order by data_ts, seq) - seq
                                > ${SEQ_RESET_BACKWARDS} then 1 else 0 end as reset
            from seen
          ),
          runs as (
            select *, sum(reset) over (partition by gateway_id order by data_ts, seq) as run from breaks
          ),
          gaps as (
            select *, seq - lag(seq) over (partition by gateway_id, run order by seq) - 1 as gap from runs
          )
          select gateway_id::int as gateway_id, count(*)::int as received,
                 coalesce(sum(case when gap > 0 then gap else 0 end), 0)::float8 as lost
          from gaps where data_ts >= ${from}::timestamptz
          group by gateway_id`,
    );
    return new Map(rows.map((r) => [r.gateway_id, r.lost / (r.received + r.lost)]));
  }
}
