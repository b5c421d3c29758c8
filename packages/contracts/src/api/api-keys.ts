// API keys for third-party systems (issue 19, interface management). A key belongs to one company and acts
// as a principal of that company: it reaches the company's subtree, with permissions that come from its
// scopes only, and only on the operations the OpenAPI document marks with `x-api-key-scopes`.
import { Type, type Static } from 'typebox';
import { Perm, type PermCode } from '../permissions.js';
import { PageQueryFields } from './paging.js';

/** The header a third-party system sends its key in. */
export const API_KEY_HEADER = 'X-API-Key';

/** What a key may do. Everything is read-only except `commands`, which has to be granted explicitly. */
export const API_KEY_SCOPES = ['stations', 'devices', 'telemetry', 'alarms', 'commands'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * The permission codes a scope gives a key. A key holds the union of its scopes' codes and nothing else,
 * and a user may only grant a scope whose codes they hold themselves.
 */
export const API_KEY_SCOPE_PERMS: Record<ApiKeyScope, readonly PermCode[]> = {
  stations: [Perm.stationView],
  devices: [Perm.deviceView, Perm.gatewayView],
  telemetry: [Perm.stationView, Perm.deviceView, Perm.historyExport],
  alarms: [Perm.alarmView],
  commands: [Perm.gatewayView, Perm.commandSend, Perm.registerRead, Perm.registerWrite],
};

/** The permission codes a set of scopes gives a key (no duplicates, in catalogue order). */
export function apiKeyPermissions(scopes: readonly ApiKeyScope[]): PermCode[] {
  const codes = new Set<PermCode>();
  for (const scope of API_KEY_SCOPES)
    if (scopes.includes(scope)) for (const code of API_KEY_SCOPE_PERMS[scope]) codes.add(code);
  return [...codes];
}

export const ApiKeyLimits = {
  nameMax: 64,
  /** Requests per minute a key may make, at most. */
  ratePerMinuteMin: 1,
  ratePerMinuteMax: 6000,
  ratePerMinuteDefault: 60,
  /** Keys a company may hold that are not revoked (active or expired). */
  perCompanyMax: 50,
  /** The key: `sfk_` and 43 base64url characters (256 random bits). */
  prefix: 'sfk_',
  length: 47,
  /** Characters of the key kept in clear to tell keys apart (its last four). */
  hintLength: 4,
  /** Last use is written at most this often per key (seconds). */
  lastUseEverySeconds: 60,
  rateWindowSeconds: 60,
} as const;

/** Matches a key as issued (the auth hook refuses anything else without touching the database). */
export const API_KEY_PATTERN = /^sfk_[A-Za-z0-9_-]{43}$/;

export const API_KEY_STATES = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
export type ApiKeyState = (typeof API_KEY_STATES)[number];

/** enMsg keys of this area (texts in locales/apiKeys). */
export const ApiKeyMessage = {
  expiryInPast: 'apiKey.expiryInPast',
  scopeNotHeld: 'apiKey.scopeNotHeld',
  notForKeys: 'apiKey.notForKeys',
  scopeMissing: 'apiKey.scopeMissing',
  tooManyKeys: 'apiKey.tooManyKeys',
  nameRequired: 'apiKey.nameRequired',
} as const;

const Id = Type.Integer({ minimum: 1 });
const NullableDate = Type.Union([Type.Null(), Type.String({ format: 'date-time' })]);
const Scopes = Type.Array(Type.Enum(API_KEY_SCOPES), {
  minItems: 1,
  maxItems: API_KEY_SCOPES.length,
  uniqueItems: true,
});

/** A key as lists show it: never the key itself, only its last four characters. */
export const ApiKeyItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  companyId: Type.Integer(),
  companyName: Type.String(),
  scopes: Type.Array(Type.Enum(API_KEY_SCOPES)),
  hint: Type.String({ description: "The key's last four characters, shown as sfk_…abcd" }),
  rateLimitPerMinute: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  createdBy: Type.Union([Type.Null(), Type.String()]),
  expiresAt: NullableDate,
  lastUsedAt: NullableDate,
  lastUsedAddress: Type.Union([Type.Null(), Type.String()]),
  revokedAt: NullableDate,
  state: Type.Enum(API_KEY_STATES),
});
export type ApiKeyItem = Static<typeof ApiKeyItem>;

export const ApiKeyCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: ApiKeyLimits.nameMax, description: 'Trimmed; not empty' }),
    /** A company within the caller's reach (else 4004). */
    companyId: Id,
    scopes: Scopes,
    /** In the future (else 4000 apiKey.expiryInPast); null = never expires. */
    expiresAt: NullableDate,
    rateLimitPerMinute: Type.Integer({
      minimum: ApiKeyLimits.ratePerMinuteMin,
      maximum: ApiKeyLimits.ratePerMinuteMax,
    }),
  },
  { additionalProperties: false },
);
export type ApiKeyCreateBody = Static<typeof ApiKeyCreateBody>;

/** The answer to a creation: the only time the key is ever shown. */
export const ApiKeyCreated = Type.Object({
  key: Type.String({ description: 'The key; shown once, stored only as a hash' }),
  apiKey: ApiKeyItem,
});
export type ApiKeyCreated = Static<typeof ApiKeyCreated>;

export const ApiKeyPageQuery = Type.Object({
  ...PageQueryFields,
  companyId: Type.Optional(Id),
  name: Type.Optional(Type.String({ maxLength: ApiKeyLimits.nameMax })),
  state: Type.Optional(Type.Enum(API_KEY_STATES)),
});
export type ApiKeyPageQuery = Static<typeof ApiKeyPageQuery>;
