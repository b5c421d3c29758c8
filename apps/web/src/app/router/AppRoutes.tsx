import { lazy, Suspense, useMemo, type ReactElement } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { useRouteEntries } from '../../lib/sessionData';
import { useHasSession } from '../../lib/session';
import { FullPageSpin } from '../../components/FullPageSpin';
import { BigScreenGate } from './BigScreenGate';
import { Paths } from '../../lib/paths';
import { publicRoutes } from './publicRoutes';
import { fullScreenPageFor, pageFor } from './pages';
import { RootRedirect } from './RootRedirect';
import {
  buildMenu,
  collectPages,
  collectParentRedirects,
  normaliseRoutes,
  type MenuNode,
  type PageRoute,
} from './routeModel';

const ShellLayout = lazy(() => import('../shell/ShellLayout').then((m) => ({ default: m.ShellLayout })));
const RedirectPage = lazy(() => import('./RedirectPage').then((m) => ({ default: m.RedirectPage })));

function RoutedPage({ page }: { page: PageRoute }): ReactElement {
  const Page = pageFor(page.component);
  return (
    <Suspense fallback={<FullPageSpin />}>
      <Page meta={page.meta} component={page.component} />
    </Suspense>
  );
}

/** Routes inside the shell: the permitted pages, parents leading to their first child, the helpers. */
export function shellChildRoutes(
  pages: readonly PageRoute[],
  redirects: { path: string; to: string }[],
  menu: MenuNode[],
): RouteObject[] {
  return [
    { path: Paths.root, element: <RootRedirect pages={pages} menu={menu} /> },
    {
      path: `${Paths.redirect}/*`,
      element: (
        <Suspense fallback={<FullPageSpin />}>
          <RedirectPage />
        </Suspense>
      ),
    },
    ...redirects.map((r) => ({ path: r.path, element: <Navigate to={r.to} replace /> })),
    ...pages.map((page) => ({ path: page.path, element: <RoutedPage page={page} /> })),
  ];
}

/**
 * The route tree: public routes always; after login the permitted pages from `/api/routes` inside the
 * shell, full-screen pages (big screen) outside it; any unknown path goes to `/` (SPEC §2).
 */
export function AppRoutes(): ReactElement | null {
  const signedIn = useHasSession();
  const entries = useRouteEntries(false).data;

  const routes = useMemo<RouteObject[]>(() => {
    const tree: RouteObject[] = [...publicRoutes];
    if (signedIn && entries !== undefined) {
      const nodes = normaliseRoutes(entries);
      const pages = collectPages(nodes);
      const menu = buildMenu(nodes);
      const shellPages = pages.filter((p) => !p.meta.newTab);
      const children = shellChildRoutes(shellPages, collectParentRedirects(nodes), menu);
      tree.push({
        element: (
          <Suspense fallback={<FullPageSpin />}>
            <ShellLayout routes={children} pages={shellPages} menu={menu} />
          </Suspense>
        ),
        children,
      });
      for (const page of pages.filter((p) => p.meta.newTab)) {
        const FullScreen = fullScreenPageFor(page.component);
        tree.push({
          path: page.path,
          element: (
            <BigScreenGate path={page.path}>
              <Suspense fallback={<FullPageSpin />}>
                <FullScreen meta={page.meta} component={page.component} />
              </Suspense>
            </BigScreenGate>
          ),
        });
      }
    }
    tree.push({ path: '*', element: <Navigate to={Paths.root} replace /> });
    return tree;
  }, [signedIn, entries]);

  return useRoutes(routes);
}
