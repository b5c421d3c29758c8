// SQL of the rollup recomputation (docs/telemetry.md "Rollups"). Every bucket is recomputed from the stored
// telemetry rows, never incremented, so duplicates, arrival order and backlogs cannot change a result.
// Each method is one set-based statement (or a delete and an insert) over a whole batch of devices or
// stations, passed as one JSON parameter, so a batch costs the same dozen statements however many
// stations it holds. Energy sums run in numeric and the curve's float means and sums over rows in a fixed
// order, so no result depends on the order rows are read in. Runs
// unchanged on PGlite and PostgreSQL (window functions, no extensions).
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

/** Raw SQL of a fixed identifier from the constants above (never user input). */
const ident = (name: string): SQL => sql.raw(`"${name}"`);

/** A batch as one JSON parameter: one bind value however many items it holds. */
export const json = (items: readonly unknown[]): SQL => sql`${JSON.stringify(items)}::json`;

/**
 * The local hour a reading belongs to, as the instant the hour starts. A reading closes the interval
 * that ends at its timestamp, so it counts in the hour containing ts − 1 ms. Subtracting the local
 * minutes and seconds (rather than truncating a local time and converting back) keeps both hours of a
 * DST fall-back night apart and works for half-hour zones.
 */
export function hourOf(ts: SQL, timeZone: SQL | string): SQL {
  const t = sql`((${ts}) - interval '1 millisecond')`;
  return sql`(${t} - ((${t} at time zone ${timeZone}) - date_trunc('hour', ${t} at time zone ${timeZone})))`;
}

/** Hour buckets whose local day lies in [d1, d2]; the instant bounds (a day wider) let the key index work. */
function hoursOfDays(bucket: SQL, d1: SQL, d2: SQL, timeZone: SQL): SQL {
  const localDay = sql`(${bucket} at time zone ${timeZone})::date`;
  return sql`${bucket} >= ((${d1})::timestamp at time zone ${timeZone}) - interval '1 day'
    and ${bucket} < (((${d2}) + 1)::timestamp at time zone ${timeZone}) + interval '1 day'
    and ${localDay} >= ${d1} and ${localDay} <= ${d2}`;
}

/** The hour range [start, end] (bucket instants) and local days [firstDay, lastDay] to recompute. */
export interface Span {
  start: string;
  end: string;
  firstDay: string;
  lastDay: string;
}

/** A device's span, in its station's time zone (UTC when unbound). */
export interface DeviceSpan extends Span {
  deviceId: number;
  timeZone: string;
}

/** A span of a station's hours; a station's spans in one batch never share or touch an hour. */
export interface StationSpan extends Span {
  stationId: number;
}

/** Local days [first, last] (ISO dates) of a station; a station's ranges in one call never overlap. */
export interface DayRange {
  stationId: number;
  first: string;
  last: string;
}

/** 5-minute buckets [first, last] (bucket starts, ISO) of a station's curve; a station's ranges never overlap. */
export interface CurveRange {
  stationId: number;
  first: string;
  last: string;
}

/** Sum of a float column in numeric: independent of the order rows are added in. */
const exactSum = (column: string): string => `sum(${column}::numeric)::float8`;

/** A timestamptz as the ISO text the worker compares and parses (UTC, microseconds). */
export const isoOf = (column: SQL): SQL =>
  sql`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The station measures in rollup_station_* column order. */
const STATION_MEASURES = sql.raw(
  'energy_kwh, charge_kwh, discharge_kwh, import_kwh, export_kwh, samples, peak_power_w, yield_kwh_kwp, income, currency',
);
/** Energy ÷ capacity (null when the capacity is 0) and energy × price, of a station row `st`. */
const yieldOf = (energy: SQL): SQL =>
  sql`case when st.capacity_kwp > 0 then (${energy}) / st.capacity_kwp end`;
const incomeOf = (energy: SQL): SQL => sql`(${energy}) * st.price`;

export class RollupRepository {
  constructor(private readonly db: Db) {}

  /**
   * Per device, the hours to recompute: from the hour of the first written reading through the hour of
   * the first stored reading after the last one that carries a counter the written readings carry (its
   * delta changed with the new rows); and the local days of those hours.
   */
  async spans(
    devices: readonly { deviceId: number; timeZone: string; fromTs: string; toTs: string }[],
  ): Promise<DeviceSpan[]> {
    if (devices.length === 0) return [];
    const input = devices.map((d) => ({
      device_id: d.deviceId,
      from_ts: d.fromTs,
      to_ts: d.toTs,
      tz: d.timeZone,
    }));
    const flags = COUNTERS.map(
      (c) => sql`bool_or(t.${ident(c.column)} is not null) as ${ident(`has_${c.column}`)}`,
    );
    const next = COUNTERS.map(
      (c) =>
        sql`case when f.${ident(`has_${c.column}`)} then (select min(t.ts) from telemetry t
              where t.device_id = f.device_id and t.ts > f.to_ts and t.${ident(c.column)} is not null) end`,
    );
    const rows = await queryRows<{
      device_id: number;
      tz: string;
      s: string;
      e: string;
      d1: string;
      d2: string;
    }>(
      this.db,
      sql`with w as (
            select * from json_to_recordset(${json(input)}) as x(device_id int, from_ts timestamptz, to_ts timestamptz, tz text)
          ), f as (
            select w.*, fl.* from w cross join lateral (
              select ${sql.join(flags, sql`, `)} from telemetry t
              where t.device_id = w.device_id and t.ts >= w.from_ts and t.ts <= w.to_ts) fl
          ), n as (
            select f.device_id, f.tz, f.from_ts, greatest(f.to_ts, ${sql.join(next, sql`, `)}) as end_ts from f
          ), b as (
            select device_id, tz, ${hourOf(sql`from_ts`, sql`tz`)} as s, ${hourOf(sql`end_ts`, sql`tz`)} as e from n
          )
          select device_id, tz, ${isoOf(sql`s`)} as s, ${isoOf(sql`e`)} as e,
            (s at time zone tz)::date::text as d1, (e at time zone tz)::date::text as d2
          from b`,
    );
    return rows.map((r) => ({
      deviceId: r.device_id,
      timeZone: r.tz,
      start: r.s,
      end: r.e,
      firstDay: r.d1,
      lastDay: r.d2,
    }));
  }

  /**
   * Device hours of the spans. Each counter's deltas come from lag() over the readings that carry it,
   * the reference of a span's first delta being the last reading at or before the span that carries it.
   */
  async recomputeDeviceHours(spans: readonly DeviceSpan[]): Promise<void> {
    if (spans.length === 0) return;
    const input = spans.map((s) => ({ device_id: s.deviceId, s: s.start, e: s.end, tz: s.timeZone }));
    const sp = sql`select * from json_to_recordset(${json(input)}) as x(device_id int, s timestamptz, e timestamptz, tz text)`;
    await this.db.execute(sql`delete from rollup_device_hour h using (${sp}) sp
      where h.device_id = sp.device_id and h.bucket >= sp.s and h.bucket <= sp.e`);
    // One counter's positive steps per hour, in kWh (numeric). Only the readings that carry the counter
    // take part, so a counter no device of the batch carries costs a filter, not a sort; the reference
    // reading is looked for only for devices whose window carries the counter (an inverter never carries
    // the meter's or the battery's counters, and the search would read back through its whole history).
    // A decreasing counter (reset, replaced device) contributes nothing for that step.
    const steps = COUNTERS.map((c) => {
      const col = ident(c.column);
      return sql`${ident(c.delta)} as (
        select device_id, bucket, sum(case when delta > 0 then delta::numeric else 0 end) as kwh
        from (
          select device_id, bucket, span_end, ctx, ${col} - lag(${col}) over (partition by device_id order by ts) as delta
          from (
            select device_id, bucket, span_end, ts, ${col}, false as ctx from win where ${col} is not null
            union all
            select sp.device_id, null, null, r.ts, r.${col}, true
            from sp join carried k on k.device_id = sp.device_id and k.${ident(`has_${c.column}`)}
            cross join lateral (
              select t.ts, t.${col} from telemetry t
              where t.device_id = sp.device_id and t.ts <= sp.s and t.${col} is not null
              order by t.ts desc limit 1) r
          ) x
        ) y
        where not ctx and bucket <= span_end
        group by device_id, bucket
      )`;
    });
    await this.db.execute(sql`
      insert into rollup_device_hour
        (device_id, bucket, ${sql.raw(COUNTERS.map((c) => c.rollup).join(', '))}, peak_power_w, samples)
      with sp as (${sp}),
      -- The readings of each span's window (read once), with their hour.
      win as materialized (
        select sp.device_id, sp.e as span_end, ${hourOf(sql`t.ts`, sql`sp.tz`)} as bucket, t.ts, t.power_w,
          ${sql.raw(COUNTERS.map((c) => `t.${c.column}`).join(', '))}
        from sp cross join lateral (
          select * from telemetry t where t.device_id = sp.device_id and t.ts > sp.s and t.ts <= sp.e + interval '3 hours'
        ) t
      ),
      carried as (
        select device_id, ${sql.join(
          COUNTERS.map((c) => sql`bool_or(${ident(c.column)} is not null) as ${ident(`has_${c.column}`)}`),
          sql`, `,
        )}
        from win group by device_id
      ),
      base as (
        select device_id, bucket, max(power_w) as peak, count(*)::int as samples
        from win where bucket <= span_end group by device_id, bucket
      ),
      ${sql.join(steps, sql`, `)}
      select base.device_id, base.bucket,
        ${sql.join(
          COUNTERS.map((c) => sql`(coalesce(${ident(c.delta)}.kwh, 0) / 1000)::float8`),
          sql`, `,
        )},
        base.peak, base.samples
      from base ${sql.join(
        COUNTERS.map(
          (c) =>
            sql`left join ${ident(c.delta)} on ${ident(c.delta)}.device_id = base.device_id and ${ident(c.delta)}.bucket = base.bucket`,
        ),
        sql` `,
      )}`);
  }

  /** Device days of the spans from their hours, then the months of those days from the days. */
  async recomputeDeviceDaysMonths(spans: readonly DeviceSpan[]): Promise<void> {
    if (spans.length === 0) return;
    const input = spans.map((s) => ({
      device_id: s.deviceId,
      d1: s.firstDay,
      d2: s.lastDay,
      tz: s.timeZone,
    }));
    const x = sql`select x.*, date_trunc('month', x.d1)::date as m1, date_trunc('month', x.d2)::date as m2
      from json_to_recordset(${json(input)}) as x(device_id int, d1 date, d2 date, tz text)`;
    const sumCols = sql.raw(COUNTERS.map((c) => exactSum(c.rollup)).join(', '));
    const cols = sql.raw(COUNTERS.map((c) => c.rollup).join(', '));
    await this.db.execute(sql`delete from rollup_device_day r using (${x}) x
      where r.device_id = x.device_id and r.day >= x.d1 and r.day <= x.d2`);
    await this.db.execute(sql`
      insert into rollup_device_day (device_id, day, ${cols}, peak_power_w, samples)
      select x.device_id, (h.bucket at time zone x.tz)::date, ${sumCols}, max(h.peak_power_w), sum(h.samples)::int
      from (${x}) x cross join lateral (
        select * from rollup_device_hour h
        where h.device_id = x.device_id and ${hoursOfDays(sql`h.bucket`, sql`x.d1`, sql`x.d2`, sql`x.tz`)}
      ) h
      group by x.device_id, 2`);
    await this.db.execute(sql`delete from rollup_device_month r using (${x}) x
      where r.device_id = x.device_id and r.month >= x.m1 and r.month <= x.m2`);
    await this.db.execute(sql`
      insert into rollup_device_month (device_id, month, ${cols}, peak_power_w, samples)
      select x.device_id, date_trunc('month', dd.day)::date, ${sumCols}, max(dd.peak_power_w), sum(dd.samples)::int
      from (${x}) x cross join lateral (
        select * from rollup_device_day dd
        where dd.device_id = x.device_id and dd.day >= x.m1 and dd.day < (x.m2 + interval '1 month')::date
      ) dd
      group by x.device_id, 2`);
  }

  /**
   * Station hours of the spans from the device hours of each station's current devices: energy from
   * inverters, charge/discharge from batteries, import/export from meters; peak = the highest per-minute
   * sum of inverter power in the hour. Yield, income and currency follow from the energy and the station.
   */
  async recomputeStationHours(spans: readonly StationSpan[]): Promise<void> {
    if (spans.length === 0) return;
    const input = spans.map((s) => ({ station_id: s.stationId, s: s.start, e: s.end }));
    const x = sql`select * from json_to_recordset(${json(input)}) as x(station_id int, s timestamptz, e timestamptz)`;
    const byType = (type: string, column: string): SQL =>
      sql`sum(case when devs.device_type = ${type} then h.${sql.raw(column)}::numeric else 0 end)::float8`;
    await this.db.execute(sql`delete from rollup_station_hour r using (${x}) x
      where r.station_id = x.station_id and r.bucket >= x.s and r.bucket <= x.e`);
    await this.db.execute(sql`
      insert into rollup_station_hour (station_id, bucket, ${STATION_MEASURES})
      with sp as (${x}),
      devs as (
        select sp.station_id, sp.s, sp.e, st.time_zone as tz, d.id, d.device_type
        from sp join stations st on st.id = sp.station_id
        join gateways g on g.station_id = sp.station_id join devices d on d.gateway_id = g.id
      ),
      hours as (
        select devs.station_id, devs.s, h.bucket, ${byType('INVERTER', 'energy_kwh')} as energy_kwh,
          ${byType('BATTERY', 'charge_kwh')} as charge_kwh, ${byType('BATTERY', 'discharge_kwh')} as discharge_kwh,
          ${byType('METER', 'import_kwh')} as import_kwh, ${byType('METER', 'export_kwh')} as export_kwh,
          sum(h.samples)::int as samples
        from devs cross join lateral (
          select * from rollup_device_hour h where h.device_id = devs.id and h.bucket >= devs.s and h.bucket <= devs.e
        ) h
        group by devs.station_id, devs.s, h.bucket
      ),
      -- Each inverter's mean power per minute (of ts − 1 ms); local hours start on whole minutes, so a
      -- minute's hour is that of its first instant.
      per_minute as (
        select devs.station_id, devs.s, ${hourOf(sql`m.minute + interval '1 millisecond'`, sql`devs.tz`)} as bucket,
          m.minute, m.p
        from devs cross join lateral (
          select date_trunc('minute', t.ts - interval '1 millisecond') as minute, avg(t.power_w::numeric) as p
          from telemetry t
          where t.device_id = devs.id and t.ts > devs.s and t.ts <= devs.e + interval '3 hours' and t.power_w is not null
          group by 1
        ) m
        where devs.device_type = 'INVERTER'
      ),
      peaks as (
        select station_id, s, bucket, max(total)::float8 as peak
        from (select station_id, s, bucket, minute, sum(p) as total from per_minute group by 1, 2, 3, 4) m
        group by 1, 2, 3
      )
      select hours.station_id, hours.bucket, hours.energy_kwh, hours.charge_kwh, hours.discharge_kwh,
        hours.import_kwh, hours.export_kwh, hours.samples, peaks.peak,
        ${yieldOf(sql`hours.energy_kwh`)}, ${incomeOf(sql`hours.energy_kwh`)}, st.currency
      from hours join stations st on st.id = hours.station_id
      left join peaks on peaks.station_id = hours.station_id and peaks.s = hours.s and peaks.bucket = hours.bucket`);
  }

  /**
   * Station days of the ranges from the station hours, or months (ranges of months' first days) from the
   * station days, with the station's yield, income and currency.
   */
  async recomputeStationPeriods(period: 'day' | 'month', ranges: readonly DayRange[]): Promise<void> {
    if (ranges.length === 0) return;
    const input = ranges.map((r) => ({ station_id: r.stationId, d1: r.first, d2: r.last }));
    const x = sql`select * from json_to_recordset(${json(input)}) as x(station_id int, d1 date, d2 date)`;
    const table = sql.raw(period === 'day' ? 'rollup_station_day' : 'rollup_station_month');
    const key = sql.raw(period);
    const [periodOf, source] =
      period === 'day'
        ? [
            sql`(src.bucket at time zone st.time_zone)::date`,
            sql`select * from rollup_station_hour src where src.station_id = x.station_id
                and ${hoursOfDays(sql`src.bucket`, sql`x.d1`, sql`x.d2`, sql`st.time_zone`)}`,
          ]
        : [
            sql`date_trunc('month', src.day)::date`,
            sql`select * from rollup_station_day src where src.station_id = x.station_id
                and src.day >= x.d1 and src.day < (x.d2 + interval '1 month')::date`,
          ];
    const energy = sql.raw(exactSum('src.energy_kwh'));
    await this.db.execute(sql`delete from ${table} r using (${x}) x
      where r.station_id = x.station_id and r.${key} >= x.d1 and r.${key} <= x.d2`);
    await this.db.execute(sql`
      insert into ${table} (station_id, ${key}, ${STATION_MEASURES})
      select st.id, ${periodOf}, ${this.stationSums('src')}, ${yieldOf(energy)}, ${incomeOf(energy)}, st.currency
      from (${x}) x join stations st on st.id = x.station_id cross join lateral (${source}) src
      group by st.id, x.d1, 2`);
  }

  /**
   * The stations' power curve (rollup_station_5m) over the 5-minute buckets [first, last]: per bucket, the
   * sum over the station's inverters, meters and batteries of each device's mean power in the bucket (a
   * reading belongs to the bucket its timestamp falls in), batteries turned to + charge / − discharge,
   * and the batteries' mean state of charge. A bucket depends on its own readings only, so the buckets
   * new readings fall in are all that change. Recomputed from the stored rows, never added to.
   */
  async recomputeCurves(ranges: readonly CurveRange[]): Promise<void> {
    if (ranges.length === 0) return;
    const input = ranges.map((r) => ({ station_id: r.stationId, first: r.first, last: r.last }));
    const x = sql`select * from json_to_recordset(${json(input)}) as x(station_id int, first timestamptz, last timestamptz)`;
    await this.db.execute(sql`delete from rollup_station_5m r using (${x}) x
      where r.station_id = x.station_id and r.bucket >= x.first and r.bucket <= x.last`);
    await this.db.execute(sql`
      insert into rollup_station_5m (station_id, bucket, pv_w, grid_w, battery_w, soc_pct)
      with sp as (${x}),
      devs as (
        select sp.station_id, sp.first, sp.last, d.id, d.device_type
        from sp join gateways g on g.station_id = sp.station_id join devices d on d.gateway_id = g.id
        where d.device_type in ('INVERTER', 'METER', 'BATTERY')
      ),
      -- Float means and sums as before, each over its rows in a fixed order (readings by time, devices by
      -- id), so the order rows are read in, which follows their arrival, cannot change a bit.
      per_device as (
        select devs.station_id, devs.id as device_id, devs.device_type as kind, x.bucket, x.power_w, x.soc_pct
        from devs cross join lateral (
          select date_bin('5 minutes', t.ts, timestamptz '2000-01-01 00:00:00+00') as bucket,
            avg(t.power_w order by t.ts) as power_w, avg(t.soc_pct order by t.ts) as soc_pct
          from telemetry t where t.device_id = devs.id and t.ts >= devs.first and t.ts < devs.last + interval '5 minutes'
          group by 1
        ) x
      )
      select station_id, bucket,
        sum(power_w order by device_id) filter (where kind = 'INVERTER'),
        sum(power_w order by device_id) filter (where kind = 'METER'),
        -sum(power_w order by device_id) filter (where kind = 'BATTERY'),
        avg(soc_pct order by device_id) filter (where kind = 'BATTERY')
      from per_device group by station_id, bucket`);
  }

  /** Energy sums, samples and peak of station rows `r` (hours or days). */
  private stationSums(r: string): SQL {
    const sums = ['energy_kwh', 'charge_kwh', 'discharge_kwh', 'import_kwh', 'export_kwh'].map((c) =>
      exactSum(`${r}.${c}`),
    );
    return sql.raw(`${sums.join(', ')}, sum(${r}.samples)::int, max(${r}.peak_power_w)`);
  }
}
