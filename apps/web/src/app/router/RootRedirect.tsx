import { lazy, Suspense, type ReactElement } from 'react';
import { Navigate } from 'react-router';
import { Paths } from '../../lib/paths';
import { firstMenuPath, type MenuNode, type PageRoute } from './routeModel';

const NoPages = lazy(() => import('./NoPages').then((m) => ({ default: m.NoPages })));

/**
 * `/` leads to Home (SPEC §2). A role without Home goes to its first menu page instead, so an unknown
 * path (→ `/`) can never loop; a role without any page sees that plainly.
 */
export function RootRedirect({
  pages,
  menu,
}: {
  pages: readonly PageRoute[];
  menu: MenuNode[];
}): ReactElement {
  if (pages.some((p) => p.path === Paths.home)) return <Navigate to={Paths.home} replace />;
  const first = firstMenuPath(menu);
  if (first !== undefined) return <Navigate to={first} replace />;
  return (
    <Suspense>
      <NoPages />
    </Suspense>
  );
}
