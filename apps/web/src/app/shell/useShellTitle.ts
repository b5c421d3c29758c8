import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useTags } from '../state/tags';

/** The browser tab shows the active page's translated title (and its suffix, e.g. a station name). */
export function useShellTitle(): void {
  const { t } = useTranslation();
  const location = useLocation();
  const active = useTags().visited.find((v) => v.path === location.pathname);
  const title =
    active === undefined
      ? undefined
      : `${t(active.meta.title)}${active.titleSuffix !== undefined ? ` - ${active.titleSuffix}` : ''}`;
  useDocumentTitle(title);
}
