// The command channel (cloud → logger, docs/telemetry.md "Commands"): persisted, expiring, idempotent
// per (logger, key), audited. The dispatcher sends; the ingest hands the logger's answers to applyResult.
import { randomUUID } from 'node:crypto';
import {
  commandChangesDevice,
  commandPermission,
  hasAnyPermission,
  pageWindow,
  RemoteMessage,
  RETRYABLE_COMMAND_STATES,
  TelemetryApiMessage,
  TelemetryLimits,
  type CommandCreateBody,
  type CommandQuery,
  type CommandResult,
  type CommandView,
  type FirmwareProgress,
} from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import { invalidField } from '../reference/sql-helpers.js';
import type { Scope } from '../tenancy/scope.js';
import { CommandsRepository, TERMINAL_STATES, type CommandRow } from './commands.repository.js';
import { wakeCommandDispatchers } from './dispatcher.js';

/** The command that carries an AC-coupling setting to its device (station-devices, docs/remote.md). */
export const AC_COUPLE_COMMAND = 'acCouple.set';

/** Who retries a command: what they reach and the permissions they hold. */
export interface CommandCaller {
  scope: Scope;
  userId: number;
  permissions: readonly string[];
}

/** The part of a logger the service uses (pino and Fastify loggers both fit). */
export interface WarnLog {
  warn(obj: object, msg: string): void;
}

export interface EnqueueInput {
  /** The command's id when the caller needs it first (a firmware download link names it); else a new one. */
  id?: string;
  gatewayId: number;
  deviceId?: number;
  name: string;
  params: Record<string, unknown>;
  ttlSeconds: number;
  idempotencyKey: string;
  userId: number | null;
  /**
   * Remote operations: an identical operation (same device, name and params) still open on the logger is
   * answered instead of a new command — a double click sends one (docs/remote.md).
   */
  openKey?: string | null;
  /** The batch register test the command belongs to. */
  batchId?: string | null;
  /** The FAILED or EXPIRED command this one retries. */
  retryOf?: string | null;
}

export class CommandsService {
  private readonly onEnqueued: () => void;

  constructor(private readonly deps: { db: Db; clock: Clock; log?: WarnLog; onEnqueued?: () => void }) {
    this.onEnqueued = deps.onEnqueued ?? wakeCommandDispatchers;
  }

  /** From the API: the logger must be in the caller's reach and the device behind it. */
  async create(
    scope: Scope,
    userId: number,
    body: CommandCreateBody,
  ): Promise<{ command: CommandView; created: boolean }> {
    if (!(await new CommandsRepository(this.deps.db).gatewayInReach(scope, body.gatewayId)))
      throw Errors.notFound();
    return this.enqueue({ ...body, userId });
  }

  /**
   * A PENDING command, or — for a (logger, idempotency key) already used — the existing one unchanged,
   * whatever its state. The dispatcher is woken to send it.
   */
  async enqueue(input: EnqueueInput): Promise<{ command: CommandView; created: boolean }> {
    if (input.ttlSeconds < TelemetryLimits.commandTtlMin || input.ttlSeconds > TelemetryLimits.commandTtlMax)
      throw invalidField(
        'body.ttlSeconds',
        'rule.range',
        `${TelemetryLimits.commandTtlMin}…${TelemetryLimits.commandTtlMax}`,
      );
    if (Buffer.byteLength(JSON.stringify(input.params)) > TelemetryLimits.commandParamsBytesMax)
      throw invalidField('body.params', TelemetryApiMessage.commandParamsTooLarge, 'too large');
    const repo = new CommandsRepository(this.deps.db);
    if (input.deviceId !== undefined && !(await repo.deviceBehind(input.gatewayId, input.deviceId)))
      throw invalidField(
        'body.deviceId',
        TelemetryApiMessage.commandDeviceNotOnGateway,
        'not behind this logger',
      );
    const now = this.deps.clock.now();
    const { id, created } = await repo.insertOnce({
      id: input.id ?? randomUUID(),
      gatewayId: input.gatewayId,
      deviceId: input.deviceId ?? null,
      name: input.name,
      params: input.params,
      idempotencyKey: input.idempotencyKey,
      state: 'PENDING',
      createdByUserId: input.userId,
      openKey: input.openKey ?? null,
      batchId: input.batchId ?? null,
      retryOf: input.retryOf ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + input.ttlSeconds * 1000),
    });
    const command = await repo.view(null, id);
    if (!command) throw new Error('command vanished after insert');
    if (created) this.onEnqueued();
    return { command, created };
  }

  async detail(scope: Scope, id: string): Promise<CommandView> {
    const command = await new CommandsRepository(this.deps.db).view(scope, id);
    if (!command) throw Errors.notFound();
    return command;
  }

  page(scope: Scope, query: CommandQuery): Promise<{ total: number; list: CommandView[] }> {
    return new CommandsRepository(this.deps.db).page(scope, query, pageWindow(query));
  }

  /**
   * The command centre's retry: a FAILED or EXPIRED command sent again as a new command — same logger,
   * device, name and params, a new idempotency key, retryOf the old one, the same time to live from now.
   * It carries the old command's open key (or one of its own), so a double retry sends one. Needs the
   * permission of the operation itself besides command:send; a device now under local control refuses
   * anything that changes it (4003 remote.localControl).
   */
  async retry(caller: CommandCaller, id: string): Promise<{ command: CommandView; created: boolean }> {
    const repo = new CommandsRepository(this.deps.db);
    const row = await repo.rowInReach(caller.scope, id);
    if (row === null) throw Errors.notFound();
    if (!hasAnyPermission(caller.permissions, [commandPermission(row.name)])) throw Errors.forbidden();
    // Control authority before input, as for every remote operation (docs/remote.md).
    if (row.deviceId !== null && commandChangesDevice(row.name) && (await repo.localControl(row.deviceId)))
      throw Errors.forbidden(RemoteMessage.localControl);
    if (!RETRYABLE_COMMAND_STATES.includes(row.state)) {
      const rule = TelemetryApiMessage.commandRetryNotEnded;
      throw Errors.invalid(rule, [{ field: 'params.id', rule, message: `the command is ${row.state}` }]);
    }
    const ttlSeconds = Math.min(
      TelemetryLimits.commandTtlMax,
      Math.max(
        TelemetryLimits.commandTtlMin,
        Math.round((row.expiresAt.getTime() - row.createdAt.getTime()) / 1000),
      ),
    );
    return this.enqueue({
      gatewayId: row.gatewayId,
      ...(row.deviceId === null ? {} : { deviceId: row.deviceId }),
      name: row.name,
      params: row.params,
      ttlSeconds,
      idempotencyKey: `retry:${randomUUID()}`,
      userId: caller.userId,
      openKey: row.openKey ?? `retry:${row.id}`,
      batchId: row.batchId,
      retryOf: row.id,
    });
  }

  /**
   * A logger's answer. Only a command of that logger is matched: another logger naming a foreign id
   * changes nothing. ACKNOWLEDGED moves PENDING/SENT on; DONE, FAILED and EXPIRED end an open command;
   * an ended command never changes again.
   */
  async applyResult(gatewayId: number, message: CommandResult): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const repo = new CommandsRepository(tx);
      const row = await repo.lockOwn(gatewayId, message.id);
      if (row === null) {
        this.deps.log?.warn(
          { gatewayId, commandId: message.id },
          'command result for an unknown command ignored',
        );
        return;
      }
      if (TERMINAL_STATES.includes(row.state)) return;
      if (message.state === 'ACKNOWLEDGED') {
        if (row.state === 'ACKNOWLEDGED') return;
        await repo.update(row.id, { state: 'ACKNOWLEDGED', acknowledgedAt: now });
        return;
      }
      const ended: CommandRow = {
        ...row,
        state: message.state,
        acknowledgedAt: row.acknowledgedAt ?? now,
        finishedAt: now,
        result: message.result ?? null,
        error: message.error ?? null,
      };
      await repo.update(row.id, {
        state: ended.state,
        acknowledgedAt: ended.acknowledgedAt,
        finishedAt: ended.finishedAt,
        result: ended.result,
        error: ended.error,
      });
      await repo.auditTerminal(ended, 'logger');
      if (ended.state === 'DONE' && ended.name === AC_COUPLE_COMMAND)
        await repo.markAcCoupleSent(row.id, now);
    });
  }

  /** Progress of a firmware upgrade command of that logger (others' ids are ignored). */
  async applyFirmwareProgress(gatewayId: number, message: FirmwareProgress): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const repo = new CommandsRepository(tx);
      const row = await repo.lockOwn(gatewayId, message.id);
      if (row === null) {
        this.deps.log?.warn(
          { gatewayId, commandId: message.id },
          'firmware progress for an unknown command ignored',
        );
        return;
      }
      await repo.upsertFirmware(row.id, message, now);
    });
  }
}
