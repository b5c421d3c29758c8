// SQL of the device pages of stations, AC coupling and event subscriptions. Every read and write goes
// through stationInScope / deviceInScope (device-scope.ts), so a foreign station or device is not found.
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { CommandState, NotifyType } from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import {
  acCoupleSettings,
  commands,
  deviceLatest,
  devices,
  gateways,
  stationSubscriptions,
  stations,
  users,
} from '../../db/schema.js';
import { deviceStatusOf, openFaultCount } from '../facts/status-sql.js';
import { containsPattern } from '../reference/sql-helpers.js';
import { deviceInScope, idInScope, stationInScope } from '../tenancy/device-scope.js';
import type { Scope } from '../tenancy/scope.js';

export type DeviceType = 'GATEWAY' | 'INVERTER' | 'METER' | 'BATTERY' | 'WEATHER_STATION';
export type DeviceStatusFilter = 'RUNNING' | 'FAULT' | 'OFFLINE' | 'OTHER';

export interface DeviceListRow {
  id: number;
  sn: string;
  name: string | null;
  deviceType: DeviceType;
  model: string;
  lastSeenAt: Date | null;
  stationId: number | null;
  stationName: string | null;
  /** The station's time zone; null when unbound. */
  timeZone: string | null;
  gatewayId: number;
  gatewaySn: string;
  uploadIntervalS: number;
  openFaults: number;
  /** The typed power of the newest reading (device_latest, kept by the ingest). */
  latestPowerW: number | null;
  /** The typed state of charge of the newest reading (batteries). */
  latestSocPct: number | null;
  /** isProducing() of the newest reading as the ingest stored it (null: no reading yet). */
  producing: boolean | null;
  /** The SunSpec operating state of the newest reading (null: none reported). */
  stateCode: number | null;
  /** energy_kwh of today's (station-local) day rollup; inverters only (others count no yield). */
  todayKwh: number | null;
  /** The logger reports the device under local control (hello `localControl`). */
  localControl: boolean;
}

export interface DeviceFilter {
  stationId?: number | undefined;
  gatewayId?: number | undefined;
  sn: string | null;
  status?: DeviceStatusFilter | undefined;
  deviceType?: DeviceType | undefined;
}

export interface ReachableDevice {
  id: number;
  sn: string;
  deviceType: DeviceType;
  stationId: number | null;
  gatewayId: number;
  /** The logger reports the device under local control: the cloud does not change it. */
  localControl: boolean;
}

/** A setting with the state and error of the acCouple.set command that carries its latest change. */
export interface AcCoupleRow {
  setting: typeof acCoupleSettings.$inferSelect;
  commandState: CommandState | null;
  commandError: string | null;
}
export type SubscriptionRow = typeof stationSubscriptions.$inferSelect;

const openFaults = openFaultCount('device', sql`${devices.id}`);

/** deviceStatus() of packages/domain in its SQL form (facts/status-sql.ts), to filter a page by status. */
function statusWhere(status: DeviceStatusFilter, now: Date): SQL {
  return sql`${deviceStatusOf(sql`${devices.id}`, sql`${now.toISOString()}::timestamptz`)} = ${status}`;
}

export class StationDevicesRepository {
  constructor(private readonly db: Db) {}

  /** A station in scope (id, name), or null. */
  async station(scope: Scope, id: number): Promise<{ id: number; name: string } | null> {
    const rows = await this.db
      .select({ id: stations.id, name: stations.name })
      .from(stations)
      .where(idInScope(stations.id, id, stationInScope(scope)));
    return rows[0] ?? null;
  }

  /** A device in scope with the station of its logger, or null. */
  async device(scope: Scope, id: number): Promise<ReachableDevice | null> {
    const rows = await this.db
      .select({
        id: devices.id,
        sn: devices.sn,
        deviceType: devices.deviceType,
        stationId: gateways.stationId,
        gatewayId: devices.gatewayId,
        localControl: devices.localControl,
      })
      .from(devices)
      .innerJoin(gateways, eq(gateways.id, devices.gatewayId))
      .where(idInScope(devices.id, id, deviceInScope(scope)));
    return rows[0] ?? null;
  }

  async devicePage(
    scope: Scope,
    filter: DeviceFilter,
    window: { offset: number; limit: number },
    now: Date,
  ): Promise<{ total: number; rows: DeviceListRow[] }> {
    const where = and(
      deviceInScope(scope),
      filter.deviceType === undefined
        ? sql`${devices.deviceType} <> 'GATEWAY'`
        : eq(devices.deviceType, filter.deviceType),
      filter.stationId === undefined ? undefined : eq(gateways.stationId, filter.stationId),
      filter.gatewayId === undefined ? undefined : eq(devices.gatewayId, filter.gatewayId),
      filter.sn === null
        ? undefined
        : or(ilike(devices.sn, containsPattern(filter.sn)), ilike(devices.name, containsPattern(filter.sn))),
      filter.status === undefined ? undefined : statusWhere(filter.status, now),
    );
    const [totalRow] = await this.db
      .select({ n: count() })
      .from(devices)
      .innerJoin(gateways, eq(gateways.id, devices.gatewayId))
      .where(where);
    const localToday = sql`(${now.toISOString()}::timestamptz at time zone coalesce(${stations.timeZone}, 'UTC'))::date`;
    const rows = await this.db
      .select({
        id: devices.id,
        sn: devices.sn,
        name: devices.name,
        deviceType: devices.deviceType,
        model: devices.model,
        lastSeenAt: devices.lastSeenAt,
        stationId: gateways.stationId,
        stationName: stations.name,
        timeZone: stations.timeZone,
        gatewayId: gateways.id,
        gatewaySn: gateways.sn,
        uploadIntervalS: gateways.uploadIntervalS,
        openFaults,
        latestPowerW: deviceLatest.powerW,
        latestSocPct: deviceLatest.socPct,
        producing: deviceLatest.producing,
        stateCode: deviceLatest.stateCode,
        localControl: devices.localControl,
        todayKwh: sql<number | null>`case when ${devices.deviceType} = 'INVERTER' then
          (select r.energy_kwh::float8 from rollup_device_day r
            where r.device_id = ${devices.id} and r.day = ${localToday}) end`,
      })
      .from(devices)
      .innerJoin(gateways, eq(gateways.id, devices.gatewayId))
      .leftJoin(stations, eq(stations.id, gateways.stationId))
      .leftJoin(deviceLatest, eq(deviceLatest.deviceId, devices.id))
      .where(where)
      .orderBy(asc(devices.sn))
      .offset(window.offset)
      .limit(window.limit);
    return { total: totalRow?.n ?? 0, rows };
  }

  /** Device models of a station's loggers and devices with how many of each, loggers included. */
  async deviceModels(stationId: number): Promise<{ model: string; deviceType: DeviceType; count: number }[]> {
    const deviceRows = await this.db
      .select({ model: devices.model, deviceType: devices.deviceType, count: sql<number>`count(*)::int` })
      .from(devices)
      .innerJoin(gateways, eq(gateways.id, devices.gatewayId))
      .where(eq(gateways.stationId, stationId))
      .groupBy(devices.model, devices.deviceType);
    const gatewayRows = await this.db
      .select({ model: gateways.model, count: sql<number>`count(*)::int` })
      .from(gateways)
      .where(eq(gateways.stationId, stationId))
      .groupBy(gateways.model);
    const merged = new Map<string, { model: string; deviceType: DeviceType; count: number }>();
    const add = (row: { model: string; deviceType: DeviceType; count: number }): void => {
      const key = `${row.deviceType}\u0000${row.model}`;
      const seen = merged.get(key);
      if (seen) seen.count += row.count;
      else merged.set(key, { ...row });
    };
    for (const row of gatewayRows) add({ ...row, deviceType: 'GATEWAY' });
    for (const row of deviceRows) add(row);
    return [...merged.values()].sort(
      (a, b) => a.deviceType.localeCompare(b.deviceType) || a.model.localeCompare(b.model),
    );
  }

  async gatewaySns(stationId: number): Promise<string[]> {
    const rows = await this.db
      .select({ sn: gateways.sn })
      .from(gateways)
      .where(eq(gateways.stationId, stationId))
      .orderBy(asc(gateways.sn));
    return rows.map((r) => r.sn);
  }

  // ---- AC coupling --------------------------------------------------------------------------------------

  private acCoupleSelect() {
    return this.db
      .select({ setting: acCoupleSettings, commandState: commands.state, commandError: commands.error })
      .from(acCoupleSettings)
      .leftJoin(commands, eq(commands.id, acCoupleSettings.commandId));
  }

  async acCouple(deviceId: number): Promise<AcCoupleRow | null> {
    const rows = await this.acCoupleSelect().where(eq(acCoupleSettings.deviceId, deviceId));
    return rows[0] ?? null;
  }

  /** Settings of every device behind the station's loggers, by device id. */
  async acCouplesOfStation(stationId: number): Promise<AcCoupleRow[]> {
    return this.acCoupleSelect()
      .innerJoin(devices, eq(devices.id, acCoupleSettings.deviceId))
      .innerJoin(gateways, eq(gateways.id, devices.gatewayId))
      .where(eq(gateways.stationId, stationId))
      .orderBy(asc(acCoupleSettings.deviceId));
  }

  /**
   * Sets or updates a device's coupling in one statement: SET when new or released, else UPDATED; with
   * the acCouple.set command that carries it (not delivered yet).
   */
  async upsertAcCouple(values: {
    deviceId: number;
    coupledDeviceId: number | null;
    maxFeedInKw: number | null;
    userId: number;
    commandId: string;
    now: Date;
  }): Promise<void> {
    const changed = {
      enabled: true,
      coupledDeviceId: values.coupledDeviceId,
      maxFeedInKw: values.maxFeedInKw,
      updatedByUserId: values.userId,
      updatedAt: values.now,
      sentAt: null,
      commandId: values.commandId,
    };
    await this.db
      .insert(acCoupleSettings)
      .values({ deviceId: values.deviceId, state: 'SET', ...changed })
      .onConflictDoUpdate({
        target: acCoupleSettings.deviceId,
        set: {
          ...changed,
          state: sql`case when ${acCoupleSettings.state} = 'RELEASED' then 'SET' else 'UPDATED' end`,
        },
      });
  }

  /** Whether the device has a coupling that is not released. */
  async acCoupleActive(deviceId: number): Promise<boolean> {
    const rows = await this.db
      .select({ state: acCoupleSettings.state })
      .from(acCoupleSettings)
      .where(and(eq(acCoupleSettings.deviceId, deviceId), sql`${acCoupleSettings.state} <> 'RELEASED'`));
    return rows.length > 0;
  }

  /** Releases a coupling that is not released yet, with the command that carries it; false when none. */
  async releaseAcCouple(deviceId: number, userId: number, commandId: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(acCoupleSettings)
      .set({
        enabled: false,
        state: 'RELEASED',
        updatedByUserId: userId,
        updatedAt: now,
        sentAt: null,
        commandId,
      })
      .where(and(eq(acCoupleSettings.deviceId, deviceId), sql`${acCoupleSettings.state} <> 'RELEASED'`))
      .returning({ deviceId: acCoupleSettings.deviceId });
    return rows.length > 0;
  }

  // ---- Event subscriptions ------------------------------------------------------------------------------

  async subscriptions(stationId: number): Promise<SubscriptionRow[]> {
    return this.db
      .select()
      .from(stationSubscriptions)
      .where(eq(stationSubscriptions.stationId, stationId))
      .orderBy(asc(stationSubscriptions.id));
  }

  async subscriptionCount(stationId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(stationSubscriptions)
      .where(eq(stationSubscriptions.stationId, stationId));
    return row?.n ?? 0;
  }

  /** A subscription whose station is in scope, or null. */
  async subscription(scope: Scope, id: number): Promise<SubscriptionRow | null> {
    const rows = await this.db
      .select({ row: stationSubscriptions })
      .from(stationSubscriptions)
      .innerJoin(stations, eq(stations.id, stationSubscriptions.stationId))
      .where(and(eq(stationSubscriptions.id, id), stationInScope(scope)));
    return rows[0]?.row ?? null;
  }

  async insertSubscription(values: {
    stationId: number;
    userId: number;
    subject: string;
    notifyType: NotifyType;
    notifyTime: string | null;
    email: string;
    language: string;
    enabled: boolean;
    now: Date;
  }): Promise<SubscriptionRow> {
    const { now, ...rest } = values;
    const rows = await this.db
      .insert(stationSubscriptions)
      .values({ ...rest, createdAt: now, updatedAt: now })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('subscription not stored');
    return row;
  }

  async updateSubscription(
    id: number,
    values: {
      subject: string;
      notifyType: NotifyType;
      notifyTime: string | null;
      email: string;
      language?: string;
      enabled?: boolean;
      now: Date;
    },
  ): Promise<SubscriptionRow | null> {
    const { now, ...rest } = values;
    const rows = await this.db
      .update(stationSubscriptions)
      // The next digest is worked out afresh by the notification worker (the time may have changed).
      .set({ ...rest, nextDigestAt: null, updatedAt: now })
      .where(eq(stationSubscriptions.id, id))
      .returning();
    return rows[0] ?? null;
  }

  /** The language of a user's account (the default language of the subscriptions they create). */
  async userLanguage(userId: number): Promise<string | null> {
    const rows = await this.db.select({ language: users.language }).from(users).where(eq(users.id, userId));
    return rows[0]?.language ?? null;
  }

  async deleteSubscription(id: number): Promise<void> {
    await this.db.delete(stationSubscriptions).where(eq(stationSubscriptions.id, id));
  }
}
