import type { LanguageKey } from '@sunfleet/contracts';
import { currentLanguage } from './i18n';
import { fetchLanguageTable } from './languageTable';
import { setLanguageCookie } from './storage';

export type ReloadMode = 'none' | 'soft' | 'full';

/**
 * Language change of SPEC §4: when the choice differs, store it in the SettingLanguage cookie, load the new
 * table (which switches i18next, antd and dayjs follow), then reload — fully on the station detail page,
 * softly (the current view is re-created) elsewhere. Choosing the current language does nothing.
 */
export async function changeLanguage(next: LanguageKey, softReload: () => void): Promise<boolean> {
  if (next === currentLanguage()) return false;
  setLanguageCookie(next);
  await fetchLanguageTable(next);
  if (reloadModeFor(window.location.hash.replace(/^#/, '')) === 'full') window.location.reload();
  else softReload();
  return true;
}

export function reloadModeFor(path: string): ReloadMode {
  return path.startsWith('/station/detail/') ? 'full' : 'soft';
}
