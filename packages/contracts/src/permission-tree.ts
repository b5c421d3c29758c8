import { Perm, WILDCARD_PERMISSION, type PermCode } from './permissions.js';

/**
 * The permission catalogue as the role form shows it (SPEC §3 Role: permissions at levels 1 to 4):
 * menu → page → section → action. Pages (level 2) and actions (level 4) carry the codes that routes check
 * (`Perm`); menus (level 1, `menu:…`) and sections (level 3, `section:…`) only group them. A role may store
 * grouping codes so the form can show its selection again, but they grant nothing.
 */
export interface PermissionNode {
  code: string;
  /** Translation key of the node's title. */
  titleKey: string;
  /** 1 menu, 2 page, 3 section, 4 action. */
  level: 1 | 2 | 3 | 4;
  children: PermissionNode[];
}

type PermKey = keyof typeof Perm;

const action = (key: PermKey): PermissionNode => ({
  code: Perm[key],
  titleKey: `perm.${key}`,
  level: 4,
  children: [],
});

const section = (name: string, actions: PermKey[]): PermissionNode => ({
  code: `section:${name}`,
  titleKey: `perm.section.${name}`,
  level: 3,
  children: actions.map(action),
});

/** A page node; its title is the navigation title of the screen it opens. */
const page = (key: PermKey, titleKey: string, sections: PermissionNode[] = []): PermissionNode => ({
  code: Perm[key],
  titleKey,
  level: 2,
  children: sections,
});

const menu = (name: string, titleKey: string, pages: PermissionNode[]): PermissionNode => ({
  code: `menu:${name}`,
  titleKey,
  level: 1,
  children: pages,
});

export const PERMISSION_TREE: readonly PermissionNode[] = [
  menu('home', 'route.home', [page('homeView', 'route.home')]),
  menu('station', 'route.siteCentre', [
    page('stationView', 'route.stationList', [
      section('stationList', ['stationCreate', 'stationUpdate', 'stationDelete', 'stationAssign']),
      section('stationDetail', ['stationShare', 'historyExport']),
    ]),
    page('statisticsView', 'route.statistics', [section('statistics', ['statisticsSchedule'])]),
  ]),
  menu('device', 'route.deviceCentre', [
    page('deviceView', 'route.deviceList', [
      section('deviceManage', ['deviceUpdate', 'acCoupleUpdate', 'deviceFactoryReset']),
      section('remoteSettings', [
        'registerRead',
        'registerWrite',
        'storageUpdate',
        'forwardingUpdate',
        'recordingStart',
      ]),
    ]),
    page('gatewayView', 'route.loggerCentre', [
      section('gatewayManage', [
        'gatewayBind',
        'gatewayUnbind',
        'gatewayUpdate',
        'gatewayRegister',
        'commandSend',
      ]),
    ]),
  ]),
  menu('alarm', 'route.alarmList', [
    page('alarmView', 'route.alarmList', [section('alarmHandle', ['alarmUpdate', 'faultCodeUpdate'])]),
    page('alarmSubscribe', 'route.webhooks'),
  ]),
  menu('operations', 'route.operations', [
    page('firmwareView', 'route.firmwareRelease', [
      section('firmwareRelease', ['firmwareCreate', 'firmwareDelete']),
    ]),
    page('upgradeView', 'route.upgradeManagement', [
      section('upgradeTasks', ['upgradeCreate', 'upgradeControl']),
    ]),
    page('ivView', 'route.ivCurve', [section('ivScan', ['ivScan'])]),
    page('appReleaseView', 'route.appRelease', [section('appRelease', ['appReleaseCreate'])]),
  ]),
  menu('deviceConfig', 'route.deviceConfiguration', [
    page('deviceRuleView', 'route.deviceRule', [section('deviceRule', ['deviceRuleUpdate'])]),
    page('displayGroupView', 'route.displayGroup', [section('displayGroup', ['displayGroupUpdate'])]),
    page('deviceProtocolView', 'route.deviceProtocol', [section('deviceProtocol', ['deviceProtocolUpdate'])]),
    page('registerTestView', 'route.batchRegisterTest', [section('registerTest', ['registerTestRun'])]),
    page('interfaceView', 'route.interfaceManagement', [section('interface', ['interfaceUpdate'])]),
  ]),
  menu('organization', 'route.organization', [
    page('companyView', 'route.company', [
      section('companyManage', ['companyCreate', 'companyUpdate', 'companyDelete']),
    ]),
    page('manufacturerView', 'route.companyManagement'),
    page('roleView', 'route.role', [section('roleManage', ['roleCreate', 'roleUpdate', 'roleDelete'])]),
    page('accountView', 'route.accountManagement', [
      section('accountManage', ['accountCreate', 'accountUpdate', 'accountDisable', 'accountResetPassword']),
    ]),
  ]),
  menu('system', 'route.system', [
    page('systemSettingsView', 'route.systemSettings', [
      section('referenceData', ['referenceUpdate', 'translationUpdate']),
    ]),
    page('logView', 'route.logManagement', [section('logs', ['logExport'])]),
    page('documentsView', 'route.platformDocuments', [section('documents', ['documentsUpdate'])]),
    page('runtimeErrorView', 'route.runtimeErrors'),
  ]),
  menu('bigScreen', 'route.dataLargeScreen', [page('bigScreen', 'route.dataLargeScreen')]),
  menu('user', 'route.userSettings', [
    page('profileView', 'route.profile', [
      section('profile', ['profileUpdate']),
      section('feedback', ['feedbackAnswer']),
    ]),
  ]),
];

function flatten(nodes: readonly PermissionNode[]): PermissionNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

const ALL_NODES = flatten(PERMISSION_TREE);
const GRANT_CODES = new Set<string>(
  ALL_NODES.filter((n) => n.level === 2 || n.level === 4).map((n) => n.code),
);
const CATALOGUE_ORDER = new Map<string, number>(ALL_NODES.map((n, i) => [n.code, i]));

/** Every code of the catalogue, in tree order (grouping codes included). */
export const PERMISSION_TREE_CODES: readonly string[] = ALL_NODES.map((n) => n.code);

/** True for codes that grant something: page and action codes, and the wildcard. */
export function isGrantCode(code: string): code is PermCode | typeof WILDCARD_PERMISSION {
  return code === WILDCARD_PERMISSION || GRANT_CODES.has(code);
}

/** True for codes a role may store: every catalogue code and the wildcard. */
export function isKnownPermission(code: string): boolean {
  return code === WILDCARD_PERMISSION || CATALOGUE_ORDER.has(code);
}

/**
 * A role's permission list as stored: deduplicated, in catalogue order, and only `*` when it is present
 * (the wildcard already grants everything). Unknown codes must have been refused before.
 */
export function normalisePermissions(codes: readonly string[]): string[] {
  if (codes.includes(WILDCARD_PERMISSION)) return [WILDCARD_PERMISSION];
  return [...new Set(codes)].sort((a, b) => (CATALOGUE_ORDER.get(a) ?? 0) - (CATALOGUE_ORDER.get(b) ?? 0));
}

/** The codes of `wanted` that grant something `held` does not (nobody grants what they do not hold). */
export function permissionsNotHeld(held: readonly string[], wanted: readonly string[]): string[] {
  if (held.includes(WILDCARD_PERMISSION)) return [];
  return wanted.filter((code) => isGrantCode(code) && !held.includes(code));
}
