import type { Currency } from '@sunfleet/contracts';
import { asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { currencies, regions } from '../../db/schema.js';
import { containsPattern } from './sql-helpers.js';

type CurrencyRow = typeof currencies.$inferSelect & { regionCount: number };

function toCurrency(row: CurrencyRow): Currency {
  return {
    code: row.code,
    name: row.name,
    exchangeRate: row.exchangeRate,
    regionCount: row.regionCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const regionCount =
  sql`(select count(*) from ${regions} where ${regions.currencyCode} = ${currencies.code})`.mapWith(Number);
const columns = {
  code: currencies.code,
  name: currencies.name,
  exchangeRate: currencies.exchangeRate,
  updatedAt: currencies.updatedAt,
  regionCount,
};

export class CurrenciesRepository {
  constructor(private readonly db: Db) {}

  async page(
    keyword: string | null,
    window: { offset: number; limit: number },
  ): Promise<{ total: number; list: Currency[] }> {
    const where: SQL | undefined =
      keyword === null
        ? undefined
        : or(
            ilike(currencies.code, containsPattern(keyword)),
            ilike(currencies.name, containsPattern(keyword)),
          );
    const [count] = await this.db
      .select({ n: sql`count(*)`.mapWith(Number) })
      .from(currencies)
      .where(where);
    const rows = await this.db
      .select(columns)
      .from(currencies)
      .where(where)
      .orderBy(asc(currencies.code))
      .offset(window.offset)
      .limit(window.limit);
    return { total: count?.n ?? 0, list: rows.map(toCurrency) };
  }

  async find(code: string): Promise<Currency | null> {
    const rows = await this.db.select(columns).from(currencies).where(eq(currencies.code, code));
    return rows[0] ? toCurrency(rows[0]) : null;
  }

  /** False when the code is taken. */
  async insert(values: {
    code: string;
    name: string;
    exchangeRate: number;
    updatedAt: Date;
  }): Promise<boolean> {
    const rows = await this.db
      .insert(currencies)
      .values(values)
      .onConflictDoNothing()
      .returning({ code: currencies.code });
    return rows.length > 0;
  }

  /** False when there is no such currency. */
  async update(
    code: string,
    values: { name: string; exchangeRate: number; updatedAt: Date },
  ): Promise<boolean> {
    const rows = await this.db
      .update(currencies)
      .set(values)
      .where(eq(currencies.code, code))
      .returning({ code: currencies.code });
    return rows.length > 0;
  }

  /** False when there is no such currency. */
  async delete(code: string): Promise<boolean> {
    const rows = await this.db
      .delete(currencies)
      .where(eq(currencies.code, code))
      .returning({ code: currencies.code });
    return rows.length > 0;
  }
}
