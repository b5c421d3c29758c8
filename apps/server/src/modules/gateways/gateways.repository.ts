// SQL of the loggers API. Every read goes through gatewayInScope / stationInScope (device-scope.ts), so a
// foreign logger or station is simply not found.
import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { gatewayStatusOf, openFaultCount } from '../facts/status-sql.js';
import type { Db } from '../../db/client.js';
import { companies, deviceLatest, deviceModels, devices, gateways, stations } from '../../db/schema.js';
import { containsPattern } from '../reference/sql-helpers.js';
import { gatewayInScope, idInScope, stationInScope } from '../tenancy/device-scope.js';
import { scopeWhere, type Scope } from '../tenancy/scope.js';

export type GatewayStatusFilter = 'NORMAL' | 'FAULT' | 'OFFLINE' | 'OTHER';

export interface NewGateway {
  sn: string;
  model: string;
  mac: string | null;
  companyId: number;
  secretHash: string;
}

export interface GatewayRow {
  id: number;
  sn: string;
  mac: string | null;
  model: string;
  name: string | null;
  firmware: string | null;
  signal: number | null;
  uploadIntervalS: number;
  lastSeenAt: Date | null;
  boundAt: Date | null;
  createdAt: Date;
  stationId: number | null;
  stationName: string | null;
  /** The station's time zone; null when unbound. */
  timeZone: string | null;
  deviceCount: number;
  /** Open URGENT/IMPORTANT alarm records (not events) raised on the logger itself. */
  openFaults: number;
  /** The logger's own loss counter and the time of the reading that reported it (null: none yet). */
  bufferDropped: number | null;
  bufferDroppedAt: Date | null;
}

export interface DeviceRow {
  id: number;
  sn: string;
  type: 'GATEWAY' | 'INVERTER' | 'METER' | 'BATTERY' | 'WEATHER_STATION';
  model: string;
  unitId: number;
  lastSeenAt: Date | null;
  openFaults: number;
  /** isProducing() of its newest reading, as the ingest stored it (null: no reading yet). */
  producing: boolean | null;
  /** The SunSpec operating state of the newest reading (null: none reported). */
  stateCode: number | null;
  latest: Record<string, number | string | null> | null;
}

const openGatewayFaults = openFaultCount('gateway', sql`${gateways.id}`);
const deviceCount = sql<number>`(select count(*)::int from ${devices} where ${devices.gatewayId} = ${gateways.id})`;

/** A page filtered by status: gatewayStatus() in its SQL form (facts/status-sql.ts). */
function statusWhere(status: GatewayStatusFilter, now: Date): SQL {
  return sql`${gatewayStatusOf(sql`${gateways.id}`, sql`${now.toISOString()}::timestamptz`)} = ${status}`;
}

const gatewayColumns = {
  id: gateways.id,
  sn: gateways.sn,
  mac: gateways.mac,
  model: gateways.model,
  name: gateways.name,
  firmware: gateways.firmware,
  signal: gateways.signal,
  uploadIntervalS: gateways.uploadIntervalS,
  lastSeenAt: gateways.lastSeenAt,
  boundAt: gateways.boundAt,
  createdAt: gateways.createdAt,
  stationId: gateways.stationId,
  stationName: stations.name,
  timeZone: stations.timeZone,
  deviceCount,
  openFaults: openGatewayFaults,
  bufferDropped: gateways.bufferDropped,
  bufferDroppedAt: gateways.bufferDroppedAt,
};

export class GatewaysRepository {
  constructor(private readonly db: Db) {}

  /** Which of these models exist as GATEWAY device models. */
  async knownGatewayModels(models: readonly string[]): Promise<Set<string>> {
    if (models.length === 0) return new Set();
    const rows = await this.db
      .select({ model: deviceModels.model })
      .from(deviceModels)
      .where(and(eq(deviceModels.deviceType, 'GATEWAY'), inArray(deviceModels.model, [...models])));
    return new Set(rows.map((r) => r.model));
  }

  /** Which of these SNs are registered already. */
  async registeredSns(sns: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let i = 0; i < sns.length; i += 1_000) {
      const rows = await this.db
        .select({ sn: gateways.sn })
        .from(gateways)
        .where(inArray(gateways.sn, sns.slice(i, i + 1_000)));
      for (const row of rows) found.add(row.sn);
    }
    return found;
  }

  /** Inserts loggers in one transaction: all or none (a concurrent duplicate fails the whole batch). */
  async insertAll(rows: readonly NewGateway[]): Promise<number[]> {
    return this.db.transaction(async (tx) => {
      const ids: number[] = [];
      for (let i = 0; i < rows.length; i += 500) {
        const inserted = await tx
          .insert(gateways)
          .values(rows.slice(i, i + 500).map((r) => ({ ...r })))
          .returning({ id: gateways.id });
        ids.push(...inserted.map((r) => r.id));
      }
      return ids;
    });
  }

  /** A logger in scope (id, sn), or null. */
  async reachable(scope: Scope, id: number): Promise<{ id: number; sn: string } | null> {
    const rows = await this.db
      .select({ id: gateways.id, sn: gateways.sn })
      .from(gateways)
      .where(idInScope(gateways.id, id, gatewayInScope(scope)));
    return rows[0] ?? null;
  }

  async replaceSecret(id: number, secretHash: string): Promise<void> {
    await this.db.update(gateways).set({ secretHash }).where(eq(gateways.id, id));
  }

  /** A station in scope (id, company), or null. */
  async reachableStation(scope: Scope, id: number): Promise<{ id: number; companyId: number } | null> {
    const rows = await this.db
      .select({ id: stations.id, companyId: stations.companyId })
      .from(stations)
      .where(idInScope(stations.id, id, stationInScope(scope)));
    return rows[0] ?? null;
  }

  /**
   * Binds an unbound logger the caller may take: factory stock (held by the platform or by nobody) or
   * one held by a company in the caller's scope. A logger another tenant unbound but still holds is not
   * up for grabs. The condition is part of the UPDATE, so two installers racing for one SN cannot both
   * win. Returns the logger's id, or null (unknown, bound, or held elsewhere — one answer for all).
   */
  async bindIfFree(
    scope: Scope,
    sn: string,
    station: { id: number; companyId: number },
    now: Date,
  ): Promise<number | null> {
    const held = scopeWhere(scope, { companyId: gateways.companyId });
    const factoryStock = or(
      isNull(gateways.companyId),
      sql`exists (select 1 from ${companies} where ${companies.id} = ${gateways.companyId} and ${companies.type} = 'PLATFORM')`,
    );
    const rows = await this.db
      .update(gateways)
      .set({ stationId: station.id, companyId: station.companyId, boundAt: now })
      .where(
        and(
          eq(gateways.sn, sn),
          isNull(gateways.stationId),
          held === undefined ? undefined : or(factoryStock, held),
        ),
      )
      .returning({ id: gateways.id });
    return rows[0]?.id ?? null;
  }

  /** Unbinds a logger in scope (it stays with its company); false when not reachable. */
  async unbind(scope: Scope, id: number): Promise<boolean> {
    const rows = await this.db
      .update(gateways)
      .set({ stationId: null, boundAt: null })
      .where(idInScope(gateways.id, id, gatewayInScope(scope)))
      .returning({ id: gateways.id });
    return rows.length > 0;
  }

  async rename(scope: Scope, id: number, name: string): Promise<boolean> {
    const rows = await this.db
      .update(gateways)
      .set({ name })
      .where(idInScope(gateways.id, id, gatewayInScope(scope)))
      .returning({ id: gateways.id });
    return rows.length > 0;
  }

  async page(
    scope: Scope,
    filter: { sn: string | null; stationId?: number | undefined; status?: GatewayStatusFilter | undefined },
    window: { offset: number; limit: number },
    now: Date,
  ): Promise<{ total: number; rows: GatewayRow[] }> {
    const where = and(
      gatewayInScope(scope),
      filter.sn === null
        ? undefined
        : or(
            ilike(gateways.sn, containsPattern(filter.sn)),
            ilike(gateways.name, containsPattern(filter.sn)),
          ),
      filter.stationId === undefined ? undefined : eq(gateways.stationId, filter.stationId),
      filter.status === undefined ? undefined : statusWhere(filter.status, now),
    );
    const [totalRow] = await this.db.select({ n: count() }).from(gateways).where(where);
    const rows = await this.db
      .select(gatewayColumns)
      .from(gateways)
      .leftJoin(stations, eq(stations.id, gateways.stationId))
      .where(where)
      .orderBy(asc(gateways.sn))
      .offset(window.offset)
      .limit(window.limit);
    return { total: totalRow?.n ?? 0, rows };
  }

  async detail(scope: Scope, id: number): Promise<{ gateway: GatewayRow; devices: DeviceRow[] } | null> {
    const rows = await this.db
      .select(gatewayColumns)
      .from(gateways)
      .leftJoin(stations, eq(stations.id, gateways.stationId))
      .where(idInScope(gateways.id, id, gatewayInScope(scope)));
    const gateway = rows[0];
    if (!gateway) return null;
    const deviceRows = await this.db
      .select({
        id: devices.id,
        sn: devices.sn,
        type: devices.deviceType,
        model: devices.model,
        unitId: devices.unitId,
        lastSeenAt: devices.lastSeenAt,
        openFaults: openFaultCount('device', sql`${devices.id}`),
        producing: deviceLatest.producing,
        stateCode: deviceLatest.stateCode,
        latest: deviceLatest.values,
      })
      .from(devices)
      .leftJoin(deviceLatest, eq(deviceLatest.deviceId, devices.id))
      .where(eq(devices.gatewayId, gateway.id))
      .orderBy(asc(devices.unitId), asc(devices.sn));
    return { gateway, devices: deviceRows };
  }
}
