// SQL of the global search: stations, devices and loggers within the caller's reach (the tenancy
// conditions of device-scope.ts), and the caller's own search history.
import { and, asc, desc, eq, ilike, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { SearchLimits, type SearchType } from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import { devices, gateways, queryHistory, stations } from '../../db/schema.js';
import { containsPattern } from '../reference/sql-helpers.js';
import { deviceInScope, gatewayInScope, stationInScope } from '../tenancy/device-scope.js';
import type { Scope } from '../tenancy/scope.js';

const both = (a: SQL | undefined, b: SQL): SQL => (a === undefined ? b : (and(a, b) as SQL));
/** Prefix matches first, then alphabetical. */
const prefixFirst = (column: SQL | typeof stations.name, keywords: string): SQL =>
  sql`case when lower(${column}) like lower(${`${keywords.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}) then 0 else 1 end`;

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
  async devices(scope: Scope, keywords: string): Promise<{ id: number; deviceSn: string }[]> {
    const pattern = containsPattern(keywords);
    return this.db
      .select({ id: devices.id, deviceSn: devices.sn })
      .from(devices)
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

  async gateways(scope: Scope, keywords: string): Promise<{ id: number; gatewaySn: string }[]> {
    const pattern = containsPattern(keywords);
    return this.db
      .select({ id: gateways.id, gatewaySn: gateways.sn })
      .from(gateways)
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
