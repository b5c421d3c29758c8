import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSidebarCookie, setSidebarCookie } from '../../lib/storage';
import { applyWindowWidth, sidebarStore } from './sidebar';

function showTab(hidden: boolean, width: number): void {
  vi.spyOn(document, 'hidden', 'get').mockReturnValue(hidden);
  vi.spyOn(document.body, 'getBoundingClientRect').mockReturnValue({ width } as DOMRect);
}

describe('applyWindowWidth', () => {
  beforeEach(() => {
    setSidebarCookie(true);
    sidebarStore.set(() => ({ opened: true, withoutAnimation: false, device: 'desktop' }));
  });
  afterEach(() => vi.restoreAllMocks());

  it('closes the sidebar on a narrow screen and remembers it, as SPEC §4 says', () => {
    showTab(false, 390);
    applyWindowWidth();
    expect(sidebarStore.get()).toMatchObject({ device: 'mobile', opened: false });
    expect(getSidebarCookie()).toBe(false);
  });

  it('ignores a tab in the background and a document not laid out yet', () => {
    showTab(true, 390);
    applyWindowWidth();
    showTab(false, 0);
    applyWindowWidth();
    expect(sidebarStore.get()).toMatchObject({ device: 'desktop', opened: true });
    expect(getSidebarCookie()).toBe(true);
  });
});
