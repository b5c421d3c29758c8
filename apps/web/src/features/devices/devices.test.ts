import { describe, expect, it } from 'vitest';
import { formatMeasure, gapThresholdMs, mpptChannels, seriesWithGaps } from './format';
import { columnsOfModel, defaultMeasure, historyMeasuresOf } from './measures';
import { meterFigures } from './MeterDetailPage';
import { mpptRows } from './components/MpptTable';
import { lastDaysRange } from './components/HistoryPanel';
import { lastUtcDays, lossRateText } from './components/PacketLossCard';
import { dayStart, daysRange, formatInZone, nextDate, todayIn, zoneOffsetMinutes } from './zoneTime';
import { detailPathOf } from '../../lib/paths';
import type { DeviceGroup } from './api';

const MIN = 60_000;

describe('formatMeasure (SPEC §9 through packages/domain)', () => {
  it('scales power and energy, keeps two decimals and the unit otherwise', () => {
    expect(formatMeasure(5230, 'W')).toBe('5.23 kW');
    expect(formatMeasure(1_500_000, 'W')).toBe('1.50 MW');
    expect(formatMeasure(12_345_000, 'Wh')).toBe('12.35 MWh');
    expect(formatMeasure(230.14, 'V')).toBe('230.14 V');
    expect(formatMeasure(50, 'Hz')).toBe('50.00 Hz');
    expect(formatMeasure(3, null)).toBe('3');
  });
  it('shows empty values as "-" and text values as they are', () => {
    expect(formatMeasure(null, 'W')).toBe('-');
    expect(formatMeasure(undefined, 'V')).toBe('-');
    expect(formatMeasure('', 'V')).toBe('-');
    expect(formatMeasure('V1.2.3', null)).toBe('V1.2.3');
    expect(formatMeasure('12.5', 'A')).toBe('12.50 A');
  });
});

describe('chart gaps', () => {
  const rows = (times: number[], value: (i: number) => number | null = () => 1) =>
    times.map((ts, i) => ({ ts, values: { power_w: value(i) } }));

  it('puts a null point into a pause longer than the threshold, so the line breaks there', () => {
    const points = seriesWithGaps(rows([0, 5 * MIN, 10 * MIN, 60 * MIN, 65 * MIN]), 'power_w', 15 * MIN);
    expect(points).toEqual([
      [0, 1],
      [5 * MIN, 1],
      [10 * MIN, 1],
      [10 * MIN + 1, null],
      [60 * MIN, 1],
      [65 * MIN, 1],
    ]);
  });
  it('keeps missing values null, never zero', () => {
    const points = seriesWithGaps(
      rows([0, MIN, 2 * MIN], (i) => (i === 1 ? null : 7)),
      'power_w',
      5 * MIN,
    );
    expect(points.map((p) => p[1])).toEqual([7, null, 7]);
    expect(seriesWithGaps(rows([0]), 'energy_today_wh', MIN)).toEqual([[0, null]]);
  });
  it('takes three usual intervals as the threshold', () => {
    expect(gapThresholdMs([0, 5 * MIN, 10 * MIN, 15 * MIN, 60 * MIN])).toBe(15 * MIN);
    expect(gapThresholdMs([0, 1000, 2000, 3000])).toBe(MIN);
    expect(gapThresholdMs([0])).toBe(5 * MIN);
  });
});

describe('MPPT table', () => {
  const groups: DeviceGroup[] = [
    {
      key: 'mppt',
      nameKey: 'displayGroup.mppt',
      measures: [
        { key: 'DCV_1', nameKey: 'register.DCV_1', unit: 'V' },
        { key: 'DCA_1', nameKey: 'register.DCA_1', unit: 'A' },
        { key: 'DCW_1', nameKey: 'register.DCW_1', unit: 'W' },
      ],
    },
  ];
  it('has only the channels the model has, at most 15', () => {
    expect(mpptChannels(2)).toEqual([1, 2]);
    expect(mpptChannels(0)).toEqual([]);
    expect(mpptChannels(40)).toHaveLength(15);
  });
  it('shows V / I / P of each channel, "-" for a value not reported', () => {
    const rows = mpptRows(2, groups, { DCV_1: 612.4, DCA_1: 8.25, DCW_1: 5052, DCV_2: 600 });
    expect(rows).toEqual([
      { channel: 1, v: '612.40 V', i: '8.25 A', p: '5.05 kW' },
      { channel: 2, v: '600.00 V', i: '-', p: '-' },
    ]);
  });
});

describe('history measures of a model', () => {
  it('maps the built-in inverter registers to their telemetry columns', () => {
    const columns = columnsOfModel('SF-INV-3P-50K');
    expect(columns.get('W')).toBe('power_w');
    expect(columns.get('WH')).toBe('energy_total_wh');
    expect(columns.get('WHToday')).toBe('energy_today_wh');
    // MPPT arrays are not columns of the history API.
    expect(columns.has('DCV_1')).toBe(false);
    expect(columnsOfModel('SOMEONE-ELSES-MODEL').size).toBe(0);
  });
  it('keeps display-group order and defaults to active power', () => {
    const measures = historyMeasuresOf({
      model: 'SF-INV-1P-5K',
      groups: [
        {
          key: 'energy',
          nameKey: 'displayGroup.energy',
          measures: [{ key: 'WH', nameKey: 'register.WH', unit: 'Wh' }],
        },
        {
          key: 'ac',
          nameKey: 'displayGroup.ac',
          measures: [
            { key: 'VA', nameKey: 'register.VA', unit: 'VA' },
            { key: 'W', nameKey: 'register.W', unit: 'W' },
          ],
        },
      ],
    });
    expect(measures.map((m) => m.key)).toEqual(['WH', 'W']);
    expect(defaultMeasure(measures)?.column).toBe('power_w');
    expect(defaultMeasure([])).toBeUndefined();
  });
});

describe('station days', () => {
  it('knows zone offsets, summer time included', () => {
    expect(zoneOffsetMinutes('UTC', Date.UTC(2026, 6, 1))).toBe(0);
    expect(zoneOffsetMinutes('Europe/Berlin', Date.UTC(2026, 6, 1))).toBe(120);
    expect(zoneOffsetMinutes('Europe/Berlin', Date.UTC(2026, 0, 1))).toBe(60);
    expect(zoneOffsetMinutes('Asia/Shanghai', Date.UTC(2026, 0, 1))).toBe(480);
    expect(zoneOffsetMinutes('America/New_York', Date.UTC(2026, 0, 1))).toBe(-300);
  });
  it('starts a local day at local midnight, also on a daylight-saving day', () => {
    expect(dayStart('2026-07-01', 'Europe/Berlin')).toBe(Date.UTC(2026, 5, 30, 22));
    // 29 March 2026: clocks go forward at 02:00, so the day has 23 hours.
    const range = daysRange('2026-03-29', '2026-03-29', 'Europe/Berlin');
    expect(range.from).toBe(Date.UTC(2026, 2, 28, 23));
    expect(range.to - range.from + 1).toBe(23 * 60 * MIN);
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
  });
  it('formats instants and today in the station zone', () => {
    expect(formatInZone(Date.UTC(2026, 0, 1, 23, 30), 'Asia/Shanghai')).toBe('2026-01-02 07:30:00');
    expect(todayIn('Asia/Shanghai', Date.UTC(2026, 0, 1, 23, 30))).toBe('2026-01-02');
    expect(todayIn('America/New_York', Date.UTC(2026, 0, 1, 3))).toBe('2025-12-31');
  });
  it('builds quick ranges ending today', () => {
    expect(lastDaysRange(1, '2026-03-10')).toEqual(['2026-03-10', '2026-03-10']);
    expect(lastDaysRange(7, '2026-03-10')).toEqual(['2026-03-04', '2026-03-10']);
    expect(lastUtcDays(7, Date.UTC(2026, 2, 10, 12))).toEqual(['2026-03-04', '2026-03-10']);
  });
});

describe('meter and logger figures', () => {
  it('splits the meter power into import and export (W positive = import)', () => {
    expect(meterFigures({ W: 1500, TotWhImp: 10, TotWhExp: 20, PhV: 231, Hz: 50 })).toEqual({
      importW: 1500,
      exportW: 0,
      importWh: 10,
      exportWh: 20,
      voltageV: 231,
      frequencyHz: 50,
    });
    const exporting = meterFigures({ W: -800 });
    expect([exporting.importW, exporting.exportW, exporting.voltageV]).toEqual([0, 800, null]);
    expect(meterFigures(undefined).importW).toBeNull();
  });
  it('shows the loss rate in percent', () => {
    expect(lossRateText(0.0123)).toBe('1.23 %');
    expect(lossRateText(0)).toBe('0.00 %');
  });
  it('links each device kind to its detail page with the SN as tab title', () => {
    expect(detailPathOf('INVERTER', 5, 'SFI1')).toBe('/device/detail/5?tagTitleSuffix=SFI1');
    expect(detailPathOf('METER', 6, 'SF M')).toBe('/electricityMeter/detail/6?tagTitleSuffix=SF%20M');
    expect(detailPathOf('GATEWAY', 7, 'L')).toBe('/gateway/detail/7?tagTitleSuffix=L');
    expect(detailPathOf('BATTERY', 8, 'B')).toBeNull();
  });
});
