import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, LANGUAGES } from '@sunfleet/contracts';
import { tableTranslator } from '../../lib/i18n';
import { LOG_RESULTS, auditActionKey, auditActionLabel, logResultLabel } from './logLabels';

const tableOf = (language: string): Record<string, string> =>
  JSON.parse(
    readFileSync(join(__dirname, `../../../../../packages/contracts/locales/web/${language}.json`), 'utf8'),
  ) as Record<string, string>;

const translator = (language: string): ReturnType<typeof tableTranslator> =>
  tableTranslator(language, tableOf(language));

describe('audit log words', () => {
  it('has words for every action the server records, in CN, EN, DE and ITA', () => {
    for (const { key: language } of LANGUAGES) {
      const table = tableOf(language);
      const missing = AUDIT_ACTIONS.filter((action) => !table[auditActionKey(action)]);
      expect(missing, language).toEqual([]);
      for (const status of LOG_RESULTS) expect(table[`system.log.result.${status}`], language).toBeTruthy();
    }
  });

  it('shows an action in words and an unknown one as it was recorded', () => {
    const en = translator('EN');
    expect(auditActionLabel('company.delete', en.t, en.exists)).toBe('Delete company');
    expect(auditActionLabel('station.subscription.create', en.t, en.exists)).toBe('Add event subscription');
    const de = translator('DE');
    expect(auditActionLabel('company.delete', de.t, de.exists)).toBe('Firma löschen');
    // Routes without a name are recorded as method and path; a newer name than the table: raw as well.
    expect(auditActionLabel('POST /api/something/new', en.t, en.exists)).toBe('POST /api/something/new');
    expect(auditActionLabel('company.merge', de.t, de.exists)).toBe('company.merge');
  });

  it('words the results, and an unlisted status as a failure with its code', () => {
    const en = translator('EN');
    expect(logResultLabel(200, en.t)).toBe('Success');
    expect(logResultLabel(4003, en.t)).toBe('Not permitted');
    expect(logResultLabel(4004, en.t)).toBe('Not found');
    expect(logResultLabel(4130, en.t)).toBe('refused or failed (4130)');
    const ita = translator('ITA');
    expect(logResultLabel(4004, ita.t)).toBe('Non trovato');
  });
});
