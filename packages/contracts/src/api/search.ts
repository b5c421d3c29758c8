// Global search (Step 3, SPEC §2/§3/§5): stations, devices and loggers within the caller's reach, plus
// the caller's recent searches. Keywords are trimmed; each list holds at most 8 items (the dialog shows
// a More link exactly when a list holds 8).
import { Type, type Static } from 'typebox';
import { DEVICE_STATUS_CODES, GATEWAY_STATUS_CODES } from '../device-status.js';

export const SEARCH_TYPES = ['STATION', 'INVERTER', 'GATEWAY'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SearchLimits = {
  /** Items per result list (SPEC §9: 8 before More). */
  listMax: 8,
  keywordsMax: 64,
  /** Recent searches returned (newest first); older entries are pruned on insert. */
  historyMax: 8,
  /** Entries kept per user. */
  historyKept: 50,
  /** Dialog debounce (SPEC §9). */
  debounceMs: 400,
} as const;

const Keywords = Type.String({ maxLength: SearchLimits.keywordsMax, description: 'Trimmed by the server' });

export const IndexSearchQuery = Type.Object({
  keywords: Type.Optional(Keywords),
  type: Type.Optional(Type.Enum(SEARCH_TYPES)),
});
export type IndexSearchQuery = Static<typeof IndexSearchQuery>;

export const QueryHistoryEntry = Type.Object({
  keywords: Type.String(),
  type: Type.Object({ key: Type.Enum(SEARCH_TYPES) }),
  extraId: Type.Union([Type.Null(), Type.Integer()]),
});
export type QueryHistoryEntry = Static<typeof QueryHistoryEntry>;

/** The station a device or logger belongs to (null while its logger is bound to none). */
const ResultStation = {
  stationId: Type.Union([Type.Null(), Type.Integer()]),
  stationName: Type.Union([Type.Null(), Type.String()]),
};

export const IndexSearchResult = Type.Object({
  stations: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  devices: Type.Array(
    Type.Object({
      id: Type.Integer(),
      deviceSn: Type.String(),
      status: Type.Enum(DEVICE_STATUS_CODES),
      ...ResultStation,
    }),
  ),
  gateways: Type.Array(
    Type.Object({
      id: Type.Integer(),
      gatewaySn: Type.String(),
      status: Type.Enum(GATEWAY_STATUS_CODES),
      ...ResultStation,
    }),
  ),
  queryHistories: Type.Array(QueryHistoryEntry),
});
export type IndexSearchResult = Static<typeof IndexSearchResult>;

export const QueryHistoryBody = Type.Object(
  {
    keywords: Type.String({ minLength: 1, maxLength: SearchLimits.keywordsMax }),
    type: Type.Enum(SEARCH_TYPES),
    extraId: Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 1 })])),
  },
  { additionalProperties: false },
);
export type QueryHistoryBody = Static<typeof QueryHistoryBody>;

/** enMsg keys of this area (texts in locales/search). */
export const SearchMessage = {
  keywordsBlank: 'search.keywordsBlank',
} as const;
