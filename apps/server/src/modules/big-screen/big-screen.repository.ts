// SQL of the big screen beyond the Home KPIs (those come from the stations module): logger status counts,
// the two rankings, station coordinates and today's fleet power by hour, in one statement; and the
// showcase switch. Status comes from the one status model (facts/status-sql.ts), scope from tenancy.
import { BigScreenLimits } from '@sunfleet/contracts';
import { eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { bigScreenSettings, gateways, stations } from '../../db/schema.js';
import { factsColumn, gatewayStatusSql, stationFactsJoin } from '../facts/status-sql.js';
import { stationLocalDay } from '../stations/local-day-sql.js';
import { gatewayInScope, stationInScope } from '../tenancy/device-scope.js';
import type { Scope } from '../tenancy/scope.js';

export interface BigScreenRows {
  gateways: Record<string, number>;
  topGeneration: { stationId: number; name: string; todayKwh: number }[];
  topOnline: { stationId: number; name: string; gateways: number; gatewaysOnline: number }[];
  /** Stations grouped by their coordinates (null: without coordinates). */
  points: { lon: number | null; lat: number | null; n: number }[];
  /** Hourly fleet energy (kWh, i.e. mean kW) by bucket start, epoch ms. */
  hours: { ts: number; kwh: number }[];
}

export interface ShowcaseRow {
  showcase: boolean;
  updatedAt: Date | null;
}

const ts = (now: Date): SQL => sql`${now.toISOString()}::timestamptz`;

/** A json column as the drivers hand it over: parsed already, or (PGlite in raw queries) text. */
function json<T>(value: unknown, empty: T): T {
  if (value === null || value === undefined) return empty;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export class BigScreenRepository {
  constructor(private readonly db: Db) {}

  /** Everything of the screen but the Home KPIs, for the stations and loggers in scope: one statement. */
  async read(scope: Scope, now: Date, dayStart: Date): Promise<BigScreenRows> {
    const stationsScoped = stationInScope(scope) ?? sql`true`;
    const gatewaysScoped = gatewayInScope(scope);
    const gatewayIds =
      gatewaysScoped === undefined
        ? sql`true`
        : sql`g.id in (select ${gateways.id} from ${gateways} where ${gatewaysScoped})`;
    const top = BigScreenLimits.rankingSize;
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`with s as materialized (select * from ${stations} where ${stationsScoped}),
        facts as (select s.id, s.name, ${factsColumn('gateways', ts(now))} as gw,
            ${factsColumn('gateways_online', ts(now))} as gw_online
          from s ${stationFactsJoin(ts(now))})
        select
          (select json_object_agg(status, n) from (select ${gatewayStatusSql(ts(now))} as status, count(*)::int as n
              from gateways g where ${gatewayIds} group by 1) x) as gateway_counts,
          (select json_agg(x) from (select s.id as "stationId", s.name, r.energy_kwh as "todayKwh"
              from s join rollup_station_day r on r.station_id = s.id and r.day = ${stationLocalDay(now)}
              where r.energy_kwh > 0 order by r.energy_kwh desc, s.name, s.id limit ${top}) x) as top_generation,
          (select json_agg(x) from (select f.id as "stationId", f.name, f.gw as gateways, f.gw_online as "gatewaysOnline"
              from facts f where f.gw > 0
              order by f.gw_online::float8 / f.gw desc, f.gw desc, f.name, f.id limit ${top}) x) as top_online,
          (select json_agg(x) from (select round(s.longitude::numeric, 3)::float8 as lon,
                round(s.latitude::numeric, 3)::float8 as lat, count(*)::int as n
              from s group by 1, 2) x) as points,
          (select json_agg(x order by x.ts) from (select (extract(epoch from r.bucket) * 1000)::float8 as ts,
                sum(r.energy_kwh)::float8 as kwh
              from rollup_station_hour r join s on s.id = r.station_id
              where r.bucket >= ${ts(dayStart)} and r.bucket <= ${ts(now)} group by r.bucket) x) as hours`,
    );
    const row = rows[0] ?? {};
    const num = (v: unknown): number => Number(v ?? 0);
    return {
      gateways: json<Record<string, number>>(row.gateway_counts, {}),
      topGeneration: json<Record<string, unknown>[]>(row.top_generation, []).map((r) => ({
        stationId: num(r.stationId),
        name: String(r.name),
        todayKwh: num(r.todayKwh),
      })),
      topOnline: json<Record<string, unknown>[]>(row.top_online, []).map((r) => ({
        stationId: num(r.stationId),
        name: String(r.name),
        gateways: num(r.gateways),
        gatewaysOnline: num(r.gatewaysOnline),
      })),
      points: json<Record<string, unknown>[]>(row.points, []).map((p) => ({
        lon: p.lon === null || p.lon === undefined ? null : Number(p.lon),
        lat: p.lat === null || p.lat === undefined ? null : Number(p.lat),
        n: num(p.n),
      })),
      hours: json<Record<string, unknown>[]>(row.hours, []).map((h) => ({ ts: num(h.ts), kwh: num(h.kwh) })),
    };
  }

  async showcase(): Promise<ShowcaseRow> {
    const rows = await this.db
      .select({ showcase: bigScreenSettings.showcase, updatedAt: bigScreenSettings.updatedAt })
      .from(bigScreenSettings)
      .where(eq(bigScreenSettings.id, 1));
    return rows[0] ?? { showcase: false, updatedAt: null };
  }

  async setShowcase(showcase: boolean, userId: number, now: Date): Promise<ShowcaseRow> {
    const rows = await this.db
      .insert(bigScreenSettings)
      .values({ id: 1, showcase, updatedByUserId: userId, updatedAt: now })
      .onConflictDoUpdate({
        target: bigScreenSettings.id,
        set: { showcase, updatedByUserId: userId, updatedAt: now },
      })
      .returning({ showcase: bigScreenSettings.showcase, updatedAt: bigScreenSettings.updatedAt });
    return rows[0] ?? { showcase, updatedAt: now };
  }

  /** Whether the user's role is the platform's administrator role type (ADMINISTRATOR). */
  async roleType(roleId: number): Promise<string | null> {
    const rows = await queryRows<{ role_type: string }>(
      this.db,
      sql`select role_type from roles where id = ${roleId}`,
    );
    return rows[0]?.role_type ?? null;
  }
}
