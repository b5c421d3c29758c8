import { describe, expect, it } from 'vitest';
import { NAVIGATION } from './navigation.js';
import {
  PERMISSION_TREE,
  PERMISSION_TREE_CODES,
  isGrantCode,
  isKnownPermission,
  normalisePermissions,
  permissionsNotHeld,
  type PermissionNode,
} from './permission-tree.js';
import { Perm } from './permissions.js';

function flatten(nodes: readonly PermissionNode[]): PermissionNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

describe('permission catalogue', () => {
  const nodes = flatten(PERMISSION_TREE);

  it('nests menu → page → section → action, each level one below its parent', () => {
    const check = (list: readonly PermissionNode[], level: number): void => {
      for (const node of list) {
        expect(node.level, node.code).toBe(level);
        check(node.children, level + 1);
      }
    };
    check(PERMISSION_TREE, 1);
    expect(nodes.some((n) => n.level === 4)).toBe(true);
    expect(nodes.filter((n) => n.level === 1).every((n) => n.code.startsWith('menu:'))).toBe(true);
    expect(nodes.filter((n) => n.level === 3).every((n) => n.code.startsWith('section:'))).toBe(true);
  });

  it('holds every permission code exactly once, and every screen of the navigation', () => {
    const grants = nodes.filter((n) => n.level === 2 || n.level === 4).map((n) => n.code);
    expect([...grants].sort()).toEqual([...Object.values(Perm)].sort());
    expect(new Set(PERMISSION_TREE_CODES).size).toBe(PERMISSION_TREE_CODES.length);
    for (const entry of NAVIGATION) if (entry.perm) expect(grants).toContain(entry.perm);
  });

  it('tells granting codes from grouping codes and unknown ones', () => {
    expect(isGrantCode('station:create')).toBe(true);
    expect(isGrantCode('*')).toBe(true);
    expect(isGrantCode('menu:station')).toBe(false);
    expect(isKnownPermission('section:stationList')).toBe(true);
    expect(isKnownPermission('station:launch')).toBe(false);
  });

  it('stores a selection deduplicated in catalogue order, and only * when it is there', () => {
    expect(normalisePermissions(['station:create', 'menu:station', 'station:view', 'station:view'])).toEqual([
      'menu:station',
      'station:view',
      'station:create',
    ]);
    expect(normalisePermissions(['home:view', '*'])).toEqual(['*']);
  });

  it('finds what a grantor lacks: grouping codes cost nothing, * needs *', () => {
    expect(permissionsNotHeld(['station:view'], ['menu:station', 'station:view', 'station:create'])).toEqual([
      'station:create',
    ]);
    expect(permissionsNotHeld(['station:view'], ['*'])).toEqual(['*']);
    expect(permissionsNotHeld(['*'], ['*', 'station:create'])).toEqual([]);
  });
});
