import { describe, expect, it } from 'vitest';
import type { PermissionNode } from './api';
import {
  canGrant,
  indexTree,
  permissionCountLabel,
  selectAll,
  toggleCode,
  withGroupingAncestors,
} from './permissionTree';

const node = (
  code: string,
  level: PermissionNode['level'],
  children: PermissionNode[] = [],
): PermissionNode => ({
  code,
  titleKey: `perm.${code}`,
  level,
  children,
});

// Real codes: pages and actions grant (Perm), menu:/section: only group.
const tree = [
  node('menu:org', 1, [
    node('account:view', 2, [
      node('section:accountManage', 3, [node('account:create', 4), node('account:disable', 4)]),
    ]),
    node('role:view', 2, [node('role:create', 4)]),
  ]),
];
const index = indexTree(tree);
const sorted = (codes: readonly string[]): string[] => [...codes].sort();

describe('permission tree selection', () => {
  it('checking an action checks its section, page and menu', () => {
    expect(sorted(toggleCode(index, [], 'account:create', true))).toEqual(
      sorted(['account:create', 'section:accountManage', 'account:view', 'menu:org']),
    );
  });

  it('unchecking a page unchecks everything under it and nothing else', () => {
    const all = selectAll(index, ['*'], []);
    expect(sorted(toggleCode(index, all, 'account:view', false))).toEqual(
      sorted(['menu:org', 'role:create', 'role:view']),
    );
  });

  it('a page can stay checked without any of its actions', () => {
    const selected = ['menu:org', 'account:view', 'section:accountManage', 'account:create'];
    expect(sorted(toggleCode(index, selected, 'section:accountManage', false))).toEqual(
      sorted(['account:view', 'menu:org']),
    );
  });

  it('keeps codes the tree does not know (the wildcard of the administrator role)', () => {
    expect(toggleCode(index, ['*'], 'role:view', true)).toContain('*');
  });

  it('select all offers only what the caller holds (grouping codes grant nothing); `*` holds everything', () => {
    expect(sorted(selectAll(index, ['account:view', 'account:create'], []))).toEqual(
      sorted(['account:create', 'account:view', 'menu:org', 'section:accountManage']),
    );
    expect(selectAll(index, ['*'], [])).toHaveLength(index.codes.length);
    expect(canGrant(['role:view'], 'role:create')).toBe(false);
    expect(canGrant(['role:view'], 'menu:org')).toBe(true);
    expect(canGrant(['*'], 'role:create')).toBe(true);
  });

  it('ticks the menus and sections of a role that stores page and action codes only', () => {
    expect(sorted(withGroupingAncestors(index, ['account:view', 'account:create']))).toEqual(
      sorted(['account:create', 'account:view', 'menu:org', 'section:accountManage']),
    );
    // A page never becomes selected because one of its actions is: only grouping codes are added.
    expect(withGroupingAncestors(index, ['role:create'])).not.toContain('role:view');
  });
});

describe('role list permission column', () => {
  const t = (key: string): string => (key === 'org.role.allPermissions' ? 'All' : key);
  it('reads All for the wildcard and counts only the codes that grant something', () => {
    expect(permissionCountLabel(['*'], t)).toBe('All');
    expect(
      permissionCountLabel(['menu:station', 'section:stationList', 'station:view', 'station:create'], t),
    ).toBe('2');
    expect(permissionCountLabel([], t)).toBe('0');
  });
});
