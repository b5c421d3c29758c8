import { describe, expect, it } from 'vitest';
import type { StatisticsCompareResult } from '@sunfleet/contracts';
import { comparisonChart } from './chartOption';
import { compareQuery, defaultFilters, filtersOfView, recentMonths } from './model';

describe('statistics screen model', () => {
  it('asks nothing until a station is chosen, then by range or by custom months', () => {
    const f = defaultFilters('2026-11-25', 'EUR');
    expect(compareQuery(f)).toBeNull();
    const withStations = { ...f, stationIds: [3, 1] };
    expect(compareQuery(withStations)).toEqual({
      stationIds: '3,1',
      granularity: 'MONTH',
      currency: 'EUR',
      rankBy: 'YIELD',
      from: '2026-01-01',
      to: '2026-12-31',
    });
    expect(compareQuery({ ...withStations, months: ['2026-03', '2026-01'] })).toMatchObject({
      months: '2026-01,2026-03',
    });
    // Custom months only count for the month granularity.
    expect(compareQuery({ ...withStations, granularity: 'DAY', months: ['2026-03'] })).not.toHaveProperty(
      'months',
    );
  });

  it('opens a saved view with its range rule resolved on the day', () => {
    const f = filtersOfView(
      {
        id: 1,
        name: 'x',
        stationIds: [1],
        granularity: 'DAY',
        range: 'LAST_WEEK',
        currency: 'USD',
        rankBy: 'ENERGY',
        schedule: 'NONE',
        recipients: [],
        lastSentPeriod: null,
        updatedAt: '',
      },
      '2026-11-25',
    );
    expect([f.from, f.to, f.currency]).toEqual(['2026-11-16', '2026-11-22', 'USD']);
  });

  it('offers the recent months across a year boundary', () => {
    expect(recentMonths('2026-02-10', 3)).toEqual(['2026-02', '2026-01', '2025-12']);
  });

  it('keeps missing figures as gaps in the chart', () => {
    const figures = { yieldKwhKwp: null, income: null, irradiationKwhM2: null, performanceRatio: null };
    const result: StatisticsCompareResult = {
      granularity: 'MONTH',
      currency: 'EUR',
      rankBy: 'ENERGY',
      periods: [{ key: '2026-01' }, { key: '2026-02' }],
      totals: { energyKwh: 5, income: null, yieldKwhKwp: null },
      stations: [
        {
          stationId: 1,
          name: 'A',
          capacityKwp: 0,
          timeZone: 'UTC',
          stationCurrency: 'EUR',
          measuresIrradiance: false,
          rank: 1,
          totals: { energyKwh: 5, ...figures },
          periods: [
            { key: '2026-01', energyKwh: 5, ...figures },
            { key: '2026-02', energyKwh: null, ...figures },
          ],
        },
      ],
    };
    const option = comparisonChart(result, 'ENERGY', 'kWh', String) as { series: { data: unknown[] }[] };
    expect(option.series[0]!.data).toEqual([5, null]);
  });
});
