import { useEffect, type ReactElement } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../lib/paths';
import { FullPageSpin } from '../../components/FullPageSpin';

/**
 * `/auth-redirect` (SPEC §2): a page opened in a popup by an external sign-in hands its target back to
 * the console window that opened it and closes; opened directly, it simply navigates there.
 */
export function AuthRedirectPage(): ReactElement {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = safeRedirect(params.get('redirect'));

  useEffect(() => {
    const opener = window.opener as Window | null;
    let sameOrigin: boolean;
    try {
      sameOrigin = opener !== null && opener.location.origin === window.location.origin;
    } catch {
      sameOrigin = false; // reading a cross-origin opener throws: it is never handed anything
    }
    if (opener !== null && sameOrigin) {
      opener.location.hash = `#${target}`;
      window.close();
      return;
    }
    void navigate(target, { replace: true });
  }, [navigate, target]);

  return <FullPageSpin />;
}
