import type { TimeZone } from '@sunfleet/contracts';
import { and, asc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { timeZones } from '../../db/schema.js';
import { containsPattern } from './sql-helpers.js';

function toTimeZone(row: typeof timeZones.$inferSelect): TimeZone {
  return { id: row.id, name: row.name, offsetMinutes: row.offsetMinutes };
}

export class TimeZonesRepository {
  constructor(private readonly db: Db) {}

  async page(
    keyword: string | null,
    window: { offset: number; limit: number },
  ): Promise<{ total: number; list: TimeZone[] }> {
    const where: SQL | undefined =
      keyword === null ? undefined : ilike(timeZones.name, containsPattern(keyword));
    const [count] = await this.db
      .select({ n: sql`count(*)`.mapWith(Number) })
      .from(timeZones)
      .where(where);
    const rows = await this.db
      .select()
      .from(timeZones)
      .where(where)
      .orderBy(asc(timeZones.offsetMinutes), asc(timeZones.name))
      .offset(window.offset)
      .limit(window.limit);
    return { total: count?.n ?? 0, list: rows.map(toTimeZone) };
  }

  async find(id: number): Promise<TimeZone | null> {
    const rows = await this.db.select().from(timeZones).where(eq(timeZones.id, id));
    return rows[0] ? toTimeZone(rows[0]) : null;
  }

  /**
   * True when another zone (not `exceptId`) has this name in any letter case: ICU accepts names in any
   * case, and the unique index alone would let 'asia/kolkata' sit beside 'Asia/Kolkata'.
   */
  async nameTaken(name: string, exceptId: number | null): Promise<boolean> {
    const sameName = sql`lower(${timeZones.name}) = lower(${name})`;
    const rows = await this.db
      .select({ id: timeZones.id })
      .from(timeZones)
      .where(exceptId === null ? sameName : and(sameName, ne(timeZones.id, exceptId)))
      .limit(1);
    return rows.length > 0;
  }

  /** The new row, or null when the name is taken (names are unique). */
  async insert(values: { name: string; offsetMinutes: number }): Promise<TimeZone | null> {
    const rows = await this.db.insert(timeZones).values(values).onConflictDoNothing().returning();
    return rows[0] ? toTimeZone(rows[0]) : null;
  }

  /** The updated row, or null when there is no such zone. A taken name raises a unique violation. */
  async update(id: number, values: { name: string; offsetMinutes: number }): Promise<TimeZone | null> {
    const rows = await this.db.update(timeZones).set(values).where(eq(timeZones.id, id)).returning();
    return rows[0] ? toTimeZone(rows[0]) : null;
  }

  /** False when there is no such zone. */
  async delete(id: number): Promise<boolean> {
    const rows = await this.db.delete(timeZones).where(eq(timeZones.id, id)).returning({ id: timeZones.id });
    return rows.length > 0;
  }
}
