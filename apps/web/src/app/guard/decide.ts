import { loginPathFor } from '../../lib/request';
import { Paths, isPublicPath, isSharePath, safeRedirect } from '../../lib/paths';

export interface GuardInput {
  /** Path without the query. */
  path: string;
  /** Path with the query, for the redirect parameter. */
  fullPath: string;
  /** The query string (`?redirect=…`) of the location. */
  search: string;
  hasToken: boolean;
  /** Info and routes of the session are loaded. */
  sessionReady: boolean;
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'loadSession' };

/**
 * The navigation guard of SPEC §4, as a pure decision (the language table is handled before it):
 * - with a token: /login/index goes to / (or to its `redirect`, which is how a login lands); paths ending /share pass without info; otherwise info and routes
 *   load once, then the navigation repeats;
 * - without a token: public routes pass; anything else goes to /login/index?redirect={path}.
 */
export function decideNavigation(input: GuardInput): GuardDecision {
  const { path, fullPath, search, hasToken, sessionReady } = input;
  if (hasToken) {
    if (path === Paths.loginIndex) {
      return { kind: 'redirect', to: safeRedirect(new URLSearchParams(search).get('redirect')) };
    }
    if (isSharePath(path)) return { kind: 'allow' };
    return sessionReady ? { kind: 'allow' } : { kind: 'loadSession' };
  }
  if (isPublicPath(path) || isSharePath(path)) return { kind: 'allow' };
  return { kind: 'redirect', to: loginPathFor(fullPath) };
}
