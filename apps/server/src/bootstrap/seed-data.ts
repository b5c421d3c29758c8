import {
  NAVIGATION,
  Perm,
  REVEAL_BIG_SCREEN_ROLE_ID,
  WILDCARD_PERMISSION,
  type PermCode,
} from '@sunfleet/contracts';

export const PLATFORM_COMPANY_ID = 1;
export const DEMO_COMPANY_ID = 2;
export const GUEST_USERNAME = 'guest';

/**
 * The demo tree (Step 2a): the demo distributor (company 2) with two installers and their customers. Its
 * people have no password: an administrator sets one (user management or `cli.js user:password`) to log
 * in as them. Everything in it is marked simulated.
 */
export const DEMO_COMPANIES = [
  {
    id: 3,
    parentId: DEMO_COMPANY_ID,
    type: 'INSTALLER' as const,
    name: 'Helios Installations (simulated)',
    simulated: true,
  },
  {
    id: 4,
    parentId: DEMO_COMPANY_ID,
    type: 'INSTALLER' as const,
    name: 'Alpine Solar Service (simulated)',
    simulated: true,
  },
];
export const DEMO_USERS = [
  {
    username: 'demo.distributor',
    companyId: DEMO_COMPANY_ID,
    roleId: 2,
    description: 'Demo distributor manager',
  },
  { username: 'demo.installer1', companyId: 3, roleId: 2, description: 'Demo installer manager' },
  { username: 'demo.installer2', companyId: 4, roleId: 2, description: 'Demo installer manager' },
  { username: 'demo.owner1', companyId: 3, roleId: 5, description: 'Demo site owner' },
  { username: 'demo.owner2', companyId: 3, roleId: 5, description: 'Demo site owner' },
  { username: 'demo.owner3', companyId: 4, roleId: 5, description: 'Demo site owner' },
];

const viewCodes = NAVIGATION.map((n) => n.perm).filter(
  (p): p is PermCode => p !== null && p.endsWith(':view'),
);
const ownerCodes: PermCode[] = [
  Perm.homeView,
  Perm.stationView,
  Perm.deviceView,
  Perm.gatewayView,
  Perm.alarmView,
  Perm.bigScreen,
  Perm.profileView,
  Perm.profileUpdate,
  // Owners add, remove and rename the loggers of their own stations (Step 2b).
  Perm.gatewayBind,
  Perm.gatewayUnbind,
  Perm.gatewayUpdate,
  // Owners keep their own station's details and event subscriptions, share it read-only and export
  // its history (Step 3); creating, deleting and distributing stations stays with the installer.
  Perm.stationUpdate,
  Perm.stationShare,
  Perm.historyExport,
  // Income and yield statistics of their stations, and saved views mailed to them (Step 5e).
  Perm.statisticsView,
  Perm.statisticsSchedule,
];
/** Back-office pages of the platform operator itself, not of its distributors and installers. */
const platformOnlyViews = new Set<PermCode>([
  Perm.systemSettingsView,
  Perm.deviceProtocolView,
  Perm.displayGroupView,
  Perm.deviceRuleView,
  Perm.registerTestView,
  Perm.appReleaseView,
  Perm.runtimeErrorView,
]);
/** What a distributor's or installer's manager does inside their own subtree. */
const managerCodes: PermCode[] = [
  Perm.stationCreate,
  Perm.stationUpdate,
  Perm.stationDelete,
  Perm.stationAssign,
  Perm.stationShare,
  Perm.deviceUpdate,
  Perm.acCoupleUpdate,
  Perm.historyExport,
  Perm.gatewayBind,
  Perm.gatewayUnbind,
  Perm.gatewayUpdate,
  Perm.bigScreen,
  Perm.profileUpdate,
  Perm.companyCreate,
  Perm.companyUpdate,
  Perm.companyDelete,
  Perm.accountCreate,
  Perm.accountUpdate,
  Perm.accountDisable,
  Perm.accountResetPassword,
  Perm.roleCreate,
  Perm.roleUpdate,
  Perm.roleDelete,
  Perm.logExport,
  // Webhooks of their company (Step 5a notifications).
  Perm.alarmSubscribe,
  // Handling the alarms of their subtree: acknowledge, clear, snooze, station rules and maintenance windows.
  Perm.alarmUpdate,
  // API keys of their subtree's companies for third-party systems (issue 19, docs/api-keys.md); a key
  // never gets more than its creator holds, so a manager's keys read and never send commands.
  Perm.interfaceUpdate,
  // Statistics views of their subtree mailed on a schedule (Step 5e).
  Perm.statisticsSchedule,
  // Answering the comments and feedback of the users of their subtree (Step 5e, docs/feedback.md).
  Perm.feedbackAnswer,
];

interface RoleSeed {
  id: number;
  name: string;
  nameKey: string;
  roleType: 'ADMINISTRATOR' | 'MANAGER' | 'DEVELOPER' | 'DEPLOY' | 'USER' | 'GUEST';
  visibility: 'PRIVATE' | 'PUBLIC';
  permissions: string[];
  remark: string;
}

/**
 * Built-in roles with stable ids. Step 2a lets administrators create their own; these stay as the
 * defaults. Role 41 is the display-screen role that opens the big screen at /revealBigScreen (SPEC §6).
 */
export const ROLE_SEEDS: RoleSeed[] = [
  {
    id: 1,
    name: 'Administrator',
    nameKey: 'role.administrator',
    roleType: 'ADMINISTRATOR',
    visibility: 'PRIVATE',
    permissions: [WILDCARD_PERMISSION],
    remark: 'Everything',
  },
  {
    id: 2,
    name: 'Manager',
    nameKey: 'role.manager',
    roleType: 'MANAGER',
    visibility: 'PUBLIC',
    permissions: [...new Set([...viewCodes.filter((c) => !platformOnlyViews.has(c)), ...managerCodes])],
    remark: 'Runs a distributor or installer company',
  },
  {
    id: 3,
    name: 'Developer',
    nameKey: 'role.developer',
    roleType: 'DEVELOPER',
    visibility: 'PRIVATE',
    // Keeps the firmware library (Step 5d); upgrades of devices stay with the companies that run them.
    permissions: [...new Set([...viewCodes, Perm.bigScreen, Perm.firmwareCreate, Perm.firmwareDelete])],
    remark: 'Device protocols and firmware',
  },
  {
    id: 4,
    name: 'Operations',
    nameKey: 'role.deploy',
    roleType: 'DEPLOY',
    visibility: 'PRIVATE',
    permissions: [...new Set([...ownerCodes, Perm.firmwareView, Perm.upgradeView, Perm.ivView, Perm.ivScan])],
    remark: 'Field service',
  },
  {
    id: 5,
    name: 'Owner',
    nameKey: 'role.user',
    roleType: 'USER',
    visibility: 'PUBLIC',
    permissions: [...ownerCodes, Perm.stationCreate],
    remark: 'Site owner',
  },
  {
    id: 6,
    name: 'Guest',
    nameKey: 'role.guest',
    roleType: 'GUEST',
    visibility: 'PRIVATE',
    // The guest reads only: no action codes (its writes are refused anyway, ADR 001).
    permissions: ownerCodes.filter((c) => c.endsWith(':view') || c === Perm.bigScreen),
    remark: 'Read-only visitor of the demo company',
  },
  {
    id: REVEAL_BIG_SCREEN_ROLE_ID,
    name: 'Display screen',
    nameKey: 'role.display',
    roleType: 'USER',
    visibility: 'PRIVATE',
    permissions: [Perm.homeView, Perm.bigScreen],
    remark: 'Wall display of the big screen',
  },
];
