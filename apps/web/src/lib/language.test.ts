import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_COOKIE } from '@sunfleet/contracts';
import { i18n } from './i18n';
import { changeLanguage, reloadModeFor } from './language';
import { ensureLanguageTable, fetchLanguageTable } from './languageTable';
import { StorageKey } from './storage';

let requested: string[];

beforeEach(async () => {
  requested = [];
  Cookies.remove(LANGUAGE_COOKIE, { path: '/' });
  localStorage.clear();
  await i18n.changeLanguage('EN');
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => {
      requested.push(new URL(request.url).pathname);
      const body = {
        status: 200,
        enMsg: 'OperationSuccess',
        data: { language: 'DE', data: { 'route.home': 'Startseite' } },
      };
      return Promise.resolve(new Response(JSON.stringify(body)));
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('changeLanguage (SPEC §4)', () => {
  it('does nothing when the current language is chosen', async () => {
    const softReload = vi.fn();
    expect(await changeLanguage('EN', softReload)).toBe(false);
    expect(requested).toEqual([]);
    expect(Cookies.get(LANGUAGE_COOKIE)).toBeUndefined();
    expect(softReload).not.toHaveBeenCalled();
  });

  it('stores the choice, loads and caches the new table, switches and soft-reloads', async () => {
    const softReload = vi.fn();
    expect(await changeLanguage('DE', softReload)).toBe(true);
    expect(Cookies.get(LANGUAGE_COOKIE)).toBe('DE');
    expect(requested).toEqual(['/api/language/DE/list']);
    expect(i18n.language).toBe('DE');
    expect(i18n.t('route.home')).toBe('Startseite');
    expect(JSON.parse(localStorage.getItem(StorageKey.languageTable) ?? '{}')).toEqual({
      'route.home': 'Startseite',
    });
    expect(softReload).toHaveBeenCalledOnce();
  });

  it('keeps the chosen language when a table asked for earlier arrives after the switch', async () => {
    await changeLanguage('DE', vi.fn());
    // The table the guard asked for at login (EN) comes back late.
    await fetchLanguageTable('EN');
    expect(i18n.language).toBe('DE');
    expect(JSON.parse(localStorage.getItem(StorageKey.languageTableMeta) ?? '{}')).toMatchObject({
      language: 'DE',
    });
  });

  it('reloads the station detail page fully and everything else softly', () => {
    expect(reloadModeFor('/station/detail/12?tagTitleSuffix=Roof')).toBe('full');
    expect(reloadModeFor('/stationSystem')).toBe('soft');
  });
});

describe('ensureLanguageTable (SPEC §4 "loaded if missing")', () => {
  it('asks once when several navigations need the missing table at once, and again only once it is gone', async () => {
    await Promise.all([ensureLanguageTable(), ensureLanguageTable(), ensureLanguageTable()]);
    expect(requested).toEqual(['/api/language/EN/list']);
    await ensureLanguageTable();
    expect(requested).toHaveLength(1);
    localStorage.clear();
    await ensureLanguageTable();
    expect(requested).toEqual(['/api/language/EN/list', '/api/language/EN/list']);
  });
});
