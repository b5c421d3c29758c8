// The command centre's live state (docs/remote.md "Command centre"): one hub per API process for every open
// GET /live/commands stream. The commands_notify trigger (migration 0014) announces every write of a
// command row — enqueued, sent, acknowledged, ended, expired — by whichever process made it; the hub
// collects the ids announced, reads those commands once per round for each user (their reach), and sends
// each stream the commands its user may reach as they stand now.
//
// A round sends a command's current view, so quick successive changes may arrive as one; a view identical
// to the one last sent is not sent again. A reset of the change feed (the PostgreSQL listener lost) may have
// swallowed changes: the streams end and the clients reconnect and reload.
import type { CommandView, LiveCommandEvent } from '@sunfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import { CommandsRepository } from '../commands/commands.repository.js';
import { endsReach, type ReachOf } from './reach-changes.js';

/** Command ids read per round at most; the rest follow in the next round. */
const BATCH = 500;
/** Views remembered to skip sending an unchanged one again. */
const REMEMBERED = 5_000;

export interface CommandWatcher extends ReachOf {
  send: (event: { type: 'command'; data: LiveCommandEvent }) => void;
  /** Ends the stream (the client reconnects and is checked again). */
  close: () => void;
}

/** What a stream shows of a command: a change in any of these is worth sending. */
const signature = (c: CommandView): string =>
  [c.state, c.sentAt, c.acknowledgedAt, c.finishedAt, c.error, c.firmware?.percent ?? ''].join('|');

export class CommandHub {
  private readonly watchers = new Map<number, CommandWatcher>();
  private nextId = 1;
  private readonly pending = new Set<string>();
  private readonly sent = new Map<string, string>();
  private running: Promise<void> | null = null;
  private readonly unsubscribe: (() => void)[];

  constructor(
    private readonly db: Db,
    feed: ChangeFeed,
    private readonly log: FastifyBaseLogger,
  ) {
    this.unsubscribe = [
      feed.subscribeCommands((id) => {
        if (this.watchers.size === 0) return;
        if (id === null) {
          for (const w of [...this.watchers.values()]) w.close();
          return;
        }
        this.pending.add(id);
        void this.flush();
      }),
      feed.subscribe((change) => {
        for (const w of [...this.watchers.values()]) if (endsReach(change, w)) w.close();
      }),
    ];
  }

  get size(): number {
    return this.watchers.size;
  }

  subscribe(watcher: CommandWatcher): () => void {
    const id = this.nextId++;
    this.watchers.set(id, watcher);
    return () => {
      this.watchers.delete(id);
      if (this.watchers.size === 0) {
        this.pending.clear();
        this.sent.clear();
      }
    };
  }

  /** Rounds until nothing is pending; concurrent calls share the running one. */
  flush(): Promise<void> {
    this.running ??= this.drain()
      .catch((error: unknown) => this.log.warn({ err: error }, 'live command round failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  close(): void {
    for (const off of this.unsubscribe) off();
    this.watchers.clear();
    this.pending.clear();
  }

  private async drain(): Promise<void> {
    // Let the notifications of one commit (several rows) gather before the first read.
    await Promise.resolve();
    while (this.pending.size > 0 && this.watchers.size > 0) {
      const ids = [...this.pending].slice(0, BATCH);
      for (const id of ids) this.pending.delete(id);
      await this.round(ids);
    }
  }

  private async round(ids: readonly string[]): Promise<void> {
    const repo = new CommandsRepository(this.db);
    // Everyone sees a command the same way; only who may see it differs.
    const views = new Map((await repo.viewsOf(null, ids)).map((v) => [v.id, v]));
    const changed = [...views.values()].filter((v) => this.sent.get(v.id) !== signature(v));
    if (changed.length === 0) return;
    const groups = new Map<string, CommandWatcher[]>();
    for (const w of this.watchers.values()) {
      const key = `${w.scope.userId}:${w.roleId}`;
      groups.set(key, [...(groups.get(key) ?? []), w]);
    }
    const changedIds = changed.map((v) => v.id);
    for (const group of groups.values()) {
      const [first] = group;
      if (first === undefined) continue;
      const reach = await repo.idsInReach(first.scope, changedIds);
      for (const view of changed)
        if (reach.has(view.id)) for (const w of group) w.send({ type: 'command', data: view });
    }
    for (const view of changed) {
      this.sent.delete(view.id);
      this.sent.set(view.id, signature(view));
    }
    for (const oldest of this.sent.keys()) {
      if (this.sent.size <= REMEMBERED) break;
      this.sent.delete(oldest);
    }
  }
}
