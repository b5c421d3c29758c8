import { useMemo, type ReactElement } from 'react';
import { UNSAFE_RouteContext, useLocation, useRoutes, type Location, type RouteObject } from 'react-router';
import { TestId } from '../../testids';
import { useTags } from '../state/tags';

function Routed({ routes, location }: { routes: RouteObject[]; location: Location }): ReactElement | null {
  return useRoutes(routes, location);
}

/** The views match their absolute paths from the top, not below the layout route that renders them. */
const ROOT_ROUTE_CONTEXT = { outlet: null, matches: [], isDataRoute: false };

function View(props: { routes: RouteObject[]; location: Location }): ReactElement {
  return (
    <UNSAFE_RouteContext.Provider value={ROOT_ROUTE_CONTEXT}>
      <Routed {...props} />
    </UNSAFE_RouteContext.Provider>
  );
}

function locationOf(fullPath: string, key: string): Location {
  const index = fullPath.indexOf('?');
  return {
    pathname: index === -1 ? fullPath : fullPath.slice(0, index),
    search: index === -1 ? '' : fullPath.slice(index),
    hash: '',
    state: null,
    key,
  };
}

/**
 * The main area caches visited views keyed by path (SPEC §2): every open tab's view stays mounted (hidden
 * when inactive) so it keeps its state; closing the tab drops it, Refresh re-creates it. Views marked
 * noCache live only while active. All views are siblings keyed by path so none remounts when its tab appears.
 */
export function KeepAliveMain({ routes }: { routes: RouteObject[] }): ReactElement {
  const location = useLocation();
  const { visited, refreshKeys } = useTags();

  const cached = useMemo(
    () =>
      visited
        .filter((v) => !v.meta.noCache)
        .map((v) => ({ path: v.path, location: locationOf(v.fullPath, `tab:${v.path}`) })),
    [visited],
  );

  const views = cached.some((v) => v.path === location.pathname)
    ? cached
    : [...cached, { path: location.pathname, location }];

  return (
    <>
      {views.map((view) => {
        const active = view.path === location.pathname;
        return (
          <div
            key={`${view.path}#${refreshKeys[view.path] ?? 0}`}
            className="shell-view"
            hidden={!active}
            data-path={view.path}
            data-testid={active ? TestId.activeView : TestId.cachedView}
          >
            <View routes={routes} location={active ? location : view.location} />
          </div>
        );
      })}
    </>
  );
}
