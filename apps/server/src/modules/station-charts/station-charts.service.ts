// Station charts and weather: checks the dates, finds the station (by scope, or by a share-link token)
// and assembles the answers. Rules in docs/charts.md.
import {
  ChartLimits,
  ChartMessage,
  TelemetryApiMessage,
  type ChartDimension,
  type ElectricityChartData,
  type EnergyTotals,
  type PowerChartData,
  type StationWeather,
} from '@sunfleet/contracts';
import {
  energyBalance,
  localDate,
  localDayRange,
  localYear,
  sumKnown,
  type StationKinds,
} from '@sunfleet/domain';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import { invalidField } from '../reference/sql-helpers.js';
import { resolveShareToken } from '../share-links/share-token.js';
import { calendarDay } from '../telemetry/ranges.js';
import { StationAnswers, type StationAnswersOptions } from '../stations/station-answers.js';
import type { Scope } from '../tenancy/scope.js';
import type { ForecastClient } from './forecast.js';
import { assemblePowerChart, BUCKET_MS } from './power-chart.js';
import { StationChartsRepository, type ChartStation, type EnergyRow } from './station-charts.repository.js';
import { skyCode } from './weather-code.js';

const FIELD = 'querystring.date';

/** Who asks: a caller with a scope, or the holder of a share-link token. */
export type ChartAccess = { scope: Scope; stationId: number } | { token: string };

const num = (v: number | string | null | undefined): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : null;

export class StationChartsService {
  private readonly repo: StationChartsRepository;
  /**
   * Charts of logged-in callers, kept a few seconds (stations/station-answers.ts). Share-link answers are
   * always read afresh: a revoked link must stop at once, and link changes are not notified.
   */
  private readonly powerCharts: StationAnswers<PowerChartData>;
  private readonly energyCharts: StationAnswers<ElectricityChartData>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly forecast: ForecastClient,
    answers?: StationAnswersOptions,
  ) {
    this.repo = new StationChartsRepository(db);
    this.powerCharts = new StationAnswers(answers, clock);
    this.energyCharts = new StationAnswers(answers, clock);
  }

  powerChart(access: ChartAccess, date: string): Promise<PowerChartData> {
    if (!('scope' in access)) return this.readPowerChart(access, date);
    return this.powerCharts.load(access.scope, `${String(access.stationId)}|${date}`, () =>
      this.readPowerChart(access, date),
    );
  }

  electricityChart(
    access: ChartAccess,
    dimension: ChartDimension,
    date: string,
  ): Promise<ElectricityChartData> {
    if (!('scope' in access)) return this.readElectricityChart(access, dimension, date);
    return this.energyCharts.load(access.scope, `${String(access.stationId)}|${dimension}|${date}`, () =>
      this.readElectricityChart(access, dimension, date),
    );
  }

  private async readPowerChart(access: ChartAccess, date: string): Promise<PowerChartData> {
    checkDate(date);
    const station = await this.station(access);
    const now = this.clock.now().getTime();
    if (date > localDate(now, station.timeZone))
      throw invalidField(FIELD, ChartMessage.dateInFuture, 'after the station’s today');
    const day = localDayRange(date, station.timeZone);
    const until = Math.min(day.endMs, now);
    const rows = await this.repo.curve(station.id, day.startMs, until);
    return assemblePowerChart({
      stationId: station.id,
      date,
      timeZone: station.timeZone,
      startMs: day.startMs,
      endMs: day.endMs,
      untilMs: until,
      kinds: station.kinds,
      rows,
    });
  }

  private async readElectricityChart(
    access: ChartAccess,
    dimension: ChartDimension,
    date: string,
  ): Promise<ElectricityChartData> {
    checkDate(date);
    const station = await this.station(access);
    const rows = await this.energyRows(station, dimension, date);
    const points = rows.map((row) => ({
      label: row.label,
      start: Math.max(0, row.startMs),
      ...figures(row, station.kinds),
    }));
    return { stationId: station.id, dimension, currency: station.currency, points, totals: totalsOf(points) };
  }

  async weather(access: ChartAccess): Promise<StationWeather> {
    const station = await this.station(access);
    const now = this.clock.now().getTime();
    const [reading, forecast] = await Promise.all([
      this.repo.weatherReading(station.id),
      this.forecast.daily(station.latitude, station.longitude, station.timeZone),
    ]);
    const fresh =
      reading !== null && now - reading.ts <= ChartLimits.currentWeatherMaxAgeMinutes * 60_000
        ? reading
        : null;
    const current =
      fresh === null
        ? null
        : {
            ts: fresh.ts,
            code: skyCode({
              ms: fresh.ts,
              irradianceWm2: num(fresh.values.GHI),
              latitude: station.latitude,
              longitude: station.longitude,
            }),
            temperatureC: num(fresh.values.TmpAmb),
            irradianceWm2: num(fresh.values.GHI),
            windSpeedMs: num(fresh.values.WndSpd),
            humidityPct: num(fresh.values.RH),
          };
    const source = current !== null ? 'STATION' : forecast.length > 0 ? 'FORECAST' : 'NONE';
    return { source, current, forecast };
  }

  private energyRows(station: ChartStation, dimension: ChartDimension, date: string): Promise<EnergyRow[]> {
    switch (dimension) {
      case 'DAY':
        return this.repo.hours(station, date);
      case 'MONTH':
        return this.repo.days(station, date);
      case 'YEAR':
        return this.repo.months(station, date);
      case 'TOTAL': {
        const lastYear = localYear(this.clock.now().getTime(), station.timeZone);
        const since = localYear(station.sinceMs, station.timeZone);
        const firstYear = Math.max(since, lastYear - ChartLimits.totalYearsMax + 1, ChartLimits.yearMin);
        return this.repo.years(station, Math.min(firstYear, lastYear), lastYear);
      }
    }
  }

  private async station(access: ChartAccess): Promise<ChartStation> {
    const now = this.clock.now();
    const station =
      'token' in access
        ? await this.byToken(access.token, now)
        : await this.repo.station(access.stationId, access.scope, now);
    if (station === null) throw Errors.notFound();
    return station;
  }

  private async byToken(token: string, now: Date): Promise<ChartStation | null> {
    const stationId = await resolveShareToken(this.db, token);
    return stationId === null ? null : this.repo.station(stationId, null, now);
  }
}

function checkDate(date: string): void {
  if (calendarDay(date) === null)
    throw invalidField(FIELD, TelemetryApiMessage.dateInvalid, 'not a calendar date');
  if (Number(date.slice(0, 4)) < ChartLimits.yearMin)
    throw invalidField(FIELD, ChartMessage.dateTooEarly, `before ${ChartLimits.yearMin}`);
}

type Figures = Omit<ElectricityChartData['points'][number], 'label' | 'start'>;

/** A period's figures: kinds the station lacks are null, consumption is the energy balance's load. */
function figures(row: EnergyRow, kinds: StationKinds): Figures {
  const chargeKwh = kinds.batteries ? row.chargeKwh : null;
  const dischargeKwh = kinds.batteries ? row.dischargeKwh : null;
  const importKwh = kinds.meters ? row.importKwh : null;
  const exportKwh = kinds.meters ? row.exportKwh : null;
  const flows = energyBalance(
    {
      pv: row.energyKwh,
      grid: importKwh === null || exportKwh === null ? null : importKwh - exportKwh,
      battery: chargeKwh === null || dischargeKwh === null ? null : chargeKwh - dischargeKwh,
    },
    kinds,
  );
  return {
    energyKwh: row.energyKwh,
    income: row.income,
    chargeKwh,
    dischargeKwh,
    importKwh,
    exportKwh,
    consumptionKwh: flows.load,
  };
}

/** Sums of the periods that have a value; null when none has. */
function totalsOf(points: readonly Figures[]): EnergyTotals {
  const sum = (pick: (p: Figures) => number | null): number | null => sumKnown(points.map(pick));
  return {
    energyKwh: sum((p) => p.energyKwh),
    income: sum((p) => p.income),
    chargeKwh: sum((p) => p.chargeKwh),
    dischargeKwh: sum((p) => p.dischargeKwh),
    importKwh: sum((p) => p.importKwh),
    exportKwh: sum((p) => p.exportKwh),
    consumptionKwh: sum((p) => p.consumptionKwh),
  };
}

/** Buckets of today's curve a live `curve` event carries: the newest few, which the rollups still move. */
const LIVE_CURVE_BUCKETS = 3;

/**
 * The newest buckets of the station's power curve today (the power chart's shape, a few buckets long),
 * for live streams; null when the station is gone or the day has none yet.
 */
export async function recentCurve(db: Db, nowMs: number, stationId: number): Promise<PowerChartData | null> {
  const repo = new StationChartsRepository(db);
  const station = await repo.station(stationId, null, new Date(nowMs));
  if (station === null) return null;
  const date = localDate(nowMs, station.timeZone);
  const day = localDayRange(date, station.timeZone);
  const until = Math.min(day.endMs, nowMs);
  const lastBucket = Math.floor((until - 1) / BUCKET_MS) * BUCKET_MS;
  const startMs = Math.max(day.startMs, lastBucket - (LIVE_CURVE_BUCKETS - 1) * BUCKET_MS);
  const rows = await repo.curve(stationId, startMs, until);
  if (rows.length === 0) return null;
  return assemblePowerChart({
    stationId,
    date,
    timeZone: station.timeZone,
    startMs,
    endMs: day.endMs,
    untilMs: until,
    kinds: station.kinds,
    rows,
  });
}
