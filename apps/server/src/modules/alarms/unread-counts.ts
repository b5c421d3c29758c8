// `unreadAlarmCount` of /api/info: open alarms in the caller's reach that the caller has not read. Kept
// per user and role in each API process and dropped through the change feed whenever alarms, read marks,
// a logger's station or company (triggers of migration 0012), stations, companies, roles or the user
// change, so a warm /api/info still costs no database round trip and the count is never stale.
import type { ChangeFeed } from '../../db/change-feed.js';
import { FeedCache } from '../../db/feed-cache.js';
import type { Scope } from '../tenancy/scope.js';
import type { AlarmsRepository } from './alarms.repository.js';

const MAX_COUNTS = 10_000;

export class UnreadAlarmCounts {
  private readonly cache: FeedCache<string, { userId: number; n: number }>;

  constructor(
    private readonly alarms: AlarmsRepository,
    feed: ChangeFeed,
  ) {
    this.cache = new FeedCache(feed, {
      max: MAX_COUNTS,
      stale: (change, value) =>
        change.kind === 'alarm' ||
        change.kind === 'station' ||
        change.kind === 'company' ||
        change.kind === 'role' ||
        (change.kind === 'user' && change.id === value.userId),
    });
  }

  async count(scope: Scope, roleId: number): Promise<number> {
    const hit = await this.cache.load(`${scope.userId}:${roleId}`, async () => ({
      userId: scope.userId,
      n: await this.alarms.unreadCount(scope),
    }));
    return hit.n;
  }
}
