// The comparison's bar chart: one bar series per station over the periods, the chosen figure on the value
// axis. A period without a figure is null, so its bar is missing — a gap, never a zero (ENGINEERING §4).
import type { EChartsCoreOption } from 'echarts/core';
import type { StatisticsCompareResult, StatisticsRankBy } from '@sunfleet/contracts';
import { figureOf } from './model';

export function comparisonChart(
  result: StatisticsCompareResult,
  metric: StatisticsRankBy,
  axisName: string,
  format: (value: number) => string,
): EChartsCoreOption {
  return {
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v: unknown) => (typeof v === 'number' ? format(v) : '—'),
    },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 56, right: 16, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: result.periods.map((p) => p.key) },
    yAxis: { type: 'value', name: axisName },
    series: result.stations.map((s) => ({
      type: 'bar',
      name: s.name,
      data: s.periods.map((p) => figureOf(p, metric)),
    })),
  };
}
