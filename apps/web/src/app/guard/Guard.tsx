import { useEffect, type ReactElement, type ReactNode } from 'react';
import { LanguageLoadFailed } from './LanguageLoadFailed';
import { Navigate, useLocation } from 'react-router';
import { useInfo, useRouteEntries } from '../../lib/sessionData';
import { resetSession, useHasSession } from '../../lib/session';
import { FullPageSpin } from '../../components/FullPageSpin';
import { Paths, isSharePath } from '../../lib/paths';
import { decideNavigation } from './decide';
import { useLanguageGate } from './useLanguageGate';

/**
 * The navigation guard of SPEC §4 around every route. User info (which carries the user state, see
 * docs/web.md) and routes load once per session through TanStack Query; once both are there the route
 * tree re-renders with the permitted pages and the same navigation resolves again. A failure resets the
 * token, which sends the user to login with a redirect back.
 */
export function Guard({ children }: { children: ReactNode }): ReactElement {
  const location = useLocation();
  const signedIn = useHasSession();
  const language = useLanguageGate(location.key);
  const path = location.pathname;
  const fullPath = `${location.pathname}${location.search}`;
  const needsSession = signedIn && !isSharePath(path) && path !== Paths.loginIndex;
  const info = useInfo(needsSession);
  const routes = useRouteEntries(needsSession);
  const failed = needsSession && (info.isError || routes.isError);

  useEffect(() => {
    if (failed) resetSession();
  }, [failed]);

  if (!language.ready) {
    if (language.error === undefined) return <FullPageSpin />;
    return <LanguageLoadFailed error={language.error} onRetry={language.retry} />;
  }

  const decision = decideNavigation({
    path,
    fullPath,
    search: location.search,
    hasToken: signedIn,
    sessionReady: info.isSuccess && routes.isSuccess,
  });
  switch (decision.kind) {
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'loadSession':
      return <FullPageSpin />;
    case 'allow':
      return <>{children}</>;
  }
}
