// SQL of the global search: stations, devices and loggers within the caller's reach (the tenancy
// conditions of device-scope.ts), and the caller's own search history. Devices and loggers come with
// their station (in reach whenever they are: a bound logger is reached through its station) and their
// status by the SQL form of the domain's rule (facts/status-sql.ts).
import { and, asc, desc, eq, ilike, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { SearchLimits, type DeviceStatus, type GatewayStatus, type SearchType } from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import { devices, gateways, queryHistory, stations } from '../../db/schema.js';
import { deviceStatusOf, gatewayStatusOf } from '../facts/status-sql.js';
import { containsPattern } from '../reference/sql-helpers.js';
import { deviceInScope, gatewayInScope, stationInScope } from '../tenancy/device-scope.js';
import type { Scope } from '../tenancy/scope.js';

const both = (a: SQL | undefined, b: SQL): SQL => (a === undefined ? b : (and(a, b) as SQL));
/** Prefix matches first, then alphabetical. */
const prefixFirst = (column: SQL | typeof stations.name, keywords: string): SQL =>
  sql`case when lower(${column}) like lower(${`${keywords.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}) then 0 else 1 end`;

interface PlacedHit {
  id: number;
  stationId: number | null;
  stationName: string | null;
}
export interface DeviceHit extends PlacedHit {
  deviceSn: string;
  status: DeviceStatus;
}
export interface GatewayHit extends PlacedHit {
  gatewaySn: string;
  status: GatewayStatus;
}

const at = (now: Date): SQL => sql`${now.toISOString()}::timestamptz`;

export class SearchRepository {
  constructor(private readonly db: Db) {}

  async stations(scope: Scope, keywords: string): Promise<{ id: number; name: string }[]> {
    return this.db
      .select({ id: stations.id, name: stations.name })
      .from(stations)
      .where(both(stationInScope(scope), ilike(stations.name, containsPattern(keywords))))
      .orderBy(prefixFirst(stations.name, keywords), asc(stations.name), asc(stations.id))
      .limit(SearchLimits.listMax);
  }

  /** Devices other than loggers, by SN or name. */
  async devices(scope: Scope, keywords: string, now: Date): Promise<DeviceHit[]> {
    const pattern = containsPattern(keywords);
    return this.db
      .select({
        id: devices.id,
        deviceSn: devices.sn,
        status: sql<DeviceStatus>`${deviceStatusOf(sql`${devices.id}`, at(now))}`,
        stationId: stations.id,
        stationName: stations.name,
      })
      .from(devices)
      .innerJoin(gateways, eq(gateways.id, devices.gatewayId))
      .leftJoin(stations, eq(stations.id, gateways.stationId))
      .where(
        both(
          deviceInScope(scope),
          and(
            ne(devices.deviceType, 'GATEWAY'),
            or(ilike(devices.sn, pattern), ilike(devices.name, pattern)),
          ) as SQL,
        ),
      )
      .orderBy(prefixFirst(sql`${devices.sn}`, keywords), asc(devices.sn))
      .limit(SearchLimits.listMax);
  }

  async gateways(scope: Scope, keywords: string, now: Date): Promise<GatewayHit[]> {
    const pattern = containsPattern(keywords);
    return this.db
      .select({
        id: gateways.id,
        gatewaySn: gateways.sn,
        status: sql<GatewayStatus>`${gatewayStatusOf(sql`${gateways.id}`, at(now))}`,
        stationId: stations.id,
        stationName: stations.name,
      })
      .from(gateways)
      .leftJoin(stations, eq(stations.id, gateways.stationId))
      .where(
        both(gatewayInScope(scope), or(ilike(gateways.sn, pattern), ilike(gateways.name, pattern)) as SQL),
      )
      .orderBy(prefixFirst(sql`${gateways.sn}`, keywords), asc(gateways.sn))
      .limit(SearchLimits.listMax);
  }

  async history(userId: number): Promise<{ keywords: string; type: SearchType; extraId: number | null }[]> {
    return this.db
      .select({ keywords: queryHistory.keywords, type: queryHistory.type, extraId: queryHistory.extraId })
      .from(queryHistory)
      .where(eq(queryHistory.userId, userId))
      .orderBy(desc(queryHistory.createdAt), desc(queryHistory.id))
      .limit(SearchLimits.historyMax);
  }

  /** Records a search (an existing entry of the same keywords and type moves to the top), keeps the newest. */
  async record(
    userId: number,
    keywords: string,
    type: SearchType,
    extraId: number | null,
    now: Date,
  ): Promise<void> {
    await this.db
      .insert(queryHistory)
      .values({ userId, keywords, type, extraId, createdAt: now })
      .onConflictDoUpdate({
        target: [queryHistory.userId, queryHistory.type, queryHistory.keywords],
        set: { extraId, createdAt: now },
      });
    const keep = this.db
      .select({ id: queryHistory.id })
      .from(queryHistory)
      .where(eq(queryHistory.userId, userId))
      .orderBy(desc(queryHistory.createdAt), desc(queryHistory.id))
      .limit(SearchLimits.historyKept);
    await this.db
      .delete(queryHistory)
      .where(and(eq(queryHistory.userId, userId), notInArray(queryHistory.id, keep)));
  }

  async clear(userId: number): Promise<number> {
    const rows = await this.db
      .delete(queryHistory)
      .where(eq(queryHistory.userId, userId))
      .returning({ id: queryHistory.id });
    return rows.length;
  }
}
