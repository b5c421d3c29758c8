import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageProps } from '../../lib/page';

type Page = LazyExoticComponent<ComponentType<PageProps>>;

/** Pages later steps build show the route's title and say so; one lazily loaded chunk serves them all. */
const PlaceholderPage: Page = lazy(() =>
  import('../../features/placeholder/PlaceholderPage').then((m) => ({ default: m.PlaceholderPage })),
);

/** Component names of `/api/routes` that already have a real page. Every entry is its own chunk. */
const PAGES: Record<string, Page> = {
  'user/profile': lazy(() =>
    import('../../features/security/ProfilePage').then((m) => ({ default: m.ProfilePage })),
  ),
  'user/updatePassword': lazy(() =>
    import('../../features/security/UpdatePasswordPage').then((m) => ({ default: m.UpdatePasswordPage })),
  ),
  'company/index': lazy(() =>
    import('../../features/organisation/CompanyPage').then((m) => ({ default: m.CompanyPage })),
  ),
  'company/manage': lazy(() =>
    import('../../features/organisation/CompanyManagePage').then((m) => ({ default: m.CompanyManagePage })),
  ),
  'account/list': lazy(() =>
    import('../../features/organisation/AccountListPage').then((m) => ({ default: m.AccountListPage })),
  ),
  'role/list': lazy(() =>
    import('../../features/organisation/RoleListPage').then((m) => ({ default: m.RoleListPage })),
  ),
  'system/settings': lazy(() =>
    import('../../features/system/SystemSettingsPage').then((m) => ({ default: m.SystemSettingsPage })),
  ),
  'system/log': lazy(() => import('../../features/system/LogPage').then((m) => ({ default: m.LogPage }))),
  'deviceConfig/protocol': lazy(() =>
    import('../../features/registry/ProtocolListPage').then((m) => ({ default: m.ProtocolListPage })),
  ),
  'deviceConfig/interface': lazy(() =>
    import('../../features/api-keys/ApiKeysPage').then((m) => ({ default: m.ApiKeysPage })),
  ),
  'deviceConfig/displayGroup': lazy(() =>
    import('../../features/registry/DisplayGroupPage').then((m) => ({ default: m.DisplayGroupPage })),
  ),
  'deviceConfig/faultCode': lazy(() =>
    import('../../features/registry/FaultCodePage').then((m) => ({ default: m.FaultCodePage })),
  ),
  'deviceConfig/registerTest': lazy(() =>
    import('../../features/remote/RegisterTestPage').then((m) => ({ default: m.RegisterTestPage })),
  ),
  'command/list': lazy(() =>
    import('../../features/commands/CommandListPage').then((m) => ({ default: m.CommandListPage })),
  ),
  'firmware/release': lazy(() =>
    import('../../features/firmware/FirmwareReleasePage').then((m) => ({ default: m.FirmwareReleasePage })),
  ),
  'firmware/update': lazy(() =>
    import('../../features/firmware/UpgradeNewPage').then((m) => ({ default: m.UpgradeNewPage })),
  ),
  'firmware/manage': lazy(() =>
    import('../../features/firmware/UpgradeManagePage').then((m) => ({ default: m.UpgradeManagePage })),
  ),
  'about/feedback': lazy(() =>
    import('../../features/feedback/FeedbackPage').then((m) => ({ default: m.FeedbackPage })),
  ),
  'iv/list': lazy(() => import('../../features/iv/IvListPage').then((m) => ({ default: m.IvListPage }))),
  'iv/new': lazy(() => import('../../features/iv/NewIvScanPage').then((m) => ({ default: m.NewIvScanPage }))),
  'deviceConfig/rule': lazy(() =>
    import('../../features/registry/DeviceRulePage').then((m) => ({ default: m.DeviceRulePage })),
  ),
  'system/documents': lazy(() =>
    import('../../features/documents/DocumentsPage').then((m) => ({ default: m.DocumentsPage })),
  ),
  'app/release': lazy(() =>
    import('../../features/app-release/AppReleasePage').then((m) => ({ default: m.AppReleasePage })),
  ),
  'gateway/list': lazy(() =>
    import('../../features/gateways/GatewayCentrePage').then((m) => ({ default: m.GatewayCentrePage })),
  ),
  'system/errors': lazy(() =>
    import('../../features/system/RuntimeErrorsPage').then((m) => ({ default: m.RuntimeErrorsPage })),
  ),
  'about/version': lazy(() =>
    import('../../features/about/VersionPage').then((m) => ({ default: m.VersionPage })),
  ),
  'home/index': lazy(() => import('../../features/home/HomePage').then((m) => ({ default: m.HomePage }))),
  'statistics/index': lazy(() =>
    import('../../features/statistics/StatisticsPage').then((m) => ({ default: m.StatisticsPage })),
  ),
  'station/list': lazy(() =>
    import('../../features/station/list/StationListPage').then((m) => ({ default: m.StationListPage })),
  ),
  'station/create': lazy(() =>
    import('../../features/station/create/StationFormPage').then((m) => ({ default: m.StationFormPage })),
  ),
  'station/detail': lazy(() =>
    import('../../features/station/detail/StationDetailPage').then((m) => ({ default: m.StationDetailPage })),
  ),
  'device/list': lazy(() =>
    import('../../features/devices/DeviceListPage').then((m) => ({ default: m.DeviceListPage })),
  ),
  'device/detail': lazy(() =>
    import('../../features/devices/DeviceDetailPage').then((m) => ({ default: m.DeviceDetailPage })),
  ),
  'gateway/detail': lazy(() =>
    import('../../features/devices/GatewayDetailPage').then((m) => ({ default: m.GatewayDetailPage })),
  ),
  'meter/detail': lazy(() =>
    import('../../features/devices/MeterDetailPage').then((m) => ({ default: m.MeterDetailPage })),
  ),
  'alarm/list': lazy(() =>
    import('../../features/alarms/AlarmListPage').then((m) => ({ default: m.AlarmListPage })),
  ),
  'alarm/webhook': lazy(() =>
    import('../../features/alarms/webhooks/WebhooksPage').then((m) => ({ default: m.WebhooksPage })),
  ),
  'alarm/rule': lazy(() =>
    import('../../features/alarms/rules/AlarmRulesPage').then((m) => ({ default: m.AlarmRulesPage })),
  ),
  'battery/detail': lazy(() =>
    import('../../features/devices/BatteryDetailPage').then((m) => ({ default: m.BatteryDetailPage })),
  ),
};

export function pageFor(component: string): Page {
  return PAGES[component] ?? PlaceholderPage;
}

/** Full-screen pages outside the shell (big screen), by component name. */
const FULL_SCREEN_PAGES: Record<string, Page> = {
  'bigScreen/index': lazy(() =>
    import('../../features/bigscreen/BigScreenPage').then((m) => ({ default: m.BigScreenPage })),
  ),
};

const FullScreenPlaceholder: Page = lazy(() =>
  import('../../features/placeholder/FullScreenPlaceholder').then((m) => ({
    default: m.FullScreenPlaceholder,
  })),
);

export function fullScreenPageFor(component: string): Page {
  return FULL_SCREEN_PAGES[component] ?? FullScreenPlaceholder;
}
