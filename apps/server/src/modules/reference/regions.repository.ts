import type { Region } from '@sunfleet/contracts';
import { and, asc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { countries, currencies, regions } from '../../db/schema.js';
import { containsPattern } from './sql-helpers.js';

export type RegionValues = Omit<typeof regions.$inferInsert, 'id'>;

const columns = {
  id: regions.id,
  name: regions.name,
  areaCode: regions.areaCode,
  currencyCode: regions.currencyCode,
  currencyName: currencies.name,
  temperatureUnit: regions.temperatureUnit,
  price: regions.price,
};

function toRegion(row: {
  id: number;
  name: string;
  areaCode: string;
  currencyCode: string;
  currencyName: string;
  temperatureUnit: 'C' | 'F';
  price: number;
}): Region {
  return {
    id: row.id,
    name: row.name,
    areaCode: row.areaCode,
    currencyCode: row.currencyCode,
    currencyName: row.currencyName,
    temperatureUnit: row.temperatureUnit,
    price: row.price,
  };
}

export class RegionsRepository {
  constructor(private readonly db: Db) {}

  async page(
    keyword: string | null,
    window: { offset: number; limit: number },
  ): Promise<{ total: number; list: Region[] }> {
    const pattern = keyword === null ? null : containsPattern(keyword);
    const where: SQL | undefined =
      pattern === null
        ? undefined
        : or(
            ilike(regions.name, pattern),
            ilike(regions.areaCode, pattern),
            ilike(regions.currencyCode, pattern),
          );
    const [count] = await this.db
      .select({ n: sql`count(*)`.mapWith(Number) })
      .from(regions)
      .where(where);
    const rows = await this.db
      .select(columns)
      .from(regions)
      .innerJoin(currencies, eq(currencies.code, regions.currencyCode))
      .where(where)
      .orderBy(asc(regions.name), asc(regions.id))
      .offset(window.offset)
      .limit(window.limit);
    return { total: count?.n ?? 0, list: rows.map(toRegion) };
  }

  async find(id: number): Promise<Region | null> {
    const rows = await this.db
      .select(columns)
      .from(regions)
      .innerJoin(currencies, eq(currencies.code, regions.currencyCode))
      .where(eq(regions.id, id));
    return rows[0] ? toRegion(rows[0]) : null;
  }

  /**
   * The region of a country: the one named as the country is in the countries table, ignoring case
   * (regions carry no country code; the seed names both from CLDR's English names). Null when none is.
   */
  async ofCountry(code: string): Promise<Region | null> {
    const rows = await this.db
      .select(columns)
      .from(regions)
      .innerJoin(currencies, eq(currencies.code, regions.currencyCode))
      .innerJoin(countries, sql`lower(${countries.name}) = lower(${regions.name})`)
      .where(eq(countries.code, code))
      .orderBy(asc(regions.id))
      .limit(1);
    return rows[0] ? toRegion(rows[0]) : null;
  }

  /** True when another region (not `exceptId`) already has this name, ignoring case. */
  async nameTaken(name: string, exceptId: number | null): Promise<boolean> {
    const sameName = sql`lower(${regions.name}) = lower(${name})`;
    const rows = await this.db
      .select({ id: regions.id })
      .from(regions)
      .where(exceptId === null ? sameName : and(sameName, ne(regions.id, exceptId)))
      .limit(1);
    return rows.length > 0;
  }

  async insert(values: RegionValues): Promise<number> {
    const [row] = await this.db.insert(regions).values(values).returning({ id: regions.id });
    if (!row) throw new Error('insert into regions returned no row');
    return row.id;
  }

  /** False when there is no such region. */
  async update(id: number, values: RegionValues): Promise<boolean> {
    const rows = await this.db
      .update(regions)
      .set(values)
      .where(eq(regions.id, id))
      .returning({ id: regions.id });
    return rows.length > 0;
  }

  /** False when there is no such region. */
  async delete(id: number): Promise<boolean> {
    const rows = await this.db.delete(regions).where(eq(regions.id, id)).returning({ id: regions.id });
    return rows.length > 0;
  }
}
