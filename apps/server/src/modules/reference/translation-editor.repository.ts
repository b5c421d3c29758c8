import { LANGUAGE_KEYS, type LanguageKey, type TranslationRow } from '@sunfleet/contracts';
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { translations } from '../../db/schema.js';
import { containsPattern } from './sql-helpers.js';

/** The text of one language in a row grouped by key (null when that language lacks the key). */
const textOf = (language: LanguageKey): SQL<string | null> =>
  sql<string | null>`max(${translations.value}) filter (where ${translations.language} = ${language})`;

const pivot = {
  key: translations.key,
  EN: textOf('EN'),
  CN: textOf('CN'),
  DE: textOf('DE'),
  ITA: textOf('ITA'),
};

function toRow(row: { key: string } & Record<LanguageKey, string | null>): TranslationRow {
  return { key: row.key, EN: row.EN, CN: row.CN, DE: row.DE, ITA: row.ITA };
}

export interface TranslationFilter {
  keyword: string | null;
  /** Only keys that lack a non-blank text in at least one language. */
  missing: boolean;
}

/** The translation table seen one key per row, with a column per language, for the editor screen. */
export class TranslationEditorRepository {
  constructor(private readonly db: Db) {}

  async page(
    filter: TranslationFilter,
    window: { offset: number; limit: number },
  ): Promise<{ total: number; list: TranslationRow[] }> {
    const pattern = filter.keyword === null ? null : containsPattern(filter.keyword);
    const matches =
      pattern === null
        ? undefined
        : sql`bool_or(${or(ilike(translations.key, pattern), ilike(translations.value, pattern))})`;
    const incomplete = filter.missing
      ? sql`count(*) filter (where btrim(${translations.value}) <> '') < ${LANGUAGE_KEYS.length}`
      : undefined;
    const having = and(matches, incomplete);
    const grouped = this.db
      .select({ key: translations.key })
      .from(translations)
      .groupBy(translations.key)
      .having(having)
      .as('grouped');
    const [count] = await this.db.select({ n: sql`count(*)`.mapWith(Number) }).from(grouped);
    const rows = await this.db
      .select(pivot)
      .from(translations)
      .groupBy(translations.key)
      .having(having)
      .orderBy(asc(translations.key))
      .offset(window.offset)
      .limit(window.limit);
    return { total: count?.n ?? 0, list: rows.map(toRow) };
  }

  async find(key: string): Promise<TranslationRow | null> {
    const rows = await this.db
      .select(pivot)
      .from(translations)
      .where(eq(translations.key, key))
      .groupBy(translations.key);
    return rows[0] ? toRow(rows[0]) : null;
  }

  /** Number of stored keys per language. */
  async keyCounts(): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ language: translations.language, n: sql`count(*)`.mapWith(Number) })
      .from(translations)
      .groupBy(translations.language);
    return new Map(rows.map((r) => [r.language, r.n]));
  }

  /** Writes the given texts of one key in one transaction: all languages change, or none. */
  async write(key: string, values: Partial<Record<LanguageKey, string>>, at: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const language of LANGUAGE_KEYS) {
        const value = values[language];
        if (value === undefined) continue;
        await tx
          .insert(translations)
          .values({ language, key, value, updatedAt: at })
          .onConflictDoUpdate({
            target: [translations.language, translations.key],
            set: { value, updatedAt: at },
          });
      }
    });
  }
}
