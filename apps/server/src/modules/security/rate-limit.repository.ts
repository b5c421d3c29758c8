import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateCounters } from '../../db/schema.js';

/** At most `max` events per fixed window of `windowSeconds` for one key. */
export interface RateLimit {
  key: string;
  windowSeconds: number;
  max: number;
}

/**
 * Fixed-window counters in the database, so every API copy sees the same counts. A window starts with
 * its first event; once it is older than its length the next event starts a new one.
 */
export class RateLimitRepository {
  constructor(private readonly db: Db) {}

  /** True when any of the limits has already reached its maximum in its live window. */
  async exceeded(limits: readonly RateLimit[], now: Date): Promise<boolean> {
    if (limits.length === 0) return false;
    const rows = await this.db
      .select()
      .from(rateCounters)
      .where(
        inArray(
          rateCounters.key,
          limits.map((l) => l.key),
        ),
      );
    return limits.some((limit) => {
      const row = rows.find((r) => r.key === limit.key);
      const live =
        row !== undefined && row.windowStart.getTime() > now.getTime() - limit.windowSeconds * 1000;
      return live && row.count >= limit.max;
    });
  }

  /** Counts one event against each limit. */
  async hit(limits: readonly RateLimit[], now: Date): Promise<void> {
    for (const limit of limits) {
      const cutoff = new Date(now.getTime() - limit.windowSeconds * 1000);
      await this.db
        .insert(rateCounters)
        .values({ key: limit.key, windowStart: now, count: 1 })
        .onConflictDoUpdate({
          target: rateCounters.key,
          set: {
            count: sql`case when ${rateCounters.windowStart} > ${cutoff}::timestamptz then ${rateCounters.count} + 1 else 1 end`,
            windowStart: sql`case when ${rateCounters.windowStart} > ${cutoff}::timestamptz then ${rateCounters.windowStart} else ${now}::timestamptz end`,
          },
        });
    }
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(rateCounters).where(inArray(rateCounters.key, [key]));
  }

  /** Deletes counters whose window started before the cutoff (the longest window is a day). */
  async purge(cutoff: Date): Promise<number> {
    const rows = await this.db
      .delete(rateCounters)
      .where(lt(rateCounters.windowStart, cutoff))
      .returning({ key: rateCounters.key });
    return rows.length;
  }
}
