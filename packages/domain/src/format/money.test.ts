import { describe, it, expect } from 'vitest';
import { formatMoney } from './money.js';

describe('formatMoney', () => {
  it('defaults to two decimals with thousands separators', () => {
    expect(formatMoney(1234567.891)).toBe('1,234,567.89');
    expect(formatMoney(999)).toBe('999.00');
    expect(formatMoney(1000)).toBe('1,000.00');
    expect(formatMoney(-1234.5)).toBe('-1,234.50');
    expect(formatMoney('42')).toBe('42.00');
  });

  it('accepts 1 to 20 decimals', () => {
    expect(formatMoney(1234.5678, 1)).toBe('1,234.6');
    expect(formatMoney(0.1, 20)).toBe('0.10000000000000000000');
  });

  it.each([0, 21, 1.5, Number.NaN])('throws RangeError for %s decimals', (decimals) => {
    expect(() => formatMoney(1, decimals)).toThrow(RangeError);
  });

  it('checks decimals even for empty values', () => {
    expect(() => formatMoney(null, 0)).toThrow(RangeError);
  });

  it('shows empty values as -', () => {
    expect(formatMoney(null)).toBe('-');
    expect(formatMoney('')).toBe('-');
    expect(formatMoney('n/a')).toBe('-');
  });
});
