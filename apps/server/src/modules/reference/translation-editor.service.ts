import {
  LANGUAGE_KEYS,
  LANGUAGES,
  pageWindow,
  ReferenceMessage,
  type LanguageEntry,
  type LanguageKey,
  type TranslationPageQuery,
  type TranslationRow,
  type TranslationUpdateBody,
} from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import type { Scope } from '../tenancy/scope.js';
import { requirePlatform } from './reference.service.js';
import { invalidField, optionalKeyword } from './sql-helpers.js';
import { TranslationEditorRepository } from './translation-editor.repository.js';

/**
 * Languages and the editable translation table. Edits are stored in the database, which the seed only
 * ever adds missing keys to, so an edit survives restarts and upgrades.
 */
export class TranslationEditorService {
  private readonly repo: TranslationEditorRepository;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.repo = new TranslationEditorRepository(db);
  }

  async languages(): Promise<LanguageEntry[]> {
    const counts = await this.repo.keyCounts();
    return LANGUAGES.map((l) => ({
      key: l.key,
      value: l.value,
      title: l.title,
      keyCount: counts.get(l.key) ?? 0,
    }));
  }

  page(query: TranslationPageQuery): Promise<{ total: number; list: TranslationRow[] }> {
    return this.repo.page(
      { keyword: optionalKeyword(query.keyword), missing: query.missing ?? false },
      pageWindow(query),
    );
  }

  /** Changes the texts of an existing key; keys themselves come with the code, never from this screen. */
  async update(scope: Scope, body: TranslationUpdateBody): Promise<TranslationRow> {
    requirePlatform(scope);
    const values: Partial<Record<LanguageKey, string>> = {};
    for (const language of LANGUAGE_KEYS) {
      const value = body.values[language];
      if (value === undefined) continue;
      if (value.trim() === '')
        throw invalidField(`body.values.${language}`, 'rule.required', 'must not be blank');
      values[language] = value;
    }
    if (Object.keys(values).length === 0) {
      throw invalidField('body.values', 'rule.required', 'give the text of at least one language');
    }
    if ((await this.repo.find(body.key)) === null) {
      throw invalidField('body.key', ReferenceMessage.translationKeyUnknown, 'no such translation key');
    }
    await this.repo.write(body.key, values, this.clock.now());
    const row = await this.repo.find(body.key);
    if (!row) throw Errors.notFound();
    return row;
  }
}
