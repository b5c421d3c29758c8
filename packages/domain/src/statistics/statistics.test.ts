import { describe, expect, it } from 'vitest';
import {
  convertAmount,
  isoWeekKey,
  performanceRatio,
  periodFigures,
  periodKeys,
  rankDescending,
  schedulePeriod,
  shortcutRange,
  specificYield,
  totalFigures,
} from './statistics.js';

describe('yield and performance ratio', () => {
  it('yield is energy per installed kWp, unknown without energy or capacity', () => {
    expect(specificYield(450, 10)).toBe(45);
    expect(specificYield(null, 10)).toBeNull();
    expect(specificYield(450, 0)).toBeNull();
    expect(specificYield(0, 5)).toBe(0);
  });

  it('PR is yield over irradiation in kWh/m² (÷ 1 kW/m²), unknown where irradiance is not measured', () => {
    // 10 kWp, 40 kWh, 5 kWh/m²: yield 4 h, reference yield 5 h → 0.8
    expect(performanceRatio(40, 10, 5)).toBeCloseTo(0.8, 12);
    expect(performanceRatio(40, 10, null)).toBeNull();
    expect(performanceRatio(40, 10, 0)).toBeNull();
    expect(performanceRatio(null, 10, 5)).toBeNull();
  });

  it('totals keep the PR to periods that measured irradiation', () => {
    const convert = (v: number | null): number | null => v;
    const a = periodFigures({ energyKwh: 40, income: 8, irradiationKwhM2: 5 }, 10, convert);
    const b = periodFigures({ energyKwh: 60, income: 12, irradiationKwhM2: null }, 10, convert);
    const c = periodFigures({ energyKwh: null, income: null, irradiationKwhM2: 4 }, 10, convert);
    const total = totalFigures([a, b, c], 10);
    expect(total.energyKwh).toBe(100);
    expect(total.yieldKwhKwp).toBe(10);
    expect(total.income).toBe(20);
    expect(total.irradiationKwhM2).toBe(9);
    expect(total.performanceRatio).toBeCloseTo(0.8, 12);
    expect(totalFigures([b], 10).performanceRatio).toBeNull();
    const none = totalFigures([c, c], 10);
    expect(none.energyKwh).toBeNull();
    expect(none.income).toBeNull();
  });
});

describe('currency conversion', () => {
  it('converts through the USD rates and keeps the same currency untouched', () => {
    // 1 USD = 0.9 EUR = 7.2 CNY → 9 EUR = 10 USD = 72 CNY
    expect(convertAmount(9, { code: 'EUR', rate: 0.9 }, { code: 'CNY', rate: 7.2 })).toBeCloseTo(72, 10);
    expect(convertAmount(9, { code: 'EUR', rate: null }, { code: 'EUR', rate: null })).toBe(9);
  });

  it('answers null rather than a made-up amount', () => {
    expect(convertAmount(null, { code: 'EUR', rate: 0.9 }, { code: 'USD', rate: 1 })).toBeNull();
    expect(convertAmount(9, { code: 'XXX', rate: null }, { code: 'USD', rate: 1 })).toBeNull();
    expect(convertAmount(9, { code: 'EUR', rate: 0 }, { code: 'USD', rate: 1 })).toBeNull();
  });
});

describe('ranking', () => {
  it('ranks highest first, ties share a rank, unknown gets none', () => {
    expect(rankDescending([5, 9, null, 9, 1])).toEqual([3, 1, null, 1, 4]);
    expect(rankDescending([])).toEqual([]);
  });
});

describe('date ranges and periods', () => {
  it('resolves the eight shortcuts around a Wednesday', () => {
    const today = '2026-11-25'; // a Wednesday
    expect(shortcutRange('TODAY', today)).toEqual({ from: today, to: today });
    expect(shortcutRange('YESTERDAY', today)).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(shortcutRange('THIS_WEEK', today)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(shortcutRange('LAST_WEEK', today)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(shortcutRange('THIS_MONTH', today)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(shortcutRange('LAST_MONTH', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(shortcutRange('THIS_YEAR', today)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(shortcutRange('LAST_YEAR', '2026-01-01')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(shortcutRange('THIS_WEEK', '2026-11-29').from).toBe('2026-11-23'); // Sunday
  });

  it('lists the periods a span touches, stopping one past the limit', () => {
    expect(periodKeys('DAY', '2026-02-27', '2026-03-01', 10)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
    expect(periodKeys('MONTH', '2025-12-15', '2026-02-01', 10)).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(periodKeys('YEAR', '2024-06-01', '2026-01-01', 10)).toEqual(['2024', '2025', '2026']);
    expect(periodKeys('DAY', '2026-01-01', '2026-12-31', 31)).toHaveLength(32);
  });

  it('names the mailing period: ISO week or month', () => {
    expect(isoWeekKey('2026-01-01')).toBe('2026-W01'); // a Thursday
    expect(isoWeekKey('2027-01-01')).toBe('2026-W53'); // a Friday of the 53rd week
    expect(isoWeekKey('2026-11-23')).toBe('2026-W48');
    expect(isoWeekKey('2026-11-29')).toBe('2026-W48');
    expect(schedulePeriod('WEEKLY', '2026-11-30')).toBe('2026-W49');
    expect(schedulePeriod('MONTHLY', '2026-11-30')).toBe('2026-11');
    expect(schedulePeriod('NONE', '2026-11-30')).toBeNull();
  });
});
