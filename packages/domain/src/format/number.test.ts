import { describe, it, expect } from 'vitest';
import { formatCompactNumber, formatCompactNumberText, shortenNumber, shortenNumberText } from './number.js';

describe('shortenNumber (k/M/G/T/P/E from each step on)', () => {
  it.each([
    [999, '999'],
    [1000, '1k'],
    [1001, '1k'],
    [1250, '1.3k'],
    [999_999, '1M'],
    [1e6, '1M'],
    [1_100_000, '1.1M'],
    [999e6, '999M'],
    [1e9, '1G'],
    [1.5e9, '1.5G'],
    [999e9, '999G'],
    [1e12, '1T'],
    [2e12, '2T'],
    [999e12, '999T'],
    [1e15, '1P'],
    [1.2e15, '1.2P'],
    [999e15, '999P'],
    [1e18, '1E'],
    [3e18, '3E'],
  ])('%s → %s', (input, text) => {
    expect(shortenNumberText(input)).toBe(text);
  });

  it('drops trailing zeros but keeps integer zeros', () => {
    expect(shortenNumberText(10, 0)).toBe('10');
    expect(shortenNumberText(0)).toBe('0');
    expect(shortenNumberText(12.04)).toBe('12');
    expect(shortenNumberText(1234, 2)).toBe('1.23k');
  });

  it('moves to the next unit when rounding reaches it', () => {
    expect(shortenNumber(999_960)).toEqual({ value: '1', unit: 'M' });
    expect(shortenNumber(999.96)).toEqual({ value: '1', unit: 'k' });
  });

  it('shows empty values as - and rejects impossible digit counts', () => {
    expect(shortenNumberText(undefined)).toBe('-');
    expect(() => shortenNumber(1, -1)).toThrow(RangeError);
    expect(() => shortenNumber(1, 21)).toThrow(RangeError);
    expect(() => shortenNumber(1, 1.5)).toThrow(RangeError);
  });
});

describe('formatCompactNumber (two decimals with k/M/B/T from each step on)', () => {
  it.each([
    [999.99, '999.99', ''],
    [1000, '1.00', 'k'],
    [1000.01, '1.00', 'k'],
    [999_994, '999.99', 'k'],
    [1e6, '1.00', 'M'],
    [1_000_010, '1.00', 'M'],
    [999_990_000, '999.99', 'M'],
    [1e9, '1.00', 'B'],
    [1.01e9, '1.01', 'B'],
    [999.99e9, '999.99', 'B'],
    [1e12, '1.00', 'T'],
    [1.01e12, '1.01', 'T'],
  ])('%s → %s%s', (input, value, unit) => {
    expect(formatCompactNumber(input)).toEqual({ value, unit });
  });

  it('promotes when rounding reaches the next step', () => {
    expect(formatCompactNumber(999_999.996)).toEqual({ value: '1.00', unit: 'M' });
  });

  it('renders text and the empty value', () => {
    expect(formatCompactNumberText(1234)).toBe('1.23k');
    expect(formatCompactNumberText(null)).toBe('-');
  });
});
