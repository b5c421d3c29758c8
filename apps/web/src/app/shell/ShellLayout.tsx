import { useEffect, type ReactElement } from 'react';
import { Layout as AntLayout } from 'antd';
import { useLocation, type RouteObject } from 'react-router';
import { TestId } from '../../testids';
import { useSettings } from '../state/settings';
import { applyWindowWidth, closeSidebar, useSidebar } from '../state/sidebar';
import type { MenuNode, PageRoute } from '../router/routeModel';
import { KeepAliveMain } from './KeepAliveMain';
import { Sidebar } from './Sidebar';
import { TagsView } from './TagsView';
import { TopBar } from './TopBar';
import { useTagsSync } from './useTagsSync';
import { useShellTitle } from './useShellTitle';

export interface ShellLayoutProps {
  /** Routes rendered inside the main area (kept alive per tab). */
  routes: RouteObject[];
  pages: readonly PageRoute[];
  menu: MenuNode[];
}

function useResponsiveSidebar(): void {
  const location = useLocation();
  const { device } = useSidebar();

  useEffect(() => {
    applyWindowWidth();
    window.addEventListener('resize', applyWindowWidth);
    // A tab opened in the background measures the screen when it is first shown.
    document.addEventListener('visibilitychange', applyWindowWidth);
    return () => {
      window.removeEventListener('resize', applyWindowWidth);
      document.removeEventListener('visibilitychange', applyWindowWidth);
    };
  }, []);

  // SPEC §4: on mobile the sidebar closes on every route change.
  useEffect(() => {
    if (device === 'mobile') closeSidebar(false);
  }, [location.pathname, device]);
}

/** The application shell of SPEC §2: sidebar, top bar, tag strip and the kept-alive main area. */
export function ShellLayout({ routes, pages, menu }: ShellLayoutProps): ReactElement {
  const settings = useSettings();
  const sidebar = useSidebar();
  useResponsiveSidebar();
  useTagsSync(pages);
  useShellTitle();

  const mobile = sidebar.device === 'mobile';
  return (
    <AntLayout
      className={`shell ${mobile ? 'shell-mobile' : 'shell-desktop'}`}
      hasSider
      data-testid={TestId.shell}
    >
      <Sidebar menu={menu} opened={sidebar.opened} mobile={mobile} showLogo={settings.sidebarLogo} />
      {mobile && sidebar.opened && (
        <div className="sidebar-mask" data-testid={TestId.sidebarMask} onClick={() => closeSidebar(false)} />
      )}
      <AntLayout className="shell-body">
        <div className={settings.fixedHeader ? 'shell-header shell-header-fixed' : 'shell-header'}>
          <TopBar />
          {settings.tagsView && <TagsView pages={pages} />}
        </div>
        <AntLayout.Content className="shell-main" data-testid={TestId.mainView}>
          <KeepAliveMain routes={routes} />
        </AntLayout.Content>
      </AntLayout>
    </AntLayout>
  );
}
