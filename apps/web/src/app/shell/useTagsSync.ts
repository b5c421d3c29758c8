import { useEffect } from 'react';
import { matchRoutes, useLocation } from 'react-router';
import type { PageRoute } from '../router/routeModel';
import { TAG_TITLE_SUFFIX } from '../../lib/paths';
import { addView, initAffixViews, type TagView } from '../state/tags';

function tagFor(page: PageRoute, pathname: string, search: string): TagView {
  const query = Object.fromEntries(new URLSearchParams(search));
  const suffix = query[TAG_TITLE_SUFFIX];
  return {
    path: pathname,
    fullPath: `${pathname}${search}`,
    query,
    name: page.component,
    meta: { title: page.meta.title, affix: page.meta.affix, noCache: page.meta.noCache },
    ...(suffix !== undefined && suffix !== '' ? { titleSuffix: suffix } : {}),
  };
}

/** Keeps the tag strip in step with navigation: affix pages first, then every visited page. */
export function useTagsSync(pages: readonly PageRoute[]): void {
  const location = useLocation();

  useEffect(() => {
    initAffixViews(
      pages.filter((p) => p.meta.affix && !p.path.includes(':')).map((p) => tagFor(p, p.path, '')),
    );
  }, [pages]);

  useEffect(() => {
    const matches = matchRoutes(
      pages.map((p) => ({ path: p.path, id: p.path })),
      location.pathname,
    );
    const id = matches?.at(-1)?.route.id;
    const page = pages.find((p) => p.path === id);
    if (page !== undefined) addView(tagFor(page, location.pathname, location.search));
  }, [pages, location.pathname, location.search]);
}
