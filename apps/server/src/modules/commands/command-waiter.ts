// Waits for a command's end (DONE, FAILED, EXPIRED) — "a call answers with the device's result, or with the
// command id and its state if the device has not answered within 30 s" (docs/remote.md). The change feed
// announces every write of a command row (migration 0014, `k:<id>`), whichever process wrote it, so a wait
// costs one read per change of that command. While the feed is not live (a PostgreSQL listener being
// re-established) the row is read again every `pollMs` instead.
import type { CommandView } from '@sunfleet/contracts';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import { CommandsRepository, TERMINAL_STATES } from './commands.repository.js';

/** How long a remote-operation call waits for the device's answer unless configured otherwise. */
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
    const repo = new CommandsRepository(this.deps.db);
    const read = (): Promise<CommandView | null> => repo.view(null, id);
    let wake: () => void = () => undefined;
    let dirty = true;
    const unsubscribe = this.deps.feed.subscribeCommands((changed) => {
      if (changed === null || changed === id) {
        dirty = true;
        wake();
      }
    });
    const deadline = Date.now() + timeoutMs;
    let view: CommandView | null = null;
    try {
      for (;;) {
        if (dirty) {
          dirty = false;
          view = await read();
          if (view === null || isEnded(view)) return view;
        }
        const left = deadline - Date.now();
        if (left <= 0 || signal?.aborted === true) return view;
        await new Promise<void>((resolve) => {
          const live = this.deps.feed.live;
          const done = (): void => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', done);
            resolve();
          };
          const timer = setTimeout(
            () => {
              if (!live) dirty = true;
              done();
            },
            live ? left : Math.min(left, this.deps.pollMs ?? POLL_MS),
          );
          wake = done;
          signal?.addEventListener('abort', done, { once: true });
          // A change that arrived while the read was in flight.
          if (dirty) done();
        });
        wake = () => undefined;
      }
    } finally {
      unsubscribe();
    }
  }
}
