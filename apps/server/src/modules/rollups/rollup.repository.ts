// SQL of the rollup worker (docs/telemetry.md "Rollups"). Every bucket is recomputed from the stored
// telemetry rows, never incremented, so duplicates, arrival order and backlogs cannot change a result.
// Runs unchanged on PGlite and PostgreSQL (window functions, no extensions).
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';

/** Energy counters (Wh, ever-increasing) and the rollup column (kWh) each one feeds. */
export const COUNTERS = [
  { column: 'energy_total_wh', rollup: 'energy_kwh', delta: 'd_energy' },
  { column: 'charge_total_wh', rollup: 'charge_kwh', delta: 'd_charge' },
  { column: 'discharge_total_wh', rollup: 'discharge_kwh', delta: 'd_discharge' },
  { column: 'import_total_wh', rollup: 'import_kwh', delta: 'd_import' },
  { column: 'export_total_wh', rollup: 'export_kwh', delta: 'd_export' },
] as const;
type Counter = (typeof COUNTERS)[number];

/** Advisory-lock class of rollup writers: one writer at a time per station (or per unbound device). */
const ROLLUP_LOCK_CLASS = 7272;

/** Raw SQL of a fixed identifier from the constants above (never user input). */
const ident = (name: string): SQL => sql.raw(`"${name}"`);

/**
 * The local hour a reading belongs to, as the instant the hour starts. A reading closes the interval
 * that ends at its timestamp, so it counts in the hour containing ts − 1 ms. Subtracting the local
 * minutes and seconds (rather than truncating a local time and converting back) keeps both hours of a
 * DST fall-back night apart and works for half-hour zones.
 */
export function hourOf(ts: SQL, timeZone: string): SQL {
  const t = sql`((${ts}) - interval '1 millisecond')`;
  return sql`(${t} - ((${t} at time zone ${timeZone}) - date_trunc('hour', ${t} at time zone ${timeZone})))`;
}

export interface DirtyClaim {
  deviceId: number;
  ids: number[];
  /** Earliest and latest reading time of all claimed entries, ISO. */
  fromTs: string;
  toTs: string;
}

export interface DeviceContext {
  deviceId: number;
  stationId: number | null;
  timeZone: string;
  capacityKwp: number;
  price: number;
  currency: string;
}

/** The hour range [start, end] (bucket instants) and local days [firstDay, lastDay] to recompute. */
export interface Span {
  start: string;
  end: string;
  firstDay: string;
  lastDay: string;
}

/** Sum of a float column in numeric: independent of the order rows are added in. */
const exactSum = (column: string): string => `sum(${column}::numeric)::float8`;

const isoOf = (column: SQL): SQL =>
  sql`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export class RollupRepository {
  constructor(private readonly db: Db) {}

  /**
   * Claims the oldest queue entry no other worker holds and answers its device. `skip` leaves out devices
   * that failed in this drain so one cannot starve the others.
   */
  async claimFirst(skip: readonly number[]): Promise<number | null> {
    const notSkipped =
      skip.length === 0
        ? sql`true`
        : sql`device_id not in (${sql.join(
            skip.map((id) => sql`${id}`),
            sql`, `,
          )})`;
    const first = await queryRows<{ device_id: number }>(
      this.db,
      sql`select device_id from rollup_dirty where ${notSkipped} order by id limit 1 for update skip locked`,
    );
    return first[0]?.device_id ?? null;
  }

  /**
   * Claims the queue entries of one device, or of every device of a station (so the station's rollups
   * are recomputed once for all of them), grouped per device; entries other workers hold are skipped.
   */
  async claimEntries(owner: { deviceId: number } | { stationId: number }): Promise<DirtyClaim[]> {
    const which =
      'deviceId' in owner
        ? sql`device_id = ${owner.deviceId}`
        : sql`device_id in (select d.id from devices d join gateways g on g.id = d.gateway_id
                            where g.station_id = ${owner.stationId})`;
    const rows = await queryRows<{ id: number | string; device_id: number; from_ts: string; to_ts: string }>(
      this.db,
      sql`select id, device_id, ${isoOf(sql`from_ts`)} as from_ts, ${isoOf(sql`to_ts`)} as to_ts
          from rollup_dirty where ${which} order by id for update skip locked`,
    );
    const byDevice = new Map<number, DirtyClaim>();
    for (const r of rows) {
      const claim = byDevice.get(r.device_id);
      if (!claim) {
        byDevice.set(r.device_id, {
          deviceId: r.device_id,
          ids: [Number(r.id)],
          fromTs: r.from_ts,
          toTs: r.to_ts,
        });
        continue;
      }
      claim.ids.push(Number(r.id));
      if (r.from_ts < claim.fromTs) claim.fromTs = r.from_ts;
      if (r.to_ts > claim.toTs) claim.toTs = r.to_ts;
    }
    return [...byDevice.values()];
  }

  async deleteEntries(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.execute(
      sql`delete from rollup_dirty where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }

  /** The device's station (time zone, capacity, price, currency); null when the device is gone. */
  async deviceContext(deviceId: number): Promise<DeviceContext | null> {
    const rows = await queryRows<{
      station_id: number | null;
      time_zone: string | null;
      capacity_kwp: number | null;
      price: number | null;
      currency: string | null;
    }>(
      this.db,
      sql`select g.station_id, s.time_zone, s.capacity_kwp, s.price, s.currency
          from devices d join gateways g on g.id = d.gateway_id left join stations s on s.id = g.station_id
          where d.id = ${deviceId}`,
    );
    const row = rows[0];
    if (!row) return null;
    return {
      deviceId,
      stationId: row.station_id,
      timeZone: row.time_zone ?? 'UTC',
      capacityKwp: row.capacity_kwp ?? 0,
      price: row.price ?? 0,
      currency: row.currency ?? 'EUR',
    };
  }

  /** Serialises rollup writers of one station (its device and station rows) until the transaction ends. */
  async lock(context: DeviceContext): Promise<void> {
    const key = context.stationId ?? -context.deviceId;
    await this.db.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK_CLASS}::int, ${key}::int)`);
  }

  /**
   * The hours to recompute: from the hour of the first written reading through the hour of the first
   * stored reading after the last one that carries a counter the written readings carry (its delta
   * changed with the new rows).
   */
  async span(deviceId: number, fromTs: string, toTs: string, timeZone: string): Promise<Span> {
    const flags = await queryRows<Record<string, boolean | null>>(
      this.db,
      sql`select ${sql.join(
        COUNTERS.map((c) => sql`bool_or(${ident(c.column)} is not null) as ${ident(c.column)}`),
        sql`, `,
      )} from telemetry where device_id = ${deviceId} and ts >= ${fromTs}::timestamptz and ts <= ${toTs}::timestamptz`,
    );
    const carried = COUNTERS.filter((c) => flags[0]?.[c.column] === true);
    const next = carried.map(
      (c) =>
        sql`(select min(ts) from telemetry where device_id = ${deviceId} and ts > ${toTs}::timestamptz
             and ${ident(c.column)} is not null)`,
    );
    const endTs = sql`greatest(${sql.join([sql`${toTs}::timestamptz`, ...next], sql`, `)})`;
    const start = hourOf(sql`${fromTs}::timestamptz`, timeZone);
    const end = hourOf(endTs, timeZone);
    const rows = await queryRows<{ s: string; e: string; d1: string; d2: string }>(
      this.db,
      sql`select ${isoOf(sql`b.s`)} as s, ${isoOf(sql`b.e`)} as e,
                 (b.s at time zone ${timeZone})::date::text as d1, (b.e at time zone ${timeZone})::date::text as d2
          from (select ${start} as s, ${end} as e) b`,
    );
    const row = rows[0];
    if (!row) throw new Error('span query answered nothing');
    return { start: row.s, end: row.e, firstDay: row.d1, lastDay: row.d2 };
  }

  /** Device hours of the span: deltas with lag() over each counter's non-null readings. */
  async recomputeDeviceHours(context: DeviceContext, span: Span): Promise<void> {
    const { deviceId, timeZone } = context;
    const s = sql`${span.start}::timestamptz`;
    const e = sql`${span.end}::timestamptz`;
    const columns = sql.raw(`ts, power_w, ${COUNTERS.map((c) => c.column).join(', ')}`);
    // The last reading at or before the span with each counter set: the reference of the first delta.
    const context_ = COUNTERS.map(
      (c: Counter) =>
        sql`(select ${columns}, true as ctx from telemetry where device_id = ${deviceId} and ts <= ${s}
             and ${ident(c.column)} is not null order by ts desc limit 1)`,
    );
    const deltas = COUNTERS.map(
      (c) =>
        sql`${ident(c.column)} - lag(${ident(c.column)}) over (partition by ${ident(c.column)} is null order by ts) as ${ident(c.delta)}`,
    );
    // A decreasing counter (reset, replaced device) contributes nothing for that step. Sums run in
    // numeric so the result does not depend on the order rows are added in (float addition does).
    const sums = COUNTERS.map(
      (c) =>
        sql`(sum(case when ${ident(c.delta)} > 0 then ${ident(c.delta)}::numeric else 0 end) / 1000)::float8`,
    );
    await this.db.execute(
      sql`delete from rollup_device_hour where device_id = ${deviceId} and bucket >= ${s} and bucket <= ${e}`,
    );
    await this.db.execute(sql`
      insert into rollup_device_hour
        (device_id, bucket, ${sql.raw(COUNTERS.map((c) => c.rollup).join(', '))}, peak_power_w, samples)
      with src as (
        select ${columns}, false as ctx from telemetry
        where device_id = ${deviceId} and ts > ${s} and ts <= ${e} + interval '3 hours'
        ${sql.join(
          context_.map((q) => sql`union all ${q}`),
          sql` `,
        )}
      ),
      deltas as (select ts, ctx, power_w, ${sql.join(deltas, sql`, `)} from src),
      bucketed as (select ${hourOf(sql`ts`, timeZone)} as bucket, * from deltas where not ctx)
      select ${deviceId}::int, bucket, ${sql.join(sums, sql`, `)}, max(power_w), count(*)::int
      from bucketed where bucket <= ${e} group by bucket`);
  }

  /** Device days of the span from its hours, then the months of those days from the days. */
  async recomputeDeviceDaysMonths(context: DeviceContext, span: Span): Promise<void> {
    const { deviceId, timeZone } = context;
    const sumCols = sql.raw(COUNTERS.map((c) => exactSum(c.rollup)).join(', '));
    const cols = sql.raw(COUNTERS.map((c) => c.rollup).join(', '));
    const d1 = sql`${span.firstDay}::date`;
    const d2 = sql`${span.lastDay}::date`;
    const localDay = sql`(bucket at time zone ${timeZone})::date`;
    await this.db.execute(
      sql`delete from rollup_device_day where device_id = ${deviceId} and day >= ${d1} and day <= ${d2}`,
    );
    await this.db.execute(sql`
      insert into rollup_device_day (device_id, day, ${cols}, peak_power_w, samples)
      select ${deviceId}::int, ${localDay}, ${sumCols}, max(peak_power_w), sum(samples)::int
      from rollup_device_hour
      where device_id = ${deviceId} and ${this.hoursOfDays(d1, d2, timeZone)}
      group by 2`);
    const m1 = sql`date_trunc('month', ${d1})::date`;
    const m2 = sql`date_trunc('month', ${d2})::date`;
    await this.db.execute(
      sql`delete from rollup_device_month where device_id = ${deviceId} and month >= ${m1} and month <= ${m2}`,
    );
    await this.db.execute(sql`
      insert into rollup_device_month (device_id, month, ${cols}, peak_power_w, samples)
      select ${deviceId}::int, date_trunc('month', day)::date, ${sumCols}, max(peak_power_w), sum(samples)::int
      from rollup_device_day
      where device_id = ${deviceId} and day >= ${m1} and day < (${m2} + interval '1 month')::date
      group by 2`);
  }

  /**
   * The station's power curve (rollup_station_5m) over the span's hours: per 5-minute bucket, the sum
   * over the station's inverters, meters and batteries of each device's mean power in the bucket (a
   * reading belongs to the bucket its timestamp falls in), batteries turned to + charge / − discharge,
   * and the batteries' mean state of charge. Recomputed from the stored rows, never added to.
   */
  async recomputeCurve(context: DeviceContext, span: Span): Promise<void> {
    const { stationId } = context;
    if (stationId === null) return;
    const s = sql`${span.start}::timestamptz`;
    // Through the span's last hour and the bucket starting where it ends (a reading on the hour closes
    // the previous hour but opens that bucket). Local hours start on 5-minute boundaries of UTC too.
    const e = sql`(${span.end}::timestamptz + interval '65 minutes')`;
    await this.db.execute(
      sql`delete from rollup_station_5m where station_id = ${stationId} and bucket >= ${s} and bucket < ${e}`,
    );
    await this.db.execute(sql`
      insert into rollup_station_5m (station_id, bucket, pv_w, grid_w, battery_w, soc_pct)
      with devs as (
        select d.id, d.device_type from devices d join gateways g on g.id = d.gateway_id
        where g.station_id = ${stationId} and d.device_type in ('INVERTER', 'METER', 'BATTERY')
      ), per_device as (
        select x.bucket, devs.device_type as kind, x.power_w, x.soc_pct
        from devs cross join lateral (
          select date_bin('5 minutes', t.ts, timestamptz '2000-01-01 00:00:00+00') as bucket,
            avg(t.power_w) as power_w, avg(t.soc_pct) as soc_pct
          from telemetry t where t.device_id = devs.id and t.ts >= ${s} and t.ts < ${e}
          group by 1) x
      )
      select ${stationId}::int, bucket,
        (sum(power_w) filter (where kind = 'INVERTER'))::float8,
        (sum(power_w) filter (where kind = 'METER'))::float8,
        (-sum(power_w) filter (where kind = 'BATTERY'))::float8,
        (avg(soc_pct) filter (where kind = 'BATTERY'))::float8
      from per_device group by bucket`);
  }

  /**
   * Station hours of the span from the device hours of the station's devices: energy from inverters,
   * charge/discharge from batteries, import/export from meters; peak = the highest per-minute sum of
   * inverter power in the hour; then its days and months. Yield and income follow from the energy.
   */
  async recomputeStation(context: DeviceContext, span: Span): Promise<void> {
    const { stationId, timeZone, capacityKwp, price, currency } = context;
    if (stationId === null) return;
    const s = sql`${span.start}::timestamptz`;
    const e = sql`${span.end}::timestamptz`;
    const measures = sql.raw(
      'energy_kwh, charge_kwh, discharge_kwh, import_kwh, export_kwh, samples, peak_power_w, yield_kwh_kwp, income, currency',
    );
    const yieldOf = (energy: SQL): SQL =>
      capacityKwp > 0 ? sql`(${energy}) / ${capacityKwp}::float8` : sql`null::float8`;
    const incomeOf = (energy: SQL): SQL => sql`(${energy}) * ${price}::float8`;
    const devs = sql`select d.id, d.device_type from devices d join gateways g on g.id = d.gateway_id
                     where g.station_id = ${stationId}`;
    const byType = (type: string, column: string): SQL =>
      sql`sum(case when devs.device_type = ${type} then h.${sql.raw(column)}::numeric else 0 end)::float8`;

    await this.db.execute(
      sql`delete from rollup_station_hour where station_id = ${stationId} and bucket >= ${s} and bucket <= ${e}`,
    );
    await this.db.execute(sql`
      insert into rollup_station_hour (station_id, bucket, ${measures})
      with devs as (${devs}),
      hours as (
        select h.bucket, ${byType('INVERTER', 'energy_kwh')} as energy_kwh,
          ${byType('BATTERY', 'charge_kwh')} as charge_kwh, ${byType('BATTERY', 'discharge_kwh')} as discharge_kwh,
          ${byType('METER', 'import_kwh')} as import_kwh, ${byType('METER', 'export_kwh')} as export_kwh,
          sum(h.samples)::int as samples
        from rollup_device_hour h join devs on devs.id = h.device_id
        where h.bucket >= ${s} and h.bucket <= ${e}
        group by h.bucket
      ),
      per_minute as (
        select ${hourOf(sql`t.ts`, timeZone)} as bucket,
          date_trunc('minute', t.ts - interval '1 millisecond') as minute, t.device_id, avg(t.power_w::numeric) as p
        from telemetry t join devs on devs.id = t.device_id and devs.device_type = 'INVERTER'
        where t.ts > ${s} and t.ts <= ${e} + interval '3 hours' and t.power_w is not null
        group by 1, 2, 3
      ),
      peaks as (
        select bucket, max(total)::float8 as peak
        from (select bucket, minute, sum(p) as total from per_minute group by bucket, minute) m
        group by bucket
      )
      select ${stationId}::int, hours.bucket, energy_kwh, charge_kwh, discharge_kwh, import_kwh, export_kwh, samples,
        peaks.peak, ${yieldOf(sql`energy_kwh`)}, ${incomeOf(sql`energy_kwh`)}, ${currency}::text
      from hours left join peaks on peaks.bucket = hours.bucket`);

    const d1 = sql`${span.firstDay}::date`;
    const d2 = sql`${span.lastDay}::date`;
    const sums = sql.raw(
      `${['energy_kwh', 'charge_kwh', 'discharge_kwh', 'import_kwh', 'export_kwh'].map(exactSum).join(', ')}, sum(samples)::int, max(peak_power_w)`,
    );
    await this.db.execute(
      sql`delete from rollup_station_day where station_id = ${stationId} and day >= ${d1} and day <= ${d2}`,
    );
    await this.db.execute(sql`
      insert into rollup_station_day (station_id, day, ${measures})
      select ${stationId}::int, (bucket at time zone ${timeZone})::date, ${sums},
        ${yieldOf(sql.raw(exactSum('energy_kwh')))}, ${incomeOf(sql.raw(exactSum('energy_kwh')))}, ${currency}::text
      from rollup_station_hour
      where station_id = ${stationId} and ${this.hoursOfDays(d1, d2, timeZone)}
      group by 2`);
    const m1 = sql`date_trunc('month', ${d1})::date`;
    const m2 = sql`date_trunc('month', ${d2})::date`;
    await this.db.execute(
      sql`delete from rollup_station_month where station_id = ${stationId} and month >= ${m1} and month <= ${m2}`,
    );
    await this.db.execute(sql`
      insert into rollup_station_month (station_id, month, ${measures})
      select ${stationId}::int, date_trunc('month', day)::date, ${sums},
        ${yieldOf(sql.raw(exactSum('energy_kwh')))}, ${incomeOf(sql.raw(exactSum('energy_kwh')))}, ${currency}::text
      from rollup_station_day
      where station_id = ${stationId} and day >= ${m1} and day < (${m2} + interval '1 month')::date
      group by 2`);
  }

  /** Hour buckets whose local day lies in [d1, d2]; the instant bounds (a day wider) let the key index work. */
  private hoursOfDays(d1: SQL, d2: SQL, timeZone: string): SQL {
    return sql`bucket >= ((${d1})::timestamp at time zone ${timeZone}) - interval '1 day'
      and bucket < (((${d2}) + 1)::timestamp at time zone ${timeZone}) + interval '1 day'
      and (bucket at time zone ${timeZone})::date >= ${d1} and (bucket at time zone ${timeZone})::date <= ${d2}`;
  }
}
