import type { RouteEntry } from '@sunfleet/contracts';

/** Route metadata of SPEC §2 (`/api/routes`): title is a translation key, titleCn the Chinese title. */
export type RouteMeta = RouteEntry['meta'];

/** Props every routed page receives: its metadata from `/api/routes` and its component name. */
export interface PageProps {
  meta: RouteMeta;
  component: string;
}
