// Batch register test (back office, docs/remote.md "Batch register test"): one model, named registers of
// its definition or a raw range, many devices — one register.read per device, all sent at once, waited for
// with one shared deadline. The rows are always read again from the commands, so answers that arrive after
// the wait (or a retry from the command centre, which keeps the batch id) show up later.
import { randomUUID } from 'node:crypto';
import {
  type CommandState,
  OPEN_COMMAND_STATES,
  type PageQuery,
  pageWindow,
  type RegisterDefinition,
  type RegisterTestBody,
  type RegisterTestRow,
  type RegisterTestView,
  RemoteLimits,
  RemoteMessage,
} from '@sunfleet/contracts';
import { decodeBlocks, hexToWords, registerWords } from '@sunfleet/domain';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import { CommandWaiter, type BatchCaller } from '../commands/command-waiter.js';
import { sendBatch } from '../commands/batch.js';
import { invalidField } from '../reference/sql-helpers.js';
import type { Scope } from '../tenancy/scope.js';
import {
  RegisterTestRepository,
  type RegisterTestRecord,
  type RegisterTestSpec,
  type TestCommand,
} from './register-test.repository.js';

const OPEN = OPEN_COMMAND_STATES;

/** What each device is asked: the span covering the keys, or the raw range. */
function specOf(body: RegisterTestBody, registers: RegisterDefinition[] | null): RegisterTestSpec {
  const raw = body.address !== undefined || body.count !== undefined;
  if (body.keys === undefined) {
    if (body.address === undefined || body.count === undefined)
      throw invalidField('body', RemoteMessage.readTargetInvalid, 'keys, or address and count together');
    return { keys: [], address: body.address, count: body.count, registers: [] };
  }
  if (raw) throw invalidField('body', RemoteMessage.readTargetInvalid, 'keys or address and count, not both');
  if (registers === null)
    throw invalidField('body.model', RemoteMessage.noDefinition, `${body.model} has no protocol definition`);
  const chosen = body.keys.map((key, i) => {
    const register = registers.find((r) => r.key === key);
    if (register === undefined)
      throw invalidField(
        `body.keys[${i}]`,
        RemoteMessage.unknownRegister,
        `${key} is not a register of ${body.model}`,
      );
    return register;
  });
  const address = Math.min(...chosen.map((r) => r.address));
  const end = Math.max(...chosen.map((r) => r.address + registerWords(r)));
  if (end - address > RemoteLimits.readCountMax)
    throw invalidField(
      'body.keys',
      'rule.range',
      `the registers span ${end - address} registers; one read covers at most ${RemoteLimits.readCountMax}`,
    );
  return { keys: body.keys, address, count: end - address, registers: chosen };
}

/** A device's row: its newest command's state, error and decoded answer. */
function rowOf(spec: RegisterTestSpec, commands: readonly TestCommand[]): RegisterTestRow | null {
  const [newest] = commands;
  if (newest === undefined) return null;
  const values: RegisterTestRow['values'] = {};
  let hex: string | null = null;
  const answered = newest.state === 'DONE' && newest.result !== null ? newest.result : null;
  if (answered !== null && typeof answered.hex === 'string' && typeof answered.address === 'number') {
    hex = answered.hex;
    const decoded = decodeBlocks(spec.registers, [{ address: answered.address, words: hexToWords(hex) }]);
    for (const key of spec.keys) values[key] = decoded[key] ?? null;
  }
  return {
    deviceId: newest.deviceId,
    deviceSn: newest.deviceSn,
    gatewaySn: newest.gatewaySn,
    stationName: newest.stationName,
    state: newest.state,
    commandIds: commands.map((c) => c.id),
    error: newest.error,
    values,
    hex,
  };
}

function viewOf(
  test: RegisterTestRecord,
  commands: readonly TestCommand[],
  withRows: boolean,
): RegisterTestView {
  const spec = test.spec as unknown as RegisterTestSpec;
  const byDevice = new Map<number, TestCommand[]>();
  for (const c of commands) byDevice.set(c.deviceId, [...(byDevice.get(c.deviceId) ?? []), c]);
  const rows = [...byDevice.values()].flatMap((list) => {
    const row = rowOf(spec, list);
    return row === null ? [] : [row];
  });
  const count = (states: readonly CommandState[]): number =>
    rows.filter((r) => states.includes(r.state)).length;
  return {
    id: test.id,
    model: test.model,
    keys: spec.keys,
    address: spec.keys.length === 0 ? spec.address : null,
    count: spec.keys.length === 0 ? spec.count : null,
    createdAt: test.createdAt.getTime(),
    createdBy: test.createdBy,
    deviceCount: test.deviceCount,
    done: count(['DONE']),
    failed: count(['FAILED', 'EXPIRED']),
    open: count(OPEN),
    rows: withRows ? rows : [],
  };
}

export class RegisterTestService {
  private readonly waiter: CommandWaiter;

  constructor(private readonly deps: { db: Db; clock: Clock; changes: ChangeFeed; answerWaitMs: number }) {
    this.waiter = new CommandWaiter({ db: deps.db, feed: deps.changes });
  }

  /**
   * Checks everything before anything is stored or sent: every device in reach and of the model (4000
   * remote.registerTestDevice naming each one that is not), keys of the model's definition whose span one
   * read covers, or a raw range. Then the test and one register.read per device in one transaction, and
   * one wait for them all.
   */
  async run(caller: BatchCaller, body: RegisterTestBody): Promise<RegisterTestView> {
    const repo = new RegisterTestRepository(this.deps.db);
    const found = new Map((await repo.devices(caller.scope, body.deviceIds)).map((d) => [d.id, d]));
    const wrong = body.deviceIds.flatMap((id, i) => {
      const device = found.get(id);
      if (device === undefined) return [{ field: `body.deviceIds[${i}]`, message: `device ${id} not found` }];
      if (device.model !== body.model)
        return [{ field: `body.deviceIds[${i}]`, message: `${device.sn} is a ${device.model}` }];
      return [];
    });
    if (wrong.length > 0) {
      const rule = RemoteMessage.registerTestDevice;
      throw Errors.invalid(
        rule,
        wrong.map((w) => ({ ...w, rule })),
      );
    }
    const devices = body.deviceIds.map((id) => found.get(id)).filter((d) => d !== undefined);
    const spec = specOf(body, devices.find((d) => d.registers !== null)?.registers ?? null);
    const testId = randomUUID();
    await sendBatch(
      { ...this.deps, waiter: this.waiter },
      caller,
      {
        batchId: testId,
        kind: 'registerTest',
        name: 'register.read',
        params: { address: spec.address, count: spec.count },
        ttlSeconds: RemoteLimits.commandTtlSeconds,
        devices,
      },
      (tx) =>
        new RegisterTestRepository(tx).insert({
          id: testId,
          model: body.model,
          spec: spec as unknown as Record<string, unknown>,
          deviceCount: devices.length,
          createdByUserId: caller.userId,
          createdAt: this.deps.clock.now(),
        }),
    );
    return this.detail(caller.scope, testId);
  }

  async page(scope: Scope, query: PageQuery): Promise<{ total: number; list: RegisterTestView[] }> {
    const repo = new RegisterTestRepository(this.deps.db);
    const { total, list } = await repo.page(scope, pageWindow(query));
    const commands = await repo.commands(list.map((t) => t.id));
    return {
      total,
      list: list.map((test) =>
        viewOf(
          test,
          commands.filter((c) => c.testId === test.id),
          false,
        ),
      ),
    };
  }

  /** One test with a row per device, read again from its commands. */
  async detail(scope: Scope, id: string): Promise<RegisterTestView> {
    return (await this.withNames(scope, id)).test;
  }

  /** The test, and the translation key of each of its registers' names (for the export's headers). */
  async withNames(
    scope: Scope,
    id: string,
  ): Promise<{ test: RegisterTestView; nameKeys: Map<string, string> }> {
    const repo = new RegisterTestRepository(this.deps.db);
    const test = await repo.test(scope, id);
    if (test === null) throw Errors.notFound();
    const spec = test.spec as unknown as RegisterTestSpec;
    return {
      test: viewOf(test, await repo.commands([test.id]), true),
      nameKeys: new Map(spec.registers.map((r) => [r.key, r.nameKey])),
    };
  }
}
