// Command execution per docs/protocol.md §6: a request past `expiresAt` is answered EXPIRED and not run;
// each idempotency key runs at most once (remembered on disk, so also across restarts) and a repeated key
// is answered with the stored outcome; an accepted request is answered ACKNOWLEDGED, then DONE with its
// result or FAILED with an error code. Unknown names are FAILED 'unknown-command'.
import type { CommandRequest, CommandResult } from '@sunfleet/contracts';
import { isRecord, readJson, writeJsonAtomic } from '../logger/state-file.js';
import { CommandError, type CommandHandler, type CommandTarget } from './types.js';

type Outcome =
  | { state: 'ACKNOWLEDGED' }
  | { state: 'DONE'; result: Record<string, unknown> }
  | { state: 'FAILED'; error: string; result?: Record<string, unknown> };

export interface CommandExecutorOptions {
  target: CommandTarget;
  handlers: Readonly<Record<string, CommandHandler>>;
  /** Where the idempotency keys and their outcomes are kept. */
  storePath: string;
  /** Publishes a result (through the journal). */
  send: (result: CommandResult) => void;
  /** Wall-clock time for expiry, epoch ms (the cloud's `expiresAt` is wall-clock). */
  wallNow?: () => number;
  /** Keys remembered (oldest forgotten first; default 1000). */
  maxKeys?: number;
  fsync?: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NAME = /^[a-z][a-zA-Z0-9.]{0,47}$/;
const DEVICE_SN = /^[A-Za-z0-9_.-]{1,64}$/;
const REQUEST_KEYS: ReadonlySet<string> = new Set([
  'v',
  'id',
  'idempotencyKey',
  'name',
  'dev',
  'params',
  'expiresAt',
]);

/** The request, or why it is not one (protocol §6 envelope; unknown fields refused like the cloud does). */
export function parseCommandRequest(value: unknown): CommandRequest | string {
  if (!isRecord(value)) return 'not a JSON object';
  for (const key of Object.keys(value)) if (!REQUEST_KEYS.has(key)) return `unknown field ${key}`;
  const { v, id, idempotencyKey, name, dev, params, expiresAt } = value;
  if (v !== 1) return 'v must be 1';
  if (typeof id !== 'string' || !UUID.test(id)) return 'id must be a UUID';
  if (typeof idempotencyKey !== 'string' || idempotencyKey.length < 1 || idempotencyKey.length > 64)
    return 'idempotencyKey must be 1…64 characters';
  if (typeof name !== 'string' || !NAME.test(name)) return 'bad command name';
  if (dev !== undefined && (typeof dev !== 'string' || !DEVICE_SN.test(dev))) return 'bad dev';
  if (!isRecord(params)) return 'params must be an object';
  if (typeof expiresAt !== 'number' || !Number.isSafeInteger(expiresAt) || expiresAt < 0)
    return 'expiresAt must be epoch milliseconds';
  return {
    v: 1,
    id,
    idempotencyKey,
    name,
    ...(dev === undefined ? {} : { dev }),
    params,
    expiresAt,
  };
}

export class CommandExecutor {
  private readonly opts: CommandExecutorOptions;
  private readonly outcomes = new Map<string, Outcome>();
  private readonly running = new Set<Promise<void>>();

  constructor(opts: CommandExecutorOptions) {
    this.opts = opts;
    const stored = readJson(opts.storePath);
    if (Array.isArray(stored)) {
      for (const item of stored) {
        if (!Array.isArray(item) || typeof item[0] !== 'string' || !isRecord(item[1])) continue;
        const outcome = item[1] as Outcome;
        // Running when the logger stopped: it did not finish, and never will.
        this.outcomes.set(
          item[0],
          outcome.state === 'ACKNOWLEDGED' ? { state: 'FAILED', error: 'interrupted' } : outcome,
        );
      }
    }
  }

  private now(): number {
    return (this.opts.wallNow ?? Date.now)();
  }

  private remember(key: string, outcome: Outcome): void {
    this.outcomes.delete(key);
    this.outcomes.set(key, outcome);
    const max = this.opts.maxKeys ?? 1_000;
    for (const oldest of this.outcomes.keys()) {
      if (this.outcomes.size <= max) break;
      this.outcomes.delete(oldest);
    }
    writeJsonAtomic(this.opts.storePath, [...this.outcomes], this.opts.fsync ?? true);
  }

  private answer(id: string, outcome: Outcome): void {
    const result: CommandResult = { v: 1, id, state: outcome.state };
    if (outcome.state === 'DONE') result.result = outcome.result;
    if (outcome.state === 'FAILED') {
      result.error = outcome.error.slice(0, 200);
      if (outcome.result) result.result = outcome.result;
    }
    this.opts.send(result);
  }

  /** One message from the command topic. Resolves when the command has finished (tests wait on it). */
  async handle(payload: Buffer | string): Promise<void> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload.toString());
    } catch {
      return; // nothing to answer to
    }
    const request = parseCommandRequest(parsed);
    if (typeof request === 'string') {
      const id = isRecord(parsed) ? parsed.id : undefined;
      if (typeof id === 'string' && UUID.test(id)) {
        this.answer(id, { state: 'FAILED', error: 'invalid-request', result: { detail: request } });
      }
      return;
    }
    if (request.expiresAt < this.now()) {
      this.opts.send({ v: 1, id: request.id, state: 'EXPIRED' });
      return;
    }
    const known = this.outcomes.get(request.idempotencyKey);
    if (known) {
      this.answer(request.id, known);
      return;
    }
    const run = this.execute(request);
    this.running.add(run);
    try {
      await run;
    } finally {
      this.running.delete(run);
    }
  }

  private async execute(request: CommandRequest): Promise<void> {
    const key = request.idempotencyKey;
    const handler = Object.prototype.hasOwnProperty.call(this.opts.handlers, request.name)
      ? this.opts.handlers[request.name]
      : undefined;
    if (!handler) {
      const outcome: Outcome = { state: 'FAILED', error: 'unknown-command' };
      this.remember(key, outcome);
      this.answer(request.id, outcome);
      return;
    }
    const target = this.opts.target;
    let device = null;
    if (request.dev !== undefined && request.dev !== target.sn) {
      device = target.devices.bySn(request.dev) ?? null;
      if (!device) {
        const outcome: Outcome = { state: 'FAILED', error: 'unknown-device' };
        this.remember(key, outcome);
        this.answer(request.id, outcome);
        return;
      }
    }
    const acknowledged: Outcome = { state: 'ACKNOWLEDGED' };
    this.remember(key, acknowledged);
    this.answer(request.id, acknowledged);
    let outcome: Outcome;
    try {
      const result = await handler({ request, device, target });
      outcome = { state: 'DONE', result };
    } catch (error) {
      outcome =
        error instanceof CommandError
          ? { state: 'FAILED', error: error.code, result: { detail: error.message.slice(0, 200) } }
          : {
              state: 'FAILED',
              error: 'internal-error',
              result: { detail: (error instanceof Error ? error.message : String(error)).slice(0, 200) },
            };
    }
    this.remember(key, outcome);
    this.answer(request.id, outcome);
  }

  /** Waits for the commands under way (tests, orderly stop). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
