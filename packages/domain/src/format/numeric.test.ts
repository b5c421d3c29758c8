import { describe, it, expect } from 'vitest';
import { EMPTY_DISPLAY, joinScaled, toFiniteNumber, toFixedDecimals } from './numeric.js';

describe('toFiniteNumber', () => {
  it.each([null, undefined, '', '   ', 'abc', Number.NaN, Number.POSITIVE_INFINITY])(
    'treats %s as empty',
    (input) => {
      expect(toFiniteNumber(input)).toBeNull();
    },
  );

  it('parses numbers and numeric strings from the API', () => {
    expect(toFiniteNumber(0)).toBe(0);
    expect(toFiniteNumber(' 12.5 ')).toBe(12.5);
    expect(toFiniteNumber('-3')).toBe(-3);
  });
});

describe('toFixedDecimals', () => {
  it('rounds the decimal form half up where toFixed would not', () => {
    expect(toFixedDecimals(1.005, 2)).toBe('1.01');
  });

  it('never prints negative zero or exponents', () => {
    expect(toFixedDecimals(-0.001, 2)).toBe('0.00');
    expect(toFixedDecimals(1e21, 0)).toBe('1000000000000000000000');
  });

  it('groups thousands only when asked', () => {
    expect(toFixedDecimals(1234.5, 1)).toBe('1234.5');
    expect(toFixedDecimals(1234.5, 1, true)).toBe('1,234.5');
  });
});

describe('joinScaled', () => {
  it('joins value and unit with the separator', () => {
    expect(joinScaled({ value: '1.00', unit: 'kWh' })).toBe('1.00 kWh');
    expect(joinScaled({ value: '1.00', unit: 'K' }, '')).toBe('1.00K');
  });

  it('leaves the empty value bare', () => {
    expect(joinScaled({ value: EMPTY_DISPLAY, unit: '' })).toBe('-');
  });
});
