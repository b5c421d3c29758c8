// Waits for commands' ends (DONE, FAILED, EXPIRED) — "a call answers with the device's result, or with the
// command id and its state if the device has not answered within 30 s" (docs/remote.md). The change feed
// announces every write of a command row (migration 0014, `k:<id>`), whichever process wrote it, so a wait
// costs one read per round of changes to the commands waited for. While the feed is not live (a PostgreSQL
// listener being re-established) the open ones are read again every `pollMs` instead.
import type { CommandView } from '@sunfleet/contracts';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import { CommandsRepository, TERMINAL_STATES } from './commands.repository.js';
import type { Scope } from '../tenancy/scope.js';

/** How long a remote-operation call waits for the device's answer unless configured otherwise. */
/** Who sends a batch of commands and waits for them (a register test, an IV scan): reach, user, abort. */
export interface BatchCaller {
  scope: Scope;
  userId: number;
  /** The request's: a client that went away stops the wait. */
  signal?: AbortSignal;
}

export const ANSWER_WAIT_MS_DEFAULT = 30_000;
const POLL_MS = 1_000;

export const isEnded = (command: Pick<CommandView, 'state'>): boolean =>
  TERMINAL_STATES.includes(command.state);

export class CommandWaiter {
  constructor(private readonly deps: { db: Db; feed: ChangeFeed; pollMs?: number }) {}

  /**
   * The command once it has ended, or as it stands when `timeoutMs` has passed (or `signal` aborts, e.g. the
   * caller went away). Null when the command does not exist.
   */
  async settle(id: string, timeoutMs: number, signal?: AbortSignal): Promise<CommandView | null> {
    return (await this.settleAll([id], timeoutMs, signal)).get(id) ?? null;
  }

  /**
   * Several commands with one shared deadline (a batch): each as it ended, or as it stands when the time is
   * up. Commands that do not exist are absent from the answer.
   */
  async settleAll(
    ids: readonly string[],
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<Map<string, CommandView>> {
    const repo = new CommandsRepository(this.deps.db);
    const views = new Map<string, CommandView>();
    const open = new Set(ids);
    let dirty = new Set(ids);
    let wake: () => void = () => undefined;
    const unsubscribe = this.deps.feed.subscribeCommands((changed) => {
      if (changed === null) dirty = new Set(open);
      else if (open.has(changed)) dirty.add(changed);
      else return;
      wake();
    });
    const deadline = Date.now() + timeoutMs;
    try {
      for (;;) {
        if (dirty.size > 0) {
          const reading = [...dirty];
          dirty = new Set();
          const found = new Map((await repo.viewsOf(null, reading)).map((v) => [v.id, v]));
          for (const id of reading) {
            const view = found.get(id);
            if (view !== undefined) views.set(id, view);
            if (view === undefined || isEnded(view)) open.delete(id);
          }
          if (open.size === 0) return views;
        }
        const left = deadline - Date.now();
        if (left <= 0 || signal?.aborted === true) return views;
        await new Promise<void>((resolve) => {
          const live = this.deps.feed.live;
          const done = (): void => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', done);
            resolve();
          };
          const timer = setTimeout(
            () => {
              if (!live) dirty = new Set(open);
              done();
            },
            live ? left : Math.min(left, this.deps.pollMs ?? POLL_MS),
          );
          wake = done;
          signal?.addEventListener('abort', done, { once: true });
          // A change that arrived while the read was in flight.
          if (dirty.size > 0) done();
        });
        wake = () => undefined;
      }
    } finally {
      unsubscribe();
    }
  }
}
