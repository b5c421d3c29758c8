// Station charts and weather (Step 3): the power curve of a station-local day in 5-minute buckets, energy
// and income per hour / day / month / year from the rollups, the weather at the station, and the public
// /share variants of all three (a share-link token instead of a session). docs/charts.md explains the rules.
import { Type, type Static } from 'typebox';
import { EpochMs } from './paging.js';

export const ChartLimits = {
  /** Width of a power-chart bucket, minutes. */
  powerIntervalMinutes: 5,
  /** Earliest year a chart may ask for. */
  yearMin: 2000,
  /** TOTAL: at most this many years are listed (from the install year to now). */
  totalYearsMax: 50,
  /** Requests per address and window to the public /share chart and weather routes. */
  shareRequestsMax: 120,
  shareWindowSeconds: 60,
  /** Station weather readings older than this are not "current". */
  currentWeatherMaxAgeMinutes: 180,
  /** Forecast: provider timeout, cache lifetime, and how long a failure is remembered. */
  forecastTimeoutMs: 5_000,
  forecastCacheMinutes: 30,
  forecastFailureCacheMinutes: 2,
  forecastDaysMax: 7,
} as const;

/** enMsg keys of this area (texts in locales/chart). */
export const ChartMessage = {
  /** A date after the station's local today. */
  dateInFuture: 'chart.dateInFuture',
  /** A date before ChartLimits.yearMin. */
  dateTooEarly: 'chart.dateTooEarly',
} as const;

export const CHART_DIMENSIONS = ['DAY', 'MONTH', 'YEAR', 'TOTAL'] as const;
export type ChartDimension = (typeof CHART_DIMENSIONS)[number];

export const WEATHER_SOURCES = ['STATION', 'FORECAST', 'NONE'] as const;
export type WeatherSource = (typeof WEATHER_SOURCES)[number];

/**
 * SPEC §3 weather codes (the icon set): 100–104 day sky, 150–153 night sky, 300–318/350/351/399 rain,
 * 400–410/456/457/499 snow, 500–515 fog, haze and dust, 800–807 moon phases, 900 hot, 901 cold, 999 unknown.
 */
export const WEATHER_CODES = [
  100,
  101,
  102,
  103,
  104,
  150,
  151,
  152,
  153,
  ...Array.from({ length: 19 }, (_, i) => 300 + i),
  350,
  351,
  399,
  ...Array.from({ length: 11 }, (_, i) => 400 + i),
  456,
  457,
  499,
  ...Array.from({ length: 16 }, (_, i) => 500 + i),
  ...Array.from({ length: 8 }, (_, i) => 800 + i),
  900,
  901,
  999,
] as const;

const Id = Type.Integer({ minimum: 1 });
const LocalDate = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: 'Station-local date YYYY-MM-DD',
});
const NullableNumber = Type.Union([Type.Null(), Type.Number()]);
const Series = Type.Array(NullableNumber);
/** A share-link token: 32 random bytes, base64url (43 characters). */
export const ShareToken = Type.String({
  minLength: 43,
  maxLength: 43,
  pattern: '^[A-Za-z0-9_-]{43}$',
  description: 'Share-link token',
});

// ---- Power chart ----------------------------------------------------------------------------------------

export const PowerChartQuery = Type.Object(
  { stationId: Id, date: LocalDate },
  { additionalProperties: false },
);
export type PowerChartQuery = Static<typeof PowerChartQuery>;

export const PowerChartShareQuery = Type.Object(
  { token: ShareToken, date: LocalDate },
  { additionalProperties: false },
);
export type PowerChartShareQuery = Static<typeof PowerChartShareQuery>;

export const PowerChartData = Type.Object({
  stationId: Type.Integer(),
  date: Type.String(),
  timeZone: Type.String(),
  intervalMinutes: Type.Literal(5),
  series: Type.Object({
    ts: Type.Array(Type.Integer(), {
      description: 'Bucket starts (epoch ms), every 5 minutes of the local day up to now',
    }),
    pvKw: Series,
    loadKw: Series,
    gridKw: Type.Array(NullableNumber, { description: '+ import, − export' }),
    batteryKw: Type.Array(NullableNumber, { description: '+ charge, − discharge' }),
    socPct: Series,
  }),
  gaps: Type.Array(Type.Object({ from: EpochMs, to: EpochMs }), {
    description: 'Runs of buckets [from, to) in which no device of the station reported',
  }),
});
export type PowerChartData = Static<typeof PowerChartData>;

// ---- Energy chart ---------------------------------------------------------------------------------------

export const ElectricityChartQuery = Type.Object(
  { stationId: Id, dimension: Type.Enum(CHART_DIMENSIONS), date: LocalDate },
  { additionalProperties: false },
);
export type ElectricityChartQuery = Static<typeof ElectricityChartQuery>;

export const ElectricityChartShareQuery = Type.Object(
  { token: ShareToken, dimension: Type.Enum(CHART_DIMENSIONS), date: LocalDate },
  { additionalProperties: false },
);
export type ElectricityChartShareQuery = Static<typeof ElectricityChartShareQuery>;

const EnergyFigures = {
  energyKwh: NullableNumber,
  income: Type.Union([Type.Null(), Type.Number()], { description: 'In the station currency' }),
  chargeKwh: NullableNumber,
  dischargeKwh: NullableNumber,
  importKwh: NullableNumber,
  exportKwh: NullableNumber,
  consumptionKwh: Type.Union([Type.Null(), Type.Number()], {
    description: 'energy + import − export + discharge − charge; null without a meter',
  }),
};

export const EnergyPoint = Type.Object({
  label: Type.String({ description: 'HH:mm (DAY), YYYY-MM-DD (MONTH), YYYY-MM (YEAR), YYYY (TOTAL)' }),
  start: EpochMs,
  ...EnergyFigures,
});
export type EnergyPoint = Static<typeof EnergyPoint>;

export const EnergyTotals = Type.Object(EnergyFigures);
export type EnergyTotals = Static<typeof EnergyTotals>;

export const ElectricityChartData = Type.Object({
  stationId: Type.Integer(),
  dimension: Type.Enum(CHART_DIMENSIONS),
  currency: Type.String(),
  points: Type.Array(EnergyPoint),
  totals: EnergyTotals,
});
export type ElectricityChartData = Static<typeof ElectricityChartData>;

// ---- Weather --------------------------------------------------------------------------------------------

export const WeatherQuery = Type.Object({ stationId: Id }, { additionalProperties: false });
export type WeatherQuery = Static<typeof WeatherQuery>;

export const WeatherShareQuery = Type.Object({ token: ShareToken }, { additionalProperties: false });
export type WeatherShareQuery = Static<typeof WeatherShareQuery>;

export const CurrentWeather = Type.Object({
  ts: EpochMs,
  code: Type.Integer({ description: 'SPEC §3 weather code' }),
  temperatureC: NullableNumber,
  irradianceWm2: NullableNumber,
  windSpeedMs: NullableNumber,
  humidityPct: NullableNumber,
});
export type CurrentWeather = Static<typeof CurrentWeather>;

export const ForecastDay = Type.Object({
  date: Type.String({ description: 'YYYY-MM-DD in the station time zone' }),
  code: Type.Integer({ description: 'SPEC §3 weather code' }),
  minC: Type.Number(),
  maxC: Type.Number(),
});
export type ForecastDay = Static<typeof ForecastDay>;

export const StationWeather = Type.Object({
  source: Type.Enum(WEATHER_SOURCES),
  current: Type.Union([Type.Null(), CurrentWeather]),
  forecast: Type.Array(ForecastDay),
});
export type StationWeather = Static<typeof StationWeather>;
