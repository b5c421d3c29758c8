// Decision: "shorten at 1e3" means at-or-above (1000 → '1k'); the T/B/M/k variant follows the same rule.
import {
  EMPTY_SCALED,
  joinScaled,
  toFiniteNumber,
  toMaxDecimals,
  type NumericInput,
  type ScaledValue,
} from './numeric.js';
import { scaleValue, twoDecimals, type ScaleStep } from './scale.js';

/** SI-style shortening k, M, G, T, P, E. */
export const SHORT_NUMBER_STEPS: readonly ScaleStep[] = [
  { factor: 1, unit: '' },
  { factor: 1e3, unit: 'k' },
  { factor: 1e6, unit: 'M' },
  { factor: 1e9, unit: 'G' },
  { factor: 1e12, unit: 'T' },
  { factor: 1e15, unit: 'P' },
  { factor: 1e18, unit: 'E' },
];

/** Business-style shortening k, M, B, T used by the two-decimal variant. */
export const COMPACT_NUMBER_STEPS: readonly ScaleStep[] = [
  { factor: 1, unit: '' },
  { factor: 1e3, unit: 'k' },
  { factor: 1e6, unit: 'M' },
  { factor: 1e9, unit: 'B' },
  { factor: 1e12, unit: 'T' },
];

function assertDigits(digits: number): void {
  if (!Number.isInteger(digits) || digits < 0 || digits > 20) {
    throw new RangeError(`digits must be an integer from 0 to 20, got ${digits}`);
  }
}

/**
 * Shortens with k/M/G/T/P/E, rounding to at most `digits` decimals and dropping trailing zeros
 * (1234 → '1.2k', 1000 → '1k', 12 → '12'). Throws RangeError when digits is outside 0..20.
 */
export function shortenNumber(input: NumericInput, digits = 1, locale?: string): ScaledValue {
  assertDigits(digits);
  const value = toFiniteNumber(input);
  if (value === null) return EMPTY_SCALED;
  // Only zeros after the decimal mark are dropped, so '10' (digits 0) stays '10'.
  const format = (scaled: number, at: string): string => toMaxDecimals(scaled, digits, false, at);
  return scaleValue(value, { steps: SHORT_NUMBER_STEPS, rule: 'atLeast', format }, locale);
}

/** Plain-text form of shortenNumber: '1.2k'; empty gives '-'. */
export function shortenNumberText(input: NumericInput, digits = 1, locale?: string): string {
  return joinScaled(shortenNumber(input, digits, locale), '');
}

/** Two fixed decimals with k/M/B/T, e.g. 1234 → { value: '1.23', unit: 'k' }, 12 → { value: '12.00', unit: '' }. */
export function formatCompactNumber(input: NumericInput, locale?: string): ScaledValue {
  const value = toFiniteNumber(input);
  if (value === null) return EMPTY_SCALED;
  return scaleValue(value, { steps: COMPACT_NUMBER_STEPS, rule: 'atLeast', format: twoDecimals }, locale);
}

/** Plain-text form of formatCompactNumber: '1.23k'; empty gives '-'. */
export function formatCompactNumberText(input: NumericInput, locale?: string): string {
  return joinScaled(formatCompactNumber(input, locale), '');
}
