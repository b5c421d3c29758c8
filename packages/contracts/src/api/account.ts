import { Type, type Static } from 'typebox';
import { Limits } from '../limits.js';
import { ROLE_TYPES } from '../permissions.js';

export const LoginBody = Type.Object(
  {
    username: Type.String({
      minLength: 1,
      maxLength: Limits.loginFieldMax,
      description: 'User name, email address or mobile number (with or without area code)',
    }),
    password: Type.String({ minLength: 1, maxLength: Limits.loginFieldMax }),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const LoginData = Type.Object({
  token: Type.String({
    description: 'Opaque session token; send as `Authorization: Bearer` or `token` cookie',
  }),
  expiresAt: Type.String({ format: 'date-time', description: 'When the session expires if left unused' }),
});
export type LoginData = Static<typeof LoginData>;

export const RoleSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: Type.Enum(ROLE_TYPES),
  languageKey: Type.String({ description: 'Translation key of the role name' }),
});
export type RoleSummary = Static<typeof RoleSummary>;

const ImageRef = Type.Object({ thumbPath: Type.Union([Type.String(), Type.Null()]) });

export const InfoData = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  mobile: Type.Union([Type.String(), Type.Null()]),
  language: Type.String(),
  companyId: Type.Integer(),
  companyName: Type.String(),
  unreadAlarmCount: Type.Integer({ minimum: 0 }),
  role: RoleSummary,
  roles: Type.Array(RoleSummary, { description: 'Roles this user may switch to' }),
  perms: Type.Array(Type.String()),
  columnOption: Type.Record(Type.String(), Type.Array(Type.String())),
  roleId: Type.Integer(),
  roleTypeEnum: Type.Object({ key: Type.String() }),
  roleNameLang: Type.Object({ languageKey: Type.String() }),
  brandUrl: ImageRef,
  avatarUrl: ImageRef,
  guest: Type.Boolean({ description: 'True for the read-only guest session' }),
  platform: Type.Boolean({
    description:
      'True for a (non-guest) account of the platform company: it may edit global and model alarm rules',
  }),
});
export type InfoData = Static<typeof InfoData>;

const RouteMeta = Type.Object({
  title: Type.String({ description: 'Translation key of the title' }),
  titleCn: Type.String(),
  icon: Type.Union([Type.String(), Type.Null()]),
  affix: Type.Boolean(),
  noCache: Type.Boolean(),
  newTab: Type.Boolean(),
});

const routeFields = {
  id: Type.Integer(),
  parentId: Type.Integer(),
  path: Type.String(),
  component: Type.String(),
  hidden: Type.Boolean(),
  meta: RouteMeta,
};

/** Navigation entries nest two levels deep (menu → page), as the catalogue does. */
export const RouteLeaf = Type.Object({ ...routeFields, children: Type.Array(Type.Object(routeFields)) });
export const RouteEntry = Type.Object({ ...routeFields, children: Type.Array(RouteLeaf) });
export type RouteEntry = Static<typeof RouteEntry>;

export const RoutesData = Type.Object({ data: Type.Array(RouteEntry) });
export type RoutesData = Static<typeof RoutesData>;

export const ColumnOptionBody = Type.Object(
  {
    page: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:/-]+$' }),
    columns: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 100 }),
  },
  { additionalProperties: false },
);
export type ColumnOptionBody = Static<typeof ColumnOptionBody>;

export const ColumnOptionData = Type.Object({
  columnOption: Type.Record(Type.String(), Type.Array(Type.String())),
});

export const ServerEntry = Type.Object({
  key: Type.String(),
  title: Type.String({ description: 'Translation key of the server name' }),
  value: Type.String({ description: 'Login URL of that server' }),
});
export type ServerEntry = Static<typeof ServerEntry>;

export const ConfigData = Type.Object({
  version: Type.String(),
  servers: Type.Array(ServerEntry),
  languages: Type.Array(Type.Object({ key: Type.String(), value: Type.String(), title: Type.String() })),
  defaultLanguage: Type.String(),
  appDownload: Type.Object({
    url: Type.String({ description: 'Encoded in the QR code' }),
    android: Type.String(),
    ios: Type.String(),
  }),
  map: Type.Object({
    tileUrl: Type.Union([Type.Null(), Type.String()], {
      description: 'XYZ tile template ({z}/{x}/{y}); null = no tiles, maps draw markers on a plain grid',
    }),
    attribution: Type.String(),
    geocoderUrl: Type.Union([Type.Null(), Type.String()], {
      description: 'Nominatim-compatible search endpoint (…/search?format=json&q=); null = type coordinates',
    }),
  }),
  weatherForecast: Type.Boolean({ description: 'Whether a forecast provider is configured' }),
  publicUrl: Type.Union([Type.Null(), Type.String()], {
    description:
      'PUBLIC_URL, the address people reach the console at (links handed out: share links); null when the ' +
      'server was not told one, so the console uses the address it was opened at',
  }),
  guestLogin: Type.Boolean({ description: 'Whether the guest button is offered' }),
});
export type ConfigData = Static<typeof ConfigData>;

export const LanguageListData = Type.Object({
  language: Type.String(),
  data: Type.Record(Type.String(), Type.String(), { description: 'Translation key → text' }),
});
export type LanguageListData = Static<typeof LanguageListData>;

export const HealthData = Type.Object({
  database: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  broker: Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('disabled')]),
  services: Type.Array(Type.String()),
  version: Type.String(),
  uptimeSeconds: Type.Number(),
});
export type HealthData = Static<typeof HealthData>;
