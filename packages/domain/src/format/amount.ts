// Decision: "K above 1,000" is strictly greater (1,000 stays '1000.00'); two decimals like the other units.
import { EMPTY_SCALED, joinScaled, toFiniteNumber, type NumericInput, type ScaledValue } from './numeric.js';
import { scaleValue, twoDecimals, type ScaleStep } from './scale.js';

export const AMOUNT_STEPS: readonly ScaleStep[] = [
  { factor: 1, unit: '' },
  { factor: 1e3, unit: 'K' },
  { factor: 1e6, unit: 'M' },
  { factor: 1e9, unit: 'B' },
];

/** Amounts (income, savings) with K/M/B, e.g. 1234.5 → { value: '1.23', unit: 'K' }. */
export function formatAmount(amount: NumericInput, locale?: string): ScaledValue {
  const value = toFiniteNumber(amount);
  if (value === null) return EMPTY_SCALED;
  return scaleValue(value, { steps: AMOUNT_STEPS, rule: 'above', format: twoDecimals }, locale);
}

/** Plain-text form of formatAmount with the suffix attached: '1.23K'; empty gives '-'. */
export function formatAmountText(amount: NumericInput, locale?: string): string {
  return joinScaled(formatAmount(amount, locale), '');
}
