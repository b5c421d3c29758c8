import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { translations } from '../../db/schema.js';

export class TranslationsRepository {
  constructor(private readonly db: Db) {}

  async table(language: string): Promise<Record<string, string>> {
    const rows = await this.db
      .select({ key: translations.key, value: translations.value })
      .from(translations)
      .where(eq(translations.language, language));
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  }

  /** Adds keys that are missing; texts an administrator has edited are left as they are. */
  async seed(language: string, entries: Record<string, string>): Promise<number> {
    const values = Object.entries(entries).map(([key, value]) => ({ language, key, value }));
    let added = 0;
    for (let i = 0; i < values.length; i += 500) {
      const rows = await this.db
        .insert(translations)
        .values(values.slice(i, i + 500))
        .onConflictDoNothing()
        .returning({ key: translations.key });
      added += rows.length;
    }
    return added;
  }
}
