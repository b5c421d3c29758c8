import type { LanguageKey } from '@sunfleet/contracts';
import { i18n, resolveLanguage } from './i18n';
import { api } from './request';
import { StorageKey, clearLanguageTable, local } from './storage';

export type LanguageTable = Record<string, string>;

interface TableMeta {
  language: LanguageKey;
  build: string;
}

const BUILD_ID = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';

function isTable(value: unknown): value is LanguageTable {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

function isMeta(value: unknown): value is TableMeta {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.language === 'string' && typeof record.build === 'string';
}

/**
 * The cached table (localStorage `languageArr`, SPEC §7) if it belongs to `language` and to this build;
 * a table written by an older build may miss keys the new screens use.
 */
export function cachedTable(language: LanguageKey): LanguageTable | undefined {
  const meta = local.getJson(StorageKey.languageTableMeta, isMeta);
  if (meta?.language !== language || meta.build !== BUILD_ID) return undefined;
  return local.getJson(StorageKey.languageTable, isTable);
}

function applyTable(language: LanguageKey, table: LanguageTable): void {
  i18n.addResourceBundle(language, 'translation', table, false, true);
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

/**
 * Fetches the table for `language`, stores it as `languageArr` and hands it to i18next — unless another
 * language was chosen while it was on its way (a table the guard asked for at login arriving after the
 * user switched), which would switch the console back.
 */
export async function fetchLanguageTable(language: LanguageKey): Promise<LanguageTable> {
  const result = await api.GET('/api/language/{key}/list', { params: { path: { key: language } } });
  const table = result.data;
  if (language !== resolveLanguage()) return table;
  local.set(StorageKey.languageTable, JSON.stringify(table));
  local.set(StorageKey.languageTableMeta, JSON.stringify({ language, build: BUILD_ID } satisfies TableMeta));
  applyTable(language, table);
  return table;
}

/** True when i18next already holds a table for the current language (the UI can render). */
export function hasLoadedTable(language: LanguageKey = resolveLanguage()): boolean {
  return i18n.hasResourceBundle(language, 'translation');
}

/** True when the stored table is missing (first visit, or cleared by a 4001 or a logout). */
export function isTableMissing(language: LanguageKey = resolveLanguage()): boolean {
  return cachedTable(language) === undefined;
}

/** The table on its way, so that guards asking at once (a redirect at start-up) share one request. */
let pending: { language: LanguageKey; done: Promise<void> } | undefined;

/**
 * The guard's "language list loaded if missing" (SPEC §4): use the cached table when there is one,
 * otherwise fetch it — once, however many navigations ask while it is on its way. Resolves once i18next
 * can translate.
 */
export function ensureLanguageTable(): Promise<void> {
  const language = resolveLanguage();
  const cached = cachedTable(language);
  if (cached !== undefined) {
    applyTable(language, cached);
    return Promise.resolve();
  }
  if (pending?.language === language) return pending.done;
  const done = fetchLanguageTable(language).then(() => undefined);
  const entry = { language, done };
  pending = entry;
  const forget = (): void => {
    if (pending === entry) pending = undefined;
  };
  done.then(forget, forget);
  return done;
}

export { clearLanguageTable };

/** At start-up: hand a cached table to i18next synchronously. Returns whether there was one. */
export function applyCachedTable(): boolean {
  const language = resolveLanguage();
  const cached = cachedTable(language);
  if (cached === undefined) return false;
  applyTable(language, cached);
  return true;
}
