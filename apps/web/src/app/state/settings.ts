import { Layout } from '@sunfleet/contracts';
import { createStore, useStore } from '../../lib/store';
import { StorageKey, local } from '../../lib/storage';

/** Shell settings of SPEC §3 "Settings", kept in localStorage. */
export interface ShellSettings {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

export const DEFAULT_SETTINGS: ShellSettings = {
  theme: Layout.defaultThemeColor,
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: false,
};

function isPartialSettings(value: unknown): value is Partial<ShellSettings> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function load(): ShellSettings {
  const stored = local.getJson(StorageKey.settings, isPartialSettings) ?? {};
  const theme =
    typeof stored.theme === 'string' && /^#[0-9a-f]{6}$/i.test(stored.theme) ? stored.theme : undefined;
  return {
    theme: theme ?? DEFAULT_SETTINGS.theme,
    tagsView: typeof stored.tagsView === 'boolean' ? stored.tagsView : DEFAULT_SETTINGS.tagsView,
    fixedHeader: typeof stored.fixedHeader === 'boolean' ? stored.fixedHeader : DEFAULT_SETTINGS.fixedHeader,
    sidebarLogo: typeof stored.sidebarLogo === 'boolean' ? stored.sidebarLogo : DEFAULT_SETTINGS.sidebarLogo,
  };
}

export const settingsStore = createStore<ShellSettings>(load(), (value) =>
  local.set(StorageKey.settings, JSON.stringify(value)),
);

export function updateSettings(patch: Partial<ShellSettings>): void {
  settingsStore.set((previous) => ({ ...previous, ...patch }));
}

export function useSettings(): ShellSettings {
  return useStore(settingsStore);
}
