// The big screen (SPEC §2 "Big-screen dashboard", §3 big-screen data, §7 GET /bigScreen): one summary of
// the fleet within the caller's reach, and the showcase switch (SPEC §9 simulated counters, shown only as
// labelled demonstration figures when a platform administrator turns it on).
import { Type, type Static } from 'typebox';
import { StationIndexStats } from './stations.js';

export const BigScreenLimits = {
  /** Browser offsets reach from UTC−12:00 to UTC+14:00; a little room either side, in minutes. */
  zoneOffsetMin: -16 * 60,
  zoneOffsetMax: 16 * 60,
  /** Entries of each ranking (SPEC §2 top-10). */
  rankingSize: 10,
  /** How often the screen reads the summary again, ms. */
  refreshMs: 60_000,
} as const;

/** enMsg keys of this area (texts in locales/big-screen). */
export const BigScreenMessage = {
  showcaseForbidden: 'bigScreen.showcaseForbidden',
} as const;

export const BigScreenQuery = Type.Object(
  {
    zoneOffset: Type.Integer({
      minimum: BigScreenLimits.zoneOffsetMin,
      maximum: BigScreenLimits.zoneOffsetMax,
      description:
        "The browser's offset from UTC in minutes, east positive (`-new Date().getTimezoneOffset()`): the " +
        "power curve of today runs from the browser's midnight",
    }),
  },
  { additionalProperties: false },
);
export type BigScreenQuery = Static<typeof BigScreenQuery>;

const Count = Type.Integer({ minimum: 0 });

export const BigScreenGatewayCounts = Type.Object({
  normal: Count,
  fault: Count,
  offline: Count,
  other: Count,
  total: Count,
});
export type BigScreenGatewayCounts = Static<typeof BigScreenGatewayCounts>;

export const BigScreenGenerationRank = Type.Object({
  stationId: Type.Integer(),
  name: Type.String(),
  todayKwh: Type.Number({ description: "Energy of the station's own calendar day" }),
});
export type BigScreenGenerationRank = Static<typeof BigScreenGenerationRank>;

export const BigScreenOnlineRank = Type.Object({
  stationId: Type.Integer(),
  name: Type.String(),
  gateways: Type.Integer({ minimum: 1 }),
  gatewaysOnline: Count,
  onlineRate: Type.Number({ minimum: 0, maximum: 1, description: 'gatewaysOnline ÷ gateways' }),
});
export type BigScreenOnlineRank = Static<typeof BigScreenOnlineRank>;

export const BigScreenRegion = Type.Object({
  countryId: Type.Union([Type.Null(), Type.String()], {
    description: 'ISO 3166-1 numeric code as world-atlas gives it; null for the few areas without one',
  }),
  name: Type.String({ description: 'Country name as world-atlas (Natural Earth) spells it' }),
  stations: Type.Integer({ minimum: 1 }),
});
export type BigScreenRegion = Static<typeof BigScreenRegion>;

export const BigScreenPowerPoint = Type.Object({
  ts: Type.Number({ description: 'Start of the hour, epoch ms' }),
  kw: Type.Union([Type.Null(), Type.Number()], {
    description: 'Mean power of the hour (its energy in kWh); null when no station reported',
  }),
});

export const BigScreenData = Type.Object({
  generatedAt: Type.String({ format: 'date-time' }),
  /** Whether the showcase (demonstration figures) is on; the real figures are in the answer either way. */
  showcase: Type.Boolean(),
  /** The Home KPIs of the same scope: station and device counts, energy, income, impact, power now. */
  kpis: StationIndexStats,
  gateways: BigScreenGatewayCounts,
  topGeneration: Type.Array(BigScreenGenerationRank),
  topOnlineRate: Type.Array(BigScreenOnlineRank),
  regions: Type.Array(BigScreenRegion),
  /** Stations without coordinates or whose coordinates lie in no country (at sea). */
  unplaced: Count,
  /** Today's fleet power by hour, from the browser's midnight (zoneOffset) to now. */
  power: Type.Object({ from: Type.Number(), points: Type.Array(BigScreenPowerPoint) }),
});
export type BigScreenData = Static<typeof BigScreenData>;

export const BigScreenShowcase = Type.Object({
  showcase: Type.Boolean(),
  updatedAt: Type.Union([Type.Null(), Type.String({ format: 'date-time' })]),
});
export type BigScreenShowcase = Static<typeof BigScreenShowcase>;

export const BigScreenShowcaseBody = Type.Object(
  { showcase: Type.Boolean() },
  { additionalProperties: false },
);
export type BigScreenShowcaseBody = Static<typeof BigScreenShowcaseBody>;
