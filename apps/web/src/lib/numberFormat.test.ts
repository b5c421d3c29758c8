import { describe, expect, it } from 'vitest';
import { PowerMode } from '@sunfleet/domain';
import { numberFormat } from './numberFormat';

describe('number formatter of the UI language', () => {
  it('writes the same figure in each language', () => {
    const capacity = (language: 'CN' | 'EN' | 'DE' | 'ITA'): string =>
      numberFormat(language).powerText(6.75, PowerMode.peak);
    expect(capacity('EN')).toBe('6.75 kWp');
    expect(capacity('DE')).toBe('6,75 kWp');
    expect(capacity('ITA')).toBe('6,75 kWp');
    expect(capacity('CN')).toBe('6.75 kWp');
    // Without a language: the API's en-US form.
    expect(numberFormat(undefined).powerText(6.75, PowerMode.peak)).toBe('6.75 kWp');
  });

  it('keeps the SPEC §9 units and steps, only the marks follow the language', () => {
    const de = numberFormat('DE');
    expect(de.energy(1234)).toEqual({ value: '1,23', unit: 'MWh' });
    expect(de.amount(2_500_000)).toEqual({ value: '2,50', unit: 'M' });
    expect(de.compact(1234.5)).toEqual({ value: '1,23', unit: 'k' });
    expect(de.money(1234567.891)).toBe('1.234.567,89');
    expect(numberFormat('EN').money(1234567.891)).toBe('1,234,567.89');
    expect(de.fixed(12.345, 1)).toBe('12,3');
    expect(de.fixedUnit(12.345, 1, '°C')).toBe('12,3 °C');
    expect(de.fixedUnit(null, 1, '°C')).toBe('-');
    expect(de.whole(452946.9)).toBe('452.946');
    expect(numberFormat('EN').whole(451.1)).toBe('451');
  });

  it('writes a calendar day the way the language does', () => {
    expect(numberFormat('EN').day('2026-06-01')).toBe('Jun 1');
    expect(numberFormat('DE').day('2026-06-01')).toBe('1. Juni');
    expect(numberFormat('ITA').day('2026-06-01')).toBe('1 giu');
    expect(numberFormat('CN').day('2026-06-01')).toBe('6月1日');
    expect(numberFormat('DE').day('not a day')).toBe('not a day');
  });
});
