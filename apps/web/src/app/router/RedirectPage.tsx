import { useEffect, type ReactElement } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { refreshView } from '../state/tags';

/**
 * `/redirect/{path}` (SPEC §2): re-creates the view of `{path}` and goes back to it, which is how a tab
 * is refreshed and how a language change soft-reloads the page.
 */
export function RedirectPage(): ReactElement | null {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const target = `/${params['*'] ?? ''}`;

  useEffect(() => {
    refreshView(target);
    void navigate(`${target}${location.search}`, { replace: true });
  }, [navigate, target, location.search]);

  return null;
}
