import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT_IN_DEFINITIONS, type RegisterDefinition } from '@sunfleet/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { formatMeasure, gapThresholdMs, measureText, seriesWithGaps } from './format';
import { defaultMeasure, historyMeasuresOf } from './measures';
import { batteryFigures, compareStrings, inverterFigures, median, meterFigures } from './model';
import { lastDaysRange } from './components/HistoryPanel';
import { lastUtcDays, lossRateText } from './components/PacketLossCard';
import { deviationText } from './components/StringsCard';
import { numberFormat } from '../../lib/numberFormat';
import { detailPathOf } from '../../lib/paths';
import type { DeviceGroup, DeviceMeasure } from './api';

const MIN = 60_000;
const LOCALES = join(__dirname, '../../../../../packages/contracts/locales');
const table = (area: string): Record<string, string> =>
  JSON.parse(readFileSync(join(LOCALES, area, 'EN.json'), 'utf8')) as Record<string, string>;

beforeAll(async () => {
  i18n.addResourceBundle('EN', 'translation', { ...table('registry'), ...table('deviceWeb') }, true, true);
  await i18n.changeLanguage('EN');
});

/** The display groups GET /device/{id} gives a device of a built-in definition, all measures kept. */
function groupsOf(code: string, keep: (r: RegisterDefinition) => boolean = () => true): DeviceGroup[] {
  const definition = BUILT_IN_DEFINITIONS.find((d) => d.code === code);
  const groups = new Map<string, DeviceGroup>();
  for (const r of definition?.registers.filter(keep) ?? []) {
    const group = groups.get(r.group) ?? { key: r.group, nameKey: `displayGroup.${r.group}`, measures: [] };
    group.measures.push({
      key: r.key,
      nameKey: r.nameKey,
      unit: r.unit === '' ? null : r.unit,
      column: r.column,
      values: r.values ?? [],
    });
    groups.set(r.group, group);
  }
  return [...groups.values()];
}

const measure = (over: Partial<DeviceMeasure> & Pick<DeviceMeasure, 'key'>): DeviceMeasure => ({
  nameKey: `register.${over.key}`,
  unit: null,
  column: null,
  values: [],
  ...over,
});

describe('formatMeasure (SPEC §9 through packages/domain)', () => {
  it('scales power and energy, keeps two decimals and the unit otherwise', () => {
    expect(formatMeasure(5230, 'W')).toBe('5.23 kW');
    expect(formatMeasure(1_500_000, 'W')).toBe('1.50 MW');
    expect(formatMeasure(12_345_000, 'Wh')).toBe('12.35 MWh');
    expect(formatMeasure(230.14, 'V')).toBe('230.14 V');
    expect(formatMeasure(50, 'Hz')).toBe('50.00 Hz');
    expect(formatMeasure(3, null)).toBe('3');
  });
  it('scales apparent and reactive power beside active power, and shows the power factor as a ratio', () => {
    // The inverter page used to read "470.00 VA" and "100.00 %" beside kW values.
    expect(formatMeasure(470, 'VA')).toBe('0.47 kVA');
    expect(formatMeasure(0, 'var')).toBe('0.00 kvar');
    expect(formatMeasure(100, '%', 'PF')).toBe('1.00');
  });
  it('writes the figures in the UI language: a decimal comma in German and Italian', () => {
    const de = numberFormat('DE').locale;
    expect(formatMeasure(5230, 'W', undefined, de)).toBe('5,23 kW');
    expect(formatMeasure(12_345_000, 'Wh', undefined, de)).toBe('12,35 MWh');
    expect(formatMeasure(230.14, 'V', undefined, de)).toBe('230,14 V');
    expect(formatMeasure(41.5, '°C', undefined, numberFormat('ITA').locale)).toBe('41,50 °C');
    expect(formatMeasure(230.14, 'V', undefined, numberFormat('CN').locale)).toBe('230.14 V');
    expect(formatMeasure('V1.2.3', null, undefined, de)).toBe('V1.2.3');
  });

  it('shows empty values as "-" and text values as they are', () => {
    expect(formatMeasure(null, 'W')).toBe('-');
    expect(formatMeasure(undefined, 'V')).toBe('-');
    expect(formatMeasure('', 'V')).toBe('-');
    expect(formatMeasure('V1.2.3', null)).toBe('V1.2.3');
    expect(formatMeasure('12.5', 'A')).toBe('12.50 A');
  });
});

describe('enumerated values as words', () => {
  const measures = groupsOf('sunspec-inverter-3p').flatMap((g) => g.measures);
  const byKey = (key: string): DeviceMeasure => measures.find((m) => m.key === key)!;

  it('decodes the operating state and switches from the protocol definition', () => {
    expect(measureText(i18n.t, byKey('St'), 4)).toBe('Producing (MPPT)');
    expect(measureText(i18n.t, byKey('St'), 2)).toBe('Sleeping (no light)');
    expect(measureText(i18n.t, byKey('Conn'), 1)).toBe('Connected');
    expect(measureText(i18n.t, byKey('WMaxLim_Ena'), 0)).toBe('Disabled');
    const modes = groupsOf('sunspec-storage')
      .flatMap((g) => g.measures)
      .find((m) => m.key === 'WorkMode')!;
    expect(measureText(i18n.t, modes, 4)).toBe('Time-shared control');
  });
  it('shows a value the definition does not name as a marked number, and plain measures as numbers', () => {
    expect(measureText(i18n.t, byKey('St'), 42)).toBe('42 (unknown)');
    expect(measureText(i18n.t, byKey('St'), null)).toBe('-');
    expect(measureText(i18n.t, byKey('W'), 4000)).toBe('4.00 kW');
    expect(measureText(i18n.t, byKey('PF'), 100)).toBe('1.00');
    expect(measureText(i18n.t, byKey('VA'), 470)).toBe('0.47 kVA');
    expect(measureText(i18n.t, byKey('W'), 4000, 'de-DE')).toBe('4,00 kW');
    expect(measureText(i18n.t, byKey('St'), 4, 'de-DE')).toBe('Producing (MPPT)');
  });
});

describe('strings in use and their comparison', () => {
  const device = (mpptCount: number, mpptInUse: number[]) => ({
    mpptCount,
    mpptInUse,
    groups: groupsOf('sunspec-inverter-3p'),
  });

  it('shows only the inputs with something connected, not all fifteen of the definition', () => {
    // A 15-input model with strings on inputs 1–3; inputs 4…15 report 0 V and 0 A.
    const values: Record<string, number> = {};
    for (let n = 1; n <= 15; n++)
      Object.assign(values, { [`DCV_${n}`]: 0, [`DCA_${n}`]: 0, [`DCW_${n}`]: 0 });
    Object.assign(values, { DCV_1: 610, DCA_1: 8.2, DCV_2: 612, DCA_2: 8.3, DCV_3: 608, DCA_3: 8.25 });
    const result = compareStrings(device(15, [1, 2, 3]), values);
    expect(result.rows.map((r) => r.channel)).toEqual([1, 2, 3]);
    expect(result.rows[0]?.voltage.value).toBe(610);
    expect(result.rows[0]?.voltage.measure?.key).toBe('DCV_1');
  });

  it('keeps an input used lately at night, adds one that reports now, never beyond the model', () => {
    const night = compareStrings(device(2, [1, 2]), { DCV_1: 0, DCA_1: 0, DCV_2: 0, DCA_2: 0 });
    expect(night.rows.map((r) => r.channel)).toEqual([1, 2]);
    expect(night.compared).toBe(false);
    expect(compareStrings(device(2, []), { DCV_2: 420 }).rows.map((r) => r.channel)).toEqual([2]);
    expect(compareStrings(device(2, [1]), { DCV_3: 420 }).rows.map((r) => r.channel)).toEqual([1]);
    expect(compareStrings(device(0, []), {}).rows).toEqual([]);
  });

  it('compares each current with the median and highlights a string more than 10 % off', () => {
    const values = {
      DCA_1: 8,
      DCA_2: 8.4,
      DCA_3: 6,
      DCA_4: 8.2,
      DCV_1: 600,
      DCV_2: 600,
      DCV_3: 600,
      DCV_4: 600,
    };
    const result = compareStrings(device(4, [1, 2, 3, 4]), values);
    expect(result.medianA).toBeCloseTo(8.1, 9);
    expect(result.compared).toBe(true);
    expect(result.rows.map((r) => r.deviates)).toEqual([false, false, true, false]);
    expect(result.rows[2]?.deviation).toBeCloseTo((6 - 8.1) / 8.1, 9);
    // Below half an ampere there is too little light: no comparison, nothing highlighted.
    const dusk = compareStrings(device(2, [1, 2]), { DCA_1: 0.2, DCA_2: 0.05 });
    expect([dusk.compared, dusk.rows.map((r) => r.deviation)]).toEqual([false, [null, null]]);
  });

  it('takes the middle of the currents as the median', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('device figures by telemetry column', () => {
  it('reads an inverter’s power, energy, yield, temperature and state', () => {
    const f = inverterFigures(
      { ratedPowerKw: 10, groups: groupsOf('sunspec-inverter-3p') },
      { W: 4200, WHToday: 25_000, WH: 2_345_000, TmpCab: 41.5, St: 4 },
    );
    expect(f).toMatchObject({ powerW: 4200, todayWh: 25_000, totalWh: 2_345_000, temperatureC: 41.5 });
    expect(f.yieldHours).toBeCloseTo(2.5, 9);
    expect(f.state?.measure.key).toBe('St');
    expect(f.state?.value).toBe(4);
    expect(inverterFigures({ ratedPowerKw: null, groups: [] }, {}).yieldHours).toBeNull();
  });

  it('reads a battery’s charge, power direction, mode and totals', () => {
    const groups = groupsOf('sunspec-storage');
    const charging = batteryFigures(
      { groups },
      { BatW: -1500, ChaState: 55.5, WorkMode: 0, ChaWH: 9, ChaSt: 4 },
    );
    expect(charging).toMatchObject({ socPct: 55.5, powerW: -1500, direction: 'CHARGING', chargeTotalWh: 9 });
    expect(charging.mode?.value).toBe(0);
    expect(charging.state?.measure.key).toBe('ChaSt');
    expect(batteryFigures({ groups }, { BatW: 800 }).direction).toBe('DISCHARGING');
    expect(batteryFigures({ groups }, {}).direction).toBeNull();
    // A definition without a work mode has no mode to show.
    expect(
      batteryFigures({ groups: groupsOf('sunspec-storage', (r) => r.key !== 'WorkMode') }, {}).mode,
    ).toBeNull();
  });

  it('splits the meter power into import and export (W positive = import)', () => {
    const groups = groupsOf('sunspec-meter-3p');
    expect(meterFigures({ groups }, { W: 1500, TotWhImp: 10, TotWhExp: 20, PhV: 231, Hz: 50 })).toEqual({
      importW: 1500,
      exportW: 0,
      importWh: 10,
      exportWh: 20,
      voltageV: 231,
      frequencyHz: 50,
    });
    const exporting = meterFigures({ groups }, { W: -800 });
    expect([exporting.importW, exporting.exportW, exporting.voltageV]).toEqual([0, 800, null]);
    expect(meterFigures({ groups }, undefined).importW).toBeNull();
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

describe('history measures of a device', () => {
  it('takes the telemetry column each measure is stored in, whatever the register is called', () => {
    const measures = historyMeasuresOf({
      groups: [
        {
          key: 'energy',
          nameKey: 'displayGroup.energy',
          measures: [measure({ key: 'WH', unit: 'Wh', column: 'energy_total_wh' })],
        },
        {
          key: 'ac',
          nameKey: 'displayGroup.ac',
          measures: [
            measure({ key: 'VA', unit: 'VA' }),
            measure({ key: 'ActivePowerOfAcme', unit: 'W', column: 'power_w' }),
            // MPPT arrays are not columns of the history API.
            measure({ key: 'DCV_1', unit: 'V', column: 'mppt_v[1]' }),
          ],
        },
      ],
    });
    expect(measures.map((m) => [m.key, m.column])).toEqual([
      ['WH', 'energy_total_wh'],
      ['ActivePowerOfAcme', 'power_w'],
    ]);
    expect(defaultMeasure(measures)?.key).toBe('ActivePowerOfAcme');
    expect(defaultMeasure([])).toBeUndefined();
  });
});

describe('ranges, loss and links', () => {
  it('builds quick ranges ending today', () => {
    expect(lastDaysRange(1, '2026-03-10')).toEqual(['2026-03-10', '2026-03-10']);
    expect(lastDaysRange(7, '2026-03-10')).toEqual(['2026-03-04', '2026-03-10']);
    expect(lastUtcDays(7, Date.UTC(2026, 2, 10, 12))).toEqual(['2026-03-04', '2026-03-10']);
  });
  it('shows the loss rate in percent', () => {
    expect(lossRateText(0.0123)).toBe('1.23 %');
    expect(lossRateText(0)).toBe('0.00 %');
    expect(lossRateText(0.0123, 'de-DE')).toBe('1,23 %');
  });
  it("shows a string's deviation from the median signed, in the UI language", () => {
    expect(deviationText(0.125)).toBe('+12.5 %');
    expect(deviationText(0.125, 'de-DE')).toBe('+12,5 %');
    expect(deviationText(-0.2, 'it-IT')).toBe('-20,0 %');
  });
  it('links each device kind to its detail page with the SN as tab title', () => {
    expect(detailPathOf('INVERTER', 5, 'SFI1')).toBe('/device/detail/5?tagTitleSuffix=SFI1');
    expect(detailPathOf('METER', 6, 'SF M')).toBe('/electricityMeter/detail/6?tagTitleSuffix=SF%20M');
    expect(detailPathOf('GATEWAY', 7, 'L')).toBe('/gateway/detail/7?tagTitleSuffix=L');
    expect(detailPathOf('BATTERY', 8, 'B')).toBe('/battery/detail/8?tagTitleSuffix=B');
    expect(detailPathOf('WEATHER_STATION', 9, 'W')).toBeNull();
  });
});
