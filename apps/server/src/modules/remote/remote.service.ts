// Remote operations (docs/remote.md): read and write a device's registers through its protocol definition,
// a battery's storage mode and periods, a logger's protocol forwarding, factory reset. Every call checks
// its input before anything is sent (4000), reaches only the caller's devices (4004 like a missing one),
// leaves a device under local control alone (4003), sends commands over the command channel and answers
// with the device's result — or, when the device has not answered within the wait, with the commands and
// their state so far.
import {
  RemoteMessage,
  validateTimePeriods,
  type CommandView,
  type FactoryResetBody,
  type ForwardingAnswer,
  type ForwardingConfig,
  type ForwardingSettings,
  type RegisterMapQuery,
  type RegisterReadAnswer,
  type RegisterReadBody,
  type RegisterWriteAnswer,
  type RegisterWriteBody,
  type RegisterWriteResult,
  type RemoteOutcome,
  type RemoteRegisterMap,
  type StoragePeriod,
  type StorageSettings,
  type StorageSettingsBody,
} from '@sunfleet/contracts';
import { wordsToHex } from '@sunfleet/domain';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import { CommandWaiter } from '../commands/command-waiter.js';
import type { CommandsService } from '../commands/commands.service.js';
import { invalidField } from '../reference/sql-helpers.js';
import type { Scope } from '../tenancy/scope.js';
import { checkForwarding } from './forwarding.js';
import {
  appliedOf,
  blocksOf,
  planWrites,
  readBackOf,
  readSpans,
  remoteRegister,
  selectRead,
  wordsAt,
  writeRuns,
  type ReadSelection,
} from './register-plan.js';
import { outcomeOf, RemoteChannel } from './remote-channel.js';
import { RemoteRepository, type RemoteTarget, type SentSetting } from './remote.repository.js';

/** Who asks, and the request's abort signal (a caller gone away stops waiting). */
export interface RemoteCaller {
  scope: Scope;
  userId: number;
  signal?: AbortSignal;
}

export interface RemoteDeps {
  db: Db;
  clock: Clock;
  /** Announces every write of a command row: the wait for a device's answer follows it. */
  changes: ChangeFeed;
  commands: CommandsService;
  /** REMOTE_ANSWER_WAIT_MS. */
  answerWaitMs: number;
}

/** The storage definition's work-mode register (values 0…4 in SPEC §4 order). */
export const WORK_MODE_KEY = 'WorkMode';
/** Time-shared control: the mode that follows the periods. */
export const TIME_SHARED_MODE = 4;

const ended = (command: CommandView): boolean =>
  command.state === 'DONE' || command.state === 'FAILED' || command.state === 'EXPIRED';

/** false when one is false, null when one is not known, else true. */
function allApplied(results: readonly RegisterWriteResult[]): boolean | null {
  if (results.some((r) => r.applied === false)) return false;
  return results.some((r) => r.applied === null) ? null : true;
}

export class RemoteService {
  private readonly repo: RemoteRepository;
  private readonly channel: RemoteChannel;

  constructor(private readonly deps: RemoteDeps) {
    this.repo = new RemoteRepository(deps.db);
    this.channel = new RemoteChannel({
      commands: deps.commands,
      waiter: new CommandWaiter({ db: deps.db, feed: deps.changes }),
      answerWaitMs: deps.answerWaitMs,
    });
  }

  async registerMap(scope: Scope, query: RegisterMapQuery): Promise<RemoteRegisterMap> {
    const target = await this.target(scope, query, RemoteMessage.readTargetInvalid, 'querystring');
    return {
      deviceId: target.deviceId,
      gatewayId: target.gatewayId,
      sn: target.sn,
      definition: target.definition?.code ?? null,
      localControl: target.localControl,
      registers: (target.definition?.registers ?? []).map((r) => remoteRegister(r)),
    };
  }

  async read(caller: RemoteCaller, body: RegisterReadBody): Promise<RegisterReadAnswer> {
    const target = await this.target(caller.scope, body, RemoteMessage.readTargetInvalid);
    const selection = selectRead(target.definition?.registers ?? null, body);
    return this.readSelection(caller, target, selection, this.channel.deadline());
  }

  async write(caller: RemoteCaller, body: RegisterWriteBody): Promise<RegisterWriteAnswer> {
    const target = await this.target(caller.scope, body, RemoteMessage.writeTargetInvalid);
    this.changeable(target);
    const planned = planWrites(target.definition?.registers ?? null, body.writes);
    const deadline = this.channel.deadline();
    const runs = writeRuns(planned);
    const sent: CommandView[] = [];
    for (const run of runs)
      sent.push(
        await this.channel.send(target, caller.userId, 'register.write', {
          address: run.address,
          hex: wordsToHex(run.words),
        }),
      );
    const written = await this.channel.settle(sent, deadline, caller.signal);
    // Read back what the device says it wrote, once every write has ended: a device that reverts a value
    // after answering DONE shows here.
    const readBack: CommandView[] = [];
    if (written.every(ended)) {
      const after = written.map((c) => c.id);
      for (const [i, run] of runs.entries()) {
        if (written[i]?.state !== 'DONE') continue;
        const params = { address: run.address, count: run.words.length };
        readBack.push(await this.channel.send(target, caller.userId, 'register.read', params, after));
      }
    }
    const read = await this.channel.settle(readBack, deadline, caller.signal);
    const blocks = blocksOf(read.filter((c) => c.state === 'DONE').map((c) => c.result));
    const results = planned.map((write): RegisterWriteResult => {
      const run = runs.findIndex(
        (r) => write.address >= r.address && write.address < r.address + r.words.length,
      );
      const state = written[run]?.state;
      const refused = state === 'FAILED' || state === 'EXPIRED';
      return {
        key: write.key,
        address: write.address,
        requested: write.requested,
        readBack: refused ? null : readBackOf(write, blocks),
        applied: refused ? false : appliedOf(write, blocks),
      };
    });
    return { ...outcomeOf([...written, ...read]), applied: allApplied(results), results };
  }

  async storage(caller: RemoteCaller, deviceId: number): Promise<StorageSettings> {
    const target = await this.battery(caller.scope, deviceId);
    const workMode = target.definition?.registers.find((r) => r.key === WORK_MODE_KEY);
    const read = workMode
      ? await this.readSelection(
          caller,
          target,
          { kind: 'registers', registers: [workMode] },
          this.channel.deadline(),
        )
      : { ...outcomeOf([]), registers: [] };
    const mode = read.registers[0]?.value;
    const last = await this.repo.storage(deviceId);
    return {
      state: read.state,
      commands: read.commands,
      deviceId,
      mode: typeof mode === 'number' ? mode : null,
      periods: last === null ? [] : periodsOf(last.value.periods),
      lastSent: lastSentOf(last),
      localControl: target.localControl,
    };
  }

  async setStorage(
    caller: RemoteCaller,
    deviceId: number,
    body: StorageSettingsBody,
  ): Promise<StorageSettings> {
    const target = await this.battery(caller.scope, deviceId);
    this.changeable(target);
    if (body.periods !== undefined) {
      const rule = validateTimePeriods(body.periods);
      if (rule !== null) throw invalidField('body.periods', rule, rule);
    }
    // Periods go with time-shared control only; other modes keep the periods last sent.
    const slots = body.mode === TIME_SHARED_MODE ? body.periods : undefined;
    const deadline = this.channel.deadline();
    const previous = await this.repo.storage(deviceId);
    // Both go out together: each sets its own part (mode, periods), so their order does not matter.
    const modeCommand = await this.channel.send(target, caller.userId, 'storage.mode', { mode: body.mode });
    const slotsCommand =
      slots === undefined
        ? null
        : await this.channel.send(target, caller.userId, 'storage.timeSlots', { periods: slots });
    const sent = slotsCommand === null ? [modeCommand] : [modeCommand, slotsCommand];
    const periods = slots ?? (previous === null ? [] : periodsOf(previous.value.periods));
    await this.repo.saveStorage({
      deviceId,
      mode: body.mode,
      periods,
      commandId: (slotsCommand ?? modeCommand).id,
      userId: caller.userId,
      at: this.deps.clock.now(),
    });
    const settled = await this.channel.settle(sent, deadline, caller.signal);
    const answered = settled[0]?.state === 'DONE' ? settled[0].result?.mode : undefined;
    return {
      ...outcomeOf(settled),
      deviceId,
      mode: typeof answered === 'number' ? answered : null,
      periods,
      lastSent: lastSentOf(await this.repo.storage(deviceId)),
      localControl: target.localControl,
    };
  }

  async forwarding(scope: Scope, gatewayId: number): Promise<ForwardingSettings> {
    const target = await this.repo.gateway(scope, gatewayId);
    if (!target) throw Errors.notFound();
    const stored = await this.repo.forwarding(gatewayId);
    return {
      gatewayId,
      // Written by setForwarding only, from a body the contract checked.
      config: stored === null ? null : (stored.value as ForwardingConfig),
      commandId: stored?.commandId ?? null,
      state: stored?.state ?? null,
      error: stored?.error ?? null,
      updatedAt: stored === null ? null : stored.updatedAt.getTime(),
    };
  }

  async setForwarding(
    caller: RemoteCaller,
    gatewayId: number,
    body: ForwardingConfig,
  ): Promise<ForwardingAnswer> {
    const target = await this.repo.gateway(caller.scope, gatewayId);
    if (!target) throw Errors.notFound();
    checkForwarding(body);
    const deadline = this.channel.deadline();
    const command = await this.channel.send(target, caller.userId, 'forwarding.set', { ...body });
    await this.repo.saveForwarding({
      gatewayId,
      config: { ...body },
      commandId: command.id,
      userId: caller.userId,
      at: this.deps.clock.now(),
    });
    const settled = await this.channel.settle([command], deadline, caller.signal);
    return { ...outcomeOf(settled), config: body };
  }

  async factoryReset(caller: RemoteCaller, body: FactoryResetBody): Promise<RemoteOutcome> {
    const target = await this.repo.device(caller.scope, body.deviceId);
    if (!target) throw Errors.notFound();
    this.changeable(target);
    if (body.confirm !== target.sn)
      throw invalidField('body.confirm', RemoteMessage.confirmMismatch, 'not the device SN');
    const deadline = this.channel.deadline();
    const command = await this.channel.send(target, caller.userId, 'device.factoryReset', {});
    return outcomeOf(await this.channel.settle([command], deadline, caller.signal));
  }

  // ---- helpers ---------------------------------------------------------------------------------------------

  /** The device or logger a body names (exactly one of them), inside the caller's reach. */
  private async target(
    scope: Scope,
    ids: { deviceId?: number | undefined; gatewayId?: number | undefined },
    message: string,
    part = 'body',
  ): Promise<RemoteTarget> {
    if ((ids.deviceId === undefined) === (ids.gatewayId === undefined))
      throw invalidField(`${part}.deviceId`, message, 'deviceId or gatewayId');
    const target =
      ids.deviceId !== undefined
        ? await this.repo.device(scope, ids.deviceId)
        : await this.repo.gateway(scope, ids.gatewayId ?? 0);
    if (!target) throw Errors.notFound();
    return target;
  }

  private async battery(scope: Scope, deviceId: number): Promise<RemoteTarget> {
    const target = await this.repo.device(scope, deviceId);
    if (!target) throw Errors.notFound();
    if (target.deviceType !== 'BATTERY')
      throw invalidField('params.deviceId', RemoteMessage.notBattery, 'not a battery');
    return target;
  }

  /** A device under local control refuses every change from the cloud (docs/remote.md "Control authority"). */
  private changeable(target: RemoteTarget): void {
    if (target.localControl) throw Errors.forbidden(RemoteMessage.localControl);
  }

  private async readSelection(
    caller: RemoteCaller,
    target: RemoteTarget,
    selection: ReadSelection,
    deadline: number,
  ): Promise<RegisterReadAnswer> {
    const sent: CommandView[] = [];
    for (const span of readSpans(selection))
      sent.push(await this.channel.send(target, caller.userId, 'register.read', { ...span }));
    const settled = await this.channel.settle(sent, deadline, caller.signal);
    const blocks = blocksOf(settled.filter((c) => c.state === 'DONE').map((c) => c.result));
    const raw = selection.kind === 'raw' ? wordsAt(blocks, selection.address, selection.count) : null;
    return {
      ...outcomeOf(settled),
      registers: selection.registers.map((r) => remoteRegister(r, blocks)),
      hex: raw === null ? null : wordsToHex(raw),
    };
  }
}

/** Periods as stored by setStorage (from a body the contract and validateTimePeriods checked). */
function periodsOf(stored: unknown[]): StoragePeriod[] {
  return stored as StoragePeriod[];
}

function lastSentOf(
  last: SentSetting<{ mode: number; periods: unknown[] }> | null,
): StorageSettings['lastSent'] {
  if (last === null) return null;
  return {
    mode: last.value.mode,
    periods: periodsOf(last.value.periods),
    commandId: last.commandId,
    state: last.state,
    updatedAt: last.updatedAt.getTime(),
  };
}
