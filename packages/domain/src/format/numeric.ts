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

/**
 * The locale of every formatter when none is given: ASCII digits, '.' as the decimal mark and ',' for
 * thousands — the form of the exports and the API. The console passes the UI language's locale
 * (apps/web/src/lib/numberFormat.ts), so German reads "6,75 kWp".
 */
export const DEFAULT_NUMBER_LOCALE = 'en-US';

const formatters = new Map<string, Intl.NumberFormat>();

/** One cached Intl formatter per locale and options (creating them is the expensive part). */
function formatterFor(locale: string, min: number, max: number, grouping: boolean): Intl.NumberFormat {
  const cacheKey = `${locale}:${min}:${max}:${grouping}`;
  let formatter = formatters.get(cacheKey);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      useGrouping: grouping,
      signDisplay: 'negative',
    });
    formatters.set(cacheKey, formatter);
  }
  return formatter;
}

/**
 * Rounds to exactly `decimals` places, written in `locale`. Intl is used instead of toFixed because it
 * rounds the shortest decimal form (1.005 → 1.01, toFixed gives 1.00), never switches to exponent notation
 * and never prints -0.
 */
export function toFixedDecimals(
  value: number,
  decimals: number,
  grouping = false,
  locale: string = DEFAULT_NUMBER_LOCALE,
): string {
  return formatterFor(locale, decimals, decimals, grouping).format(value);
}

/** Rounds to at most `decimals` places without trailing zeros (1.50 → '1.5', 10 → '10'), in `locale`. */
export function toMaxDecimals(
  value: number,
  decimals: number,
  grouping = false,
  locale: string = DEFAULT_NUMBER_LOCALE,
): string {
  return formatterFor(locale, 0, decimals, grouping).format(value);
}

/**
 * A count of whole things (trees, devices): rounded down — half a tree is not planted — with thousands
 * separators in `locale`; empty gives '-'.
 */
export function formatWholeCount(input: NumericInput, locale: string = DEFAULT_NUMBER_LOCALE): string {
  const value = toFiniteNumber(input);
  if (value === null) return EMPTY_DISPLAY;
  return toFixedDecimals(Math.floor(value), 0, true, locale);
}

/** Joins a scaled value for plain-text use; the empty value stays a bare '-'. */
export function joinScaled(scaled: ScaledValue, separator = ' '): string {
  return scaled.unit === '' ? scaled.value : `${scaled.value}${separator}${scaled.unit}`;
}
