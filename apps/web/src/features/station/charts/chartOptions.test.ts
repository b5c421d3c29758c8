import { describe, expect, it } from 'vitest';
import { numberFormat } from '../../../lib/numberFormat';
import type { EnergyChartData, PowerChartData } from '../detail-api';
import {
  energyChartOption,
  energyTotals,
  isolatedSymbolSize,
  missingRuns,
  powerChartOption,
  shortLabel,
  timeOfDayFormatter,
} from './chartOptions';

const labels = {
  series: { pvKw: 'PV', loadKw: 'Load', gridKw: 'Grid', batteryKw: 'Battery', socPct: 'SOC' },
  noData: 'No data',
};
const energyLabels = {
  series: {
    energyKwh: 'Yield',
    consumptionKwh: 'Consumption',
    importKwh: 'Import',
    exportKwh: 'Export',
    chargeKwh: 'Charge',
    dischargeKwh: 'Discharge',
  },
  noData: 'No data',
};

const T0 = Date.UTC(2026, 5, 1, 0, 0);
const FIVE = 5 * 60_000;

function power(pv: (number | null)[], gaps: { from: number; to: number }[] = []): PowerChartData {
  const ts = pv.map((_, i) => T0 + i * FIVE);
  const none = pv.map(() => null);
  return {
    stationId: 1,
    date: '2026-06-01',
    timeZone: 'UTC',
    intervalMinutes: 5,
    series: { ts, pvKw: pv, loadKw: none, gridKw: none, batteryKw: none, socPct: none },
    gaps,
  };
}

interface LineSeries {
  name: string;
  connectNulls: boolean;
  data: [number, number | null][];
  markArea?: { data: { xAxis: number | string; name?: string }[][] };
}

describe('power curve option', () => {
  it('keeps missing readings as null gaps, never zeros or joined lines, and marks them', () => {
    const gap = { from: T0 + 2 * FIVE, to: T0 + 4 * FIVE };
    const built = powerChartOption(power([1.5, 2, null, null, 3.25]), labels);
    const series = (built.option as { series: LineSeries[] }).series;
    expect(series.map((s) => s.name)).toEqual(['PV']);
    expect(series[0]!.connectNulls).toBe(false);
    expect(series[0]!.data.map(([, v]) => v)).toEqual([1.5, 2, null, null, 3.25]);
    expect(built.nullPoints).toBe(2);

    const marked = powerChartOption(power([1.5, 2, null, null, 3.25], [gap]), labels);
    const area = (marked.option as { series: LineSeries[] }).series[0]!.markArea!.data;
    expect(area).toEqual([[{ xAxis: gap.from, name: 'No data' }, { xAxis: gap.to }]]);
    expect(marked.noDataAreas).toBe(1);
  });

  it('shows a reading between two gaps as a dot, other readings as a line only', () => {
    const size = isolatedSymbolSize([null, 2, null, 3, 4, null]);
    expect([0, 1, 2, 3, 4, 5].map((i) => size(null, { dataIndex: i }))).toEqual([0, 6, 0, 0, 0, 0]);
    expect(isolatedSymbolSize([5])(null, { dataIndex: 0 })).toBe(6);
  });

  it('leaves out device kinds the station lacks and reports a day without any data', () => {
    const empty = powerChartOption(power([null, null], [{ from: T0, to: T0 + 2 * FIVE }]), labels);
    expect(empty.hasData).toBe(false);
    expect(empty.drawn).toEqual([]);
    expect(empty.noDataAreas).toBe(0);
  });

  it('draws a power curve in MW once a value passes 1,000 kW, SOC stays in %', () => {
    const pv = [800, 1500, null];
    const ts = pv.map((_, i) => T0 + i * FIVE);
    const data: PowerChartData = {
      ...power(pv),
      series: {
        ts,
        pvKw: pv,
        loadKw: [null, null, null],
        gridKw: [null, null, null],
        batteryKw: [null, null, null],
        socPct: [40, 55, null],
      },
    };
    const built = powerChartOption(data, labels, numberFormat('ITA'));
    type Line = {
      name: string;
      data: [number, number | null][];
      tooltip: { valueFormatter: (v: unknown) => string };
    };
    const option = built.option as { series: Line[]; yAxis: { name: string }[] };
    expect(built.unit).toBe('MW');
    expect(option.yAxis.map((a) => a.name)).toEqual(['MW', '%']);
    expect(option.series[0]!.data.map(([, v]) => v)).toEqual([0.8, 1.5, null]);
    expect(option.series[0]!.tooltip.valueFormatter(1.5)).toBe('1,50 MW');
    expect(option.series[1]!.data.map(([, v]) => v)).toEqual([40, 55, null]);
    expect(option.series[1]!.tooltip.valueFormatter(55)).toBe('55 %');
    expect(powerChartOption(power([2, 3.5]), labels).unit).toBe('kW');
  });

  it('shows the station-local time of day', () => {
    expect(timeOfDayFormatter('Europe/Berlin')(Date.UTC(2026, 5, 1, 10, 5))).toBe('12:05');
    expect(timeOfDayFormatter('Asia/Shanghai')(Date.UTC(2026, 0, 1, 0, 0))).toBe('08:00');
  });
});

function energy(values: (number | null)[]): EnergyChartData {
  const point = (energyKwh: number | null, i: number) => ({
    label: String(i + 1),
    start: T0 + i * 24 * 3_600_000,
    energyKwh,
    income: null,
    chargeKwh: null,
    dischargeKwh: null,
    importKwh: null,
    exportKwh: null,
    consumptionKwh: null,
  });
  return {
    stationId: 1,
    dimension: 'MONTH',
    currency: 'EUR',
    points: values.map(point),
    totals: { ...point(12, 0), income: 3.5 },
  };
}

describe('energy bars option', () => {
  it('draws no bar for a period without data and marks consecutive gaps as one area', () => {
    const now = T0 + 10 * 24 * 3_600_000;
    const built = energyChartOption(energy([4, null, null, 8, null]), energyLabels, now);
    const series = (built.option as { series: { data: (number | null)[]; markArea: { data: unknown } }[] })
      .series;
    expect(series[0]!.data).toEqual([4, null, null, 8, null]);
    expect(series[0]!.markArea.data).toEqual([
      [{ xAxis: '2', name: 'No data' }, { xAxis: '3' }],
      [{ xAxis: '5', name: 'No data' }, { xAxis: '5' }],
    ]);
    expect(built.nullPoints).toBe(3);
  });

  it('does not call periods still to come missing', () => {
    const now = T0 + 1 * 24 * 3_600_000;
    const built = energyChartOption(energy([4, 5, null, null]), energyLabels, now);
    expect(built.noDataAreas).toBe(0);
    expect(built.nullPoints).toBe(0);
  });

  it('shortens month and year labels on the axis only', () => {
    expect(shortLabel('MONTH', '2026-06-07')).toBe('07');
    expect(shortLabel('YEAR', '2026-06')).toBe('06');
    expect(shortLabel('DAY', '13:00')).toBe('13:00');
    expect(shortLabel('TOTAL', '2026')).toBe('2026');
  });

  it('finds runs of missing indexes', () => {
    expect(missingRuns(6, (i) => [0, 1, 3, 5].includes(i))).toEqual([
      [0, 1],
      [3, 3],
      [5, 5],
    ]);
    expect(missingRuns(0, () => true)).toEqual([]);
  });

  it('scales the axis like the figures: 10,000 kWh in a month draws in MWh', () => {
    const now = T0 + 10 * 24 * 3_600_000;
    type Built = { yAxis: { name: string; axisLabel: { formatter: (v: number) => string } } };
    type Bars = {
      series: { data: (number | null)[] }[];
      tooltip: { valueFormatter: (v: unknown) => string };
    };
    const small = energyChartOption(energy([400, 999.5, null]), energyLabels, now);
    expect([small.unit, (small.option as Built).yAxis.name]).toEqual(['kWh', 'kWh']);
    expect((small.option as unknown as Bars).series[0]!.data).toEqual([400, 999.5, null]);

    const month = energyChartOption(energy([4000, 10_000, null]), energyLabels, now);
    expect([month.unit, (month.option as Built).yAxis.name]).toEqual(['MWh', 'MWh']);
    expect((month.option as unknown as Bars).series[0]!.data).toEqual([4, 10, null]);
    // The tooltip still writes each bar in its own SPEC §9 unit.
    expect((month.option as unknown as Bars).tooltip.valueFormatter(4)).toBe('4.00 MWh');
    expect((month.option as unknown as Bars).tooltip.valueFormatter(0.5)).toBe('500.00 kWh');

    const fleet = energyChartOption(energy([2_500_000, 800_000]), energyLabels, now);
    expect(fleet.unit).toBe('GWh');
    expect((fleet.option as unknown as Bars).series[0]!.data).toEqual([2.5, 0.8]);
  });

  it('writes axis labels and tooltips in the UI language', () => {
    const now = T0 + 10 * 24 * 3_600_000;
    const de = numberFormat('DE');
    const built = energyChartOption(energy([4000, 12_500]), energyLabels, now, de);
    const option = built.option as {
      yAxis: { axisLabel: { formatter: (v: number) => string } };
      tooltip: { valueFormatter: (v: unknown) => string };
    };
    expect(option.yAxis.axisLabel.formatter(12.5)).toBe('12,5');
    expect(option.yAxis.axisLabel.formatter(1250)).toBe('1.250');
    expect(option.tooltip.valueFormatter(12.5)).toBe('12,50 MWh');
  });

  it('lists only the totals the station has', () => {
    expect(energyTotals(energy([1]).totals)).toEqual([{ key: 'energyKwh', kWh: 12 }]);
  });
});
