// SQL of the statistics: the stations a caller compares (scoped), their energy and income from the station
// rollups (the same rows the station charts read), the irradiation their weather stations measured, the
// currency rates, and the saved views. Identifiers in raw SQL come from constants, never from requests.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { currencies, stations, statisticsViews } from '../../db/schema.js';
import { stationLocalDayOf } from '../stations/local-day-sql.js';
import { stationInScope } from '../tenancy/device-scope.js';
import type { Scope } from '../tenancy/scope.js';

export interface StatisticsStation {
  id: number;
  name: string;
  capacityKwp: number;
  timeZone: string;
  currency: string;
  measuresIrradiance: boolean;
}

/** One stored rollup row: a local day (DAY) or a local month's first day (MONTH/YEAR). */
export interface RollupFact {
  stationId: number;
  /** 'YYYY-MM-DD' */
  day: string;
  energyKwh: number;
  income: number;
  currency: string;
}

/** Irradiation of one station on one local day (kWh/m²), from its weather stations' hourly means. */
export interface IrradiationFact {
  stationId: number;
  day: string;
  kwhM2: number;
}

export type ViewRow = typeof statisticsViews.$inferSelect;
export type NewView = Omit<typeof statisticsViews.$inferInsert, 'id' | 'createdAt'>;

export class StatisticsRepository {
  constructor(private readonly db: Db) {}

  /** The stations among `ids` the scope reaches (foreign and missing ones are simply absent). */
  async stations(scope: Scope, ids: readonly number[]): Promise<StatisticsStation[]> {
    if (ids.length === 0) return [];
    const scoped = stationInScope(scope);
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`select ${stations.id} as id, ${stations.name} as name, ${stations.capacityKwp} as capacity_kwp,
            ${stations.timeZone} as time_zone, ${stations.currency} as currency,
            exists (select 1 from devices d join gateways g on g.id = d.gateway_id
                    where g.station_id = ${stations.id} and d.device_type = 'WEATHER_STATION') as measures
          from ${stations}
          where ${stations.id} in (${idList(ids)}) and ${scoped ?? sql`true`}`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      name: String(r.name),
      capacityKwp: Number(r.capacity_kwp),
      timeZone: String(r.time_zone),
      currency: String(r.currency),
      measuresIrradiance: r.measures === true,
    }));
  }

  /** Day rollups of the stations on the local days first…last. */
  dayFacts(stationIds: readonly number[], first: string, last: string): Promise<RollupFact[]> {
    return this.facts(
      sql`select station_id, to_char(day, 'YYYY-MM-DD') as day, energy_kwh, income, currency
          from rollup_station_day where station_id in (${idList(stationIds)})
            and day >= ${first}::date and day <= ${last}::date`,
    );
  }

  /** Month rollups of the stations for the months starting first…last (first days of months). */
  monthFacts(stationIds: readonly number[], first: string, last: string): Promise<RollupFact[]> {
    return this.facts(
      sql`select station_id, to_char(month, 'YYYY-MM-DD') as day, energy_kwh, income, currency
          from rollup_station_month where station_id in (${idList(stationIds)})
            and month >= ${first}::date and month <= ${last}::date`,
    );
  }

  private async facts(query: SQL): Promise<RollupFact[]> {
    const rows = await queryRows<Record<string, unknown>>(this.db, query);
    return rows.map((r) => ({
      stationId: Number(r.station_id),
      day: String(r.day),
      energyKwh: Number(r.energy_kwh),
      income: Number(r.income),
      currency: String(r.currency),
    }));
  }

  /**
   * Irradiation per station and local day over [fromMs, toMs): the hourly mean irradiance (W/m²) of
   * each weather station, averaged over the station's weather stations, summed per local day ÷ 1000.
   * Hours without a reading add nothing; days without any are absent.
   */
  async irradiation(stationIds: readonly number[], fromMs: number, toMs: number): Promise<IrradiationFact[]> {
    if (stationIds.length === 0) return [];
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`with w as (
            select g.station_id, t.device_id, date_trunc('hour', t.ts) as h, avg(t.irradiance_wm2) as wm2
            from telemetry t join devices d on d.id = t.device_id join gateways g on g.id = d.gateway_id
            where g.station_id in (${idList(stationIds)}) and d.device_type = 'WEATHER_STATION'
              and t.ts >= ${new Date(fromMs).toISOString()}::timestamptz
              and t.ts < ${new Date(toMs).toISOString()}::timestamptz
              and t.irradiance_wm2 is not null
            group by 1, 2, 3),
          hs as (select station_id, h, avg(wm2) as wm2 from w group by 1, 2)
          select hs.station_id, to_char(${stationLocalDayOf(sql`hs.h`)}, 'YYYY-MM-DD') as day,
            (sum(greatest(hs.wm2, 0)) / 1000)::float8 as kwh_m2
          from hs join ${stations} s on s.id = hs.station_id group by 1, 2`,
    );
    return rows.map((r) => ({
      stationId: Number(r.station_id),
      day: String(r.day),
      kwhM2: Number(r.kwh_m2),
    }));
  }

  /** Exchange rates (units per 1 USD) of the given currency codes that exist. */
  async rates(codes: readonly string[]): Promise<Map<string, number>> {
    if (codes.length === 0) return new Map();
    const rows = await this.db
      .select({ code: currencies.code, rate: currencies.exchangeRate })
      .from(currencies)
      .where(inArray(currencies.code, [...codes]));
    return new Map(rows.map((r) => [r.code, r.rate]));
  }

  views(ownerUserId: number): Promise<ViewRow[]> {
    return this.db
      .select()
      .from(statisticsViews)
      .where(eq(statisticsViews.ownerUserId, ownerUserId))
      .orderBy(asc(statisticsViews.name), asc(statisticsViews.id));
  }

  async view(ownerUserId: number, id: number): Promise<ViewRow | null> {
    const rows = await this.db
      .select()
      .from(statisticsViews)
      .where(and(eq(statisticsViews.id, id), eq(statisticsViews.ownerUserId, ownerUserId)));
    return rows[0] ?? null;
  }

  async countViews(ownerUserId: number): Promise<number> {
    const rows = await queryRows<{ n: number | string }>(
      this.db,
      sql`select count(*) as n from ${statisticsViews} where ${statisticsViews.ownerUserId} = ${ownerUserId}`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  async nameTaken(ownerUserId: number, name: string, exceptId: number | null): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`select id from ${statisticsViews} where ${statisticsViews.ownerUserId} = ${ownerUserId}
            and ${statisticsViews.name} = ${name} and (${exceptId}::int is null or id <> ${exceptId}::int)`,
    );
    return rows.length > 0;
  }

  async insert(values: NewView): Promise<ViewRow> {
    const [row] = await this.db.insert(statisticsViews).values(values).returning();
    if (!row) throw new Error('statistics view insert returned no row');
    return row;
  }

  async update(ownerUserId: number, id: number, values: Partial<NewView>): Promise<ViewRow | null> {
    const rows = await this.db
      .update(statisticsViews)
      .set(values)
      .where(and(eq(statisticsViews.id, id), eq(statisticsViews.ownerUserId, ownerUserId)))
      .returning();
    return rows[0] ?? null;
  }

  async delete(ownerUserId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(statisticsViews)
      .where(and(eq(statisticsViews.id, id), eq(statisticsViews.ownerUserId, ownerUserId)))
      .returning({ id: statisticsViews.id });
    return rows.length > 0;
  }
}

const idList = (list: readonly number[]): SQL =>
  sql.join(
    list.map((id) => sql`${id}::int`),
    sql`, `,
  );
