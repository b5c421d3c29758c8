import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '@sunfleet/contracts';
import { NAVIGATION } from '@sunfleet/contracts';
import {
  LAYOUT_COMPONENT,
  activeMenu,
  buildMenu,
  collectPages,
  collectParentRedirects,
  firstMenuPath,
  normaliseRoutes,
} from './routeModel';

const meta = (title: string, extra: Partial<RouteEntry['meta']> = {}): RouteEntry['meta'] => ({
  title,
  titleCn: title,
  icon: null,
  affix: false,
  noCache: false,
  newTab: false,
  ...extra,
});

const leaf = (id: number, parentId: number, path: string, component: string, hidden = false) => ({
  id,
  parentId,
  path,
  component,
  hidden,
  meta: meta(`route.${id}`),
  children: [],
});

const entries: RouteEntry[] = [
  { ...leaf(1, 0, '/index', 'home/index'), meta: meta('route.home', { affix: true, icon: 'home' }) },
  {
    ...leaf(10, 0, '/station', 'ParentView'),
    children: [
      leaf(11, 10, '/stationSystem', 'station/list'),
      leaf(13, 10, '/station/detail/:id', 'station/detail', true),
    ],
  },
  { ...leaf(20, 0, '/empty', 'ParentView'), children: [leaf(21, 20, '/empty/hidden', 'x/y', true)] },
  { ...leaf(80, 0, '/bigScreen', 'bigScreen/index'), meta: meta('route.dataLargeScreen', { newTab: true }) },
  leaf(90, 0, '/softwareVersion', 'about/version', true),
  {
    ...leaf(92, 0, '/user/settings', 'ParentView', true),
    children: [leaf(93, 92, '/user/settings/profile', 'user/profile', true)],
  },
  leaf(95, 0, 'https://docs.example.com', 'external'),
];

describe('normaliseRoutes', () => {
  it('gives a visible top-level entry without children one child page of the same path (SPEC §2)', () => {
    const home = normaliseRoutes(entries).find((n) => n.id === 1)!;
    expect(home.component).toBe(LAYOUT_COMPONENT);
    expect(home.children).toHaveLength(1);
    expect(home.children[0]).toMatchObject({ path: '/index', component: 'home/index', parentId: 1 });
  });

  it('leaves hidden, new-tab and parent entries as they are', () => {
    const nodes = normaliseRoutes(entries);
    expect(nodes.find((n) => n.id === 90)?.component).toBe('about/version');
    expect(nodes.find((n) => n.id === 80)?.component).toBe('bigScreen/index');
    expect(nodes.find((n) => n.id === 10)?.children).toHaveLength(2);
  });
});

describe('collectPages', () => {
  it('lists every page once, hidden ones included, without parents, layouts or external links', () => {
    const paths = collectPages(normaliseRoutes(entries)).map((p) => p.path);
    expect(paths).toEqual([
      '/index',
      '/stationSystem',
      '/station/detail/:id',
      '/empty/hidden',
      '/bigScreen',
      '/softwareVersion',
      '/user/settings/profile',
    ]);
  });

  it('lets a parent path lead to its first child', () => {
    expect(collectParentRedirects(normaliseRoutes(entries))).toContainEqual({
      path: '/user/settings',
      to: '/user/settings/profile',
    });
  });
});

describe('buildMenu', () => {
  const menu = buildMenu(normaliseRoutes(entries));

  it('shows a single-page layout as one item and a parent as a submenu of its visible children', () => {
    expect(menu[0]).toMatchObject({ kind: 'item', path: '/index' });
    expect(menu[1]).toMatchObject({ kind: 'group', meta: { title: 'route.10' } });
    const group = menu[1];
    expect(group?.kind === 'group' ? group.children.map((c) => c.key) : []).toEqual(['/stationSystem']);
  });

  it('drops hidden entries and parents without a visible child', () => {
    const keys = menu.map((m) => m.key);
    expect(keys).not.toContain('/softwareVersion');
    expect(keys).not.toContain('group:20');
    expect(keys).not.toContain('group:92');
  });

  it('marks new-tab pages and external links to open in a new tab', () => {
    expect(menu.find((m) => m.key === '/bigScreen')).toMatchObject({ newTab: true, external: false });
    expect(menu.find((m) => m.key === 'https://docs.example.com')).toMatchObject({
      newTab: true,
      external: true,
    });
  });

  it('lights the entry of a page, or of the section a detail page belongs to, and opens its submenu', () => {
    expect(activeMenu(menu, '/stationSystem')).toEqual({ selected: '/stationSystem', open: ['group:10'] });
    expect(activeMenu(menu, '/station/detail/42')).toEqual({
      selected: '/stationSystem',
      open: ['group:10'],
    });
    expect(activeMenu(menu, '/index')).toEqual({ selected: '/index', open: [] });
    // A page of no section lights nothing.
    expect(activeMenu(menu, '/softwareVersion')).toEqual({ selected: undefined, open: [] });
    expect(activeMenu(menu, '/station/detail')).toEqual({ selected: undefined, open: [] });
  });

  it('finds the first page a role without Home lands on', () => {
    expect(firstMenuPath(menu)).toBe('/index');
    expect(firstMenuPath(menu.slice(1))).toBe('/stationSystem');
    expect(firstMenuPath([])).toBeUndefined();
  });
});

describe('sidebar sections of the navigation catalogue', () => {
  // The catalogue as /api/routes serves it to the administrator: two levels, every entry permitted.
  const toEntry = (s: (typeof NAVIGATION)[number]): RouteEntry => ({
    id: s.id,
    parentId: s.parentId,
    path: s.path,
    component: s.component,
    hidden: s.hidden,
    meta: meta(s.title, { icon: s.icon, affix: s.affix, noCache: s.noCache, newTab: s.newTab }),
    children: NAVIGATION.filter((c) => c.parentId === s.id).map((c) => ({ ...toEntry(c), children: [] })),
  });
  const menu = buildMenu(normaliseRoutes(NAVIGATION.filter((s) => s.parentId === 0).map(toEntry)));
  const selected = (path: string): string | undefined => activeMenu(menu, path).selected;

  it('lights the list a detail page or form belongs to', () => {
    expect(selected('/station/detail/7')).toBe('/stationSystem');
    expect(selected('/createStation')).toBe('/stationSystem');
    expect(selected('/device/detail/3')).toBe('/deviceAll');
    expect(selected('/gateway/detail/3')).toBe('/gatewayCentre');
    // Meters have no list of their own: the section's first entry (the device list, with its meter tab).
    expect(selected('/electricityMeter/detail/3')).toBe('/deviceAll');
    expect(selected('/operation/iv/new')).toBe('/operation/iv');
    expect(activeMenu(menu, '/station/detail/7').open).toEqual(['group:10']);
  });
});
