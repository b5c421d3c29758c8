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
    permissions: [...new Set([...viewCodes, Perm.stationCreate, Perm.bigScreen])],
    remark: 'Runs a distributor or installer company',
  },
  {
    id: 3,
    name: 'Developer',
    nameKey: 'role.developer',
    roleType: 'DEVELOPER',
    visibility: 'PRIVATE',
    permissions: [...new Set([...viewCodes, Perm.bigScreen])],
    remark: 'Device protocols and firmware',
  },
  {
    id: 4,
    name: 'Operations',
    nameKey: 'role.deploy',
    roleType: 'DEPLOY',
    visibility: 'PRIVATE',
    permissions: [...new Set([...ownerCodes, Perm.firmwareView, Perm.upgradeView, Perm.ivView])],
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
    permissions: ownerCodes,
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
