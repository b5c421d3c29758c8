// Income and yield statistics (SPEC §1; docs/statistics.md): stations compared by day, month or year —
// energy, yield (kWh/kWp), performance ratio where irradiance is measured, income in a chosen currency —
// with a ranking, an XLSX export and saved views that can be mailed weekly or monthly.
import { Type, type Static } from 'typebox';
import { Limits } from '../limits.js';
import { RuleSchemas } from '../rules/schemas.js';

export const StatisticsLimits = {
  /** Stations compared side by side. */
  stationsMax: 20,
  /** Custom months side by side (SPEC §9: at most 6 custom months, "select up to six items"). */
  customMonthsMax: Limits.customMonths,
  /** Periods of one comparison per granularity. */
  daysMax: 62,
  monthsMax: 36,
  yearsMax: 10,
  /** Saved views one user keeps. */
  viewsPerUserMax: 20,
  viewNameMax: 64,
  /** Addresses a mailed view goes to. */
  recipientsMax: 10,
  yearMin: 2000,
} as const;

export const STATISTICS_GRANULARITIES = ['DAY', 'MONTH', 'YEAR'] as const;
export type StatisticsGranularity = (typeof STATISTICS_GRANULARITIES)[number];

/**
 * The date-range shortcuts of the statistics screen (SPEC §9: at most 8 shortcuts). One list: the range
 * picker shows them, saved views store one of them as their range rule and the mailing job resolves it.
 */
export const STATISTICS_SHORTCUTS = [
  'TODAY',
  'YESTERDAY',
  'THIS_WEEK',
  'LAST_WEEK',
  'THIS_MONTH',
  'LAST_MONTH',
  'THIS_YEAR',
  'LAST_YEAR',
] as const;
export type StatisticsShortcut = (typeof STATISTICS_SHORTCUTS)[number];

export const STATISTICS_RANK_BY = ['ENERGY', 'YIELD', 'INCOME', 'PR'] as const;
export type StatisticsRankBy = (typeof STATISTICS_RANK_BY)[number];

export const STATISTICS_SCHEDULES = ['NONE', 'WEEKLY', 'MONTHLY'] as const;
export type StatisticsSchedule = (typeof STATISTICS_SCHEDULES)[number];

/** enMsg keys of this area (texts in locales/statistics). */
export const StatisticsMessage = {
  tooManyStations: 'statistics.tooManyStations',
  tooManyPeriods: 'statistics.tooManyPeriods',
  fromAfterTo: 'statistics.fromAfterTo',
  rangeMissing: 'statistics.rangeMissing',
  monthsNeedMonthly: 'statistics.monthsNeedMonthly',
  monthInvalid: 'statistics.monthInvalid',
  monthDuplicate: 'statistics.monthDuplicate',
  dateInvalid: 'statistics.dateInvalid',
  unknownCurrency: 'statistics.unknownCurrency',
  tooManyViews: 'statistics.tooManyViews',
  recipientsRequired: 'statistics.recipientsRequired',
  recipientDuplicate: 'statistics.recipientDuplicate',
  nameTaken: 'statistics.nameTaken',
} as const;

const Id = Type.Integer({ minimum: 1 });
const LocalDay = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'YYYY-MM-DD' });
const Currency = Type.String({
  minLength: 1,
  maxLength: Limits.currencyCodeMax,
  description: 'A currency code of the reference data (income is converted into it)',
});

export const StatisticsCompareQuery = Type.Object(
  {
    stationIds: Type.String({
      pattern: '^[0-9]{1,10}(,[0-9]{1,10})*$',
      maxLength: 400,
      description: `Comma-separated station ids, 1 to ${StatisticsLimits.stationsMax}`,
    }),
    granularity: Type.Enum(STATISTICS_GRANULARITIES),
    from: Type.Optional(LocalDay),
    to: Type.Optional(LocalDay),
    months: Type.Optional(
      Type.String({
        pattern: '^[0-9]{4}-[0-9]{2}(,[0-9]{4}-[0-9]{2})*$',
        maxLength: 200,
        description: `Custom months YYYY-MM,… (granularity MONTH, at most ${StatisticsLimits.customMonthsMax}); instead of from/to`,
      }),
    ),
    currency: Currency,
    rankBy: Type.Optional(Type.Enum(STATISTICS_RANK_BY)),
  },
  { additionalProperties: false },
);
export type StatisticsCompareQuery = Static<typeof StatisticsCompareQuery>;

const Num = Type.Union([Type.Number(), Type.Null()]);

/** Figures of one station in one period, or summed over all periods (null: not known, never zero). */
const figureProps = {
  energyKwh: Num,
  /** Energy ÷ installed capacity (kWh/kWp); null without energy or capacity. */
  yieldKwhKwp: Num,
  /** Energy × the station's price, converted into the chosen currency; null without energy or a rate. */
  income: Num,
  /** In-plane/global irradiation measured by the station's weather station (kWh/m²). */
  irradiationKwhM2: Num,
  /** Yield ÷ (irradiation ÷ 1 kW/m²); null where irradiance is not measured. */
  performanceRatio: Num,
};
export const StatisticsFigures = Type.Object(figureProps);
export type StatisticsFigures = Static<typeof StatisticsFigures>;

export const StatisticsPeriod = Type.Object({
  /** 'YYYY-MM-DD', 'YYYY-MM' or 'YYYY'. */
  key: Type.String(),
});
export type StatisticsPeriod = Static<typeof StatisticsPeriod>;

export const StatisticsStationRow = Type.Object({
  stationId: Type.Integer(),
  name: Type.String(),
  capacityKwp: Type.Number(),
  timeZone: Type.String(),
  /** The station's own currency (its price's). */
  stationCurrency: Type.String(),
  measuresIrradiance: Type.Boolean(),
  /** 1 = best by rankBy; equal figures share a rank; null when the figure is not known. */
  rank: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  totals: StatisticsFigures,
  /** One entry per period, in the order of `periods`. */
  periods: Type.Array(Type.Object({ key: Type.String(), ...figureProps })),
});
export type StatisticsStationRow = Static<typeof StatisticsStationRow>;

export const StatisticsCompareResult = Type.Object({
  granularity: Type.Enum(STATISTICS_GRANULARITIES),
  currency: Type.String(),
  rankBy: Type.Enum(STATISTICS_RANK_BY),
  periods: Type.Array(StatisticsPeriod),
  /** Sorted by rank (unknown last). */
  stations: Type.Array(StatisticsStationRow),
  /** Over all stations: energy and income summed, yield = energy ÷ capacity of the stations with energy. */
  totals: Type.Object({ energyKwh: Num, income: Num, yieldKwhKwp: Num }),
});
export type StatisticsCompareResult = Static<typeof StatisticsCompareResult>;

const Recipients = Type.Array(RuleSchemas.email, { maxItems: StatisticsLimits.recipientsMax });

const viewProps = {
  name: Type.String({ minLength: 1, maxLength: StatisticsLimits.viewNameMax }),
  stationIds: Type.Array(Id, { minItems: 1, maxItems: StatisticsLimits.stationsMax }),
  granularity: Type.Enum(STATISTICS_GRANULARITIES),
  range: Type.Enum(STATISTICS_SHORTCUTS),
  currency: Currency,
  rankBy: Type.Enum(STATISTICS_RANK_BY),
  schedule: Type.Enum(STATISTICS_SCHEDULES),
  /** Required (1…10) when schedule is not NONE. */
  recipients: Recipients,
};
export const StatisticsViewBody = Type.Object(viewProps, { additionalProperties: false });
export type StatisticsViewBody = Static<typeof StatisticsViewBody>;

export const StatisticsViewUpdateBody = Type.Object(
  { id: Id, ...viewProps },
  { additionalProperties: false },
);
export type StatisticsViewUpdateBody = Static<typeof StatisticsViewUpdateBody>;

export const StatisticsView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  stationIds: Type.Array(Type.Integer()),
  granularity: Type.Enum(STATISTICS_GRANULARITIES),
  range: Type.Enum(STATISTICS_SHORTCUTS),
  currency: Type.String(),
  rankBy: Type.Enum(STATISTICS_RANK_BY),
  schedule: Type.Enum(STATISTICS_SCHEDULES),
  recipients: Type.Array(Type.String()),
  /** The last schedule period mailed ('2026-W47', '2026-11'), null before the first mail. */
  lastSentPeriod: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type StatisticsView = Static<typeof StatisticsView>;
