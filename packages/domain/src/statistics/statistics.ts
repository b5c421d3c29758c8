// Income and yield statistics (docs/statistics.md): the figures of a station in a period, the ranking,
// currency conversion, the date-range shortcuts and the mailing periods. Pure: no clock, no I/O.
// Missing data stays missing: every function answers null rather than inventing a zero.
import type {
  StatisticsFigures,
  StatisticsGranularity,
  StatisticsSchedule,
  StatisticsShortcut,
} from '@sunfleet/contracts';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { sumKnown } from '../energy/balance.js';

dayjs.extend(utc);

/** Irradiance at standard test conditions (kW/m²). */
export const STC_IRRADIANCE_KW_M2 = 1;

const known = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** Energy ÷ installed capacity (kWh/kWp, equivalent full-load hours); null without both. */
export function specificYield(energyKwh: number | null, capacityKwp: number): number | null {
  return known(energyKwh) && capacityKwp > 0 ? energyKwh / capacityKwp : null;
}

/**
 * Performance ratio (IEC 61724): yield ÷ reference yield, the reference yield being the irradiation in
 * kWh/m² divided by the STC irradiance of 1 kW/m². Null where irradiation is not measured (or zero).
 */
export function performanceRatio(
  energyKwh: number | null,
  capacityKwp: number,
  irradiationKwhM2: number | null,
): number | null {
  const y = specificYield(energyKwh, capacityKwp);
  if (y === null || !known(irradiationKwhM2) || irradiationKwhM2 <= 0) return null;
  return y / (irradiationKwhM2 / STC_IRRADIANCE_KW_M2);
}

/**
 * An amount in one currency expressed in another through the reference rates (units per 1 USD, as the
 * currencies table keeps them). Null when the amount or a usable rate is missing.
 */
export function convertAmount(
  amount: number | null,
  from: { code: string; rate: number | null },
  to: { code: string; rate: number | null },
): number | null {
  if (!known(amount)) return null;
  if (from.code === to.code) return amount;
  if (!known(from.rate) || !known(to.rate) || from.rate <= 0 || to.rate <= 0) return null;
  return (amount / from.rate) * to.rate;
}

/** The stored facts of one station in one period; income in the station's currency. */
export interface PeriodFacts {
  energyKwh: number | null;
  income: number | null;
  irradiationKwhM2: number | null;
}

/** Turns a period's facts into its figures; `convert` brings the income into the chosen currency. */
export function periodFigures(
  facts: PeriodFacts,
  capacityKwp: number,
  convert: (amount: number | null) => number | null,
): StatisticsFigures {
  return {
    energyKwh: known(facts.energyKwh) ? facts.energyKwh : null,
    yieldKwhKwp: specificYield(facts.energyKwh, capacityKwp),
    income: convert(facts.income),
    irradiationKwhM2: known(facts.irradiationKwhM2) ? facts.irradiationKwhM2 : null,
    performanceRatio: performanceRatio(facts.energyKwh, capacityKwp, facts.irradiationKwhM2),
  };
}

/**
 * A station's figures over all its periods: energy, income and irradiation summed over the periods that
 * know them; the performance ratio only over periods with both energy and irradiation, so a period
 * without a measurement neither lowers nor raises it.
 */
export function totalFigures(periods: readonly StatisticsFigures[], capacityKwp: number): StatisticsFigures {
  const energyKwh = sumKnown(periods.map((p) => p.energyKwh));
  const measured = periods.filter((p) => known(p.energyKwh) && known(p.irradiationKwhM2));
  return {
    energyKwh,
    yieldKwhKwp: specificYield(energyKwh, capacityKwp),
    income: sumKnown(periods.map((p) => p.income)),
    irradiationKwhM2: sumKnown(periods.map((p) => p.irradiationKwhM2)),
    performanceRatio:
      measured.length === 0
        ? null
        : performanceRatio(
            sumKnown(measured.map((p) => p.energyKwh)),
            capacityKwp,
            sumKnown(measured.map((p) => p.irradiationKwhM2)),
          ),
  };
}

/**
 * Competition ranking, highest first: equal values share a rank and the next rank skips (1, 1, 3);
 * unknown values get no rank.
 */
export function rankDescending(values: readonly (number | null)[]): (number | null)[] {
  return values.map((v) => {
    if (!known(v)) return null;
    return 1 + values.filter((other) => known(other) && other > v).length;
  });
}

const DAY = 'YYYY-MM-DD';

/**
 * The first and last day of a shortcut relative to `today` (a local date, YYYY-MM-DD). Weeks start on
 * Monday (ISO 8601).
 */
export function shortcutRange(shortcut: StatisticsShortcut, today: string): { from: string; to: string } {
  const t = dayjs.utc(today);
  const monday = t.subtract((t.day() + 6) % 7, 'day');
  const span = (a: dayjs.Dayjs, b: dayjs.Dayjs): { from: string; to: string } => ({
    from: a.format(DAY),
    to: b.format(DAY),
  });
  switch (shortcut) {
    case 'TODAY':
      return span(t, t);
    case 'YESTERDAY':
      return span(t.subtract(1, 'day'), t.subtract(1, 'day'));
    case 'THIS_WEEK':
      return span(monday, monday.add(6, 'day'));
    case 'LAST_WEEK':
      return span(monday.subtract(7, 'day'), monday.subtract(1, 'day'));
    case 'THIS_MONTH':
      return span(t.startOf('month'), t.endOf('month'));
    case 'LAST_MONTH': {
      const m = t.startOf('month').subtract(1, 'month');
      return span(m, m.endOf('month'));
    }
    case 'THIS_YEAR':
      return span(t.startOf('year'), t.endOf('year'));
    case 'LAST_YEAR': {
      const y = t.startOf('year').subtract(1, 'year');
      return span(y, y.endOf('year'));
    }
  }
}

/** True for a real month YYYY-MM. */
export function isCalendarMonth(value: string): boolean {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}

/**
 * The period keys of a granularity that the days from…to touch: 'YYYY-MM-DD' per day, 'YYYY-MM' per
 * month, 'YYYY' per year, in order. Answers at most `max + 1` keys, so a caller can refuse too many.
 */
export function periodKeys(
  granularity: StatisticsGranularity,
  from: string,
  to: string,
  max: number,
): string[] {
  const unit = granularity === 'DAY' ? 'day' : granularity === 'MONTH' ? 'month' : 'year';
  const format = granularity === 'DAY' ? DAY : granularity === 'MONTH' ? 'YYYY-MM' : 'YYYY';
  const keys: string[] = [];
  let at = dayjs.utc(from).startOf(unit);
  const end = dayjs.utc(to);
  while (!at.isAfter(end) && keys.length <= max) {
    keys.push(at.format(format));
    at = at.add(1, unit);
  }
  return keys;
}

/** ISO 8601 week of a day, as '2026-W05'. */
export function isoWeekKey(day: string): string {
  const d = dayjs.utc(day);
  const thursday = d.add(3 - ((d.day() + 6) % 7), 'day');
  const week = Math.floor((thursday.diff(thursday.startOf('year'), 'day') + 7) / 7);
  return `${thursday.format('YYYY')}-W${String(week).padStart(2, '0')}`;
}

/**
 * The mailing period a scheduled view is due for on `today`: the ISO week ('2026-W48') for WEEKLY, the
 * month ('2026-11') for MONTHLY; null for NONE. A view is mailed once per such key.
 */
export function schedulePeriod(schedule: StatisticsSchedule, today: string): string | null {
  switch (schedule) {
    case 'NONE':
      return null;
    case 'WEEKLY':
      return isoWeekKey(today);
    case 'MONTHLY':
      return today.slice(0, 7);
  }
}
