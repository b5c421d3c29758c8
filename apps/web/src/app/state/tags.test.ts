import { beforeEach, describe, expect, it } from 'vitest';
import {
  addView,
  closeAllViews,
  closeOtherViews,
  closeView,
  initAffixViews,
  nextPathAfterClosing,
  resetViews,
  tagsStore,
  type TagView,
} from './tags';

const view = (path: string, affix = false, search = ''): TagView => ({
  path,
  fullPath: `${path}${search}`,
  query: {},
  name: path,
  meta: { title: `t${path}`, affix, noCache: false },
});

const paths = (): string[] => tagsStore.get().visited.map((v) => v.path);

beforeEach(() => {
  resetViews();
  initAffixViews([view('/index', true)]);
  addView(view('/stationSystem'));
  addView(view('/deviceAll'));
  addView(view('/alarm'));
});

describe('tag strip', () => {
  it('adds each page once and keeps its latest query', () => {
    addView(view('/stationSystem', false, '?page=3'));
    expect(paths()).toEqual(['/index', '/stationSystem', '/deviceAll', '/alarm']);
    expect(tagsStore.get().visited[1]?.fullPath).toBe('/stationSystem?page=3');
  });

  it('never closes affix tabs', () => {
    closeView('/index');
    closeAllViews();
    expect(paths()).toEqual(['/index']);
  });

  it('Close Other keeps the chosen tab and the affix ones', () => {
    closeOtherViews('/deviceAll');
    expect(paths()).toEqual(['/index', '/deviceAll']);
  });

  it('after closing the active tab goes to the last tab, else a refresh of the dashboard, else /', () => {
    expect(
      nextPathAfterClosing(
        view('/alarm'),
        [view('/index', true), view('/deviceAll', false, '?q=1')],
        '/index',
      ),
    ).toBe('/deviceAll?q=1');
    expect(nextPathAfterClosing(view('/index'), [], '/index')).toBe('/redirect/index');
    expect(nextPathAfterClosing(view('/alarm'), [], '/index')).toBe('/');
  });
});
