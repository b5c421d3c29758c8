import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { Layout as AntLayout, Menu, type MenuProps } from 'antd';
import { Layout } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { TestId } from '../../testids';
import { activeMenu, type MenuNode } from '../router/routeModel';
import { Logo } from '../../components/Logo';
import { menuIcon } from './menuIcons';

type MenuItem = Required<MenuProps>['items'][number];

const COLLAPSED_WIDTH_DESKTOP = 64;

function toItems(nodes: readonly MenuNode[], t: (key: string) => string): MenuItem[] {
  return nodes.map((node): MenuItem => {
    const icon = menuIcon(node.meta.icon);
    if (node.kind === 'group') {
      return { key: node.key, icon, label: t(node.meta.title), children: toItems(node.children, t) };
    }
    const label = node.newTab ? (
      <a href={node.external ? node.path : `#${node.path}`} target="_blank" rel="noopener noreferrer">
        {t(node.meta.title)}
      </a>
    ) : (
      t(node.meta.title)
    );
    return { key: node.key, icon, label, title: t(node.meta.title) };
  });
}

function findItem(nodes: readonly MenuNode[], key: string): MenuNode | undefined {
  for (const node of nodes) {
    if (node.kind === 'item' && node.key === key) return node;
    if (node.kind === 'group') {
      const inner = findItem(node.children, key);
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}

export interface SidebarProps {
  menu: MenuNode[];
  opened: boolean;
  mobile: boolean;
  showLogo: boolean;
}

/**
 * Left sidebar of SPEC §2, 250 px, built from the permitted routes with translated titles. The entry of the
 * page shown is lit — for a detail page or form, the entry of its section (routeModel `activeMenu`) — and
 * its submenu opened, on a deep link as on every later navigation; submenus the user opened stay open.
 */
export function Sidebar({ menu, opened, mobile, showLogo }: SidebarProps): ReactElement {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const items = useMemo(() => toItems(menu, t), [menu, t]);
  const active = useMemo(() => activeMenu(menu, location.pathname), [menu, location.pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(active.open);
  // A collapsed sidebar shows submenus as pop-ups, kept apart: antd closes every submenu when the sidebar
  // collapses (onOpenChange([])), which would otherwise wipe the sections open in the full sidebar — on a
  // phone, where each navigation collapses it, the section of the page just opened came back closed.
  const [popupKeys, setPopupKeys] = useState<string[]>([]);
  useEffect(() => {
    if (opened) setOpenKeys((keys) => [...new Set([...keys, ...active.open])]);
  }, [active, opened]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const node = findItem(menu, key);
    if (node?.kind === 'item' && !node.newTab) void navigate(node.path);
  };

  return (
    <AntLayout.Sider
      className={mobile ? 'shell-sider shell-sider-mobile' : 'shell-sider'}
      width={Layout.sidebarWidthPx}
      collapsed={!opened}
      collapsedWidth={mobile ? 0 : COLLAPSED_WIDTH_DESKTOP}
      trigger={null}
      theme="dark"
      data-testid={TestId.sidebar}
      data-opened={opened ? 'true' : 'false'}
    >
      {showLogo && (
        <Link to="/" className="shell-sider-logo">
          <Logo compact={!opened} />
        </Link>
      )}
      <Menu
        mode="inline"
        theme="dark"
        items={items}
        selectedKeys={active.selected === undefined ? [] : [active.selected]}
        openKeys={opened ? openKeys : popupKeys}
        onOpenChange={opened ? setOpenKeys : setPopupKeys}
        onClick={onClick}
        data-testid={TestId.sidebarMenu}
      />
    </AntLayout.Sider>
  );
}
