// Share links (Step 3): read-only public links to one station. The token is 32 random bytes as base64url
// (256 bits, 43 characters) and is the whole secret; unknown, expired and revoked tokens all answer 4004.
import { Type, type Static } from 'typebox';
import { StationStatusSchema } from '../device-status.js';

export const ShareLinkLimits = {
  titleMax: 64,
  /** Links one station may hold (active or not): keeps the panel and the token table bounded. */
  perStationMax: 50,
  tokenLength: 43,
  /** Public views one client address may open per window (GET /station/share). */
  publicViewsPerAddress: 60,
  publicWindowSeconds: 60,
} as const;

export const SHARE_LINK_STATES = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
export type ShareLinkState = (typeof SHARE_LINK_STATES)[number];

/** enMsg keys of this area (texts in locales/share). */
export const ShareLinkMessage = {
  expiryInPast: 'share.expiryInPast',
  tooManyLinks: 'share.tooManyLinks',
} as const;

/** A share token as the public endpoints accept it (exactly 43 base64url characters). */
const ShareLinkToken = Type.String({
  minLength: ShareLinkLimits.tokenLength,
  maxLength: ShareLinkLimits.tokenLength,
  pattern: '^[A-Za-z0-9_-]{43}$',
  description: 'The share link token (43 base64url characters)',
});

const Id = Type.Integer({ minimum: 1 });
const NullableDate = Type.Union([Type.Null(), Type.String({ format: 'date-time' })]);
const Title = Type.String({ maxLength: ShareLinkLimits.titleMax, description: 'Trimmed; empty = none' });

export const ShareLink = Type.Object({
  id: Type.Integer(),
  stationId: Type.Integer(),
  stationName: Type.String(),
  title: Type.Union([Type.Null(), Type.String()]),
  token: Type.String(),
  url: Type.String({ description: "PUBLIC_URL + '/#/station/share?token=…'" }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  expiresAt: NullableDate,
  revokedAt: NullableDate,
  lastUsedAt: NullableDate,
  useCount: Type.Integer({ minimum: 0 }),
  state: Type.Enum(SHARE_LINK_STATES),
});
export type ShareLink = Static<typeof ShareLink>;

export const ShareLinkCreateBody = Type.Object(
  {
    stationId: Id,
    title: Type.Optional(Type.Union([Type.Null(), Title])),
    /** In the future; null = never expires. */
    expiresAt: NullableDate,
  },
  { additionalProperties: false },
);
export type ShareLinkCreateBody = Static<typeof ShareLinkCreateBody>;

export const ShareLinkUpdateBody = Type.Object(
  {
    id: Id,
    title: Type.Optional(Type.Union([Type.Null(), Title])),
    expiresAt: Type.Optional(NullableDate),
    /** true revokes the link (for good: a revoked link cannot be re-activated). */
    revoked: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ShareLinkUpdateBody = Static<typeof ShareLinkUpdateBody>;

export const ShareLinkListQuery = Type.Object({ stationId: Id });
export type ShareLinkListQuery = Static<typeof ShareLinkListQuery>;

export const StationShareQuery = Type.Object({ token: ShareLinkToken });
export type StationShareQuery = Static<typeof StationShareQuery>;

const NullableNumber = Type.Union([Type.Null(), Type.Number()]);

/** The public read-only station view behind a share token (no ids, no owner, no company). */
export const StationShareView = Type.Object({
  station: Type.Object({
    name: Type.String(),
    type: Type.String(),
    capacityKwp: Type.Number(),
    timeZone: Type.String(),
    currency: Type.String(),
    address: Type.Union([Type.Null(), Type.String()]),
    status: StationStatusSchema,
  }),
  stats: Type.Object({
    powerKw: NullableNumber,
    todayKwh: NullableNumber,
    monthKwh: NullableNumber,
    yearKwh: NullableNumber,
    totalKwh: NullableNumber,
    todayIncome: NullableNumber,
    totalIncome: NullableNumber,
    currency: Type.String(),
    capacityKwp: Type.Number(),
    fullLoadHoursToday: NullableNumber,
    updatedAt: Type.Union([Type.Null(), Type.Integer({ description: 'epoch ms' })]),
  }),
  expiresAt: NullableDate,
});
export type StationShareView = Static<typeof StationShareView>;
