// SQL of the upgrade tasks (docs/firmware.md "Upgrade tasks"): the candidates a task may take (loggers or
// devices in the caller's reach, with their station and the version they run), the tasks and their devices,
// and what the runner reads back from the command channel (command state, firmware progress, health).
import {
  OPEN_UPGRADE_TASK_STATES,
  type DeviceType,
  type StationType,
  type UpgradeDeviceState,
  type UpgradeTaskState,
} from '@sunfleet/contracts';
import { and, asc, desc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import {
  alarms,
  commands,
  devices,
  firmwareProgress,
  gateways,
  stations,
  telemetry,
  upgradeTaskDevices,
  upgradeTasks,
  users,
} from '../../db/schema.js';
import { deviceInScope, gatewayInScope, stationInScope } from '../tenancy/device-scope.js';
import { scopeWhere, type Scope } from '../tenancy/scope.js';

/** A logger or device a task may take, with what the joint-upgrade rules look at. */
export interface Candidate {
  gatewayId: number;
  deviceId: number | null;
  sn: string;
  deviceType: DeviceType;
  model: string;
  firmware: string | null;
  stationId: number | null;
  stationName: string | null;
  stationType: StationType | null;
}

export type TaskRow = typeof upgradeTasks.$inferSelect & { createdBy: string | null };
export type TaskDeviceRow = typeof upgradeTaskDevices.$inferSelect & { stationName: string | null };

/** Device states of a task that has not ended its work on them. */
export const UNFINISHED_DEVICE_STATES: readonly UpgradeDeviceState[] = [
  'WAITING',
  'SENT',
  'UPGRADING',
  'WATCHING',
];

export class UpgradeRepository {
  constructor(private readonly db: Db) {}

  /** Loggers in reach: by id (`ids`), at a station, or of the given models. */
  async gatewayCandidates(
    scope: Scope,
    target: { ids?: readonly number[]; stationId?: number; models?: readonly string[] },
  ): Promise<Candidate[]> {
    const rows = await this.db
      .select({
        gatewayId: gateways.id,
        sn: gateways.sn,
        model: gateways.model,
        firmware: gateways.firmware,
        stationId: gateways.stationId,
        stationName: stations.name,
        stationType: stations.type,
      })
      .from(gateways)
      .leftJoin(stations, eq(stations.id, gateways.stationId))
      .where(
        and(
          gatewayInScope(scope),
          target.ids === undefined ? undefined : inArray(gateways.id, [...target.ids]),
          target.stationId === undefined ? undefined : eq(gateways.stationId, target.stationId),
          target.models === undefined ? undefined : inArray(gateways.model, [...target.models]),
        ),
      )
      .orderBy(asc(gateways.stationId), asc(gateways.sn));
    return rows.map((r) => ({ ...r, deviceId: null, deviceType: 'GATEWAY' as const }));
  }

  /** Devices behind loggers in reach: by id, at a station, or of a type and models. */
  async deviceCandidates(
    scope: Scope,
    target: {
      ids?: readonly number[];
      stationId?: number;
      deviceType?: DeviceType;
      models?: readonly string[];
    },
  ): Promise<Candidate[]> {
    const rows = await this.db
      .select({
        gatewayId: devices.gatewayId,
        deviceId: devices.id,
        sn: devices.sn,
        deviceType: devices.deviceType,
        model: devices.model,
        firmware: devices.firmware,
        stationId: gateways.stationId,
        stationName: stations.name,
        stationType: stations.type,
      })
      .from(devices)
      .innerJoin(gateways, eq(gateways.id, devices.gatewayId))
      .leftJoin(stations, eq(stations.id, gateways.stationId))
      .where(
        and(
          deviceInScope(scope),
          target.ids === undefined ? undefined : inArray(devices.id, [...target.ids]),
          target.stationId === undefined ? undefined : eq(gateways.stationId, target.stationId),
          target.deviceType === undefined ? undefined : eq(devices.deviceType, target.deviceType),
          target.models === undefined ? undefined : inArray(devices.model, [...target.models]),
        ),
      )
      .orderBy(asc(gateways.stationId), asc(devices.gatewayId), asc(devices.sn));
    return rows;
  }

  async stationInReach(scope: Scope, stationId: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: stations.id })
      .from(stations)
      .where(and(eq(stations.id, stationId), stationInScope(scope)));
    return rows.length === 1;
  }

  /** The SNs among `candidates` that are in a task still open on them. */
  async busy(candidates: readonly Candidate[]): Promise<string[]> {
    if (candidates.length === 0) return [];
    const rows = await this.db
      .select({ sn: upgradeTaskDevices.sn })
      .from(upgradeTaskDevices)
      .innerJoin(upgradeTasks, eq(upgradeTasks.id, upgradeTaskDevices.taskId))
      .where(
        and(
          inArray(
            upgradeTaskDevices.sn,
            candidates.map((c) => c.sn),
          ),
          inArray(upgradeTaskDevices.state, [...UNFINISHED_DEVICE_STATES]),
          sql`(${inArray(upgradeTasks.state, [...OPEN_UPGRADE_TASK_STATES])} or ${upgradeTaskDevices.state} <> 'WAITING')`,
        ),
      );
    return [...new Set(rows.map((r) => r.sn))];
  }

  async insertTask(
    task: typeof upgradeTasks.$inferInsert,
    rows: (typeof upgradeTaskDevices.$inferInsert)[],
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(upgradeTasks).values(task);
      for (let i = 0; i < rows.length; i += 500)
        await tx.insert(upgradeTaskDevices).values(rows.slice(i, i + 500));
    });
  }

  private taskScope(scope: Scope): SQL | undefined {
    return scopeWhere(scope, { companyId: upgradeTasks.companyId, userId: upgradeTasks.createdByUserId });
  }

  async task(scope: Scope | null, id: string): Promise<TaskRow | null> {
    const rows = await this.db
      .select({ task: upgradeTasks, createdBy: users.username })
      .from(upgradeTasks)
      .leftJoin(users, eq(users.id, upgradeTasks.createdByUserId))
      .where(and(eq(upgradeTasks.id, id), scope === null ? undefined : this.taskScope(scope)));
    const row = rows[0];
    return row === undefined ? null : { ...row.task, createdBy: row.createdBy };
  }

  async page(
    scope: Scope,
    state: UpgradeTaskState | undefined,
    window: { offset: number; limit: number },
  ): Promise<{ total: number; list: TaskRow[] }> {
    const where = and(this.taskScope(scope), state === undefined ? undefined : eq(upgradeTasks.state, state));
    const [count] = await this.db
      .select({ n: sql`count(*)`.mapWith(Number) })
      .from(upgradeTasks)
      .where(where);
    const rows = await this.db
      .select({ task: upgradeTasks, createdBy: users.username })
      .from(upgradeTasks)
      .leftJoin(users, eq(users.id, upgradeTasks.createdByUserId))
      .where(where)
      .orderBy(desc(upgradeTasks.createdAt), desc(upgradeTasks.id))
      .offset(window.offset)
      .limit(window.limit);
    return { total: count?.n ?? 0, list: rows.map((r) => ({ ...r.task, createdBy: r.createdBy })) };
  }

  /** Device counts per state of each task. */
  async counts(taskIds: readonly string[]): Promise<Map<string, Map<UpgradeDeviceState, number>>> {
    const out = new Map<string, Map<UpgradeDeviceState, number>>();
    if (taskIds.length === 0) return out;
    const rows = await this.db
      .select({
        taskId: upgradeTaskDevices.taskId,
        state: upgradeTaskDevices.state,
        n: sql`count(*)`.mapWith(Number),
      })
      .from(upgradeTaskDevices)
      .where(inArray(upgradeTaskDevices.taskId, [...taskIds]))
      .groupBy(upgradeTaskDevices.taskId, upgradeTaskDevices.state);
    for (const r of rows) {
      const m = out.get(r.taskId) ?? new Map<UpgradeDeviceState, number>();
      m.set(r.state, r.n);
      out.set(r.taskId, m);
    }
    return out;
  }

  async devices(taskId: string): Promise<TaskDeviceRow[]> {
    const rows = await this.db
      .select({ row: upgradeTaskDevices, stationName: stations.name })
      .from(upgradeTaskDevices)
      .leftJoin(stations, eq(stations.id, upgradeTaskDevices.stationId))
      .where(eq(upgradeTaskDevices.taskId, taskId))
      .orderBy(asc(upgradeTaskDevices.wave), asc(upgradeTaskDevices.id));
    return rows.map((r) => ({ ...r.row, stationName: r.stationName }));
  }

  async updateTask(id: string, values: Partial<typeof upgradeTasks.$inferInsert>): Promise<void> {
    await this.db.update(upgradeTasks).set(values).where(eq(upgradeTasks.id, id));
  }

  /** Moves a task from one of `from` to a new state; answers whether it was in one of them. */
  async moveTask(
    id: string,
    from: readonly UpgradeTaskState[],
    values: Partial<typeof upgradeTasks.$inferInsert>,
  ): Promise<boolean> {
    const rows = await this.db
      .update(upgradeTasks)
      .set(values)
      .where(and(eq(upgradeTasks.id, id), inArray(upgradeTasks.state, [...from])))
      .returning({ id: upgradeTasks.id });
    return rows.length === 1;
  }

  async updateDevice(id: number, values: Partial<typeof upgradeTaskDevices.$inferInsert>): Promise<void> {
    await this.db.update(upgradeTaskDevices).set(values).where(eq(upgradeTaskDevices.id, id));
  }

  async skipWaiting(taskId: string): Promise<void> {
    await this.db
      .update(upgradeTaskDevices)
      .set({ state: 'SKIPPED' })
      .where(and(eq(upgradeTaskDevices.taskId, taskId), eq(upgradeTaskDevices.state, 'WAITING')));
  }

  /** Tasks the runner looks at: due scheduled ones, running and paused ones, and ended ones with devices under way. */
  async tasksToRun(now: Date): Promise<TaskRow[]> {
    const rows = await this.db
      .select({ task: upgradeTasks })
      .from(upgradeTasks)
      .where(
        sql`(${upgradeTasks.state} in ('RUNNING', 'PAUSED'))
          or (${upgradeTasks.state} = 'WAITING' and (${upgradeTasks.scheduledAt} is null or ${upgradeTasks.scheduledAt} <= ${now}))
          or exists (select 1 from ${upgradeTaskDevices} d where d.task_id = ${upgradeTasks.id}
                     and d.state in ('SENT', 'UPGRADING', 'WATCHING'))`,
      )
      .orderBy(asc(upgradeTasks.createdAt));
    return rows.map((r) => ({ ...r.task, createdBy: null }));
  }

  /** The command of each device under way: its state, result, error and the latest firmware progress. */
  async commandsOf(commandIds: readonly string[]): Promise<
    Map<
      string,
      {
        state: string;
        result: Record<string, unknown> | null;
        error: string | null;
        stage: string | null;
        percent: number | null;
        version: string | null;
        progressError: string | null;
      }
    >
  > {
    const out = new Map();
    if (commandIds.length === 0) return out;
    const rows = await this.db
      .select({
        id: commands.id,
        state: commands.state,
        result: commands.result,
        error: commands.error,
        stage: firmwareProgress.stage,
        percent: firmwareProgress.percent,
        version: firmwareProgress.version,
        progressError: firmwareProgress.error,
      })
      .from(commands)
      .leftJoin(firmwareProgress, eq(firmwareProgress.commandId, commands.id))
      .where(inArray(commands.id, [...commandIds]));
    for (const r of rows) out.set(r.id, r);
    return out;
  }

  /**
   * Health of an upgraded device since `since`: when it (or its logger, for a logger) was last heard from,
   * its logger's upload interval, and the URGENT alarms raised on it since.
   */
  async health(
    row: { gatewayId: number; deviceId: number | null },
    since: Date,
  ): Promise<{ lastSeenAt: Date | null; uploadIntervalS: number; urgentAlarms: number }> {
    const [seen] =
      row.deviceId === null
        ? await this.db
            .select({ lastSeenAt: gateways.lastSeenAt, uploadIntervalS: gateways.uploadIntervalS })
            .from(gateways)
            .where(eq(gateways.id, row.gatewayId))
        : await this.db
            .select({ lastSeenAt: devices.lastSeenAt, uploadIntervalS: gateways.uploadIntervalS })
            .from(devices)
            .innerJoin(gateways, eq(gateways.id, devices.gatewayId))
            .where(eq(devices.id, row.deviceId));
    const [urgent] = await this.db
      .select({ n: sql`count(*)`.mapWith(Number) })
      .from(alarms)
      .where(
        and(
          eq(alarms.gatewayId, row.gatewayId),
          row.deviceId === null ? isNull(alarms.deviceId) : eq(alarms.deviceId, row.deviceId),
          eq(alarms.level, 'URGENT'),
          eq(alarms.kind, 'ALARM'),
          gte(alarms.startedAt, since),
        ),
      );
    return {
      lastSeenAt: seen?.lastSeenAt ?? null,
      uploadIntervalS: seen?.uploadIntervalS ?? 300,
      urgentAlarms: urgent?.n ?? 0,
    };
  }

  /** Whether an image is used by any task. */
  async imageInUse(firmwareId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: upgradeTasks.id })
      .from(upgradeTasks)
      .where(eq(upgradeTasks.firmwareId, firmwareId))
      .limit(1);
    return rows.length === 1;
  }

  /** The task rows of one device (or of a logger itself), newest first. */
  async history(
    target: { deviceId: number } | { gatewayId: number },
    limit: number,
  ): Promise<{ row: typeof upgradeTaskDevices.$inferSelect; task: typeof upgradeTasks.$inferSelect }[]> {
    return this.db
      .select({ row: upgradeTaskDevices, task: upgradeTasks })
      .from(upgradeTaskDevices)
      .innerJoin(upgradeTasks, eq(upgradeTasks.id, upgradeTaskDevices.taskId))
      .where(
        'deviceId' in target
          ? eq(upgradeTaskDevices.deviceId, target.deviceId)
          : and(eq(upgradeTaskDevices.gatewayId, target.gatewayId), isNull(upgradeTaskDevices.deviceId)),
      )
      .orderBy(desc(upgradeTasks.createdAt), desc(upgradeTaskDevices.id))
      .limit(limit);
  }

  async deviceInReach(scope: Scope, deviceId: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.id, deviceId), deviceInScope(scope)));
    return rows.length === 1;
  }

  async gatewayInReach(scope: Scope, gatewayId: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: gateways.id })
      .from(gateways)
      .where(and(eq(gateways.id, gatewayId), gatewayInScope(scope)));
    return rows.length === 1;
  }

  /** Devices of the same model at the same station as `deviceId` (its peers), itself left out. */
  async peersOf(deviceId: number): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`select d2.id from ${devices} d1
            join ${gateways} g1 on g1.id = d1.gateway_id
            join ${gateways} g2 on g2.station_id = g1.station_id
            join ${devices} d2 on d2.gateway_id = g2.id and d2.model = d1.model and d2.id <> d1.id
           where d1.id = ${deviceId} and g1.station_id is not null`,
    );
    return rows.map((r) => r.id);
  }

  /** The mean active power (W) of each device between two instants, for those with readings. */
  async meanPower(deviceIds: readonly number[], from: Date, to: Date): Promise<Map<number, number>> {
    if (deviceIds.length === 0) return new Map();
    const rows = await queryRows<{ id: number; mean: number }>(
      this.db,
      sql`select device_id as id, avg(power_w)::float8 as mean from ${telemetry}
           where device_id in (${sql.join(
             deviceIds.map((id) => sql`${id}`),
             sql`, `,
           )}) and ts >= ${from.toISOString()}::timestamptz and ts <= ${to.toISOString()}::timestamptz
             and power_w is not null
           group by device_id`,
    );
    return new Map(rows.map((r) => [r.id, r.mean]));
  }
}
