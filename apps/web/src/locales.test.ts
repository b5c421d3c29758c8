import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@sunfleet/contracts';
import { PRIVACY_SECTIONS } from './features/legal/PrivacyPage';
import { TERMS_SECTIONS } from './features/legal/TermsPage';

const LOCALES = join(__dirname, '../../../packages/contracts/locales');
const SRC = __dirname;

function table(group: string, language: string): Record<string, string> {
  try {
    return JSON.parse(readFileSync(join(LOCALES, group, `${language}.json`), 'utf8')) as Record<
      string,
      string
    >;
  } catch {
    return {};
  }
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every literal key the console passes to t(), Trans or a label table. */
function usedKeys(): Set<string> {
  const keys = new Set<string>();
  const patterns = [
    /\bt\(\s*'([^']+)'/g,
    /i18nKey="([^"]+)"/g,
    /label: '([a-z]+\.[A-Za-z.]+)'/g,
    /'(login\.agreement|register\.agree)'/g,
    // Label tables of the Step 2a screens (COMPANY_TYPE_LABEL, QUICK_RANGES, …) hold keys as plain strings.
    /'((?:org|security|system|list|common|upload|register|shell|registry|status)\.[A-Za-z0-9.]+)'/g,
  ];
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) keys.add(match[1]!);
  }
  for (const section of PRIVACY_SECTIONS)
    keys.add(`legal.privacy.${section}.title`).add(`legal.privacy.${section}.body`);
  for (const section of TERMS_SECTIONS)
    keys.add(`legal.terms.${section}.title`).add(`legal.terms.${section}.body`);
  keys.add('legal.privacy.intro').add('legal.terms.intro');
  return keys;
}

// The console's own tables: `web` and one `web-<area>` folder per later screen area (e.g. web-registry).
const WEB_AREAS = readdirSync(LOCALES).filter((group) => group === 'web' || group.startsWith('web-'));

describe.each(WEB_AREAS)('web translations (%s)', (area) => {
  const web = Object.fromEntries(LANGUAGES.map((l) => [l.key, table(area, l.key)]));

  it('have the same keys in CN, EN, DE and ITA, none of them empty', () => {
    const english = Object.keys(web.EN!).sort();
    expect(english.length).toBeGreaterThan(area === 'web' ? 50 : 0);
    for (const language of LANGUAGES) {
      expect(Object.keys(web[language.key]!).sort(), language.key).toEqual(english);
      for (const [key, text] of Object.entries(web[language.key]!))
        expect(text.trim(), `${language.key} ${key}`).not.toBe('');
    }
  });

  it('are really translated: CN, DE and ITA differ from English in most texts', () => {
    for (const language of ['CN', 'DE', 'ITA']) {
      const same = Object.entries(web[language]!).filter(([key, text]) => web.EN![key] === text);
      expect(same.length, `${language}: ${same.map(([k]) => k).join(', ')}`).toBeLessThan(8);
    }
  });

  it('do not redefine keys of any other table (the server refuses duplicates at start)', () => {
    const others = readdirSync(LOCALES).filter((group) => group !== area);
    expect(others).toEqual(expect.arrayContaining(['core', 'rules']));
    const shared = new Set(others.flatMap((group) => Object.keys(table(group, 'EN'))));
    expect(Object.keys(web.EN!).filter((key) => shared.has(key))).toEqual([]);
  });

  it('cover every key the screens use, in every language', () => {
    for (const language of LANGUAGES) {
      // The server merges every area's table (core, rules, org, security, …) into one per language.
      const groups = readdirSync(LOCALES);
      const all = Object.assign({}, ...groups.map((group) => table(group, language.key))) as Record<
        string,
        string
      >;
      const missing = [...usedKeys()].filter((key) => !(key in all));
      expect(missing, language.key).toEqual([]);
    }
  });

  it('keep the same interpolation placeholders and link tags in every language', () => {
    const marks = (text: string): string[] =>
      [...text.matchAll(/\{\{\w+\}\}|<\/?\w+>/g)].map((m) => m[0]).sort();
    for (const [key, english] of Object.entries(web.EN!)) {
      for (const language of ['CN', 'DE', 'ITA'])
        expect(marks(web[language]![key]!), `${language} ${key}`).toEqual(marks(english));
    }
  });
});
