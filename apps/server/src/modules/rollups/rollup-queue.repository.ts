// The rollup work queue (rollup_dirty) as the worker claims it: a batch of many stations per transaction
// (docs/telemetry.md "Rollups"). Entries are claimed with FOR UPDATE SKIP LOCKED, so no claim ever waits
// on another worker's entries, and the writers of one station are serialised by a transaction-scoped
// advisory lock on its "owner": the station id, or −device id for a device whose logger is not bound to
// a station (or which no longer exists).
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { isoOf, json } from './rollup.repository.js';

/** Advisory-lock class of rollup writers: one writer at a time per station (or per unbound device). */
const ROLLUP_LOCK_CLASS = 7272;

/** The queue entries of one device claimed by this transaction, with what its rollups need. */
export interface DeviceWork {
  deviceId: number;
  /** The device's station; null when its logger is not bound (its buckets then follow UTC). */
  stationId: number | null;
  /** The device no longer exists: its entries are dropped, nothing is recomputed. */
  gone: boolean;
  timeZone: string;
  ids: number[];
  /** Earliest and latest reading time of all claimed entries, ISO. */
  fromTs: string;
  toTs: string;
}

export class RollupQueueRepository {
  constructor(private readonly db: Db) {}

  /**
   * Claims the oldest `entries` queue entries no other worker holds, leaving out those of the owners in
   * `skip`, and answers their owners, oldest first, at most `owners` of them. The claimed rows stay
   * locked until the transaction ends, so another worker's pick passes over them.
   */
  async pickOwners(limits: { entries: number; owners: number }, skip: readonly number[]): Promise<number[]> {
    const rows = await queryRows<{ owner: number }>(
      this.db,
      sql`with picked as (
            select r.id, coalesce(g.station_id, -r.device_id) as owner
            from rollup_dirty r
            left join devices d on d.id = r.device_id
            left join gateways g on g.id = d.gateway_id
            where coalesce(g.station_id, -r.device_id) not in
              (select value::int from json_array_elements_text(${json(skip)}))
            order by r.id limit ${limits.entries}
            for update of r skip locked
          )
          select owner from picked group by owner order by min(id) limit ${limits.owners}`,
    );
    return rows.map((r) => r.owner);
  }

  /**
   * Takes the owners' locks that are free now and answers those owners; never waits, so two workers
   * cannot deadlock however their batches overlap. The others are busy at another worker.
   */
  async tryLock(owners: readonly number[]): Promise<number[]> {
    const rows = await queryRows<{ owner: number; locked: boolean }>(
      this.db,
      sql`select o.owner, pg_try_advisory_xact_lock(${ROLLUP_LOCK_CLASS}::int, o.owner) as locked
          from (select value::int as owner from json_array_elements_text(${json(owners)})) o`,
    );
    return rows.filter((r) => r.locked).map((r) => r.owner);
  }

  /**
   * Waits for the owners' locks one statement at a time in ascending order: every worker that waits does
   * so in the same order while holding only locks taken that way, so waiting workers cannot deadlock.
   */
  async lockInOrder(owners: readonly number[]): Promise<void> {
    for (const owner of [...owners].sort((a, b) => a - b))
      await this.db.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK_CLASS}::int, ${owner}::int)`);
  }

  /**
   * Claims every queue entry of the owners' devices that no other worker holds, grouped per device, with
   * the time zone of its station (UTC when unbound).
   */
  async claim(owners: readonly number[]): Promise<DeviceWork[]> {
    if (owners.length === 0) return [];
    const rows = await queryRows<{
      device_id: number;
      station_id: number | null;
      gone: boolean;
      time_zone: string | null;
      ids: (number | string)[];
      from_ts: string;
      to_ts: string;
    }>(
      this.db,
      sql`with owners as (
            select value::int as owner from json_array_elements_text(${json(owners)})
          ), devs as (
            select d.id as device_id, g.station_id, false as gone
            from owners join gateways g on g.station_id = owners.owner join devices d on d.gateway_id = g.id
            where owners.owner > 0
            union all
            select -owners.owner, null, d.id is null
            from owners left join devices d on d.id = -owners.owner left join gateways g on g.id = d.gateway_id
            where owners.owner < 0 and g.station_id is null
          ), claimed as (
            select r.id, r.device_id, r.from_ts, r.to_ts
            from rollup_dirty r where r.device_id in (select device_id from devs)
            for update of r skip locked
          )
          select c.device_id, devs.station_id, devs.gone, s.time_zone, json_agg(c.id) as ids,
            ${isoOf(sql`min(c.from_ts)`)} as from_ts, ${isoOf(sql`max(c.to_ts)`)} as to_ts
          from claimed c join devs on devs.device_id = c.device_id left join stations s on s.id = devs.station_id
          group by c.device_id, devs.station_id, devs.gone, s.time_zone
          order by c.device_id`,
    );
    return rows.map((r) => ({
      deviceId: r.device_id,
      stationId: r.station_id,
      gone: r.gone,
      timeZone: r.time_zone ?? 'UTC',
      ids: r.ids.map(Number),
      fromTs: r.from_ts,
      toTs: r.to_ts,
    }));
  }

  async deleteEntries(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.execute(
      sql`delete from rollup_dirty where id in
          (select value::bigint from json_array_elements_text(${json(ids)}))`,
    );
  }
}
