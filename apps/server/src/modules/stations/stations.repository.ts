// Station rows within the caller's scope: the list with aggregated latest values and energy (one
// statement per page, whatever the fleet size), detail, locations, writes and follows. Foreign ids are
// simply not found (ENGINEERING §5).
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import {
  companies,
  currencies,
  files,
  gateways,
  rollupStationDay,
  rollupStationHour,
  rollupStationMonth,
  roles,
  stationFollows,
  stations,
  users,
} from '../../db/schema.js';
import { containsPattern } from '../reference/sql-helpers.js';
import { idInScope, stationInScope } from '../tenancy/device-scope.js';
import { scopeWhere, type Scope } from '../tenancy/scope.js';
import { factsColumn, freshSql, stationFactsJoin, stationsWithStatus } from '../facts/status-sql.js';
import { stationLocalDay } from './local-day-sql.js';

/** What other modules need of a station the caller may reach. */
export interface StationForCaller {
  id: number;
  name: string;
  companyId: number;
  /** SPEC §1 station type (StationTypes). */
  type: string;
  timeZone: string;
  currency: string;
  price: number;
  capacityKwp: number;
  /** Epoch ms, or null when unknown. */
  installedAtMs: number | null;
  createdAtMs: number;
}

/** The station if the caller may reach it (a foreign id answers like a missing one), else null. */
export async function loadStationForCaller(
  db: Db,
  scope: Scope,
  id: number,
): Promise<StationForCaller | null> {
  const rows = await db
    .select({
      id: stations.id,
      name: stations.name,
      companyId: stations.companyId,
      type: stations.type,
      timeZone: stations.timeZone,
      currency: stations.currency,
      price: stations.price,
      capacityKwp: stations.capacityKwp,
      installedAt: stations.installedAt,
      createdAt: stations.createdAt,
    })
    .from(stations)
    .where(idInScope(stations.id, id, stationInScope(scope)));
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    companyId: row.companyId,
    type: row.type,
    timeZone: row.timeZone,
    currency: row.currency,
    price: row.price,
    capacityKwp: row.capacityKwp,
    installedAtMs: row.installedAt === null ? null : row.installedAt.getTime(),
    createdAtMs: row.createdAt.getTime(),
  };
}

export type StationStatusCode = 'ONLINE' | 'ABNORMAL' | 'OFFLINE' | 'OTHER';
export type DeviceStatusCode = 'RUNNING' | 'FAULT' | 'OFFLINE' | 'OTHER';

/** A station row with its aggregates, as read for lists and the detail. */
export interface StationRow {
  id: number;
  name: string;
  type: string;
  status: StationStatusCode;
  address: string | null;
  longitude: number | null;
  latitude: number | null;
  capacityKwp: number;
  powerW: number | null;
  todayKwh: number | null;
  monthKwh: number | null;
  yearKwh: number | null;
  totalKwh: number | null;
  currency: string;
  price: number;
  timeZone: string;
  companyId: number;
  companyName: string;
  ownerUserId: number | null;
  ownerUsername: string | null;
  concern: boolean;
  simulated: boolean;
  installedAt: Date | null;
  createdAt: Date;
  gatewayCount: number;
  deviceCount: number;
  gridType: string | null;
  pictures: string[];
}

export interface StationFilter {
  name: string | null;
  type: string | null;
  status: StationStatusCode | null;
  concern: boolean | null;
  companyId: number | null;
}

/** A device of a station with its newest power and state of charge (device_latest). */
export interface FlowDeviceRow {
  deviceType: string;
  fresh: boolean;
  ts: number | null;
  powerW: number | null;
  socPct: number | null;
}

export interface EnergyTotals {
  todayKwh: number | null;
  monthKwh: number | null;
  yearKwh: number | null;
  totalKwh: number | null;
  /** In the currency asked for, converted by the currencies table's rates; null without rollups. */
  todayIncome: number | null;
  monthIncome: number | null;
  yearIncome: number | null;
  totalIncome: number | null;
}

export interface FleetKpiRow extends EnergyTotals {
  capacityKwp: number;
  powerW: number;
  stations: Record<StationStatusCode, number>;
  devices: Record<DeviceStatusCode, number>;
  /** Of OTHER: devices that rest (deviceRest()). */
  devicesResting: number;
}

export interface StationValues {
  name: string;
  type: (typeof stations.$inferInsert)['type'];
  address: string | null;
  longitude: number | null;
  latitude: number | null;
  installedAt: Date | null;
  gridType: string | null;
  capacityKwp: number;
  price: number;
  currency: string;
  timeZone: string;
  pictures: string[];
  ownerUserId: number | null;
  companyId: number;
}

const num = (v: unknown): number => Number(v ?? 0);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const dateOf = (v: unknown): Date | null =>
  v === null || v === undefined ? null : v instanceof Date ? v : new Date(v as string | number);

const ts = (now: Date): SQL => sql`${now.toISOString()}::timestamptz`;

/**
 * Columns of one station `s` (joined with companies `c`, users `u` and its facts by stationFactsJoin):
 * status, counts and the inverters' power now from the station facts, and today/month/year/total energy
 * from the station rollups in the station's calendar (primary-key lookups, for one page of stations).
 */
function stationColumns(userId: number, now: Date): SQL {
  const today = stationLocalDay(now);
  return sql`s.id, s.name, s.type, ${factsColumn('status', ts(now))} as status, s.address,
    s.longitude, s.latitude, s.capacity_kwp, s.currency, s.price, s.time_zone, s.company_id,
    c.name as company_name, s.owner_user_id, u.username as owner_username, s.simulated,
    s.installed_at, s.created_at, s.grid_type, s.pictures,
    exists (select 1 from station_follows f where f.station_id = s.id and f.user_id = ${userId}) as concern,
    ${factsColumn('gateways', ts(now))} as gateway_count, ${factsColumn('devices', ts(now))} as device_count,
    ${factsColumn('power_w', ts(now))} as power_w,
    (select r.energy_kwh from rollup_station_day r where r.station_id = s.id and r.day = ${today}) as today_kwh,
    (select r.energy_kwh from rollup_station_month r
      where r.station_id = s.id and r.month = date_trunc('month', ${today})::date) as month_kwh,
    (select sum(r.energy_kwh) from rollup_station_month r where r.station_id = s.id
      and r.month >= date_trunc('year', ${today})::date
      and r.month < (date_trunc('year', ${today}) + interval '1 year')::date) as year_kwh,
    (select sum(r.energy_kwh) from rollup_station_month r where r.station_id = s.id) as total_kwh`;
}

function toStationRow(r: Record<string, unknown>): StationRow {
  return {
    id: num(r.id),
    name: String(r.name),
    type: String(r.type),
    status: String(r.status) as StationStatusCode,
    address: (r.address as string | null) ?? null,
    longitude: numOrNull(r.longitude),
    latitude: numOrNull(r.latitude),
    capacityKwp: num(r.capacity_kwp),
    powerW: numOrNull(r.power_w),
    todayKwh: numOrNull(r.today_kwh),
    monthKwh: numOrNull(r.month_kwh),
    yearKwh: numOrNull(r.year_kwh),
    totalKwh: numOrNull(r.total_kwh),
    currency: String(r.currency),
    price: num(r.price),
    timeZone: String(r.time_zone),
    companyId: num(r.company_id),
    companyName: (r.company_name as string | null) ?? '',
    ownerUserId: numOrNull(r.owner_user_id),
    ownerUsername: (r.owner_username as string | null) ?? null,
    concern: r.concern === true,
    simulated: r.simulated === true,
    installedAt: dateOf(r.installed_at),
    createdAt: dateOf(r.created_at) ?? new Date(0),
    gatewayCount: num(r.gateway_count),
    deviceCount: num(r.device_count),
    gridType: (r.grid_type as string | null) ?? null,
    pictures: parsePictures(r.pictures),
  };
}

/** A text[] as the drivers hand it over: an array, or (PGlite in raw queries) the '{a,b}' literal. */
function parsePictures(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' && value.startsWith('{') && value.length > 2)
    return value
      .slice(1, -1)
      .split(',')
      .map((v) => v.replace(/^"|"$/g, ''));
  return [];
}

export class StationsRepository {
  constructor(private readonly db: Db) {}

  /** Conditions of a list over `stations` (unaliased, as the scope condition names it). */
  private listWhere(scope: Scope, userId: number, f: StationFilter, now: Date): SQL {
    const parts: SQL[] = [];
    const scoped = stationInScope(scope);
    if (scoped) parts.push(scoped);
    if (f.name !== null) parts.push(sql`${stations.name} ilike ${containsPattern(f.name)}`);
    if (f.type !== null) parts.push(sql`${stations.type} = ${f.type}`);
    if (f.companyId !== null) parts.push(sql`${stations.companyId} = ${f.companyId}`);
    if (f.concern !== null) {
      const follows = sql`exists (select 1 from ${stationFollows} where ${stationFollows.stationId} = ${stations.id}
        and ${stationFollows.userId} = ${userId})`;
      parts.push(f.concern ? follows : sql`not ${follows}`);
    }
    if (f.status !== null)
      parts.push(sql`${stations.id} in ${stationsWithStatus(sql`${f.status}`, ts(now))}`);
    return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
  }

  /**
   * One page of stations ordered by name, with the total; one statement. The page is read in the order of
   * stations_name_idx, so only the stations before its end are visited, not every station in scope.
   */
  async page(
    scope: Scope,
    userId: number,
    filter: StationFilter,
    window: { offset: number; limit: number },
    now: Date,
  ): Promise<{ total: number; rows: StationRow[] }> {
    const where = this.listWhere(scope, userId, filter, now);
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`select (select count(*)::int from ${stations} where ${where}) as total__, ${stationColumns(userId, now)}
        from (select ${stations.id} as id from ${stations} where ${where}
            order by ${stations.name}, ${stations.id} limit ${window.limit} offset ${window.offset}) page
          join stations s on s.id = page.id join companies c on c.id = s.company_id
          left join users u on u.id = s.owner_user_id ${stationFactsJoin(ts(now))}
        order by s.name, s.id`,
    );
    if (rows.length === 0) {
      const counted = await queryRows<{ n: number }>(
        this.db,
        sql`select count(*)::int as n from ${stations} where ${where}`,
      );
      return { total: num(counted[0]?.n), rows: [] };
    }
    return { total: num(rows[0]?.total__), rows: rows.map(toStationRow) };
  }

  /** One station in scope with its aggregates, or null. */
  async detail(scope: Scope, userId: number, id: number, now: Date): Promise<StationRow | null> {
    const scoped = stationInScope(scope);
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`with page as (select ${stations.id} as id from ${stations} where ${stations.id} = ${id}
          and ${scoped ?? sql`true`})
        select ${stationColumns(userId, now)}
        from page join stations s on s.id = page.id join companies c on c.id = s.company_id
          left join users u on u.id = s.owner_user_id ${stationFactsJoin(ts(now))}`,
    );
    const row = rows[0];
    return row ? toStationRow(row) : null;
  }

  async simpleList(
    scope: Scope,
    name: string | null,
    limit: number,
  ): Promise<{ id: number; name: string }[]> {
    return this.db
      .select({ id: stations.id, name: stations.name })
      .from(stations)
      .where(
        and(
          stationInScope(scope),
          name === null ? undefined : sql`${stations.name} ilike ${containsPattern(name)}`,
        ),
      )
      .orderBy(stations.name, stations.id)
      .limit(limit);
  }

  /** Stations in scope that have loggers, with their logger and device counts. */
  async upgradePage(
    scope: Scope,
    name: string | null,
    window: { offset: number; limit: number },
  ): Promise<{
    total: number;
    rows: { id: number; name: string; type: string; gatewayCount: number; deviceCount: number }[];
  }> {
    const where = and(
      stationInScope(scope),
      name === null ? undefined : sql`${stations.name} ilike ${containsPattern(name)}`,
      sql`exists (select 1 from ${gateways} where ${gateways.stationId} = ${stations.id})`,
    );
    const [rows, counted] = await Promise.all([
      this.db
        .select({
          id: stations.id,
          name: stations.name,
          type: stations.type,
          gatewayCount: sql<number>`(select count(*)::int from gateways g where g.station_id = "stations"."id")`,
          deviceCount: sql<number>`(select count(*)::int from devices d join gateways g on g.id = d.gateway_id
            where g.station_id = "stations"."id")`,
        })
        .from(stations)
        .where(where)
        .orderBy(stations.name, stations.id)
        .limit(window.limit)
        .offset(window.offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(stations)
        .where(where),
    ]);
    return {
      total: num(counted[0]?.n),
      rows: rows.map((r) => ({ ...r, gatewayCount: num(r.gatewayCount), deviceCount: num(r.deviceCount) })),
    };
  }

  /** Stations in scope with coordinates and their status, ordered by name. */
  async locations(
    scope: Scope,
    now: Date,
  ): Promise<
    {
      id: number;
      name: string;
      type: string;
      status: StationStatusCode;
      longitude: number;
      latitude: number;
    }[]
  > {
    const scoped = stationInScope(scope);
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`select s.id, s.name, s.type, s.longitude, s.latitude, ${factsColumn('status', ts(now))} as status
        from (select * from ${stations} where ${scoped ?? sql`true`}
          and ${stations.longitude} is not null and ${stations.latitude} is not null) s
          ${stationFactsJoin(ts(now))}
        order by s.name, s.id`,
    );
    return rows.map((r) => ({
      id: num(r.id),
      name: String(r.name),
      type: String(r.type),
      status: String(r.status) as StationStatusCode,
      longitude: num(r.longitude),
      latitude: num(r.latitude),
    }));
  }

  /** The devices of a station with their newest power and state of charge, and whether they are fresh. */
  async flowDevices(stationId: number, now: Date): Promise<FlowDeviceRow[]> {
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`select d.device_type, ${freshSql(sql.raw('d.last_seen_at'), sql.raw('g.upload_interval_s'), ts(now))} as fresh,
          (extract(epoch from dl.ts) * 1000)::float8 as ms, dl.power_w, dl.soc_pct
        from devices d join gateways g on g.id = d.gateway_id
          left join device_latest dl on dl.device_id = d.id
        where g.station_id = ${stationId}`,
    );
    return rows.map((r) => ({
      deviceType: String(r.device_type),
      fresh: r.fresh === true,
      ts: numOrNull(r.ms),
      powerW: numOrNull(r.power_w),
      socPct: numOrNull(r.soc_pct),
    }));
  }

  /**
   * Energy and income of one station (or of every station in scope when `stationId` is null) from the
   * station rollups, each station in its own calendar; income converted to `currency` through the rates
   * of the currencies table (units per 1 USD). Rows in a currency without a rate are left out of income.
   */
  private energyCtes(scope: Scope, stationId: number | null, currency: string, now: Date): SQL {
    const scoped = stationInScope(scope);
    const only = stationId === null ? sql`true` : sql`${stations.id} = ${stationId}`;
    // Sums per currency first, converted once per currency afterwards: the month table holds every month
    // of every station, so per-row work is kept to plain sums. Local month and year starts per station.
    const convert = (column: string): SQL =>
      sql`sum(case when x.currency = ${currency} then x.${sql.raw(column)}
        else x.${sql.raw(column)} / nullif(rc.exchange_rate, 0) * (select exchange_rate from currencies where code = ${currency}) end)`;
    // The local day, month and year start once per time zone in scope, not once per station (materialized:
    // inlined, the planner would compute them again for every station row of the join).
    return sql`st0 as (select ${stations.id} as id, ${stations.capacityKwp} as capacity_kwp, ${stations.timeZone} as tz
          from ${stations} where ${scoped ?? sql`true`} and ${only}),
      zones as materialized (select tz, today, date_trunc('month', today)::date as m0, date_trunc('year', today)::date as y0
        from (select tz, (${ts(now)} at time zone tz)::date as today from (select distinct tz from st0) z0) z1),
      st as (select st0.id, st0.capacity_kwp, zones.today, zones.m0, zones.y0 from st0 join zones using (tz)),
      day_c as (select r.currency, sum(r.energy_kwh) as kwh, sum(r.income) as today_income
        from rollup_station_day r join st on st.id = r.station_id and r.day = st.today group by r.currency),
      day as (select sum(x.kwh) as today_kwh, ${convert('today_income')} as today_income
        from day_c x left join currencies rc on rc.code = x.currency),
      mon_c as (select r.currency,
          sum(r.energy_kwh) filter (where r.month = st.m0) as month_kwh,
          sum(r.income) filter (where r.month = st.m0) as month_income,
          sum(r.energy_kwh) filter (where r.month >= st.y0) as year_kwh,
          sum(r.income) filter (where r.month >= st.y0) as year_income,
          sum(r.energy_kwh) as total_kwh, sum(r.income) as total_income
        from rollup_station_month r join st on st.id = r.station_id group by r.currency),
      mon as (select sum(x.month_kwh) as month_kwh, ${convert('month_income')} as month_income,
          sum(x.year_kwh) as year_kwh, ${convert('year_income')} as year_income,
          sum(x.total_kwh) as total_kwh, ${convert('total_income')} as total_income
        from mon_c x left join currencies rc on rc.code = x.currency)`;
  }

  async stationEnergy(scope: Scope, stationId: number, currency: string, now: Date): Promise<EnergyTotals> {
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`with ${this.energyCtes(scope, stationId, currency, now)} select day.*, mon.* from day, mon`,
    );
    return toEnergy(rows[0] ?? {});
  }

  /** The Home KPIs of every station in scope: one statement. */
  async fleetKpis(scope: Scope, currency: string, now: Date): Promise<FleetKpiRow> {
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`with ${this.energyCtes(scope, null, currency, now)},
        facts as (select ${factsColumn('status', ts(now))} as status, ${factsColumn('power_w', ts(now))} as power_w,
            ${factsColumn('devices', ts(now))} as devices, ${factsColumn('devices_running', ts(now))} as running,
            ${factsColumn('devices_fault', ts(now))} as fault, ${factsColumn('devices_offline', ts(now))} as offline,
            ${factsColumn('devices_resting', ts(now))} as resting
          from st s ${stationFactsJoin(ts(now))})
        select day.*, mon.*,
          (select coalesce(sum(capacity_kwp), 0) from st) as capacity_kwp,
          (select coalesce(sum(power_w), 0) from facts) as power_w,
          (select json_object_agg(status, n) from (select status, count(*)::int as n from facts group by status) x)
            as station_counts,
          (select json_build_object('RUNNING', coalesce(sum(running), 0), 'FAULT', coalesce(sum(fault), 0),
              'OFFLINE', coalesce(sum(offline), 0),
              'OTHER', coalesce(sum(devices - running - fault - offline), 0),
              'RESTING', coalesce(sum(resting), 0)) from facts) as device_counts
        from day, mon`,
    );
    const row = rows[0] ?? {};
    const counts = (v: unknown): Record<string, number> =>
      (typeof v === 'string'
        ? (JSON.parse(v) as Record<string, number>)
        : (v as Record<string, number> | null)) ?? {};
    const s = counts(row.station_counts);
    const d = counts(row.device_counts);
    return {
      ...toEnergy(row),
      capacityKwp: num(row.capacity_kwp),
      powerW: num(row.power_w),
      stations: {
        ONLINE: num(s.ONLINE),
        ABNORMAL: num(s.ABNORMAL),
        OFFLINE: num(s.OFFLINE),
        OTHER: num(s.OTHER),
      },
      devices: { RUNNING: num(d.RUNNING), FAULT: num(d.FAULT), OFFLINE: num(d.OFFLINE), OTHER: num(d.OTHER) },
      devicesResting: num(d.RESTING),
    };
  }

  // ---- Writes --------------------------------------------------------------------------------------------

  /**
   * The currency Home shows when the caller chose none: the one most of the stations in reach are priced
   * in (their income is kept in it, so nothing is converted), else the currency of the region the user's
   * mobile dialling code belongs to; null when neither says (no stations, no mobile).
   */
  async defaultKpiCurrency(scope: Scope, userId: number): Promise<string | null> {
    const scoped = stationInScope(scope);
    const rows = await queryRows<{ code: string | null }>(
      this.db,
      sql`select coalesce(
          (select ${stations.currency} from ${stations} join currencies c on c.code = ${stations.currency}
            where ${scoped ?? sql`true`} group by ${stations.currency}
            order by count(*) desc, sum(${stations.capacityKwp}) desc, ${stations.currency} limit 1),
          (select r.currency_code from users u
            join regions r on r.area_code = '+' || ltrim(u.mobile_area_code, '+')
            join currencies c on c.code = r.currency_code
            where u.id = ${userId} order by r.id limit 1)) as code`,
    );
    return rows[0]?.code ?? null;
  }

  async currencyExists(code: string): Promise<boolean> {
    const rows = await this.db
      .select({ code: currencies.code })
      .from(currencies)
      .where(eq(currencies.code, code));
    return rows.length === 1;
  }

  async companyExists(id: number): Promise<boolean> {
    const rows = await this.db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
    return rows.length === 1;
  }

  /** A user the caller may reach (their company within the scope; an owner reaches only themselves). */
  async reachableUser(
    scope: Scope,
    id: number,
  ): Promise<{ id: number; roleType: string; disabled: boolean } | null> {
    const rows = await this.db
      .select({ id: users.id, roleType: roles.roleType, disabled: users.disabled })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(eq(users.id, id), scopeWhere(scope, { companyId: users.companyId, userId: users.id })));
    return rows[0] ?? null;
  }

  /** The station's current company, owner and pictures, if in scope. */
  async current(
    scope: Scope,
    id: number,
  ): Promise<{ id: number; companyId: number; ownerUserId: number | null; pictures: string[] } | null> {
    const rows = await this.db
      .select({
        id: stations.id,
        companyId: stations.companyId,
        ownerUserId: stations.ownerUserId,
        pictures: stations.pictures,
      })
      .from(stations)
      .where(idInScope(stations.id, id, stationInScope(scope)));
    return rows[0] ?? null;
  }

  /** Picture files among `ids`: kind 'picture', with who uploaded them and for which company. */
  async pictureFiles(
    ids: readonly string[],
  ): Promise<{ id: string; ownerUserId: number | null; companyId: number | null }[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: files.id, ownerUserId: files.ownerUserId, companyId: files.companyId })
      .from(files)
      .where(and(inArray(files.id, [...ids]), eq(files.kind, 'picture')));
  }

  async insertPicture(file: {
    id: string;
    mime: string;
    bytes: Buffer;
    ownerUserId: number;
    companyId: number;
  }): Promise<void> {
    await this.db.insert(files).values({ ...file, kind: 'picture', size: file.bytes.length });
  }

  async insert(values: StationValues, now: Date): Promise<number> {
    const rows = await this.db
      .insert(stations)
      .values({ ...values, createdAt: now, updatedAt: now })
      .returning({ id: stations.id });
    const row = rows[0];
    if (!row) throw new Error('station not inserted');
    return row.id;
  }

  /** Updates a station; its bound loggers follow a change of company; pictures it drops are deleted. */
  async update(id: number, values: StationValues, dropped: readonly string[], now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(stations)
        .set({ ...values, updatedAt: now })
        .where(eq(stations.id, id));
      await tx.update(gateways).set({ companyId: values.companyId }).where(eq(gateways.stationId, id));
      if (dropped.length > 0)
        await tx.delete(files).where(and(inArray(files.id, [...dropped]), eq(files.kind, 'picture')));
    });
  }

  async rename(id: number, name: string, now: Date): Promise<void> {
    await this.db.update(stations).set({ name, updatedAt: now }).where(eq(stations.id, id));
  }

  /** Ids among `ids` that the caller may reach. */
  async reachableIds(scope: Scope, ids: readonly number[]): Promise<number[]> {
    const rows = await this.db
      .select({ id: stations.id })
      .from(stations)
      .where(and(inArray(stations.id, [...ids]), stationInScope(scope)));
    return rows.map((r) => r.id);
  }

  /** Moves stations (and their bound loggers) to a company and/or owner, all in one transaction. */
  async assign(
    ids: readonly number[],
    change: { companyId?: number; ownerUserId?: number | null },
    now: Date,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(stations)
        .set({ ...change, updatedAt: now })
        .where(inArray(stations.id, [...ids]));
      if (change.companyId !== undefined)
        await tx
          .update(gateways)
          .set({ companyId: change.companyId })
          .where(inArray(gateways.stationId, [...ids]));
    });
  }

  /**
   * Deletes a station: its loggers go back unbound to the station's company, its follows, share links and
   * subscriptions go (foreign keys cascade), its rollups and pictures go; device telemetry stays.
   */
  async delete(id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ companyId: stations.companyId, pictures: stations.pictures })
        .from(stations)
        .where(eq(stations.id, id))
        .for('update');
      if (!row) return;
      await tx
        .update(gateways)
        .set({ stationId: null, companyId: row.companyId, boundAt: null })
        .where(eq(gateways.stationId, id));
      await tx.delete(rollupStationHour).where(eq(rollupStationHour.stationId, id));
      await tx.delete(rollupStationDay).where(eq(rollupStationDay.stationId, id));
      await tx.delete(rollupStationMonth).where(eq(rollupStationMonth.stationId, id));
      await tx.delete(stations).where(eq(stations.id, id));
      if (row.pictures.length > 0)
        await tx.delete(files).where(and(inArray(files.id, row.pictures), eq(files.kind, 'picture')));
    });
  }

  async follow(userId: number, stationId: number, now: Date): Promise<void> {
    await this.db.insert(stationFollows).values({ userId, stationId, createdAt: now }).onConflictDoNothing();
  }

  async unfollow(userId: number, stationId: number): Promise<void> {
    await this.db
      .delete(stationFollows)
      .where(and(eq(stationFollows.userId, userId), eq(stationFollows.stationId, stationId)));
  }
}

function toEnergy(r: Record<string, unknown>): EnergyTotals {
  return {
    todayKwh: numOrNull(r.today_kwh),
    monthKwh: numOrNull(r.month_kwh),
    yearKwh: numOrNull(r.year_kwh),
    totalKwh: numOrNull(r.total_kwh),
    todayIncome: numOrNull(r.today_income),
    monthIncome: numOrNull(r.month_income),
    yearIncome: numOrNull(r.year_income),
    totalIncome: numOrNull(r.total_income),
  };
}
