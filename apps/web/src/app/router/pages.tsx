import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteMeta } from './routeModel';

/** Props every routed page receives: its metadata from `/api/routes` and its component name. */
export interface PageProps {
  meta: RouteMeta;
  component: string;
}

type Page = LazyExoticComponent<ComponentType<PageProps>>;

/** Pages later steps build show the route's title and say so; one lazily loaded chunk serves them all. */
const PlaceholderPage: Page = lazy(() =>
  import('../../features/placeholder/PlaceholderPage').then((m) => ({ default: m.PlaceholderPage })),
);

/** Component names of `/api/routes` that already have a real page. Every entry is its own chunk. */
const PAGES: Record<string, Page> = {
  'user/profile': lazy(() =>
    import('../../features/user/ProfilePage').then((m) => ({ default: m.ProfilePage })),
  ),
  'about/version': lazy(() =>
    import('../../features/about/VersionPage').then((m) => ({ default: m.VersionPage })),
  ),
};

export function pageFor(component: string): Page {
  return PAGES[component] ?? PlaceholderPage;
}

/** Full-screen pages outside the shell (big screen). */
export const FullScreenPlaceholder: Page = lazy(() =>
  import('../../features/placeholder/FullScreenPlaceholder').then((m) => ({
    default: m.FullScreenPlaceholder,
  })),
);
