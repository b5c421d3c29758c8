import { Layout } from '@sunfleet/contracts';
import { createStore, useStore } from '../../lib/store';
import { getSidebarCookie, setSidebarCookie } from '../../lib/storage';

export type Device = 'desktop' | 'mobile';

/** Sidebar state of SPEC §3/§4: opened (cookie 1/0), withoutAnimation, device. */
export interface SidebarState {
  opened: boolean;
  withoutAnimation: boolean;
  device: Device;
}

/** SPEC §4: the device flips to mobile when the body width minus 1 is under 992. */
export function deviceForWidth(width: number): Device {
  return width - 1 < Layout.mobileBreakpointPx ? 'mobile' : 'desktop';
}

export const sidebarStore = createStore<SidebarState>({
  opened: getSidebarCookie() ?? true,
  withoutAnimation: false,
  device: deviceForWidth(document.body.getBoundingClientRect().width || window.innerWidth),
});

export function toggleSidebar(): void {
  sidebarStore.set((s) => {
    const opened = !s.opened;
    setSidebarCookie(opened);
    return { ...s, opened, withoutAnimation: false };
  });
}

export function closeSidebar(withoutAnimation: boolean): void {
  sidebarStore.set((s) => {
    if (!s.opened) return s;
    setSidebarCookie(false);
    return { ...s, opened: false, withoutAnimation };
  });
}

/** Applies the width: on mobile the sidebar closes without animation. */
export function applyWidth(width: number): void {
  const device = deviceForWidth(width);
  sidebarStore.set((s) => (s.device === device ? s : { ...s, device }));
  if (device === 'mobile') closeSidebar(true);
}

/**
 * Applies the window's width on load and on every resize — but, as vue-element-admin's resize handler,
 * only while the tab is shown: a tab in the background, or a document not laid out yet (width 0), says
 * nothing about the screen. Acting on it closed the sidebar and stored that in the cookie every tab
 * shares, so a desktop console opened in another tab came up with a collapsed sidebar.
 */
export function applyWindowWidth(): void {
  if (document.hidden) return;
  const width = document.body.getBoundingClientRect().width;
  if (width > 0) applyWidth(width);
}

export function useSidebar(): SidebarState {
  return useStore(sidebarStore);
}
