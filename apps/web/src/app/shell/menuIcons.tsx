import type { ReactElement } from 'react';
import {
  AlertOutlined,
  AppstoreOutlined,
  ClusterOutlined,
  DashboardOutlined,
  HomeOutlined,
  SettingOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  ControlOutlined,
} from '@ant-design/icons';

/** Icon names used by the navigation catalogue (packages/contracts navigation.ts) to antd icons. */
const ICONS: Record<string, () => ReactElement> = {
  home: () => <HomeOutlined />,
  station: () => <ThunderboltOutlined />,
  device: () => <ClusterOutlined />,
  alarm: () => <AlertOutlined />,
  tool: () => <ToolOutlined />,
  setting: () => <ControlOutlined />,
  team: () => <TeamOutlined />,
  system: () => <SettingOutlined />,
  dashboard: () => <DashboardOutlined />,
};

export function menuIcon(name: string | null): ReactElement | undefined {
  if (name === null) return undefined;
  return (ICONS[name] ?? (() => <AppstoreOutlined />))();
}
