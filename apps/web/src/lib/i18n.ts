import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageKey } from '@sunfleet/contracts';
import { getLanguageCookie } from './storage';

/** Shown for a translation key the table does not know (SPEC §8). */
export const MISSING_TEXT = '--';

/**
 * One i18next instance for the whole console. It starts empty: the table arrives from
 * `GET /api/language/{key}/list` (see languageTable.ts). Keys are flat strings that may contain dots and
 * colons, so both separators are off.
 */
export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  resources: {},
  fallbackLng: false,
  keySeparator: false,
  nsSeparator: false,
  initAsync: false,
  returnNull: false,
  returnEmptyString: false,
  interpolation: { escapeValue: false },
  parseMissingKeyHandler: () => MISSING_TEXT,
  react: { useSuspense: false, bindI18n: 'languageChanged loaded', bindI18nStore: 'added' },
  showSupportNotice: false,
});

/**
 * A translator over one flat table, with the console's key and interpolation rules: for pure code that
 * takes a `t` (label tables, texts with figures) and its tests in one language.
 */
export function tableTranslator(
  language: string,
  table: Record<string, string>,
): { t: TFunction; exists: (key: string) => boolean } {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    resources: { [language]: { translation: table } },
    keySeparator: false,
    nsSeparator: false,
    initAsync: false,
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return { t: instance.t.bind(instance), exists: (key) => instance.exists(key) };
}

const BROWSER_PREFIXES: readonly (readonly [string, LanguageKey])[] = [
  ['zh', 'CN'],
  ['de', 'DE'],
  ['it', 'ITA'],
  ['en', 'EN'],
];

/** Maps the browser's preferred languages to one of ours, if any matches. */
export function browserLanguage(preferred: readonly string[] = navigator.languages): LanguageKey | undefined {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    const hit = BROWSER_PREFIXES.find(([prefix]) => lower === prefix || lower.startsWith(`${prefix}-`));
    if (hit) return hit[1];
  }
  return undefined;
}

/** The language to show: the SettingLanguage cookie, else the browser's language, else EN (SPEC §7, §9). */
export function resolveLanguage(): LanguageKey {
  return getLanguageCookie() ?? browserLanguage() ?? DEFAULT_LANGUAGE;
}

/** Locale value of a language key (CN → ZH), used for the login banner and locale files. */
export function languageValue(key: LanguageKey): string {
  return LANGUAGES.find((l) => l.key === key)?.value ?? key;
}

/** Current language key as i18next knows it. */
export function currentLanguage(): LanguageKey {
  const lng = i18n.language;
  return (LANGUAGES.find((l) => l.key === lng)?.key ?? DEFAULT_LANGUAGE) satisfies LanguageKey;
}

/** Translates a server message key; an unknown key is shown in braces (SPEC §8). */
export function translateMessage(key: string): string {
  return i18n.exists(key) ? i18n.t(key) : `{${key}}`;
}
