import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import { countries, currencies, regions, timeZones } from '../../db/schema.js';
import { ISO_COUNTRY_CODES, SEED_CURRENCIES, SEED_REGIONS, SEED_TIME_ZONES } from './reference-seed-data.js';

/** Serialises the reference seed between API copies starting together against one PostgreSQL. */
const REFERENCE_SEED_LOCK_ID = 727_2026_02;

async function isEmpty(db: Db, table: PgTable): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(table)
    .limit(1);
  return rows.length === 0;
}

/**
 * Fills each reference table of a new installation. A table is seeded only while it is empty, so a
 * currency or region an administrator deleted does not come back at the next start, and edits stay.
 * Returns the tables that were filled.
 */
export async function seedReferenceData(db: Db, log: Logger): Promise<string[]> {
  const seeded = await db.transaction(async (tx) => {
    const seeded: string[] = [];
    await tx.execute(sql`select pg_advisory_xact_lock(${REFERENCE_SEED_LOCK_ID})`);
    if (await isEmpty(tx, currencies)) {
      await tx.insert(currencies).values([...SEED_CURRENCIES]);
      seeded.push('currencies');
    }
    if (await isEmpty(tx, regions)) {
      // Only regions whose currency is there (an administrator may have removed one before).
      const codes = new Set((await tx.select({ code: currencies.code }).from(currencies)).map((c) => c.code));
      const rows = SEED_REGIONS.filter((r) => codes.has(r.currencyCode));
      if (rows.length > 0) await tx.insert(regions).values([...rows]);
      seeded.push('regions');
    }
    if (await isEmpty(tx, timeZones)) {
      await tx.insert(timeZones).values([...SEED_TIME_ZONES]);
      seeded.push('time_zones');
    }
    if (await isEmpty(tx, countries)) {
      const names = new Intl.DisplayNames('en', { type: 'region' });
      await tx.insert(countries).values(
        ISO_COUNTRY_CODES.map((code) => ({
          code,
          name: names.of(code) ?? code,
          visibility: 'PUBLIC' as const,
        })),
      );
      seeded.push('countries');
    }
    return seeded;
  });
  if (seeded.length > 0) log.info({ tables: seeded }, 'reference data seeded');
  return seeded;
}
