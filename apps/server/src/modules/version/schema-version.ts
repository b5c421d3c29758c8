// The database's schema version: the newest row of drizzle's migrations table, named after the journal
// entry of the migrations folder that has the same timestamp (`when` = the table's created_at).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { VersionInfo } from '@sunfleet/contracts';
import { queryRows, type Db } from '../../db/client.js';

interface JournalEntry {
  tag: string;
  when: number;
}

/** The journal's entries (tag and timestamp); empty when the file cannot be read. */
export function readJournal(migrationsFolder: string): JournalEntry[] {
  try {
    const parsed = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries?: { tag?: unknown; when?: unknown }[];
    };
    return (parsed.entries ?? []).flatMap((e) =>
      typeof e.tag === 'string' && typeof e.when === 'number' ? [{ tag: e.tag, when: e.when }] : [],
    );
  } catch {
    return [];
  }
}

/**
 * The migrations table sits in the `drizzle` schema, or — when the server runs in a schema of its own
 * (migrationsSchema = that schema, on the search path) — unqualified.
 */
export async function schemaVersion(
  db: Db,
  journal: readonly JournalEntry[],
): Promise<VersionInfo['schema']> {
  const [where] = await queryRows<{ local: string | null; shared: string | null }>(
    db,
    sql`select to_regclass('__drizzle_migrations')::text as local,
               to_regclass('drizzle.__drizzle_migrations')::text as shared`,
  );
  const table = where?.local ?? where?.shared ?? null;
  if (table === null) return { latest: null, appliedAt: null, applied: 0, known: journal.length };
  const [row] = await queryRows<{ when: string | null; applied: number }>(
    db,
    sql`select max(created_at)::text as "when", count(*)::int as applied from ${sql.raw(table)}`,
  );
  const when = row?.when === null || row?.when === undefined ? null : Number(row.when);
  const entry = when === null ? undefined : journal.find((e) => e.when === when);
  return {
    latest: entry?.tag ?? null,
    appliedAt: when === null ? null : new Date(when).toISOString(),
    applied: row?.applied ?? 0,
    known: journal.length,
  };
}
