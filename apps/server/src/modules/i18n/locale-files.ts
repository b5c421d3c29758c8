import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGE_KEYS, type LanguageKey } from '@sunfleet/contracts';

/**
 * Reads the shipped translation files: every folder under the locales root holds one flat JSON object per
 * language (EN.json, CN.json, DE.json, ITA.json). A key defined twice for one language is an error.
 */
export function readLocaleFiles(root: string): Record<LanguageKey, Record<string, string>> {
  const result = Object.fromEntries(LANGUAGE_KEYS.map((k) => [k, {}])) as Record<
    LanguageKey,
    Record<string, string>
  >;
  for (const folder of readdirSync(root).sort()) {
    const dir = join(root, folder);
    if (!statSync(dir).isDirectory()) continue;
    for (const language of LANGUAGE_KEYS) {
      let raw: string;
      try {
        raw = readFileSync(join(dir, `${language}.json`), 'utf8');
      } catch {
        continue;
      }
      const parsed = JSON.parse(raw) as unknown;
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        throw new Error(`${folder}/${language}.json must hold one JSON object of key → text`);
      }
      const table = result[language];
      for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
        if (typeof value !== 'string')
          throw new Error(`${folder}/${language}.json: '${key}' is not a string`);
        if (key in table)
          throw new Error(`translation key '${key}' is defined twice for ${language} (${folder})`);
        table[key] = value;
      }
    }
  }
  return result;
}
