// SQL of the IV scan tasks (docs/iv-curves.md "Scan tasks"): the inverters a task may scan (of its station,
// in the caller's reach), the tasks of stations in reach, their iv.scan commands (commands.batch_id = task
// id) and the stored strings of the scanned inverters.
import type { CommandState, PvString } from '@sunfleet/contracts';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import {
  commands,
  devices,
  gateways,
  ivAutoScan,
  ivTasks,
  pvStrings,
  stations,
  users,
} from '../../db/schema.js';
import { stationIrradianceNow } from '../devices/irradiance-sql.js';
import { deviceInScope, stationInScope } from '../tenancy/device-scope.js';
import type { Scope } from '../tenancy/scope.js';

export interface ScanDevice {
  id: number;
  sn: string;
  deviceType: string;
  gatewayId: number;
  stationId: number | null;
}

export type IvTaskRecord = typeof ivTasks.$inferSelect & { createdBy: string | null; stationName: string };

export interface ScanCommand {
  id: string;
  taskId: string;
  deviceId: number;
  deviceSn: string;
  state: CommandState;
  error: string | null;
  result: Record<string, unknown> | null;
}

/** A scan command's columns (commands joined with its device). */
const SCAN_COLUMNS = {
  id: commands.id,
  taskId: commands.batchId,
  deviceId: devices.id,
  deviceSn: devices.sn,
  state: commands.state,
  error: commands.error,
  result: commands.result,
};

export class IvRepository {
  constructor(private readonly db: Db) {}

  /** The station, when in the caller's reach. */
  async station(scope: Scope, id: number): Promise<{ id: number; name: string; timeZone: string } | null> {
    const rows = await this.db
      .select({ id: stations.id, name: stations.name, timeZone: stations.timeZone })
      .from(stations)
      .where(and(eq(stations.id, id), stationInScope(scope)));
    return rows[0] ?? null;
  }

  /** The devices among `ids` in the caller's reach, with their station. */
  async devices(scope: Scope, ids: readonly number[]): Promise<ScanDevice[]> {
    return this.db
      .select({
        id: devices.id,
        sn: devices.sn,
        deviceType: devices.deviceType,
        gatewayId: devices.gatewayId,
        stationId: gateways.stationId,
      })
      .from(devices)
      .innerJoin(gateways, eq(gateways.id, devices.gatewayId))
      .where(and(inArray(devices.id, [...ids]), deviceInScope(scope)));
  }

  async insert(values: typeof ivTasks.$inferInsert): Promise<void> {
    await this.db.insert(ivTasks).values(values);
  }

  /** A task of a station in the caller's reach, or null (foreign = missing). */
  async task(scope: Scope, id: string): Promise<IvTaskRecord | null> {
    const rows = await this.select(and(eq(ivTasks.id, id), stationInScope(scope)), { offset: 0, limit: 1 });
    return rows[0] ?? null;
  }

  /** The newest task started for an alarm (its reach is the alarm's: the caller checked that). */
  async taskOfAlarm(alarmId: number): Promise<IvTaskRecord | null> {
    const rows = await this.select(eq(ivTasks.alarmId, alarmId), { offset: 0, limit: 1 });
    return rows[0] ?? null;
  }

  async page(
    scope: Scope,
    filter: { stationId?: number | undefined },
    window: { offset: number; limit: number },
  ): Promise<{ total: number; list: IvTaskRecord[] }> {
    const where = and(
      stationInScope(scope),
      filter.stationId === undefined ? undefined : eq(ivTasks.stationId, filter.stationId),
    );
    const [count] = await this.db
      .select({ n: sql`count(*)`.mapWith(Number) })
      .from(ivTasks)
      .innerJoin(stations, eq(stations.id, ivTasks.stationId))
      .where(where);
    return { total: count?.n ?? 0, list: await this.select(where, window) };
  }

  /** The scan commands of these tasks, by device SN and newest first within a device. */
  async commands(taskIds: readonly string[]): Promise<ScanCommand[]> {
    if (taskIds.length === 0) return [];
    const rows = await this.db
      .select(SCAN_COLUMNS)
      .from(commands)
      .innerJoin(devices, eq(devices.id, commands.deviceId))
      .where(and(inArray(commands.batchId, [...taskIds]), eq(commands.name, 'iv.scan')))
      .orderBy(asc(devices.sn), desc(commands.createdAt), desc(commands.id));
    return rows.flatMap((r) => (r.taskId === null ? [] : [{ ...r, taskId: r.taskId }]));
  }

  /** The stored strings of these inverters, by device. */
  async strings(deviceIds: readonly number[]): Promise<Map<number, PvString[]>> {
    const out = new Map<number, PvString[]>();
    if (deviceIds.length === 0) return out;
    const rows = await this.db
      .select()
      .from(pvStrings)
      .where(inArray(pvStrings.deviceId, [...deviceIds]))
      .orderBy(asc(pvStrings.mppt), asc(pvStrings.string));
    for (const r of rows)
      out.set(r.deviceId, [
        ...(out.get(r.deviceId) ?? []),
        { mppt: r.mppt, string: r.string, module: r.module, modulesInSeries: r.modulesInSeries },
      ]);
    return out;
  }

  /** The station's irradiance now (irradiance-sql.ts): W/m² and when, nulls when it measures none. */
  async irradianceNow(stationId: number, now: Date): Promise<{ v: number | null; at: number | null }> {
    const [row] = await queryRows<{ v: number | string | null; at: Date | string | null }>(
      this.db,
      stationIrradianceNow(sql`${stationId}::int`, sql`${now.toISOString()}::timestamptz`),
    );
    return {
      v: row?.v === null || row?.v === undefined ? null : Number(row.v),
      at: row?.at === null || row?.at === undefined ? null : new Date(row.at).getTime(),
    };
  }

  async autoScan(stationId: number): Promise<boolean> {
    const rows = await this.db
      .select({ enabled: ivAutoScan.enabled })
      .from(ivAutoScan)
      .where(eq(ivAutoScan.stationId, stationId));
    return rows[0]?.enabled ?? false;
  }

  async setAutoScan(stationId: number, enabled: boolean, userId: number, now: Date): Promise<void> {
    const values = { enabled, updatedByUserId: userId, updatedAt: now };
    await this.db
      .insert(ivAutoScan)
      .values({ stationId, ...values })
      .onConflictDoUpdate({ target: ivAutoScan.stationId, set: values });
  }

  /** The inverter's answered scans (of any task), oldest first, at most `limit` of the newest. */
  async scansOf(deviceId: number, limit: number): Promise<ScanCommand[]> {
    const rows = await this.db
      .select(SCAN_COLUMNS)
      .from(commands)
      .innerJoin(devices, eq(devices.id, commands.deviceId))
      .innerJoin(ivTasks, eq(ivTasks.id, commands.batchId))
      .where(and(eq(commands.deviceId, deviceId), eq(commands.name, 'iv.scan'), eq(commands.state, 'DONE')))
      .orderBy(desc(commands.createdAt), desc(commands.id))
      .limit(limit);
    return rows.flatMap((r) => (r.taskId === null ? [] : [{ ...r, taskId: r.taskId }])).reverse();
  }

  private async select(
    where: SQL | undefined,
    window: { offset: number; limit: number },
  ): Promise<IvTaskRecord[]> {
    const rows = await this.db
      .select({ task: ivTasks, createdBy: users.username, stationName: stations.name })
      .from(ivTasks)
      .innerJoin(stations, eq(stations.id, ivTasks.stationId))
      .leftJoin(users, eq(users.id, ivTasks.createdByUserId))
      .where(where)
      .orderBy(desc(ivTasks.createdAt), desc(ivTasks.id))
      .offset(window.offset)
      .limit(window.limit);
    return rows.map((r) => ({ ...r.task, createdBy: r.createdBy, stationName: r.stationName }));
  }
}
