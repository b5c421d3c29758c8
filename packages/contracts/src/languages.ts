/** Display languages (SPEC §3 Language, §9): key as in URLs and cookies, value as in locales. */
export const LANGUAGES = [
  { key: 'CN', value: 'ZH', title: '中文' },
  { key: 'EN', value: 'EN', title: 'English' },
  { key: 'DE', value: 'DE', title: 'Deutsch' },
  { key: 'ITA', value: 'ITA', title: 'Italiano' },
] as const;

export type LanguageKey = (typeof LANGUAGES)[number]['key'];
export const LANGUAGE_KEYS: readonly LanguageKey[] = LANGUAGES.map((l) => l.key);
export const DEFAULT_LANGUAGE: LanguageKey = 'EN';
/** Cookie holding the chosen language key (SPEC §9). */
export const LANGUAGE_COOKIE = 'SettingLanguage';

export function isLanguageKey(value: string): value is LanguageKey {
  return (LANGUAGE_KEYS as readonly string[]).includes(value);
}

/** Regional servers a user may pick on the login screen (SPEC §3 Server entry). */
export const SERVER_KEYS = ['ChineseServer', 'NorthAmericanServer', 'EuropeanServer'] as const;
export type ServerKey = (typeof SERVER_KEYS)[number];
