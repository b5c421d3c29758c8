// Stations API, Step 3 (SPEC §3 Site, §7 station calls): list, simple and upgrade lists, create, update,
// delete, assign, rename, Home KPIs, per-station stats with the energy flow, detail, map locations,
// follow (concern) and photos. The schemas bound types, lengths and ranges; the server checks the rest
// (both coordinates or neither, IANA time zone, currency, owner account and company in scope, pictures)
// and answers those with the StationMessage keys.
import { Type, type Static } from 'typebox';
import { StationTypes } from '../protocol/fleet.js';
import { PageQueryFields } from './paging.js';
import { STATION_STATUS_CODES } from '../device-status.js';

/** Limits of station input, shared by the server's validation and the console's forms. */
export const StationLimits = {
  nameMin: 1,
  nameMax: 64,
  addressMax: 255,
  longitudeMin: -180,
  longitudeMax: 180,
  latitudeMin: -90,
  latitudeMax: 90,
  /** Capacity must be above zero and at most this many kWp. */
  capacityKwpMax: 10_000_000,
  priceMin: 0,
  priceMax: 1_000_000,
  currencyMax: 5,
  timeZoneMax: 64,
  picturesMax: 6,
  /** Items of GET /station/simple/list. */
  simpleListMax: 200,
  /** Stations of one POST /station/assign. */
  assignMax: 100,
  keywordMax: 64,
  /** Station photos are stored re-encoded within this many pixels per edge (bytes: ImageUploadLimits). */
  photoMaxEdgePx: 1600,
} as const;

/** Grid-connection types (SPEC §3 Site "grid-connection type"). */
export const GRID_TYPES = ['FULL_FEED_IN', 'SELF_CONSUMPTION', 'ZERO_EXPORT', 'OFF_GRID'] as const;
export type GridType = (typeof GRID_TYPES)[number];

/** enMsg keys of this area (texts in locales/station). */
export const StationMessage = {
  nameInvalid: 'station.nameInvalid',
  coordinatesPair: 'station.coordinatesPair',
  installedAtInvalid: 'station.installedAtInvalid',
  timeZoneUnknown: 'station.timeZoneUnknown',
  currencyUnknown: 'station.currencyUnknown',
  ownerInvalid: 'station.ownerInvalid',
  pictureInvalid: 'station.pictureInvalid',
  assignNothing: 'station.assignNothing',
} as const;

const Id = Type.Integer({ minimum: 1 });
const NullableString = Type.Union([Type.Null(), Type.String()]);
const NullableNumber = Type.Union([Type.Null(), Type.Number()]);
const NullableInt = Type.Union([Type.Null(), Type.Integer()]);
const FileId = Type.String({
  pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
  description: 'An id answered by POST /station/photo',
});

// ---- Lists -----------------------------------------------------------------------------------------------

export const StationListQuery = Type.Object(
  {
    ...PageQueryFields,
    name: Type.Optional(
      Type.String({ maxLength: StationLimits.keywordMax, description: 'Part of the name' }),
    ),
    type: Type.Optional(Type.Enum(StationTypes)),
    status: Type.Optional(Type.Enum(STATION_STATUS_CODES)),
    concern: Type.Optional(Type.Boolean({ description: 'true: only stations you follow' })),
    companyId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type StationListQuery = Static<typeof StationListQuery>;

export const StationSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: Type.Enum(StationTypes),
  status: Type.Enum(STATION_STATUS_CODES),
  address: NullableString,
  longitude: NullableNumber,
  latitude: NullableNumber,
  capacityKwp: Type.Number(),
  powerKw: Type.Union([Type.Null(), Type.Number()], {
    description: 'Inverter output now (sum of devices reporting); null when none reports',
  }),
  todayKwh: Type.Union([Type.Null(), Type.Number()], {
    description: 'Energy of the station-local day from the rollups; null when there is none',
  }),
  totalKwh: NullableNumber,
  currency: Type.String(),
  price: Type.Number(),
  timeZone: Type.String(),
  companyId: Type.Integer(),
  companyName: Type.String(),
  ownerUserId: NullableInt,
  ownerUsername: NullableString,
  concern: Type.Boolean({ description: 'You follow this station' }),
  simulated: Type.Boolean(),
  installedAt: Type.Union([Type.Null(), Type.String({ format: 'date-time' })]),
  createdAt: Type.String({ format: 'date-time' }),
  gatewayCount: Type.Integer(),
  deviceCount: Type.Integer(),
});
export type StationSummary = Static<typeof StationSummary>;

export const StationPicture = Type.Object({ fileId: Type.String(), url: Type.String() });
export type StationPicture = Static<typeof StationPicture>;

export const StationDetail = Type.Object({
  ...StationSummary.properties,
  gridType: Type.Union([Type.Null(), Type.Enum(GRID_TYPES)]),
  pictures: Type.Array(StationPicture),
  monthKwh: NullableNumber,
  yearKwh: NullableNumber,
});
export type StationDetail = Static<typeof StationDetail>;

export const StationNameQuery = Type.Object(
  { name: Type.Optional(Type.String({ maxLength: StationLimits.keywordMax })) },
  { additionalProperties: false },
);
export type StationNameQuery = Static<typeof StationNameQuery>;

export const StationSimpleItem = Type.Object({ id: Type.Integer(), name: Type.String() });
export type StationSimpleItem = Static<typeof StationSimpleItem>;

export const StationUpgradeQuery = Type.Object(
  { ...PageQueryFields, name: Type.Optional(Type.String({ maxLength: StationLimits.keywordMax })) },
  { additionalProperties: false },
);
export type StationUpgradeQuery = Static<typeof StationUpgradeQuery>;

export const StationUpgradeItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: Type.Enum(StationTypes),
  gatewayCount: Type.Integer(),
  deviceCount: Type.Integer(),
});
export type StationUpgradeItem = Static<typeof StationUpgradeItem>;

export const StationLocation = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: Type.Enum(StationTypes),
  status: Type.Enum(STATION_STATUS_CODES),
  longitude: Type.Number(),
  latitude: Type.Number(),
});
export type StationLocation = Static<typeof StationLocation>;

// ---- Writes ----------------------------------------------------------------------------------------------

const stationFields = {
  name: Type.String({ minLength: StationLimits.nameMin, maxLength: StationLimits.nameMax }),
  type: Type.Enum(StationTypes),
  address: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: StationLimits.addressMax })])),
  longitude: Type.Optional(
    Type.Union([
      Type.Null(),
      Type.Number({ minimum: StationLimits.longitudeMin, maximum: StationLimits.longitudeMax }),
    ]),
  ),
  latitude: Type.Optional(
    Type.Union([
      Type.Null(),
      Type.Number({ minimum: StationLimits.latitudeMin, maximum: StationLimits.latitudeMax }),
    ]),
  ),
  installedAt: Type.Optional(
    Type.Union([
      Type.Null(),
      Type.String({
        maxLength: 40,
        description: 'YYYY-MM-DD (midnight in the station time zone) or an ISO date-time',
      }),
    ]),
  ),
  gridType: Type.Optional(Type.Union([Type.Null(), Type.Enum(GRID_TYPES)])),
  capacityKwp: Type.Number({ exclusiveMinimum: 0, maximum: StationLimits.capacityKwpMax }),
  price: Type.Number({ minimum: StationLimits.priceMin, maximum: StationLimits.priceMax }),
  currency: Type.String({ minLength: 1, maxLength: StationLimits.currencyMax }),
  timeZone: Type.String({
    minLength: 1,
    maxLength: StationLimits.timeZoneMax,
    description: 'IANA time zone',
  }),
  pictures: Type.Optional(Type.Array(FileId, { maxItems: StationLimits.picturesMax })),
  ownerUserId: Type.Optional(
    Type.Union([Type.Null(), Id], { description: 'An owner account in your reach' }),
  ),
  companyId: Type.Optional(Type.Integer({ minimum: 1, description: 'Default: your company' })),
};

export const StationCreateBody = Type.Object(stationFields, { additionalProperties: false });
export type StationCreateBody = Static<typeof StationCreateBody>;

export const StationUpdateBody = Type.Object({ id: Id, ...stationFields }, { additionalProperties: false });
export type StationUpdateBody = Static<typeof StationUpdateBody>;

export const StationIdData = Type.Object({ id: Type.Integer() });
export type StationIdData = Static<typeof StationIdData>;

export const StationAssignBody = Type.Object(
  {
    stationIds: Type.Array(Id, { minItems: 1, maxItems: StationLimits.assignMax }),
    companyId: Type.Optional(Id),
    ownerUserId: Type.Optional(Type.Union([Type.Null(), Id])),
  },
  { additionalProperties: false },
);
export type StationAssignBody = Static<typeof StationAssignBody>;

export const StationNameBody = Type.Object(
  { id: Id, name: Type.String({ minLength: StationLimits.nameMin, maxLength: StationLimits.nameMax }) },
  { additionalProperties: false },
);
export type StationNameBody = Static<typeof StationNameBody>;

// ---- KPIs and stats --------------------------------------------------------------------------------------

export const StationImpact = Type.Object({
  coalTons: Type.Number({ description: 'Standard coal saved' }),
  co2Tons: Type.Number({ description: 'CO2 avoided' }),
  trees: Type.Number({ description: 'Equivalent trees planted' }),
});
export type StationImpact = Static<typeof StationImpact>;

export const StationIndexQuery = Type.Object(
  {
    currency: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: StationLimits.currencyMax,
        description:
          'Default: the currency most stations in reach are priced in, else the currency of the region ' +
          'of the caller’s mobile dialling code, else USD',
      }),
    ),
  },
  { additionalProperties: false },
);
export type StationIndexQuery = Static<typeof StationIndexQuery>;

export const StationIndexStats = Type.Object({
  currency: Type.String(),
  powerKw: Type.Number(),
  todayKwh: Type.Number(),
  monthKwh: Type.Number(),
  yearKwh: Type.Number(),
  totalKwh: Type.Number(),
  income: Type.Object({
    today: Type.Number(),
    month: Type.Number(),
    year: Type.Number(),
    total: Type.Number(),
  }),
  capacityKwp: Type.Number(),
  stationStatus: Type.Object({
    online: Type.Integer(),
    abnormal: Type.Integer(),
    offline: Type.Integer(),
    other: Type.Integer(),
    total: Type.Integer(),
  }),
  deviceStatus: Type.Object({
    running: Type.Integer(),
    fault: Type.Integer(),
    offline: Type.Integer(),
    other: Type.Integer(),
    resting: Type.Integer({
      description:
        'Of `other`: inverters that rest by their operating state (asleep, standby, starting, shutting down)',
    }),
    total: Type.Integer(),
  }),
  impact: StationImpact,
});
export type StationIndexStats = Static<typeof StationIndexStats>;

export const StationStatsQuery = Type.Object({ stationId: Id }, { additionalProperties: false });
export type StationStatsQuery = Static<typeof StationStatsQuery>;

export const StationFlow = Type.Object({
  pvKw: NullableNumber,
  loadKw: NullableNumber,
  gridKw: Type.Union([Type.Null(), Type.Number()], { description: '+ import / − export' }),
  batteryKw: Type.Union([Type.Null(), Type.Number()], { description: '+ charge / − discharge' }),
  socPct: NullableNumber,
  /** Flows computed by the energy balance rather than measured: the load, or a meterless plant's grid. */
  derived: Type.Array(
    Type.Union([Type.Literal('pv'), Type.Literal('grid'), Type.Literal('battery'), Type.Literal('load')]),
    {
      description: 'flows derived by the energy balance, not measured',
    },
  ),
});
export type StationFlow = Static<typeof StationFlow>;

export const StationStats = Type.Object({
  stationId: Type.Integer(),
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
  impact: StationImpact,
  flow: StationFlow,
  updatedAt: Type.Union([Type.Null(), Type.Integer()], { description: 'Newest reading used, epoch ms' }),
});
export type StationStats = Static<typeof StationStats>;

// ---- Photo -----------------------------------------------------------------------------------------------

export const StationPhotoData = StationPicture;
export type StationPhotoData = Static<typeof StationPhotoData>;

// ---- What the form proposes for a position ---------------------------------------------------------------

export const StationDefaultsQuery = Type.Object(
  {
    longitude: Type.Number({ minimum: StationLimits.longitudeMin, maximum: StationLimits.longitudeMax }),
    latitude: Type.Number({ minimum: StationLimits.latitudeMin, maximum: StationLimits.latitudeMax }),
  },
  { additionalProperties: false },
);
export type StationDefaultsQuery = Static<typeof StationDefaultsQuery>;

export const StationDefaults = Type.Object({
  timeZone: Type.Union([Type.Null(), Type.String()], {
    description: 'IANA zone at the position; null over the open sea and where no zone is known',
  }),
  countryCode: Type.Union([Type.Null(), Type.String()], {
    description: 'ISO 3166-1 alpha-2 country of that zone; null over the sea',
  }),
  region: Type.Union([Type.Null(), Type.String()], {
    description: 'The reference region named as that country, whose currency and price are proposed',
  }),
  currency: Type.Union([Type.Null(), Type.String()], {
    description:
      "The region's currency, else the country's own when it is among the currencies; null otherwise",
  }),
  price: Type.Union([Type.Null(), Type.Number()], {
    description: "The region's price per kWh in that currency; null without a region (no honest default)",
  }),
});
export type StationDefaults = Static<typeof StationDefaults>;
