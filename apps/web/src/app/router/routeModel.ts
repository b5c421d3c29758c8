import type { RouteEntry } from '@sunfleet/contracts';
import { matchPath } from 'react-router';
import type { RouteMeta } from '../../lib/page';

export type { RouteMeta } from '../../lib/page';

/** One navigable page after normalisation: an absolute path and the page component's name. */
export interface PageRoute {
  id: number;
  path: string;
  component: string;
  hidden: boolean;
  meta: RouteMeta;
}

/** A navigation node as the menu sees it (two levels, as the catalogue). */
export interface NavNode {
  id: number;
  parentId: number;
  path: string;
  component: string;
  hidden: boolean;
  meta: RouteMeta;
  children: NavNode[];
}

export const LAYOUT_COMPONENT = 'Layout';
export const PARENT_VIEW_COMPONENT = 'ParentView';

/** An entry of any depth: the response nests two levels, the leaves have no children field. */
interface AnyEntry extends Omit<RouteEntry, 'children'> {
  children?: readonly AnyEntry[];
}

function toNode(entry: AnyEntry): NavNode {
  return {
    id: entry.id,
    parentId: entry.parentId,
    path: entry.path,
    component: entry.component,
    hidden: entry.hidden,
    meta: { ...entry.meta },
    children: (entry.children ?? []).map((child) => toNode(child)),
  };
}

/**
 * SPEC §2: a route whose parentId is 0, with no children and not hidden, gets one child page of the same
 * path, and itself becomes the main layout. Pages that open in a new tab (big screen) stand outside the
 * layout and stay as they are.
 */
export function normaliseRoutes(entries: readonly RouteEntry[]): NavNode[] {
  return entries.map((entry) => {
    const node = toNode(entry);
    if (node.parentId === 0 && node.children.length === 0 && !node.hidden && !node.meta.newTab) {
      return {
        ...node,
        component: LAYOUT_COMPONENT,
        children: [{ ...node, parentId: node.id, children: [] }],
      };
    }
    return node;
  });
}

function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(path);
}

/** Every page the router must know, each once by path; parents and layouts are not pages. */
export function collectPages(nodes: readonly NavNode[]): PageRoute[] {
  const pages = new Map<string, PageRoute>();
  const visit = (node: NavNode): void => {
    const isContainer = node.component === LAYOUT_COMPONENT || node.component === PARENT_VIEW_COMPONENT;
    if (!isContainer && !isExternal(node.path) && !pages.has(node.path)) {
      pages.set(node.path, {
        id: node.id,
        path: node.path,
        component: node.component,
        hidden: node.hidden,
        meta: node.meta,
      });
    }
    node.children.forEach(visit);
  };
  nodes.forEach(visit);
  return [...pages.values()];
}

/** Parent paths (e.g. /user/settings) that lead to their first child page. */
export function collectParentRedirects(nodes: readonly NavNode[]): { path: string; to: string }[] {
  const redirects: { path: string; to: string }[] = [];
  for (const node of nodes) {
    const first = node.children.find((child) => !isExternal(child.path));
    if (node.component === PARENT_VIEW_COMPONENT && first !== undefined && first.path !== node.path) {
      redirects.push({ path: node.path, to: first.path });
    }
  }
  return redirects;
}

export type MenuNode =
  | {
      kind: 'item';
      key: string;
      path: string;
      meta: RouteMeta;
      external: boolean;
      newTab: boolean;
      /** Route patterns of hidden pages of this entry's section (details, forms): they light this entry. */
      owns: string[];
    }
  | { kind: 'group'; key: string; meta: RouteMeta; children: MenuNode[] };

function toItem(node: NavNode, owns: string[] = []): MenuNode {
  const external = isExternal(node.path);
  return {
    kind: 'item',
    key: node.path,
    path: node.path,
    meta: node.meta,
    external,
    newTab: external || node.meta.newTab,
    owns,
  };
}

/** The area of a page component: `station` of `station/detail`. */
const areaOf = (component: string): string => component.split('/')[0] ?? component;

/**
 * Which visible entry a hidden page of the same parent belongs to: the one of its area
 * (`station/detail` → `station/list`, `gateway/detail` → `gateway/list`), else the section's first.
 */
function ownerOf(hidden: NavNode, visible: readonly NavNode[]): NavNode | undefined {
  return visible.find((v) => areaOf(v.component) === areaOf(hidden.component)) ?? visible[0];
}

/**
 * Sidebar entries: hidden entries drop out; a layout with its single same-path child shows as one item;
 * a parent with visible children becomes a submenu; a parent without any visible child is left out.
 */
export function buildMenu(nodes: readonly NavNode[]): MenuNode[] {
  const menu: MenuNode[] = [];
  for (const node of nodes) {
    if (node.hidden) continue;
    const visible = node.children.filter((child) => !child.hidden);
    if (node.component === LAYOUT_COMPONENT && visible.length === 1 && visible[0]?.path === node.path) {
      menu.push(toItem(visible[0]));
    } else if (node.children.length === 0) {
      menu.push(toItem(node));
    } else if (visible.length > 0) {
      const owned = new Map<NavNode, string[]>();
      for (const hidden of node.children.filter((child) => child.hidden)) {
        const owner = ownerOf(hidden, visible);
        if (owner !== undefined) owned.set(owner, [...(owned.get(owner) ?? []), hidden.path]);
      }
      const children = visible.map((child) =>
        child.children.length === 0 ? toItem(child, owned.get(child)) : buildMenu([child])[0],
      );
      menu.push({
        kind: 'group',
        key: `group:${node.id}`,
        meta: node.meta,
        children: children.filter((c): c is MenuNode => c !== undefined),
      });
    }
  }
  return menu;
}

/** The entry to light and the submenus to open for a location: its own entry, or its section's. */
export interface ActiveMenu {
  selected: string | undefined;
  open: string[];
}

function ownsPath(item: Extract<MenuNode, { kind: 'item' }>, pathname: string): boolean {
  return item.owns.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

/**
 * The sidebar entry of `pathname`: the entry of that path, else the entry whose section the page belongs
 * to (a station's detail page lights "Station list" and opens "Site centre"), with the submenus leading
 * to it. A path of no section lights nothing.
 */
export function activeMenu(menu: readonly MenuNode[], pathname: string): ActiveMenu {
  const find = (
    nodes: readonly MenuNode[],
    match: (item: Extract<MenuNode, { kind: 'item' }>) => boolean,
  ): ActiveMenu | undefined => {
    for (const node of nodes) {
      if (node.kind === 'item') {
        if (match(node)) return { selected: node.key, open: [] };
      } else {
        const inner = find(node.children, match);
        if (inner !== undefined) return { selected: inner.selected, open: [node.key, ...inner.open] };
      }
    }
    return undefined;
  };
  return (
    find(menu, (item) => item.path === pathname) ??
    find(menu, (item) => ownsPath(item, pathname)) ?? { selected: undefined, open: [] }
  );
}

/** The first visible page of the menu: where `/` leads when the user has no Home entry. */
export function firstMenuPath(menu: readonly MenuNode[]): string | undefined {
  for (const node of menu) {
    if (node.kind === 'item' && !node.newTab) return node.path;
    if (node.kind === 'group') {
      const inner = firstMenuPath(node.children);
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}
