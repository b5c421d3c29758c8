import Cookies from 'js-cookie';
import { LANGUAGE_COOKIE, isLanguageKey, type LanguageKey } from '@sunfleet/contracts';

/**
 * Every piece of state the browser keeps between visits, in one place. Cookies: whether a session is held
 * (the session token itself is the server's HttpOnly `token` cookie, which no script here can read), the
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
  sessionCookie: 'signedIn',
} as const;

const COOKIE_OPTIONS: Cookies.CookieAttributes = { sameSite: 'Lax', path: '/' };

/** True while this browser holds a session (set at login, dropped when the session ends). */
export function hasSessionMarker(): boolean {
  return Cookies.get(StorageKey.sessionCookie) === '1';
}

export function setSessionMarker(): void {
  Cookies.set(StorageKey.sessionCookie, '1', COOKIE_OPTIONS);
}

export function removeSessionMarker(): void {
  Cookies.remove(StorageKey.sessionCookie, { path: '/' });
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
