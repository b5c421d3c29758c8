// The changes that make cached sessions, permissions and user info stale, as the database reports them.
// Triggers (migration 0004_auth_notify) call pg_notify in the same transaction as any write to sessions,
// users, user_roles, roles, companies or nav_routes, so a notification is delivered exactly when its write
// commits — by whichever process, the operator CLI included. Each API process listens on one connection;
// while that connection is down the feed is not live and caches neither answer nor fill (docs/api.md).
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from './client.js';

export type Change =
  | { kind: 'session' | 'user' | 'role' | 'company'; id: number }
  | { kind: 'navigation' }
  /** Stations, follows or exchange rates: what station lists and Home answers are built from. */
  | { kind: 'station' }
  /** Alarms, read marks or a logger's reach changed: what unread-alarm counts are built from. */
  | { kind: 'alarm' }
  /** Listening started, stopped or could not be trusted: anything cached may be stale. */
  | { kind: 'reset' };

export interface ChangeFeed {
  /** True while changes are being received; caches must neither answer nor fill otherwise. */
  readonly live: boolean;
  /** The PostgreSQL backend of the listening connection (pg_stat_activity); null on PGlite or while down. */
  readonly listenerPid: number | null;
  /** Moves on every change and reset: a value read from the database is cached only if it did not move. */
  readonly generation: number;
  /** Calls `listener` for every change (after `generation` has moved); returns the unsubscribe function. */
  subscribe(listener: (change: Change) => void): () => void;
  /**
   * Calls `listener` with the id of every command whose row was written (migration 0014), or with null on a
   * reset (any command may have changed). Command traffic neither moves `generation` nor reaches the caches.
   */
  subscribeCommands(listener: (commandId: string | null) => void): () => void;
  /** Resolves once every change committed before the call has been handed to the subscribers. */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

/** The channel of the schema the tables live in (one database may hold several installations or test schemas). */
const channelOf = (schema: string): string => `sunfleet_auth:${schema}`.slice(0, 63);

const KIND_OF_LETTER = { s: 'session', u: 'user', r: 'role', c: 'company' } as const;
const COMMAND_PAYLOAD = /^k:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** `k:<uuid>` → that command's id; anything else → undefined (not a command change). */
export function parseCommandChange(payload: string): string | undefined {
  return COMMAND_PAYLOAD.exec(payload)?.[1];
}

/**
 * `s:12` → a session change; `n` → navigation; `t` → stations; `a` → alarms; anything unexpected → reset (drop
 * everything, never guess).
 */
export function parseChange(payload: string): Change {
  if (payload === 'n') return { kind: 'navigation' };
  if (payload === 't') return { kind: 'station' };
  if (payload === 'a') return { kind: 'alarm' };
  const match = /^([surc]):(\d{1,15})$/.exec(payload);
  const letter = match?.[1] as keyof typeof KIND_OF_LETTER | undefined;
  if (letter === undefined || match?.[2] === undefined) return { kind: 'reset' };
  return { kind: KIND_OF_LETTER[letter], id: Number(match[2]) };
}

/** Subscribers and the generation counter, shared by both databases' feeds. */
abstract class FeedBase implements ChangeFeed {
  private readonly listeners = new Set<(change: Change) => void>();
  private readonly commandListeners = new Set<(commandId: string | null) => void>();
  generation = 0;
  abstract readonly live: boolean;
  abstract readonly listenerPid: number | null;

  subscribe(listener: (change: Change) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  subscribeCommands(listener: (commandId: string | null) => void): () => void {
    this.commandListeners.add(listener);
    return () => this.commandListeners.delete(listener);
  }

  protected emit(change: Change): void {
    this.generation += 1;
    for (const listener of this.listeners) listener(change);
    if (change.kind === 'reset') for (const listener of this.commandListeners) listener(null);
  }

  /** A raw notification: a command's id goes to the command listeners only, the rest is parsed. */
  protected receivePayload(payload: string): void {
    const commandId = parseCommandChange(payload);
    if (commandId === undefined) {
      this.emit(parseChange(payload));
      return;
    }
    for (const listener of this.commandListeners) listener(commandId);
  }

  abstract caughtUp(): Promise<void>;
  abstract close(): Promise<void>;
}

/**
 * PGlite runs in this process: a notification is parsed from the COMMIT's answer and handed over (as a
 * microtask) before the writer's own query resolves, so every write this process awaited is already
 * seen. PGlite allows one process, so there are no other writers to wait for.
 */
class PgliteFeed extends FeedBase {
  live = false;
  readonly listenerPid = null;
  private unlisten: (() => Promise<void>) | null = null;

  async start(database: Database & { pglite: NonNullable<Database['pglite']> }): Promise<void> {
    const rows = await database.pglite.query<{ schema: string }>('select current_schema() as schema');
    const channel = channelOf(rows.rows[0]?.schema ?? 'public');
    // PGlite sends `LISTEN <name>` as given: quote it (the name holds a colon).
    this.unlisten = await database.pglite.listen(`"${channel}"`, (payload) => this.receivePayload(payload));
    this.live = true;
    this.emit({ kind: 'reset' });
  }

  caughtUp(): Promise<void> {
    return Promise.resolve();
  }

  async close(): Promise<void> {
    this.live = false;
    this.emit({ kind: 'reset' });
    await this.unlisten?.().catch(() => undefined);
  }
}

const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;
/** A catch-up notification not back within this time means the connection cannot be trusted. */
const CATCH_UP_TIMEOUT_MS = 5_000;

/**
 * PostgreSQL: one dedicated connection per process LISTENs. Losing it (or a catch-up that does not come
 * back) makes the feed not live — caches are dropped and bypassed — until a new connection listens again.
 */
class PostgresFeed extends FeedBase {
  live = false;
  private client: pg.Client | null = null;
  private channel = '';
  private closed = false;
  private failures = 0;
  private retry: NodeJS.Timeout | null = null;
  /** Catch-up markers sent by this process and not yet received, with their waiters. */
  private readonly pending = new Map<string, () => void>();
  private readonly tag = randomBytes(6).toString('hex');
  private marker = 0;
  listenerPid: number | null = null;

  constructor(
    private readonly options: pg.ClientConfig,
    private readonly log: FastifyBaseLogger,
  ) {
    super();
  }

  async start(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      ...this.options,
      keepAlive: true,
      application_name: 'sunfleet-change-feed',
    });
    this.client = client;
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.receive(message.payload ?? '');
    });
    try {
      await client.connect();
      const rows = await client.query<{ schema: string; pid: number }>(
        'select current_schema() as schema, pg_backend_pid() as pid',
      );
      this.channel = channelOf(rows.rows[0]?.schema ?? 'public');
      this.listenerPid = rows.rows[0]?.pid ?? null;
      await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
    } catch (error) {
      if (this.failures === 0)
        this.log.warn({ err: error }, 'change feed: cannot listen; caches stay off until it can');
      this.lost(client);
      return;
    }
    if (this.client !== client) return;
    this.failures = 0;
    this.live = true;
    // Anything cached before this point may have missed a change: start empty.
    this.emit({ kind: 'reset' });
  }

  private receive(payload: string): void {
    const waiter = this.pending.get(payload);
    if (waiter !== undefined) {
      this.pending.delete(payload);
      waiter();
    } else if (!payload.startsWith('~')) {
      this.receivePayload(payload);
    }
  }

  /** Drops the connection (once), empties the caches, releases waiters and schedules a new connection. */
  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.listenerPid = null;
    const wasLive = this.live;
    this.live = false;
    this.emit({ kind: 'reset' });
    for (const waiter of this.pending.values()) waiter();
    this.pending.clear();
    client.end().catch(() => undefined);
    if (this.closed) return;
    if (wasLive) this.log.warn('change feed: listening connection lost; caches off until it is back');
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** this.failures);
    this.failures += 1;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.start();
    }, delay);
    this.retry.unref();
  }

  /**
   * Notifications reach a listener in commit order, so once a marker notified now comes back, every change
   * committed before it has been handled. While not live there is nothing cached to wait for.
   */
  async caughtUp(): Promise<void> {
    const client = this.client;
    if (!this.live || client === null) return;
    this.marker += 1;
    const marker = `~${this.tag}:${this.marker}`;
    let timer: NodeJS.Timeout | undefined;
    const back = new Promise<void>((resolve) => {
      this.pending.set(marker, resolve);
      timer = setTimeout(() => {
        if (!this.pending.has(marker)) return;
        this.log.warn('change feed: catch-up timed out; reconnecting');
        this.lost(client);
      }, CATCH_UP_TIMEOUT_MS);
    });
    try {
      await client.query('select pg_notify($1, $2)', [this.channel, marker]);
      await back;
    } catch {
      this.lost(client);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry !== null) clearTimeout(this.retry);
    const client = this.client;
    if (client !== null) {
      this.lost(client);
      await client.end().catch(() => undefined);
    }
  }
}

/** Starts listening; a database that cannot listen yet leaves the feed not live and retrying. */
export async function openChangeFeed(database: Database, log: FastifyBaseLogger): Promise<ChangeFeed> {
  if (database.pglite !== null) {
    const feed = new PgliteFeed();
    await feed.start({ ...database, pglite: database.pglite });
    return feed;
  }
  if (database.pgPool === null) throw new Error('database has neither PGlite nor a pool');
  const feed = new PostgresFeed(database.pgPool.options, log);
  await feed.start();
  return feed;
}
