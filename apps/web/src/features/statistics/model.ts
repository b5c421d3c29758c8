// The statistics screen's state and how it becomes a query (docs/statistics.md): pure, tested beside it.
import {
  StatisticsLimits,
  type StatisticsCompareQuery,
  type StatisticsFigures,
  type StatisticsGranularity,
  type StatisticsRankBy,
  type StatisticsShortcut,
  type StatisticsView,
} from '@sunfleet/contracts';
import { shortcutRange } from '@sunfleet/domain';

export interface StatisticsFilters {
  stationIds: number[];
  granularity: StatisticsGranularity;
  /** Local days 'YYYY-MM-DD'. */
  from: string;
  to: string;
  /** Custom months 'YYYY-MM' (granularity MONTH only); when set they replace from…to. */
  months: string[];
  currency: string;
  rankBy: StatisticsRankBy;
}

export function defaultFilters(today: string, currency: string): StatisticsFilters {
  const { from, to } = shortcutRange('THIS_YEAR', today);
  return { stationIds: [], granularity: 'MONTH', from, to, months: [], currency, rankBy: 'YIELD' };
}

/** The compare/export query of the filters; null while no station is chosen. */
export function compareQuery(f: StatisticsFilters): StatisticsCompareQuery | null {
  if (f.stationIds.length === 0 || f.currency === '') return null;
  const base = {
    stationIds: f.stationIds.join(','),
    granularity: f.granularity,
    currency: f.currency,
    rankBy: f.rankBy,
  };
  if (f.granularity === 'MONTH' && f.months.length > 0)
    return { ...base, months: [...f.months].sort().join(',') };
  return { ...base, from: f.from, to: f.to };
}

/** The filters a saved view opens with on `today`. */
export function filtersOfView(view: StatisticsView, today: string): StatisticsFilters {
  const { from, to } = shortcutRange(view.range, today);
  return {
    stationIds: view.stationIds,
    granularity: view.granularity,
    from,
    to,
    months: [],
    currency: view.currency,
    rankBy: view.rankBy,
  };
}

/** The custom months the picker offers: the last `count` months, newest first. */
export function recentMonths(today: string, count: number = StatisticsLimits.monthsMax): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return Array.from({ length: count }, (_, i) => {
    const m = year * 12 + (month - 1) - i;
    return `${String(Math.floor(m / 12))}-${String((m % 12) + 1).padStart(2, '0')}`;
  });
}

/** The figure a metric shows. */
export function figureOf(f: StatisticsFigures, metric: StatisticsRankBy): number | null {
  switch (metric) {
    case 'ENERGY':
      return f.energyKwh;
    case 'YIELD':
      return f.yieldKwhKwp;
    case 'INCOME':
      return f.income;
    case 'PR':
      return f.performanceRatio;
  }
}

/** A shortcut's range is the range picker's preset. */
export const shortcutDays = (shortcut: StatisticsShortcut, today: string): [string, string] => {
  const { from, to } = shortcutRange(shortcut, today);
  return [from, to];
};
