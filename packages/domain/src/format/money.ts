// Decision: the decimals argument is checked even for empty values, so a caller bug surfaces on first render.
import { EMPTY_DISPLAY, toFiniteNumber, toFixedDecimals, type NumericInput } from './numeric.js';

export const MONEY_DEFAULT_DECIMALS = 2;
export const MONEY_MIN_DECIMALS = 1;
export const MONEY_MAX_DECIMALS = 20;

/**
 * Money with fixed decimals and thousands separators: 1234567.891 → '1,234,567.89'; empty gives '-'.
 * Throws RangeError when decimals is not an integer from 1 to 20 (SPEC §9).
 */
export function formatMoney(
  amount: NumericInput,
  decimals: number = MONEY_DEFAULT_DECIMALS,
  locale?: string,
): string {
  if (!Number.isInteger(decimals) || decimals < MONEY_MIN_DECIMALS || decimals > MONEY_MAX_DECIMALS) {
    throw new RangeError(
      `decimals must be an integer from ${MONEY_MIN_DECIMALS} to ${MONEY_MAX_DECIMALS}, got ${decimals}`,
    );
  }
  const value = toFiniteNumber(amount);
  if (value === null) return EMPTY_DISPLAY;
  return toFixedDecimals(value, decimals, true, locale);
}
