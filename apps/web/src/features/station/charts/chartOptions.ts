// Pure builders of the station chart options. Missing data stays null (a gap, never a zero and never a
// line drawn across it: connectNulls false) and every gap carries a visible "no data" area. Axes scale
// like the figures (kWh → MWh → GWh, kW → MW → GW) and every number is written in the UI language.
import type { EChartsCoreOption } from 'echarts/core';
import { ENERGY_STEPS, POWER_STEPS, scaleStepFor, toMaxDecimals, type ScaleStep } from '@sunfleet/domain';
import { numberFormat, type NumberFormat } from '../../../lib/numberFormat';
import type { EnergyChartData, EnergyDimension, EnergyFigures, PowerChartData } from '../detail-api';

const DAY_MS = 24 * 3_600_000;
const NO_DATA_AREA = { color: 'rgba(140, 140, 140, 0.14)' };

export const POWER_SERIES = ['pvKw', 'loadKw', 'gridKw', 'batteryKw'] as const;
export type PowerSeriesKey = (typeof POWER_SERIES)[number] | 'socPct';

export const POWER_COLORS: Record<PowerSeriesKey, string> = {
  pvKw: '#fa8c16',
  loadKw: '#1677ff',
  gridKw: '#722ed1',
  batteryKw: '#52c41a',
  socPct: '#13c2c2',
};

export interface BuiltChart {
  option: EChartsCoreOption;
  /** The unit of the value axis (kWh, MWh, …; kW, MW, …). */
  unit: string;
  /** Series drawn (kinds whose every value is null are left out). */
  drawn: string[];
  /** Null points over the drawn series: what is shown as gaps. */
  nullPoints: number;
  /** Number of "no data" areas marked. */
  noDataAreas: number;
  /** False when nothing at all can be drawn. */
  hasData: boolean;
}

const hasValue = (values: readonly (number | null)[]): boolean => values.some((v) => v !== null);

/** A value of the base unit in an axis step (null stays null: a gap). */
const inStep = (value: number | null | undefined, step: ScaleStep): number | null =>
  value === null || value === undefined ? null : value / step.factor;

/** Axis tick labels in the UI language: up to two decimals, grouped (0,5 · 1.250 in German). */
const axisLabel = (fmt: NumberFormat) => (value: number) => toMaxDecimals(value, 2, true, fmt.locale);
const countNulls = (values: readonly (number | null)[]): number => values.filter((v) => v === null).length;

/** "HH:mm" of an instant in the station's time zone (the power curve shows the station's local day). */
export function timeOfDayFormatter(timeZone: string): (ts: number) => string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    });
  } catch {
    format = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });
  }
  return (ts) => format.format(new Date(ts));
}

/** Size of a point's dot: shown only for a value whose neighbours are both missing (no line reaches it). */
export function isolatedSymbolSize(
  values: readonly (number | null)[],
): (value: unknown, params: { dataIndex: number }) => number {
  return (_value, { dataIndex }) =>
    values[dataIndex] !== null &&
    values[dataIndex] !== undefined &&
    (values[dataIndex - 1] ?? null) === null &&
    (values[dataIndex + 1] ?? null) === null
      ? 6
      : 0;
}

export interface PowerLabels {
  series: Record<PowerSeriesKey, string>;
  noData: string;
}

/**
 * Today's (or a chosen day's) power curve: the power series on the left axis in the unit their largest
 * value reaches (kW, MW, GW), battery SOC in % on the right.
 */
export function powerChartOption(
  data: PowerChartData,
  labels: PowerLabels,
  fmt: NumberFormat = numberFormat(undefined),
): BuiltChart {
  const { ts } = data.series;
  const timeOf = timeOfDayFormatter(data.timeZone);
  const kinds = POWER_SERIES.filter((key) => hasValue(data.series[key]));
  const withSoc = hasValue(data.series.socPct);
  const drawn: PowerSeriesKey[] = withSoc ? [...kinds, 'socPct'] : [...kinds];
  const step = scaleStepFor(
    kinds.flatMap((key) => data.series[key]),
    POWER_STEPS,
  );
  const areas = data.gaps.map((gap) => [{ xAxis: gap.from, name: labels.noData }, { xAxis: gap.to }]);

  const series = drawn.map((key, index) => ({
    type: 'line',
    name: labels.series[key],
    yAxisIndex: key === 'socPct' ? 1 : 0,
    // A reading between two gaps draws no line segment; only a dot shows it.
    showSymbol: true,
    symbol: 'circle',
    symbolSize: isolatedSymbolSize(data.series[key]),
    connectNulls: false,
    lineStyle: { width: 2, ...(key === 'socPct' ? { type: 'dashed' } : {}) },
    itemStyle: { color: POWER_COLORS[key] },
    ...(key === 'pvKw' ? { areaStyle: { opacity: 0.15 } } : {}),
    data: ts.map((t, i) => [
      t,
      key === 'socPct' ? (data.series[key][i] ?? null) : inStep(data.series[key][i], step),
    ]),
    // The series are drawn in the axis unit; the tooltip writes each value in its own SPEC §9 unit.
    tooltip: {
      valueFormatter: (value: unknown) =>
        typeof value !== 'number'
          ? '-'
          : key === 'socPct'
            ? `${fmt.fixed(value, 0)} %`
            : fmt.powerText(value * step.factor),
    },
    ...(index === 0 && areas.length > 0
      ? {
          markArea: {
            silent: true,
            itemStyle: NO_DATA_AREA,
            label: { show: true, position: 'insideTop', color: '#8c8c8c' },
            data: areas,
          },
        }
      : {}),
  }));

  const start = ts[0] ?? Date.parse(`${data.date}T00:00:00Z`);
  return {
    option: {
      animation: false,
      grid: { left: 48, right: withSoc ? 48 : 16, top: 40, bottom: 32, containLabel: false },
      legend: { top: 0, type: 'scroll' },
      tooltip: { trigger: 'axis' },
      xAxis: {
        type: 'time',
        min: start,
        max: start + DAY_MS,
        axisLabel: { formatter: (value: number) => timeOf(value), hideOverlap: true },
      },
      yAxis: [
        { type: 'value', name: step.unit, scale: false, axisLabel: { formatter: axisLabel(fmt) } },
        ...(withSoc
          ? [
              {
                type: 'value',
                name: '%',
                min: 0,
                max: 100,
                splitLine: { show: false },
                axisLabel: { formatter: axisLabel(fmt) },
              },
            ]
          : []),
      ],
      series,
    },
    unit: step.unit,
    drawn,
    nullPoints: drawn.reduce((sum, key) => sum + countNulls(data.series[key]), 0),
    noDataAreas: drawn.length > 0 ? areas.length : 0,
    hasData: drawn.length > 0,
  };
}

export const ENERGY_SERIES = [
  'energyKwh',
  'consumptionKwh',
  'importKwh',
  'exportKwh',
  'chargeKwh',
  'dischargeKwh',
] as const;
export type EnergySeriesKey = (typeof ENERGY_SERIES)[number];

const ENERGY_COLORS: Record<EnergySeriesKey, string> = {
  energyKwh: '#fa8c16',
  consumptionKwh: '#1677ff',
  importKwh: '#722ed1',
  exportKwh: '#eb2f96',
  chargeKwh: '#52c41a',
  dischargeKwh: '#13c2c2',
};

export interface EnergyLabels {
  series: Record<EnergySeriesKey, string>;
  noData: string;
}

/** The axis shows the day of a month's days (YYYY-MM-DD → DD) and the month of a year's months (→ MM). */
export function shortLabel(dimension: EnergyDimension, label: string): string {
  if (dimension === 'MONTH' && /^\d{4}-\d{2}-\d{2}$/.test(label)) return label.slice(8);
  if (dimension === 'YEAR' && /^\d{4}-\d{2}$/.test(label)) return label.slice(5);
  return label;
}

/** Runs of consecutive indexes where `missing` holds, as [first, last] pairs. */
export function missingRuns(count: number, missing: (index: number) => boolean): [number, number][] {
  const runs: [number, number][] = [];
  let from = -1;
  for (let i = 0; i <= count; i++) {
    const gap = i < count && missing(i);
    if (gap && from < 0) from = i;
    if (!gap && from >= 0) {
      runs.push([from, i - 1]);
      from = -1;
    }
  }
  return runs;
}

/**
 * Energy bars of a day (hours), month (days), year (months) or the station's life (years). A period
 * without data has no bar and a "no data" area; periods still to come are left plain.
 */
export function energyChartOption(
  data: EnergyChartData,
  labels: EnergyLabels,
  now: number = Date.now(),
  fmt: NumberFormat = numberFormat(undefined),
): BuiltChart {
  const { points } = data;
  const kinds = ENERGY_SERIES.filter((key) => hasValue(points.map((p) => p[key])));
  // The axis unit the largest bar reaches: a month of 10,000 kWh draws in MWh (0 … 10), like its figures.
  const step = scaleStepFor(
    kinds.flatMap((key) => points.map((p) => p[key])),
    ENERGY_STEPS,
  );
  const main: EnergySeriesKey = kinds[0] ?? 'energyKwh';
  const runs = missingRuns(points.length, (i) => {
    const p = points[i];
    return p !== undefined && p.start <= now && kinds.every((key) => p[key] === null);
  });
  const categories = points.map((p) => p.label);
  const areas = runs.map(([from, to]) => [
    { xAxis: categories[from], name: labels.noData },
    { xAxis: categories[to] },
  ]);
  const series = (kinds.length > 0 ? kinds : [main]).map((key, index) => ({
    type: 'bar',
    name: labels.series[key],
    itemStyle: { color: ENERGY_COLORS[key] },
    barMaxWidth: 28,
    data: points.map((p) => inStep(p[key], step)),
    ...(index === 0 && areas.length > 0
      ? {
          markArea: {
            silent: true,
            itemStyle: NO_DATA_AREA,
            label: { show: true, position: 'insideTop', color: '#8c8c8c' },
            data: areas,
          },
        }
      : {}),
  }));
  return {
    option: {
      animation: false,
      grid: { left: 56, right: 16, top: 40, bottom: 32 },
      legend: { top: 0, type: 'scroll' },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (value: unknown) =>
          typeof value === 'number' ? fmt.energyText(value * step.factor) : '-',
      },
      xAxis: {
        type: 'category',
        data: categories,
        axisLabel: { hideOverlap: true, formatter: (label: string) => shortLabel(data.dimension, label) },
      },
      yAxis: { type: 'value', name: step.unit, axisLabel: { formatter: axisLabel(fmt) } },
      series,
    },
    unit: step.unit,
    drawn: kinds,
    nullPoints: points.filter((p) => p.start <= now && p[main] === null).length,
    noDataAreas: areas.length,
    hasData: kinds.length > 0,
  };
}

/** The totals row under an energy chart: only figures the station has. */
export function energyTotals(totals: EnergyFigures): { key: EnergySeriesKey; kWh: number }[] {
  return ENERGY_SERIES.flatMap((key) => {
    const kWh = totals[key];
    return kWh === null ? [] : [{ key, kWh }];
  });
}

/** The date picker granularity of each dimension (TOTAL has none). */
export const PICKER_OF: Record<EnergyDimension, 'date' | 'month' | 'year' | undefined> = {
  DAY: 'date',
  MONTH: 'month',
  YEAR: 'year',
  TOTAL: undefined,
};
