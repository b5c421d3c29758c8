// Income and yield statistics (docs/statistics.md): checks a comparison, reads the stations in scope, their
// rollups and measured irradiation, and assembles figures, totals and ranking with the rules of
// packages/domain. Saved views belong to the user who saved them; their stations are checked against
// the caller's scope on every save and every read.
import {
  RuleMessage,
  StatisticsLimits,
  StatisticsMessage,
  type StatisticsCompareResult,
  type StatisticsFigures,
  type StatisticsGranularity,
  type StatisticsRankBy,
  type StatisticsStationRow,
} from '@sunfleet/contracts';
import {
  convertAmount,
  isCalendarMonth,
  isLocalDate,
  localDate,
  periodFigures,
  periodKeys,
  rankDescending,
  shortcutRange,
  specificYield,
  sumKnown,
  totalFigures,
  type PeriodFacts,
} from '@sunfleet/domain';
import type { Db } from '../../db/client.js';
import { Errors } from '../../lib/errors.js';
import { invalidField } from '../reference/sql-helpers.js';
import type { Scope } from '../tenancy/scope.js';
import { StatisticsRepository, type RollupFact, type StatisticsStation } from './statistics.repository.js';

/** A checked comparison: which stations, which periods, in which currency, ranked by what. */
export interface Comparison {
  stationIds: number[];
  granularity: StatisticsGranularity;
  /** Period keys in order ('YYYY-MM-DD', 'YYYY-MM' or 'YYYY'). */
  keys: string[];
  currency: string;
  rankBy: StatisticsRankBy;
}

export interface CompareInput {
  stationIds: string;
  granularity: StatisticsGranularity;
  from?: string | undefined;
  to?: string | undefined;
  months?: string | undefined;
  currency: string;
  rankBy?: StatisticsRankBy | undefined;
}

/** Station ids are PostgreSQL integers. */
const INT4_MAX = 2_147_483_647;

const PERIOD_MAX: Record<StatisticsGranularity, number> = {
  DAY: StatisticsLimits.daysMax,
  MONTH: StatisticsLimits.monthsMax,
  YEAR: StatisticsLimits.yearsMax,
};

/** Checks the query (4000 with the field and the message key); nothing is read yet. */
export function checkComparison(input: CompareInput): Comparison {
  const stationIds = [...new Set(input.stationIds.split(',').map(Number))];
  if (stationIds.some((id) => !Number.isSafeInteger(id) || id < 1 || id > INT4_MAX))
    throw invalidField('querystring.stationIds', 'rule.format', 'station ids are positive integers');
  if (stationIds.length > StatisticsLimits.stationsMax)
    throw invalidField(
      'querystring.stationIds',
      StatisticsMessage.tooManyStations,
      `at most ${StatisticsLimits.stationsMax} stations`,
    );
  const base = { stationIds, granularity: input.granularity, currency: input.currency };
  const rankBy = input.rankBy ?? 'YIELD';
  if (input.months !== undefined) {
    const field = 'querystring.months';
    if (input.granularity !== 'MONTH')
      throw invalidField(field, StatisticsMessage.monthsNeedMonthly, 'custom months need granularity MONTH');
    const months = input.months.split(',');
    if (months.length > StatisticsLimits.customMonthsMax)
      throw invalidField(
        field,
        RuleMessage.selectUpToSix,
        `at most ${StatisticsLimits.customMonthsMax} months`,
      );
    const bad = months.find((m) => !isCalendarMonth(m) || Number(m.slice(0, 4)) < StatisticsLimits.yearMin);
    if (bad !== undefined) throw invalidField(field, StatisticsMessage.monthInvalid, `${bad} is not a month`);
    if (new Set(months).size !== months.length)
      throw invalidField(field, StatisticsMessage.monthDuplicate, 'a month is listed twice');
    return { ...base, keys: [...months].sort(), rankBy };
  }
  if (input.from === undefined || input.to === undefined)
    throw invalidField(
      'querystring.from',
      StatisticsMessage.rangeMissing,
      'from and to, or months, are required',
    );
  for (const [field, value] of [
    ['querystring.from', input.from],
    ['querystring.to', input.to],
  ] as const) {
    if (!isLocalDate(value) || Number(value.slice(0, 4)) < StatisticsLimits.yearMin)
      throw invalidField(field, StatisticsMessage.dateInvalid, `${value} is not a calendar date`);
  }
  if (input.from > input.to)
    throw invalidField('querystring.from', StatisticsMessage.fromAfterTo, 'from is after to');
  const max = PERIOD_MAX[input.granularity];
  const keys = periodKeys(input.granularity, input.from, input.to, max);
  if (keys.length > max)
    throw invalidField('querystring.to', StatisticsMessage.tooManyPeriods, `at most ${max} periods`);
  return { ...base, keys, rankBy };
}

/** The comparison of a saved view's range rule on `now`, each date as of UTC (docs/statistics.md). */
export function comparisonOfRule(
  view: {
    stationIds: number[];
    granularity: StatisticsGranularity;
    currency: string;
    rankBy: StatisticsRankBy;
  },
  range: Parameters<typeof shortcutRange>[0],
  nowMs: number,
): Comparison {
  const { from, to } = shortcutRange(range, localDate(nowMs, 'UTC'));
  return {
    stationIds: view.stationIds,
    granularity: view.granularity,
    keys: periodKeys(view.granularity, from, to, PERIOD_MAX[view.granularity]).slice(
      0,
      PERIOD_MAX[view.granularity],
    ),
    currency: view.currency,
    rankBy: view.rankBy,
  };
}

const DAY_MS = 86_400_000;

/** The first instant (UTC calendar) after the last period: the next day, month or year. */
function endOfLast(granularity: StatisticsGranularity, last: string): number {
  const year = Number(last.slice(0, 4));
  if (granularity === 'YEAR') return Date.UTC(year + 1, 0, 1);
  if (granularity === 'MONTH') return Date.UTC(year, Number(last.slice(5, 7)), 1);
  return Date.parse(`${last}T00:00:00Z`) + DAY_MS;
}

const keyOf = (granularity: StatisticsGranularity, day: string): string =>
  granularity === 'DAY' ? day : granularity === 'MONTH' ? day.slice(0, 7) : day.slice(0, 4);

export class StatisticsService {
  readonly repo: StatisticsRepository;

  constructor(db: Db) {
    this.repo = new StatisticsRepository(db);
  }

  /** Stations of the ids in scope, in the order asked; any foreign or missing id → 4004. */
  async stationsInScope(scope: Scope, ids: readonly number[]): Promise<StatisticsStation[]> {
    const found = await this.repo.stations(scope, ids);
    const byId = new Map(found.map((s) => [s.id, s]));
    return ids.map((id) => {
      const station = byId.get(id);
      if (station === undefined) throw Errors.notFound();
      return station;
    });
  }

  async checkCurrency(code: string, field: string): Promise<void> {
    const rates = await this.repo.rates([code]);
    if (!rates.has(code))
      throw invalidField(field, StatisticsMessage.unknownCurrency, `${code} is not a currency`);
  }

  async compare(scope: Scope, c: Comparison): Promise<StatisticsCompareResult> {
    await this.checkCurrency(c.currency, 'querystring.currency');
    const stations = await this.stationsInScope(scope, c.stationIds);
    const facts = await this.facts(c, stations);
    const rates = await this.repo.rates([c.currency, ...new Set(facts.rollups.map((f) => f.currency))]);
    const target = { code: c.currency, rate: rates.get(c.currency) ?? null };
    const rows: Omit<StatisticsStationRow, 'rank'>[] = stations.map((s) => {
      const periods = c.keys.map((key) => {
        const own = facts.rollups.filter((f) => f.stationId === s.id && keyOf(c.granularity, f.day) === key);
        const sun = facts.irradiation.get(`${String(s.id)}|${key}`) ?? null;
        const income = own.map((f) =>
          convertAmount(f.income, { code: f.currency, rate: rates.get(f.currency) ?? null }, target),
        );
        const known: PeriodFacts = {
          energyKwh: sumKnown(own.map((f) => f.energyKwh)),
          // One row whose currency has no rate makes the period's income unknown, not smaller.
          income: income.includes(null) ? null : sumKnown(income),
          irradiationKwhM2: sun,
        };
        return { key, ...periodFigures(known, s.capacityKwp, (v) => v) };
      });
      return {
        stationId: s.id,
        name: s.name,
        capacityKwp: s.capacityKwp,
        timeZone: s.timeZone,
        stationCurrency: s.currency,
        measuresIrradiance: s.measuresIrradiance,
        totals: totalFigures(periods, s.capacityKwp),
        periods,
      };
    });
    const pick = (f: StatisticsFigures): number | null =>
      c.rankBy === 'ENERGY'
        ? f.energyKwh
        : c.rankBy === 'INCOME'
          ? f.income
          : c.rankBy === 'PR'
            ? f.performanceRatio
            : f.yieldKwhKwp;
    const ranks = rankDescending(rows.map((r) => pick(r.totals)));
    const ranked = rows
      .map((r, i) => ({ ...r, rank: ranks[i] ?? null }))
      .sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.name.localeCompare(b.name));
    const energyKwh = sumKnown(ranked.map((r) => r.totals.energyKwh));
    const withEnergy = ranked.filter((r) => r.totals.energyKwh !== null);
    return {
      granularity: c.granularity,
      currency: c.currency,
      rankBy: c.rankBy,
      periods: c.keys.map((key) => ({ key })),
      stations: ranked,
      totals: {
        energyKwh,
        income: sumKnown(ranked.map((r) => r.totals.income)),
        yieldKwhKwp: specificYield(
          energyKwh,
          withEnergy.reduce((sum, r) => sum + r.capacityKwp, 0),
        ),
      },
    };
  }

  /** Rollup rows of the periods and measured irradiation by "stationId|key". */
  private async facts(
    c: Comparison,
    stations: readonly StatisticsStation[],
  ): Promise<{ rollups: RollupFact[]; irradiation: Map<string, number> }> {
    const ids = stations.map((s) => s.id);
    const first = c.keys[0] ?? '2000';
    const last = c.keys[c.keys.length - 1] ?? '2000';
    const firstDay =
      c.granularity === 'DAY' ? first : c.granularity === 'MONTH' ? `${first}-01` : `${first}-01-01`;
    const lastDay =
      c.granularity === 'DAY' ? last : c.granularity === 'MONTH' ? `${last}-01` : `${last}-12-01`;
    const wanted = new Set(c.keys);
    const rollups = (
      c.granularity === 'DAY'
        ? await this.repo.dayFacts(ids, firstDay, lastDay)
        : await this.repo.monthFacts(ids, firstDay, lastDay)
    ).filter((f) => wanted.has(keyOf(c.granularity, f.day)));
    const measuring = stations.filter((s) => s.measuresIrradiance).map((s) => s.id);
    const irradiation = new Map<string, number>();
    if (measuring.length > 0) {
      // Local days lie within a day of UTC days: read a day more on each side, keep the wanted keys.
      const fromMs = Date.parse(`${firstDay}T00:00:00Z`) - DAY_MS;
      const toMs = endOfLast(c.granularity, last) + DAY_MS;
      for (const f of await this.repo.irradiation(measuring, fromMs, toMs)) {
        const key = keyOf(c.granularity, f.day);
        if (!wanted.has(key)) continue;
        const id = `${String(f.stationId)}|${key}`;
        irradiation.set(id, (irradiation.get(id) ?? 0) + f.kwhM2);
      }
    }
    return { rollups, irradiation };
  }
}
