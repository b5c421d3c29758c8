import { describe, expect, it } from 'vitest';
import { formatMeasureValue } from './measure.js';

describe('measured values', () => {
  it('scales apparent and reactive power like active power (SPEC §9)', () => {
    expect(formatMeasureValue(470, 'W')).toBe('0.47 kW');
    expect(formatMeasureValue(470, 'VA')).toBe('0.47 kVA');
    expect(formatMeasureValue(-1250, 'var')).toBe('-1.25 kvar');
    expect(formatMeasureValue(110_000, 'VA')).toBe('110.00 kVA');
    expect(formatMeasureValue(1_390_000, 'VA')).toBe('1.39 MVA');
    expect(formatMeasureValue(1_390_000, 'W')).toBe('1.39 MW');
    expect(formatMeasureValue(2.5, 'kvar')).toBe('2.50 kvar');
    expect(formatMeasureValue(2.5, 'kVA')).toBe('2.50 kVA');
  });

  it('shows a power factor as a plain ratio, whether the device counts it in percent or not', () => {
    expect(formatMeasureValue(100, '%', 'PF')).toBe('1.00');
    expect(formatMeasureValue(-95.5, '%', 'PF')).toBe('-0.96');
    expect(formatMeasureValue(0.98, '', 'PF')).toBe('0.98');
    expect(formatMeasureValue(1, null, 'PF')).toBe('1.00');
    expect(formatMeasureValue(1, null, 'OutPFSet')).toBe('1.00');
    // Other percentages stay percentages.
    expect(formatMeasureValue(55.5, '%', 'ChaState')).toBe('55.50 %');
  });

  it('scales energy, keeps other units with two decimals and text as it is', () => {
    expect(formatMeasureValue(2_345_000, 'Wh')).toBe('2.35 MWh');
    expect(formatMeasureValue(999_000, 'Wh')).toBe('999.00 kWh');
    expect(formatMeasureValue(2_345_678, 'kWh')).toBe('2.35 GWh');
    expect(formatMeasureValue(230.04, 'V')).toBe('230.04 V');
    expect(formatMeasureValue('49.987', 'Hz')).toBe('49.99 Hz');
    expect(formatMeasureValue(4, null)).toBe('4');
    expect(formatMeasureValue(4.256, '')).toBe('4.26');
    expect(formatMeasureValue('2.4.1', null)).toBe('2.4.1');
    expect(formatMeasureValue(null, 'W')).toBe('-');
    expect(formatMeasureValue('  ', 'V')).toBe('-');
  });
});

describe('formatMeasureValue in a locale', () => {
  it("writes a device's figures with the language's decimal mark, the unit chosen as before", () => {
    expect(formatMeasureValue(230.04, 'V', undefined, 'de-DE')).toBe('230,04 V');
    expect(formatMeasureValue(470, 'W', undefined, 'de-DE')).toBe('0,47 kW');
    expect(formatMeasureValue(1_390_000, 'VA', undefined, 'it-IT')).toBe('1,39 MVA');
    expect(formatMeasureValue(-1250, 'var', undefined, 'de-DE')).toBe('-1,25 kvar');
    expect(formatMeasureValue(2_345_000, 'Wh', undefined, 'de-DE')).toBe('2,35 MWh');
    expect(formatMeasureValue(-95.5, '%', 'PF', 'de-DE')).toBe('-0,96');
    expect(formatMeasureValue(4.256, '', undefined, 'it-IT')).toBe('4,26');
    expect(formatMeasureValue(230.04, 'V', undefined, 'zh-CN')).toBe('230.04 V');
    // Text values stay as the device sent them.
    expect(formatMeasureValue('2.4.1', null, undefined, 'de-DE')).toBe('2.4.1');
  });
});
