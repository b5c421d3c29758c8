import { createStore, useStore } from '../../lib/store';
import { onSessionReset } from '../../lib/session';

/** A tab of the strip (SPEC §3 "Tab"): path, fullPath, query, name, meta, titleSuffix. */
export interface TagView {
  path: string;
  fullPath: string;
  query: Record<string, string>;
  /** Component name of the page. */
  name: string;
  meta: { title: string; affix: boolean; noCache: boolean };
  titleSuffix?: string;
}

export interface TagsState {
  visited: TagView[];
  /** Bumped by Refresh; part of the cached view's key, so the view is created anew. */
  refreshKeys: Record<string, number>;
}

export const tagsStore = createStore<TagsState>({ visited: [], refreshKeys: {} });

/** Adds a visited page, or updates its fullPath/query/suffix when its tab exists already. */
export function addView(view: TagView): void {
  tagsStore.set((s) => {
    const index = s.visited.findIndex((v) => v.path === view.path);
    if (index === -1) return { ...s, visited: [...s.visited, view] };
    const existing = s.visited[index];
    if (
      existing !== undefined &&
      existing.fullPath === view.fullPath &&
      existing.titleSuffix === view.titleSuffix
    ) {
      return s;
    }
    const visited = [...s.visited];
    visited[index] = { ...view, meta: { ...view.meta, affix: existing?.meta.affix ?? view.meta.affix } };
    return { ...s, visited };
  });
}

/** Affix tabs (Home) are present from the start and cannot be closed. */
export function initAffixViews(views: readonly TagView[]): void {
  tagsStore.set((s) => {
    const missing = views.filter((view) => !s.visited.some((v) => v.path === view.path));
    return missing.length === 0 ? s : { ...s, visited: [...missing, ...s.visited] };
  });
}

export function closeView(path: string): void {
  tagsStore.set((s) => ({ ...s, visited: s.visited.filter((v) => v.path !== path || v.meta.affix) }));
}

export function closeOtherViews(path: string): void {
  tagsStore.set((s) => ({ ...s, visited: s.visited.filter((v) => v.path === path || v.meta.affix) }));
}

export function closeAllViews(): void {
  tagsStore.set((s) => ({ ...s, visited: s.visited.filter((v) => v.meta.affix) }));
}

export function refreshView(path: string): void {
  tagsStore.set((s) => ({ ...s, refreshKeys: { ...s.refreshKeys, [path]: (s.refreshKeys[path] ?? 0) + 1 } }));
}

/** Logout closes all tabs, affix ones included (SPEC §4). */
export function resetViews(): void {
  tagsStore.set({ visited: [], refreshKeys: {} });
}

/**
 * Where to go after the active tab closed (SPEC §2): the last remaining tab, else a refresh of the
 * Dashboard when it was the one closed, else /.
 */
export function nextPathAfterClosing(
  closed: TagView,
  remaining: readonly TagView[],
  dashboardPath: string,
): string {
  const last = remaining.at(-1);
  if (last !== undefined) return last.fullPath;
  if (closed.path === dashboardPath) return `/redirect${closed.fullPath}`;
  return '/';
}

export function useTags(): TagsState {
  return useStore(tagsStore);
}

onSessionReset(resetViews);
