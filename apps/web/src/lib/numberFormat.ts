import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type LanguageKey } from '@sunfleet/contracts';
import {
  DEFAULT_NUMBER_LOCALE,
  PowerMode,
  formatAmount,
  formatCompactNumber,
  formatEnergy,
  formatEnergyText,
  formatMoney,
  formatPower,
  formatPowerText,
  formatWholeCount,
  toFiniteNumber,
  toFixedDecimals,
  type NumericInput,
  type ScaledValue,
} from '@sunfleet/domain';
import { currentLanguage } from './i18n';

// The console's one number formatter: the SPEC §9 rules of packages/domain (units, steps, decimals)
// written in the UI language's locale — "6,75 kWp" in German, "6.75 kWp" in English. Screens take it
// from useNumberFormat() (or numberFormat(language) in pure code and tests) instead of calling the
// domain formatters bare, which write the API's en-US form.

/** The Intl locale of each console language. */
export const NUMBER_LOCALE: Record<LanguageKey, string> = {
  CN: 'zh-CN',
  EN: 'en-US',
  DE: 'de-DE',
  ITA: 'it-IT',
};

export interface NumberFormat {
  /** The Intl locale the figures are written in. */
  locale: string;
  /** Exactly `decimals` places (no grouping), '-' when empty. */
  fixed: (value: NumericInput, decimals: number) => string;
  /** Exactly `decimals` places and the value's unit, '-' when empty: fixedUnit(12.3, 1, '°C') → '12,3 °C'. */
  fixedUnit: (value: NumericInput, decimals: number, unit: string) => string;
  /** A count of whole things, rounded down, with thousands separators. */
  whole: (value: NumericInput) => string;
  energy: (kWh: NumericInput) => ScaledValue;
  energyText: (kWh: NumericInput) => string;
  power: (kW: NumericInput, mode?: PowerMode) => ScaledValue;
  powerText: (kW: NumericInput, mode?: PowerMode) => string;
  /** Amounts with K/M/B. */
  amount: (value: NumericInput) => ScaledValue;
  /** Two decimals with k/M/B/T. */
  compact: (value: NumericInput) => ScaledValue;
  /** Money with thousands separators and `decimals` places (default 2). */
  money: (value: NumericInput, decimals?: number) => string;
  /** A calendar day (YYYY-MM-DD, as the API gives it) as the language writes a short date. */
  day: (date: string, style?: 'short' | 'weekday') => string;
}

const cache = new Map<string, NumberFormat>();

/** The formatter of a language (cached); the default is the API's en-US form. */
export function numberFormat(language: LanguageKey | undefined): NumberFormat {
  const locale = language === undefined ? DEFAULT_NUMBER_LOCALE : NUMBER_LOCALE[language];
  const held = cache.get(locale);
  if (held !== undefined) return held;
  const days = {
    short: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
    weekday: new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', timeZone: 'UTC' }),
  };
  const fixed = (value: NumericInput, decimals: number): string => {
    const n = toFiniteNumber(value);
    return n === null ? '-' : toFixedDecimals(n, decimals, false, locale);
  };
  const format: NumberFormat = {
    locale,
    fixed,
    fixedUnit: (value, decimals, unit) => {
      const text = fixed(value, decimals);
      return text === '-' ? text : `${text} ${unit}`;
    },
    whole: (value) => formatWholeCount(value, locale),
    energy: (kWh) => formatEnergy(kWh, locale),
    energyText: (kWh) => formatEnergyText(kWh, locale),
    power: (kW, mode = PowerMode.plain) => formatPower(kW, mode, locale),
    powerText: (kW, mode = PowerMode.plain) => formatPowerText(kW, mode, locale),
    amount: (value) => formatAmount(value, locale),
    compact: (value) => formatCompactNumber(value, locale),
    money: (value, decimals) => formatMoney(value, decimals, locale),
    day: (date, style = 'short') => {
      const at = Date.parse(`${date}T00:00:00Z`);
      return Number.isNaN(at) ? date : days[style].format(at);
    },
  };
  cache.set(locale, format);
  return format;
}

/** The console language i18next is set to; undefined when it is none of ours. */
function languageKeyOf(language: string | undefined): LanguageKey | undefined {
  return LANGUAGES.find((l) => l.key === language)?.key;
}

/** The formatter of the language the console shows now (outside React: pure code run on a screen). */
export function currentNumberFormat(): NumberFormat {
  return numberFormat(currentLanguage());
}

/** The formatter of the UI language; follows a language change. */
export function useNumberFormat(): NumberFormat {
  const { i18n } = useTranslation();
  const language = languageKeyOf(i18n.language);
  return useMemo(() => numberFormat(language), [language]);
}
