/** Fixed paths of SPEC §2. Post-login pages come from `/api/routes`; these are the ones the web owns. */
export const Paths = {
  root: '/',
  home: '/index',
  login: '/login',
  loginIndex: '/login/index',
  findPassword: '/login/find-password',
  registeredAccount: '/login/registered-account',
  loginRegister: '/login/register',
  register: '/register',
  findName: '/login/find-name',
  authRedirect: '/auth-redirect',
  privacy: '/proUse/Privacy',
  terms: '/proUse/Secrecy',
  stationShare: '/station/share',
  /** The page the unsubscribe link of a notification mail opens (docs/alarms.md). */
  unsubscribe: '/unsubscribe',
  redirect: '/redirect',
  company: '/company?type=second',
  softwareVersion: '/softwareVersion',
  feedback: '/feedback',
  userSettings: '/user/settings',
  profile: '/user/settings/profile',
  updatePassword: '/user/settings/updatePassword',
  bigScreen: '/bigScreen',
  revealBigScreen: '/revealBigScreen',
  stationDetailPrefix: '/station/detail/',
} as const;

/** Routes reachable without a session (SPEC §2 "Public routes"). */
export const PUBLIC_PATHS: readonly string[] = [
  Paths.login,
  Paths.loginIndex,
  Paths.findPassword,
  Paths.registeredAccount,
  Paths.loginRegister,
  Paths.register,
  Paths.findName,
  Paths.authRedirect,
  Paths.privacy,
  Paths.terms,
  Paths.stationShare,
  Paths.unsubscribe,
];

export function isPublicPath(path: string): boolean {
  return PUBLIC_PATHS.includes(path);
}

/** SPEC §2: any path ending in /share is allowed for a logged-in user without loading their info. */
export function isSharePath(path: string): boolean {
  return path.endsWith('/share');
}

/**
 * A redirect target taken from the URL must stay inside the console: one leading slash, no scheme, no
 * protocol-relative `//host`, and never back to the login page itself.
 */
export function safeRedirect(target: string | null | undefined): string {
  if (target === null || target === undefined || target === '') return Paths.root;
  if (!target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return Paths.root;
  if (target.startsWith(Paths.login)) return Paths.root;
  return target;
}

/** Query parameter that adds e.g. the station name or a serial to a tab title (SPEC §2). */
export const TAG_TITLE_SUFFIX = 'tagTitleSuffix';

const withSuffix = (path: string, suffix: string): string =>
  `${path}?${TAG_TITLE_SUFFIX}=${encodeURIComponent(suffix)}`;

/** Station detail, its tab titled with the station name. */
export const stationDetailPath = (id: number, name: string): string =>
  withSuffix(`${Paths.stationDetailPrefix}${String(id)}`, name);
/** Inverter, logger and meter details, their tabs titled with the serial. */
export const deviceDetailPath = (id: number, sn: string): string =>
  withSuffix(`/device/detail/${String(id)}`, sn);
export const gatewayDetailPath = (id: number, sn: string): string =>
  withSuffix(`/gateway/detail/${String(id)}`, sn);
export const meterDetailPath = (id: number, sn: string): string =>
  withSuffix(`/electricityMeter/detail/${String(id)}`, sn);
/** Battery (storage) details: SPEC §2 names no route for them, so they follow the device scheme. */
export const batteryDetailPath = (id: number, sn: string): string =>
  withSuffix(`/battery/detail/${String(id)}`, sn);

/** The detail page of any device kind the console has one for (weather stations have none). */
export function detailPathOf(deviceType: string, id: number, sn: string): string | null {
  if (deviceType === 'INVERTER') return deviceDetailPath(id, sn);
  if (deviceType === 'METER') return meterDetailPath(id, sn);
  if (deviceType === 'BATTERY') return batteryDetailPath(id, sn);
  if (deviceType === 'GATEWAY') return gatewayDetailPath(id, sn);
  return null;
}

/** The station form: create, or edit one station (`?id=`). */
export function stationFormPath(id?: number): string {
  return id === undefined ? '/createStation' : `/createStation?id=${String(id)}`;
}

/** The IV curve list with one task's drawer open. */
export const ivTaskPath = (id: string): string => `/operation/iv?task=${encodeURIComponent(id)}`;
