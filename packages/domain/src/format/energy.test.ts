import { describe, it, expect } from 'vitest';
import { formatEnergy, formatEnergyChinese, formatEnergyChineseText, formatEnergyText } from './energy.js';

describe('formatEnergy (kWh → MWh → GWh → TWh, strictly above each 1e3 step)', () => {
  it.each([
    [0, '0.00', 'kWh'],
    [999.99, '999.99', 'kWh'],
    [1000, '1000.00', 'kWh'],
    [1000.01, '1.00', 'MWh'],
    [1234, '1.23', 'MWh'],
    [999_999, '1000.00', 'MWh'],
    [1e6, '1000.00', 'MWh'],
    [1_000_010, '1.00', 'GWh'],
    [1e9, '1000.00', 'GWh'],
    [1_000_010_000, '1.00', 'TWh'],
    [5e12, '5000.00', 'TWh'],
  ])('%s kWh → %s %s', (kWh, value, unit) => {
    expect(formatEnergy(kWh)).toEqual({ value, unit });
  });

  it('scales negative values (export) by magnitude', () => {
    expect(formatEnergy(-2500)).toEqual({ value: '-2.50', unit: 'MWh' });
  });

  it('accepts numeric strings and shows empty values as -', () => {
    expect(formatEnergy('1500')).toEqual({ value: '1.50', unit: 'MWh' });
    expect(formatEnergy(null)).toEqual({ value: '-', unit: '' });
    expect(formatEnergyText(undefined)).toBe('-');
  });

  it('renders text with a space before the unit', () => {
    expect(formatEnergyText(1234)).toBe('1.23 MWh');
  });
});

describe('formatEnergyChinese (万 1e4, 亿 1e8, 万亿 1e12, strictly above)', () => {
  it.each([
    [9999.99, '9999.99', 'kWh'],
    [1e4, '10000.00', 'kWh'],
    [10_001, '1.00', '万kWh'],
    [12_345, '1.23', '万kWh'],
    [1e8, '10000.00', '万kWh'],
    [100_001_000, '1.00', '亿kWh'],
    [1e12, '10000.00', '亿kWh'],
    [1_000_010_000_000, '1.00', '万亿kWh'],
  ])('%s kWh → %s %s', (kWh, value, unit) => {
    expect(formatEnergyChinese(kWh)).toEqual({ value, unit });
  });

  it('renders text without a space, as Chinese typesetting does', () => {
    expect(formatEnergyChineseText(12_345)).toBe('1.23万kWh');
    expect(formatEnergyChineseText('')).toBe('-');
  });
});
