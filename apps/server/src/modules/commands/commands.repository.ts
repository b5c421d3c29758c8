// SQL of the command channel: the commands table, the audit rows of its terminal states, and the claims
// the dispatcher makes (FOR UPDATE SKIP LOCKED, so several dispatchers never send one command twice).
import {
  OPEN_COMMAND_STATES,
  type AuditAction,
  type CommandState,
  type CommandView,
  type FirmwareProgress,
} from '@sunfleet/contracts';
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  acCoupleSettings,
  auditLog,
  commands,
  devices,
  firmwareProgress,
  gateways,
  stations,
  users,
} from '../../db/schema.js';
import { gatewayInScope, idInScope } from '../tenancy/device-scope.js';
import type { Scope } from '../tenancy/scope.js';

export type CommandRow = typeof commands.$inferSelect;
export const OPEN_STATES = OPEN_COMMAND_STATES;
export const TERMINAL_STATES: readonly CommandState[] = ['DONE', 'FAILED', 'EXPIRED'];

/** Audit status of a terminal state: 200 done, 5000 failed on the logger, 5003 never answered in time. */
const TERMINAL_STATUS: Record<string, number> = { DONE: 200, FAILED: 5000, EXPIRED: 5003 };

const msOrNull = (d: Date | null): number | null => (d === null ? null : d.getTime());

export interface CommandFilter {
  gatewayId?: number | undefined;
  stationId?: number | undefined;
  deviceId?: number | undefined;
  /** Who asked. */
  userId?: number | undefined;
  state?: CommandState | undefined;
  name?: string | undefined;
}

/** A command ready to publish, with the SNs its request names. */
export interface SendableCommand {
  row: CommandRow;
  gatewaySn: string;
  deviceSn: string | null;
}

export class CommandsRepository {
  constructor(private readonly db: Db) {}

  /** The logger's id if the caller may reach it. */
  async gatewayInReach(scope: Scope, gatewayId: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: gateways.id })
      .from(gateways)
      .where(idInScope(gateways.id, gatewayId, gatewayInScope(scope)));
    return rows.length > 0;
  }

  async deviceBehind(gatewayId: number, deviceId: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.id, deviceId), eq(devices.gatewayId, gatewayId)));
    return rows.length > 0;
  }

  /**
   * Inserts unless (gateway, idempotency key) exists, or — with an `openKey` — the same operation is still
   * open on that logger (the partial unique index commands_open_key); answers the command's id and whether
   * it is new.
   */
  async insertOnce(values: typeof commands.$inferInsert): Promise<{ id: string; created: boolean }> {
    const inserted = await this.db
      .insert(commands)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: commands.id });
    if (inserted[0]) return { id: inserted[0].id, created: true };
    const sameKey = eq(commands.idempotencyKey, values.idempotencyKey);
    const existing = await this.db
      .select({ id: commands.id })
      .from(commands)
      .where(
        and(
          eq(commands.gatewayId, values.gatewayId),
          values.openKey == null
            ? sameKey
            : or(
                sameKey,
                and(eq(commands.openKey, values.openKey), inArray(commands.state, [...OPEN_STATES])),
              ),
        ),
      )
      .limit(1);
    const row = existing[0];
    if (!row) throw new Error('command neither inserted nor found');
    return { id: row.id, created: false };
  }

  async view(scope: Scope | null, id: string): Promise<CommandView | null> {
    const list = await this.views(
      scope === null ? eq(commands.id, id) : and(eq(commands.id, id), gatewayInScope(scope)),
      { offset: 0, limit: 1 },
    );
    return list[0] ?? null;
  }

  /**
   * The command centre's list (and the logger page's): commands of loggers in reach, newest first (the
   * commands_created_idx order), filtered by logger, station, device, creator, state and name.
   */
  async page(
    scope: Scope,
    filter: CommandFilter,
    window: { offset: number; limit: number },
  ): Promise<{ total: number; list: CommandView[] }> {
    const where = and(
      gatewayInScope(scope),
      filter.gatewayId === undefined ? undefined : eq(commands.gatewayId, filter.gatewayId),
      filter.stationId === undefined ? undefined : eq(gateways.stationId, filter.stationId),
      filter.deviceId === undefined ? undefined : eq(commands.deviceId, filter.deviceId),
      filter.userId === undefined ? undefined : eq(commands.createdByUserId, filter.userId),
      filter.state === undefined ? undefined : eq(commands.state, filter.state),
      filter.name === undefined ? undefined : eq(commands.name, filter.name),
    );
    const [count] = await this.db
      .select({ n: sql`count(*)`.mapWith(Number) })
      .from(commands)
      .innerJoin(gateways, eq(gateways.id, commands.gatewayId))
      .where(where);
    return { total: count?.n ?? 0, list: await this.views(where, window) };
  }

  /** The commands with these ids that the caller may reach (any order). */
  async viewsOf(scope: Scope | null, ids: readonly string[]): Promise<CommandView[]> {
    if (ids.length === 0) return [];
    const byId = inArray(commands.id, [...ids]);
    return this.views(scope === null ? byId : and(byId, gatewayInScope(scope)), {
      offset: 0,
      limit: ids.length,
    });
  }

  /** Which of these commands the caller may reach. */
  async idsInReach(scope: Scope, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: commands.id })
      .from(commands)
      .innerJoin(gateways, eq(gateways.id, commands.gatewayId))
      .where(and(inArray(commands.id, [...ids]), gatewayInScope(scope)));
    return new Set(rows.map((r) => r.id));
  }

  /** A command's row if the caller may reach its logger. */
  async rowInReach(scope: Scope, id: string): Promise<CommandRow | null> {
    const rows = await this.db
      .select({ row: commands })
      .from(commands)
      .innerJoin(gateways, eq(gateways.id, commands.gatewayId))
      .where(and(eq(commands.id, id), gatewayInScope(scope)));
    return rows[0]?.row ?? null;
  }

  /** Whether the logger reports the device under local control (hello `localControl`). */
  async localControl(deviceId: number): Promise<boolean> {
    const rows = await this.db
      .select({ localControl: devices.localControl })
      .from(devices)
      .where(eq(devices.id, deviceId));
    return rows[0]?.localControl ?? false;
  }

  /** The command of this logger, locked for a state change; null for another logger's id. */
  async lockOwn(gatewayId: number, id: string): Promise<CommandRow | null> {
    const rows = await this.db
      .select()
      .from(commands)
      .where(and(eq(commands.id, id), eq(commands.gatewayId, gatewayId)))
      .for('update');
    return rows[0] ?? null;
  }

  async update(id: string, values: Partial<typeof commands.$inferInsert>): Promise<void> {
    await this.db.update(commands).set(values).where(eq(commands.id, id));
  }

  /**
   * An AC-coupling setting reached its device: the setting whose latest command this is records when (a
   * setting changed again since waits for its own command).
   */
  async markAcCoupleSent(commandId: string, at: Date): Promise<void> {
    await this.db
      .update(acCoupleSettings)
      .set({ sentAt: at })
      .where(eq(acCoupleSettings.commandId, commandId));
  }

  async upsertFirmware(commandId: string, progress: FirmwareProgress, now: Date): Promise<void> {
    const values = {
      stage: progress.stage,
      percent: progress.percent,
      version: progress.version ?? null,
      error: progress.error ?? null,
      updatedAt: now,
    };
    await this.db
      .insert(firmwareProgress)
      .values({ commandId, ...values })
      .onConflictDoUpdate({ target: firmwareProgress.commandId, set: values });
  }

  /** Open commands past their expiry become EXPIRED (audited); answers them. */
  async expire(now: Date): Promise<CommandRow[]> {
    const rows = await this.db
      .update(commands)
      .set({ state: 'EXPIRED', finishedAt: now })
      .where(
        and(
          inArray(commands.state, [...OPEN_STATES]),
          sql`${commands.expiresAt} <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning();
    for (const row of rows) await this.auditTerminal(row, 'server');
    return rows;
  }

  /**
   * Unexpired commands to publish: PENDING ones, and SENT ones not acknowledged since `resendBefore`.
   * Locked until the transaction ends; commands another dispatcher holds are skipped.
   */
  async claimSendable(now: Date, resendBefore: Date, limit: number): Promise<SendableCommand[]> {
    const rows = await this.db
      .select({ row: commands, gatewaySn: gateways.sn, deviceSn: devices.sn })
      .from(commands)
      .innerJoin(gateways, eq(gateways.id, commands.gatewayId))
      .leftJoin(devices, eq(devices.id, commands.deviceId))
      .where(
        and(
          sql`${commands.expiresAt} > ${now.toISOString()}::timestamptz`,
          sql`(${commands.state} = 'PENDING' or (${commands.state} = 'SENT' and ${commands.sentAt} <= ${resendBefore.toISOString()}::timestamptz))`,
        ),
      )
      .orderBy(commands.createdAt)
      .limit(limit)
      .for('update', { of: commands, skipLocked: true });
    return rows;
  }

  /** An audit row for a command reaching DONE, FAILED or EXPIRED, in the name of its creator. */
  async auditTerminal(row: CommandRow, by: 'logger' | 'server'): Promise<void> {
    const creator =
      row.createdByUserId === null
        ? undefined
        : (
            await this.db
              .select({ username: users.username, companyId: users.companyId })
              .from(users)
              .where(eq(users.id, row.createdByUserId))
          )[0];
    await this.db.insert(auditLog).values({
      userId: row.createdByUserId,
      username: creator?.username ?? null,
      companyId: creator?.companyId ?? null,
      action: `command.${row.state.toLowerCase() as Lowercase<CommandState>}` satisfies AuditAction,
      targetType: 'command',
      targetId: row.id,
      status: TERMINAL_STATUS[row.state] ?? 200,
      detail: {
        gatewayId: row.gatewayId,
        deviceId: row.deviceId,
        name: row.name,
        state: row.state,
        by,
        ...(row.error === null ? {} : { error: row.error }),
      },
    });
  }

  private async views(
    where: SQL | undefined,
    window: { offset: number; limit: number },
  ): Promise<CommandView[]> {
    const rows = await this.db
      .select({
        row: commands,
        gatewaySn: gateways.sn,
        deviceSn: devices.sn,
        createdBy: users.username,
        stationId: stations.id,
        stationName: stations.name,
        firmware: firmwareProgress,
      })
      .from(commands)
      .innerJoin(gateways, eq(gateways.id, commands.gatewayId))
      .leftJoin(stations, eq(stations.id, gateways.stationId))
      .leftJoin(devices, eq(devices.id, commands.deviceId))
      .leftJoin(users, eq(users.id, commands.createdByUserId))
      .leftJoin(firmwareProgress, eq(firmwareProgress.commandId, commands.id))
      .where(where)
      .orderBy(desc(commands.createdAt), desc(commands.id))
      .offset(window.offset)
      .limit(window.limit);
    return rows.map(({ row, gatewaySn, deviceSn, createdBy, stationId, stationName, firmware }) => ({
      id: row.id,
      gatewayId: row.gatewayId,
      gatewaySn,
      deviceId: row.deviceId,
      deviceSn,
      name: row.name,
      params: row.params,
      idempotencyKey: row.idempotencyKey,
      state: row.state,
      createdBy,
      createdByUserId: row.createdByUserId,
      stationId,
      stationName,
      retryOf: row.retryOf,
      createdAt: row.createdAt.getTime(),
      expiresAt: row.expiresAt.getTime(),
      sentAt: msOrNull(row.sentAt),
      acknowledgedAt: msOrNull(row.acknowledgedAt),
      finishedAt: msOrNull(row.finishedAt),
      result: row.result,
      error: row.error,
      firmware:
        firmware === null
          ? null
          : {
              stage: firmware.stage,
              percent: firmware.percent,
              version: firmware.version,
              error: firmware.error,
              updatedAt: firmware.updatedAt.getTime(),
            },
    }));
  }
}
