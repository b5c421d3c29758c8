import type { Country } from '@sunfleet/contracts';
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { countries } from '../../db/schema.js';
import { containsPattern } from './sql-helpers.js';

type Visibility = 'PUBLIC' | 'PRIVATE';

function toCountry(row: typeof countries.$inferSelect): Country {
  return { code: row.code, name: row.name, visibility: row.visibility };
}

export interface CountryFilter {
  keyword: string | null;
  visibility: Visibility | null;
  /** PRIVATE countries are listed for the platform only. */
  includePrivate: boolean;
}

export class CountriesRepository {
  constructor(private readonly db: Db) {}

  async page(
    filter: CountryFilter,
    window: { offset: number; limit: number },
  ): Promise<{ total: number; list: Country[] }> {
    const pattern = filter.keyword === null ? null : containsPattern(filter.keyword);
    const where: SQL | undefined = and(
      pattern === null ? undefined : or(ilike(countries.code, pattern), ilike(countries.name, pattern)),
      filter.visibility === null ? undefined : eq(countries.visibility, filter.visibility),
      filter.includePrivate ? undefined : eq(countries.visibility, 'PUBLIC'),
    );
    const [count] = await this.db
      .select({ n: sql`count(*)`.mapWith(Number) })
      .from(countries)
      .where(where);
    const rows = await this.db
      .select()
      .from(countries)
      .where(where)
      .orderBy(asc(countries.name), asc(countries.code))
      .offset(window.offset)
      .limit(window.limit);
    return { total: count?.n ?? 0, list: rows.map(toCountry) };
  }

  /** The new row, or null when the code is taken. */
  async insert(values: Country): Promise<Country | null> {
    const rows = await this.db.insert(countries).values(values).onConflictDoNothing().returning();
    return rows[0] ? toCountry(rows[0]) : null;
  }

  /** The updated row, or null when there is no such country. */
  async update(code: string, values: { name: string; visibility: Visibility }): Promise<Country | null> {
    const rows = await this.db.update(countries).set(values).where(eq(countries.code, code)).returning();
    return rows[0] ? toCountry(rows[0]) : null;
  }

  /** False when there is no such country. */
  async delete(code: string): Promise<boolean> {
    const rows = await this.db
      .delete(countries)
      .where(eq(countries.code, code))
      .returning({ code: countries.code });
    return rows.length > 0;
  }
}
