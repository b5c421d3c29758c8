// SQL of the station charts: the station (scoped, or by share token) with the device kinds it has, the
// station's 5-minute curve (rollup_station_5m), energy from the station rollups, and the newest
// weather-station reading. Identifiers in raw SQL come from constants, never from requests.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { stations } from '../../db/schema.js';
import type { StationKinds } from '@sunfleet/domain';
import { factsColumn, stationFactsJoin } from '../facts/status-sql.js';
import { idInScope, stationInScope } from '../tenancy/device-scope.js';
import type { CurveRow } from './power-chart.js';
import type { Scope } from '../tenancy/scope.js';

export interface ChartStation {
  id: number;
  timeZone: string;
  currency: string;
  longitude: number | null;
  latitude: number | null;
  /** Install time, else creation time (epoch ms): the first year of the TOTAL chart. */
  sinceMs: number;
  /** The device kinds behind its loggers, for the energy balance (from the station facts). */
  kinds: StationKinds;
}

/** One rollup period of the station (null members: no row for that period). */
export interface EnergyRow {
  startMs: number;
  label: string;
  energyKwh: number | null;
  income: number | null;
  chargeKwh: number | null;
  dischargeKwh: number | null;
  importKwh: number | null;
  exportKwh: number | null;
}

export interface WeatherReading {
  ts: number;
  values: Record<string, number | string | null>;
}

const nullable = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export class StationChartsRepository {
  constructor(private readonly db: Db) {}

  /**
   * The station with the device kinds its facts record, in one statement: scoped to what the caller may
   * reach (foreign = missing), or with `scope` null only for an id that came from a valid share token.
   */
  async station(id: number, scope: Scope | null, now: Date): Promise<ChartStation | null> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`select s.id, s.time_zone, s.currency, s.longitude, s.latitude,
          (extract(epoch from coalesce(s.installed_at, s.created_at)) * 1000)::float8 as since_ms,
          ${factsColumn('has_inverters', at)} as has_inverters, ${factsColumn('has_meters', at)} as has_meters,
          ${factsColumn('has_batteries', at)} as has_batteries
        from (select * from ${stations}
          where ${idInScope(stations.id, id, scope === null ? undefined : stationInScope(scope))}) s
        ${stationFactsJoin(at)}`,
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: Number(row.id),
      timeZone: String(row.time_zone),
      currency: String(row.currency),
      longitude: nullable(row.longitude),
      latitude: nullable(row.latitude),
      sinceMs: Number(row.since_ms),
      kinds: {
        inverters: row.has_inverters === true,
        meters: row.has_meters === true,
        batteries: row.has_batteries === true,
      },
    };
  }

  /** The station's 5-minute curve in [fromMs, toMs): one stored row per bucket (rollup_station_5m). */
  async curve(stationId: number, fromMs: number, toMs: number): Promise<CurveRow[]> {
    const rows = await queryRows<{
      bucket_ms: number;
      pv_w: number | null;
      grid_w: number | null;
      battery_w: number | null;
      soc_pct: number | null;
    }>(
      this.db,
      sql`select (extract(epoch from bucket) * 1000)::float8 as bucket_ms, pv_w, grid_w, battery_w, soc_pct
          from rollup_station_5m where station_id = ${stationId}
            and bucket >= ${new Date(fromMs).toISOString()}::timestamptz
            and bucket < ${new Date(toMs).toISOString()}::timestamptz
          order by bucket`,
    );
    return rows.map((r) => ({
      bucketMs: r.bucket_ms,
      pvW: nullable(r.pv_w),
      gridW: nullable(r.grid_w),
      batteryW: nullable(r.battery_w),
      socPct: nullable(r.soc_pct),
    }));
  }

  /** Every local hour of `date` (23, 24 or 25), joined with the station's hour rollups. */
  hours(station: ChartStation, date: string): Promise<EnergyRow[]> {
    const tz = station.timeZone;
    return this.energy(
      sql`select b as start_at, to_char(b at time zone ${tz}, 'HH24:MI') as label
          from generate_series((${date}::date::timestamp at time zone ${tz}),
                               ((${date}::date + 1)::timestamp at time zone ${tz}) - interval '1 second',
                               interval '1 hour') b`,
      sql`rollup_station_hour r on r.station_id = ${station.id} and r.bucket = p.start_at`,
    );
  }

  /** Every day of the month of `date`, joined with the day rollups. */
  days(station: ChartStation, date: string): Promise<EnergyRow[]> {
    const tz = station.timeZone;
    return this.energy(
      sql`select (d::date::timestamp at time zone ${tz}) as start_at, d::date as day, to_char(d, 'YYYY-MM-DD') as label
          from generate_series(date_trunc('month', ${date}::date),
                               date_trunc('month', ${date}::date) + interval '1 month' - interval '1 day',
                               interval '1 day') d`,
      sql`rollup_station_day r on r.station_id = ${station.id} and r.day = p.day`,
    );
  }

  /** Every month of the year of `date`, joined with the month rollups. */
  months(station: ChartStation, date: string): Promise<EnergyRow[]> {
    const tz = station.timeZone;
    return this.energy(
      sql`select (m::date::timestamp at time zone ${tz}) as start_at, m::date as month, to_char(m, 'YYYY-MM') as label
          from generate_series(date_trunc('year', ${date}::date), date_trunc('year', ${date}::date) + interval '11 months',
                               interval '1 month') m`,
      sql`rollup_station_month r on r.station_id = ${station.id} and r.month = p.month`,
    );
  }

  /** Years firstYear…lastYear, each the sum of its month rollups (null when it has none). */
  async years(station: ChartStation, firstYear: number, lastYear: number): Promise<EnergyRow[]> {
    const tz = station.timeZone;
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`select (extract(epoch from (make_date(y, 1, 1)::timestamp at time zone ${tz})) * 1000)::float8 as start_ms,
            y::text as label, count(r.month)::int as n,
            sum(r.energy_kwh::numeric)::float8 as energy_kwh, sum(r.income::numeric)::float8 as income,
            sum(r.charge_kwh::numeric)::float8 as charge_kwh, sum(r.discharge_kwh::numeric)::float8 as discharge_kwh,
            sum(r.import_kwh::numeric)::float8 as import_kwh, sum(r.export_kwh::numeric)::float8 as export_kwh
          from generate_series(${firstYear}::int, ${lastYear}::int) y
          left join rollup_station_month r on r.station_id = ${station.id}
            and r.month >= make_date(y, 1, 1) and r.month < make_date(y + 1, 1, 1)
          group by y order by y`,
    );
    return rows.map((r) => toEnergyRow(r, Number(r.n) > 0));
  }

  private async energy(periods: SQL, join: SQL): Promise<EnergyRow[]> {
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`with p as (${periods})
          select (extract(epoch from p.start_at) * 1000)::float8 as start_ms, p.label, r.station_id is not null as found,
            r.energy_kwh, r.income, r.charge_kwh, r.discharge_kwh, r.import_kwh, r.export_kwh
          from p left join ${join} order by p.start_at`,
    );
    return rows.map((r) => toEnergyRow(r, r.found === true));
  }

  /** The newest reading of the station's weather stations, if any. */
  async weatherReading(stationId: number): Promise<WeatherReading | null> {
    const rows = await queryRows<{ ms: number; values: Record<string, number | string | null> }>(
      this.db,
      sql`select (extract(epoch from l.ts) * 1000)::float8 as ms, l."values"
          from device_latest l join devices d on d.id = l.device_id join gateways g on g.id = d.gateway_id
          where g.station_id = ${stationId} and d.device_type = 'WEATHER_STATION'
          order by l.ts desc limit 1`,
    );
    const row = rows[0];
    return row ? { ts: row.ms, values: row.values } : null;
  }
}

function toEnergyRow(r: Record<string, unknown>, found: boolean): EnergyRow {
  const pick = (key: string): number | null => (found ? nullable(r[key]) : null);
  return {
    startMs: Number(r.start_ms),
    label: String(r.label),
    energyKwh: pick('energy_kwh'),
    income: pick('income'),
    chargeKwh: pick('charge_kwh'),
    dischargeKwh: pick('discharge_kwh'),
    importKwh: pick('import_kwh'),
    exportKwh: pick('export_kwh'),
  };
}
