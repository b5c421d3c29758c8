import { WILDCARD_PERMISSION, isGrantCode } from '@sunfleet/contracts';
import type { PermissionNode } from './api';

/**
 * Selection rules of the role form's four-level tree (menu → page → section → action). A permission is
 * useless without the ones above it (an action needs its page), so checking a node checks its ancestors
 * and unchecking one unchecks everything under it. Parents are never implied by children the other way
 * round, which keeps "page visible, no actions" expressible.
 */
export interface TreeIndex {
  parent: Map<string, string | null>;
  children: Map<string, string[]>;
  codes: string[];
}

export function indexTree(nodes: readonly PermissionNode[]): TreeIndex {
  const parent = new Map<string, string | null>();
  const children = new Map<string, string[]>();
  const codes: string[] = [];
  const walk = (node: PermissionNode, parentCode: string | null): void => {
    parent.set(node.code, parentCode);
    children.set(
      node.code,
      node.children.map((c) => c.code),
    );
    codes.push(node.code);
    for (const child of node.children) walk(child, node.code);
  };
  for (const node of nodes) walk(node, null);
  return { parent, children, codes };
}

function ancestors(index: TreeIndex, code: string): string[] {
  const out: string[] = [];
  for (let up = index.parent.get(code) ?? null; up !== null; up = index.parent.get(up) ?? null) out.push(up);
  return out;
}

function descendants(index: TreeIndex, code: string): string[] {
  const out: string[] = [];
  const stack = [...(index.children.get(code) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop();
    if (next === undefined) break;
    out.push(next);
    stack.push(...(index.children.get(next) ?? []));
  }
  return out;
}

/** The selection after the user (un)checked `code`. Codes outside the tree (e.g. `*`) are kept as they are. */
export function toggleCode(
  index: TreeIndex,
  selected: readonly string[],
  code: string,
  checked: boolean,
): string[] {
  const next = new Set(selected);
  if (checked) {
    next.add(code);
    for (const up of ancestors(index, code)) next.add(up);
  } else {
    next.delete(code);
    for (const down of descendants(index, code)) next.delete(down);
  }
  return [...next];
}

/**
 * Whether the caller may hand out `code`: nobody grants a permission they do not hold themselves. Menu and
 * section codes only group the tree and grant nothing, so anyone may tick them.
 */
export function canGrant(held: readonly string[], code: string): boolean {
  return !isGrantCode(code) || held.includes(WILDCARD_PERMISSION) || held.includes(code);
}

/**
 * The selection as the tree shows it: roles stored before grouping codes existed (or built in) hold page
 * and action codes only, so their menus and sections are ticked from what lies beneath them.
 */
export function withGroupingAncestors(index: TreeIndex, selected: readonly string[]): string[] {
  const out = new Set(selected);
  for (const code of selected) for (const up of ancestors(index, code)) if (!isGrantCode(up)) out.add(up);
  return [...out];
}

/** Every code of the tree the caller may grant ("select all"), plus whatever was selected outside it. */
export function selectAll(index: TreeIndex, held: readonly string[], selected: readonly string[]): string[] {
  return [...new Set([...selected, ...index.codes.filter((code) => canGrant(held, code))])];
}

/**
 * What the role list shows in its permission column: "All" (translated) for a role holding the wildcard,
 * else how many permissions it grants (menu and section codes only group, so they are not counted).
 */
export function permissionCountLabel(permissions: readonly string[], t: (key: string) => string): string {
  if (permissions.includes(WILDCARD_PERMISSION)) return t('org.role.allPermissions');
  return String(permissions.filter((code) => isGrantCode(code)).length);
}
