/**
 * Permission codes. `*` grants everything. Step 1a seeds the codes that gate navigation; later steps add
 * the action codes of their capability here, so the catalogue stays the single list of codes.
 */
export const WILDCARD_PERMISSION = '*';

export const Perm = {
  homeView: 'home:view',
  stationView: 'station:view',
  stationCreate: 'station:create',
  deviceView: 'device:view',
  gatewayView: 'gateway:view',
  alarmView: 'alarm:view',
  firmwareView: 'firmware:view',
  upgradeView: 'upgrade:view',
  ivView: 'iv:view',
  appReleaseView: 'appRelease:view',
  deviceRuleView: 'deviceRule:view',
  displayGroupView: 'displayGroup:view',
  deviceProtocolView: 'deviceProtocol:view',
  registerTestView: 'registerTest:view',
  interfaceView: 'interface:view',
  companyView: 'company:view',
  manufacturerView: 'manufacturer:view',
  roleView: 'role:view',
  accountView: 'account:view',
  systemSettingsView: 'systemSettings:view',
  logView: 'log:view',
  documentsView: 'documents:view',
  bigScreen: 'bigScreen',
  profileView: 'profile:view',
  profileUpdate: 'profile:update',
  companyCreate: 'company:create',
  companyUpdate: 'company:update',
  companyDelete: 'company:delete',
  accountCreate: 'account:create',
  accountUpdate: 'account:update',
  accountDisable: 'account:disable',
  accountResetPassword: 'account:resetPassword',
  roleCreate: 'role:create',
  roleUpdate: 'role:update',
  roleDelete: 'role:delete',
  logExport: 'log:export',
  referenceUpdate: 'reference:update',
  translationUpdate: 'translation:update',
  // Step 2a: the action codes of the permission catalogue (permission-tree.ts) for the capabilities of
  // later steps, so roles can be built today and each step only has to check its codes.
  stationUpdate: 'station:update',
  stationDelete: 'station:delete',
  stationAssign: 'station:assign',
  stationShare: 'station:share',
  historyExport: 'history:export',
  gatewayBind: 'gateway:bind',
  gatewayUnbind: 'gateway:unbind',
  gatewayUpdate: 'gateway:update',
  deviceUpdate: 'device:update',
  acCoupleUpdate: 'acCouple:update',
  deviceFactoryReset: 'device:factoryReset',
  registerRead: 'register:read',
  registerWrite: 'register:write',
  storageUpdate: 'storage:update',
  forwardingUpdate: 'forwarding:update',
  recordingStart: 'recording:start',
  alarmUpdate: 'alarm:update',
  alarmSubscribe: 'alarm:subscribe',
  faultCodeUpdate: 'faultCode:update',
  firmwareCreate: 'firmware:create',
  firmwareDelete: 'firmware:delete',
  upgradeCreate: 'upgrade:create',
  upgradeControl: 'upgrade:control',
  ivScan: 'iv:scan',
  appReleaseCreate: 'appRelease:create',
  deviceRuleUpdate: 'deviceRule:update',
  displayGroupUpdate: 'displayGroup:update',
  deviceProtocolUpdate: 'deviceProtocol:update',
  registerTestRun: 'registerTest:run',
  interfaceUpdate: 'interface:update',
  documentsUpdate: 'documents:update',
  // Step 2b
  gatewayRegister: 'gateway:register',
  commandSend: 'command:send',
  // Step 5e: income and yield statistics (docs/statistics.md)
  statisticsView: 'statistics:view',
  statisticsSchedule: 'statistics:schedule',
  // Step 5e: staff answer the feedback of users in their scope and change its state (docs/feedback.md).
  feedbackAnswer: 'feedback:answer',
  // Step 5e: the console's runtime error store (docs/runtime-errors.md).
  runtimeErrorView: 'runtimeError:view',
} as const;

export type PermCode = (typeof Perm)[keyof typeof Perm];

/** True when `held` grants any of `required` (SPEC §5 permission directive; `required` must be non-empty). */
export function hasAnyPermission(held: readonly string[], required: readonly string[]): boolean {
  if (required.length === 0) throw new Error('hasAnyPermission needs a non-empty list of permission codes');
  if (held.includes(WILDCARD_PERMISSION)) return true;
  return required.some((code) => held.includes(code));
}

/** Role types (SPEC §6); GUEST is the read-only demo visitor. */
export const ROLE_TYPES = ['ADMINISTRATOR', 'MANAGER', 'DEVELOPER', 'DEPLOY', 'USER', 'GUEST'] as const;
export type RoleType = (typeof ROLE_TYPES)[number];

/** Role id that opens the big screen at /revealBigScreen instead of /bigScreen (SPEC §2, §6). */
export const REVEAL_BIG_SCREEN_ROLE_ID = 41;
