import Cookies from 'js-cookie';
import { LANGUAGE_COOKIE, TOKEN_COOKIE, isLanguageKey, type LanguageKey } from '@sunfleet/contracts';

/**
 * Every piece of state the browser keeps between visits, in one place. Cookies: the session token, the
 * chosen language and the sidebar state (SPEC §4, §9). localStorage: the language table, the remembered
 * user name, the chosen server and the shell settings. The password is never stored (docs/web.md).
 */
export const StorageKey = {
  languageTable: 'languageArr',
  languageTableMeta: 'languageArrMeta',
  rememberedUsername: 'rememberedUsername',
  server: 'station',
  settings: 'shellSettings',
  sidebarCookie: 'sidebarStatus',
} as const;

const COOKIE_OPTIONS: Cookies.CookieAttributes = { sameSite: 'Lax', path: '/' };

export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, COOKIE_OPTIONS);
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
}

export function getLanguageCookie(): LanguageKey | undefined {
  const value = Cookies.get(LANGUAGE_COOKIE);
  return value !== undefined && isLanguageKey(value) ? value : undefined;
}

export function setLanguageCookie(key: LanguageKey): void {
  Cookies.set(LANGUAGE_COOKIE, key, { ...COOKIE_OPTIONS, expires: 365 });
}

export function getSidebarCookie(): boolean | undefined {
  const value = Cookies.get(StorageKey.sidebarCookie);
  if (value === '1') return true;
  if (value === '0') return false;
  return undefined;
}

export function setSidebarCookie(opened: boolean): void {
  Cookies.set(StorageKey.sidebarCookie, opened ? '1' : '0', { ...COOKIE_OPTIONS, expires: 365 });
}

/** localStorage that never throws (private mode, quota, disabled storage). */
export const local = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage unavailable: the value simply does not survive a reload.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing to remove.
    }
  },
  getJson<T>(key: string, guard: (value: unknown) => value is T): T | undefined {
    const raw = local.get(key);
    if (raw === null) return undefined;
    try {
      const parsed: unknown = JSON.parse(raw);
      return guard(parsed) ? parsed : undefined;
    } catch {
      return undefined;
    }
  },
};

/** Clears the cached language table (SPEC §8: on 4001/102011 and at logout). */
export function clearLanguageTable(): void {
  local.remove(StorageKey.languageTable);
  local.remove(StorageKey.languageTableMeta);
}
