import type { ChangeFeed } from '../../db/change-feed.js';
import { FeedCache } from '../../db/feed-cache.js';
import type { SessionRecord } from './sessions.repository.js';

/** Sessions an API process keeps in memory; beyond this the least recently used are read again. */
const MAX_SESSIONS = 10_000;

/**
 * Accepted sessions by token hash, so a request costs no database round trip. Only a usable session under
 * its current token is kept; any write to the session, its user or its role drops it on every process
 * (change feed). Its expiry is checked on every use and only ever lags the stored one (other processes
 * may have pushed it further), so a stale expiry sends the request to the database, never lets it in.
 */
export class SessionCache {
  private readonly cache: FeedCache<string, SessionRecord>;

  constructor(feed: ChangeFeed) {
    this.cache = new FeedCache<string, SessionRecord>(feed, {
      max: MAX_SESSIONS,
      stale: (change, session) =>
        (change.kind === 'session' && change.id === session.id) ||
        (change.kind === 'user' && change.id === session.userId) ||
        (change.kind === 'role' && change.id === session.roleId),
    });
  }

  /** The cached session of a token hash while it has not expired by `now`. */
  get(hash: Buffer, now: Date): SessionRecord | undefined {
    const session = this.cache.get(hash.toString('base64'));
    return session !== undefined && session.expiresAt > now ? session : undefined;
  }

  mark(): number {
    return this.cache.mark();
  }

  /** Keeps a session read after `mark` if it is usable under its current token. */
  keep(hash: Buffer, session: SessionRecord, mark: number): void {
    if (session.matched === 'current' && session.revokedReason === null && !session.userDisabled)
      this.cache.set(hash.toString('base64'), session, mark);
  }

  drop(hash: Buffer): void {
    this.cache.delete(hash.toString('base64'));
  }
}
