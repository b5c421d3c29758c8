import { describe, it, expect } from 'vitest';
import { formatAmount, formatAmountText } from './amount.js';

describe('formatAmount (K above 1e3, M above 1e6, B above 1e9)', () => {
  it.each([
    [999.99, '999.99', ''],
    [1000, '1000.00', ''],
    [1000.01, '1.00', 'K'],
    [999_999, '1000.00', 'K'],
    [1e6, '1000.00', 'K'],
    [1_000_010, '1.00', 'M'],
    [1e9, '1000.00', 'M'],
    [1_000_010_000, '1.00', 'B'],
    [3.5e12, '3500.00', 'B'],
  ])('%s → %s%s', (amount, value, unit) => {
    expect(formatAmount(amount)).toEqual({ value, unit });
  });

  it('attaches the suffix without a space', () => {
    expect(formatAmountText(1234.5)).toBe('1.23K');
    expect(formatAmountText(12)).toBe('12.00');
  });

  it('shows empty values as -', () => {
    expect(formatAmountText(' ')).toBe('-');
  });
});
