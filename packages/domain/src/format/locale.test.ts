import { describe, expect, it } from 'vitest';
import { formatAmount } from './amount.js';
import { formatEnergy, formatEnergyText } from './energy.js';
import { formatMoney } from './money.js';
import { formatCompactNumber, shortenNumberText } from './number.js';
import { formatWholeCount, toFixedDecimals } from './numeric.js';
import { PowerMode, formatPowerText } from './power.js';

// The same SPEC §9 rules written in the UI language's locale: the unit is chosen as before, only the
// digits' marks follow the language.
describe('formatters in a locale', () => {
  it('writes the decimal mark of the language and keeps the default as it was', () => {
    expect(formatPowerText(6.75, PowerMode.peak)).toBe('6.75 kWp');
    expect(formatPowerText(6.75, PowerMode.peak, 'de-DE')).toBe('6,75 kWp');
    expect(formatPowerText(6.75, PowerMode.peak, 'it-IT')).toBe('6,75 kWp');
    expect(formatPowerText(6.75, PowerMode.peak, 'zh-CN')).toBe('6.75 kWp');
    expect(formatEnergyText(1234, 'de-DE')).toBe('1,23 MWh');
    expect(toFixedDecimals(-0.001, 2, false, 'de-DE')).toBe('0,00');
  });

  it('chooses the unit on the rounded figure whatever the locale', () => {
    // 999,996 rounds to 1000.00k, so "at least 1e6" makes it 1.00M — in Italian too.
    expect(formatCompactNumber(999_996)).toEqual({ value: '1.00', unit: 'M' });
    expect(formatCompactNumber(999_996, 'it-IT')).toEqual({ value: '1,00', unit: 'M' });
    // "Above 1,000": 999,999.996 MWh rounds to 1000.00, which is not above, in any language.
    expect(formatEnergy(999_999.996)).toEqual({ value: '1000.00', unit: 'MWh' });
    expect(formatEnergy(999_999.996, 'de-DE')).toEqual({ value: '1000,00', unit: 'MWh' });
    expect(formatAmount(1234.5, 'de-DE')).toEqual({ value: '1,23', unit: 'K' });
    expect(shortenNumberText(1250, 1, 'de-DE')).toBe('1,3k');
    expect(shortenNumberText(10, 0, 'de-DE')).toBe('10');
  });

  it('groups thousands the way the language does in money and whole counts', () => {
    expect(formatMoney(1234567.891)).toBe('1,234,567.89');
    expect(formatMoney(1234567.891, 2, 'de-DE')).toBe('1.234.567,89');
    // Italian groups four-digit numbers only from 10,000 on (CLDR minimum grouping digits).
    expect(formatMoney(12345.5, 2, 'it-IT')).toBe('12.345,50');
  });

  it('counts whole trees: rounded down, never a fraction', () => {
    expect(formatWholeCount(451.1)).toBe('451');
    expect(formatWholeCount(451.99)).toBe('451');
    expect(formatWholeCount(452946.4)).toBe('452,946');
    expect(formatWholeCount(452946.4, 'de-DE')).toBe('452.946');
    expect(formatWholeCount(0.4)).toBe('0');
    expect(formatWholeCount(null)).toBe('-');
  });
});
