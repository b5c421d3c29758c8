// Decision: empty means null, undefined, a blank string or anything that is not a finite number (NaN, ±Infinity).

/** What every number formatter shows for an empty value (SPEC §9). */
export const EMPTY_DISPLAY = '-';

/** Values arrive as numbers or as numeric strings from the API; both are accepted everywhere. */
export type NumericInput = number | string | null | undefined;

/** A formatted quantity split so the UI can style the number and the unit separately. */
export interface ScaledValue {
  readonly value: string;
  readonly unit: string;
}

export const EMPTY_SCALED: ScaledValue = { value: EMPTY_DISPLAY, unit: '' };

/** Parses a numeric input; returns null for anything the UI must show as empty. */
export function toFiniteNumber(input: NumericInput): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'string') {
    const trimmed = input.trim();
    if (trimmed === '') return null;
    const parsed = Number(trimmed);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return Number.isFinite(input) ? input : null;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Rounds to exactly `decimals` places. Intl is used instead of toFixed because it rounds the shortest
 * decimal form (1.005 → 1.01, toFixed gives 1.00), never switches to exponent notation and never prints -0.
 */
export function toFixedDecimals(value: number, decimals: number, grouping = false): string {
  const cacheKey = `${decimals}:${grouping}`;
  let formatter = formatters.get(cacheKey);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: grouping,
      signDisplay: 'negative',
    });
    formatters.set(cacheKey, formatter);
  }
  return formatter.format(value);
}

/** Joins a scaled value for plain-text use; the empty value stays a bare '-'. */
export function joinScaled(scaled: ScaledValue, separator = ' '): string {
  return scaled.unit === '' ? scaled.value : `${scaled.value}${separator}${scaled.unit}`;
}
