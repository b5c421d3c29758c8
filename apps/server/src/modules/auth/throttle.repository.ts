import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/schema.js';

/** Counters in fixed windows, kept in the database so that every API copy sees the same counts. */
export class ThrottleRepository {
  constructor(private readonly db: Db) {}

  /** The largest live count among the keys. */
  async maxCount(keys: string[], windowStartAfter: Date): Promise<Map<string, number>> {
    const rows = await this.db.select().from(loginFailures).where(inArray(loginFailures.key, keys));
    const result = new Map<string, number>();
    for (const row of rows) if (row.windowStart > windowStartAfter) result.set(row.key, row.failures);
    return result;
  }

  async increment(key: string, now: Date, windowStartAfter: Date): Promise<void> {
    await this.db
      .insert(loginFailures)
      .values({ key, windowStart: now, failures: 1 })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failures: sql`case when ${loginFailures.windowStart} > ${windowStartAfter}::timestamptz then ${loginFailures.failures} + 1 else 1 end`,
          windowStart: sql`case when ${loginFailures.windowStart} > ${windowStartAfter}::timestamptz then ${loginFailures.windowStart} else ${now}::timestamptz end`,
        },
      });
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(loginFailures).where(inArray(loginFailures.key, [key]));
  }

  async purge(cutoff: Date): Promise<number> {
    const rows = await this.db
      .delete(loginFailures)
      .where(lt(loginFailures.windowStart, cutoff))
      .returning({ key: loginFailures.key });
    return rows.length;
  }
}
