import { describe, it, expect } from 'vitest';
import { formatPower, formatPowerText, PowerMode } from './power.js';

describe('formatPower (kW → MW → GW → TW, strictly above each 1e3 step)', () => {
  it.each([
    [999.99, '999.99', 'kW'],
    [1000, '1000.00', 'kW'],
    [1000.01, '1.00', 'MW'],
    [1e6, '1000.00', 'MW'],
    [1_000_010, '1.00', 'GW'],
    [1e9, '1000.00', 'GW'],
    [1_000_010_000, '1.00', 'TW'],
  ])('%s kW → %s %s', (kW, value, unit) => {
    expect(formatPower(kW)).toEqual({ value, unit });
  });

  it('mode 1 adds p for peak power', () => {
    expect(formatPower(500, PowerMode.peak)).toEqual({ value: '500.00', unit: 'kWp' });
    expect(formatPowerText(1500, PowerMode.peak)).toBe('1.50 MWp');
    expect(formatPowerText(2e9, 1)).toBe('2.00 TWp');
  });

  it('mode 2 adds h for energy', () => {
    expect(formatPowerText(1500, PowerMode.hour)).toBe('1.50 MWh');
    expect(formatPowerText(1e6, 2)).toBe('1000.00 MWh');
    expect(formatPowerText(2e6, 2)).toBe('2.00 GWh');
  });

  it('shows empty values as -', () => {
    expect(formatPower(Number.NaN, PowerMode.peak)).toEqual({ value: '-', unit: '' });
    expect(formatPowerText(null)).toBe('-');
  });
});
