// Reference data of SPEC §3 (regions, currencies, time zones, countries, languages) and the editable
// translation table. Reads serve every logged-in user (pickers); writes are for the platform.
import { Type, type Static } from 'typebox';
import { Limits } from '../limits.js';
import { RuleSchemas } from '../rules/schemas.js';
import { PageQueryFields } from './paging.js';

export const ReferenceLimits = {
  nameMax: 64,
  keywordMax: 100,
  /** Exchange rates are units per 1 USD; the largest real ones (IRR, VND) stay far below this. */
  exchangeRateMax: 1_000_000_000,
  /** Price of one kWh in the region's currency. */
  priceMax: 1_000_000,
  /** UTC−12:00 … UTC+14:00, the range real zones use. */
  offsetMinutesMin: -720,
  offsetMinutesMax: 840,
  timeZoneNameMax: 64,
  translationKeyMax: 200,
  translationValueMax: 500,
} as const;

/** enMsg keys of this area (texts in locales/reference). */
export const ReferenceMessage = {
  /** A currency a region still uses cannot be deleted. */
  currencyInUse: 'CurrencyInUse',
  currencyUnknown: 'CurrencyDoesNotExist',
  timeZoneUnknown: 'TimeZoneUnknown',
  translationKeyUnknown: 'TranslationKeyUnknown',
} as const;

const Keyword = Type.Optional(Type.String({ maxLength: ReferenceLimits.keywordMax }));
const Name = Type.String({ minLength: 1, maxLength: ReferenceLimits.nameMax });

// ---- Currencies ---------------------------------------------------------------------------------------

/**
 * The code is checked with validateCurrency (SPEC §5: at most 5 characters, answer rule.currencyTooLong);
 * the schema only bounds the input and the alphabet. Codes are stored upper-case.
 */
export const CurrencyCode = Type.String({
  minLength: 1,
  maxLength: 16,
  pattern: '^[A-Za-z0-9]+$',
  description: `1 to ${Limits.currencyCodeMax} letters or digits, stored upper-case (e.g. EUR)`,
});

export const Currency = Type.Object({
  code: Type.String(),
  name: Type.String(),
  exchangeRate: Type.Number({ description: 'Units of this currency per 1 USD' }),
  regionCount: Type.Integer({ description: 'Regions using it; a currency in use cannot be deleted' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type Currency = Static<typeof Currency>;

export const CurrencyBody = Type.Object(
  {
    code: CurrencyCode,
    name: Name,
    exchangeRate: Type.Number({
      exclusiveMinimum: 0,
      maximum: ReferenceLimits.exchangeRateMax,
      description: 'Units of this currency per 1 USD; greater than 0',
    }),
  },
  { additionalProperties: false },
);
export type CurrencyBody = Static<typeof CurrencyBody>;

export const CurrencyPageQuery = Type.Object({ ...PageQueryFields, keyword: Keyword });
export type CurrencyPageQuery = Static<typeof CurrencyPageQuery>;

export const CurrencyCodeParams = Type.Object({ code: CurrencyCode });

// ---- Regions ------------------------------------------------------------------------------------------

export const TEMPERATURE_UNITS = ['C', 'F'] as const;

export const Region = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  areaCode: Type.String({ description: "International dialling code with '+', e.g. +49" }),
  currencyCode: Type.String(),
  currencyName: Type.String(),
  temperatureUnit: Type.Enum(TEMPERATURE_UNITS),
  price: Type.Number({ description: "Default electricity price per kWh, in the region's currency" }),
});
export type Region = Static<typeof Region>;

const regionFields = {
  name: Name,
  areaCode: RuleSchemas.areaCode,
  currencyCode: CurrencyCode,
  temperatureUnit: Type.Enum(TEMPERATURE_UNITS),
  price: Type.Number({ minimum: 0, maximum: ReferenceLimits.priceMax }),
};
export const RegionCreateBody = Type.Object(regionFields, { additionalProperties: false });
export type RegionCreateBody = Static<typeof RegionCreateBody>;
export const RegionUpdateBody = Type.Object(
  { id: Type.Integer({ minimum: 1 }), ...regionFields },
  { additionalProperties: false },
);
export type RegionUpdateBody = Static<typeof RegionUpdateBody>;

export const RegionPageQuery = Type.Object({ ...PageQueryFields, keyword: Keyword });
export type RegionPageQuery = Static<typeof RegionPageQuery>;

// ---- Time zones ---------------------------------------------------------------------------------------

export const TimeZone = Type.Object({
  id: Type.Integer(),
  name: Type.String({ description: 'IANA name, e.g. Europe/Berlin' }),
  offsetMinutes: Type.Integer({
    description: 'Standard offset from UTC in minutes (without daylight saving)',
  }),
});
export type TimeZone = Static<typeof TimeZone>;

const timeZoneFields = {
  name: Type.String({
    minLength: 1,
    maxLength: ReferenceLimits.timeZoneNameMax,
    pattern: '^[A-Za-z][A-Za-z0-9_+/-]*$',
    description: 'IANA time zone name; anything else answers TimeZoneUnknown',
  }),
  offsetMinutes: Type.Optional(
    Type.Integer({
      minimum: ReferenceLimits.offsetMinutesMin,
      maximum: ReferenceLimits.offsetMinutesMax,
      description: "Standard offset in minutes; when omitted, the zone's own standard offset",
    }),
  ),
};
export const TimeZoneCreateBody = Type.Object(timeZoneFields, { additionalProperties: false });
export type TimeZoneCreateBody = Static<typeof TimeZoneCreateBody>;
export const TimeZoneUpdateBody = Type.Object(
  { id: Type.Integer({ minimum: 1 }), ...timeZoneFields },
  { additionalProperties: false },
);
export type TimeZoneUpdateBody = Static<typeof TimeZoneUpdateBody>;

export const TimeZonePageQuery = Type.Object({ ...PageQueryFields, keyword: Keyword });
export type TimeZonePageQuery = Static<typeof TimeZonePageQuery>;

// ---- Countries ----------------------------------------------------------------------------------------

export const COUNTRY_VISIBILITIES = ['PUBLIC', 'PRIVATE'] as const;

export const CountryCode = Type.String({
  pattern: '^[A-Za-z]{2}$',
  description: 'ISO 3166-1 alpha-2 code, stored upper-case',
});

export const Country = Type.Object({
  code: Type.String(),
  name: Type.String(),
  visibility: Type.Enum(COUNTRY_VISIBILITIES, {
    description: 'PUBLIC countries appear in everyone’s pickers, PRIVATE ones only for the platform',
  }),
});
export type Country = Static<typeof Country>;

export const CountryBody = Type.Object(
  {
    code: CountryCode,
    name: Name,
    visibility: Type.Enum(COUNTRY_VISIBILITIES),
  },
  { additionalProperties: false },
);
export type CountryBody = Static<typeof CountryBody>;

export const CountryPageQuery = Type.Object({
  ...PageQueryFields,
  keyword: Keyword,
  visibility: Type.Optional(Type.Enum(COUNTRY_VISIBILITIES)),
});
export type CountryPageQuery = Static<typeof CountryPageQuery>;

export const CountryCodeParams = Type.Object({ code: CountryCode });

export const ReferenceIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

// ---- Languages and translations -----------------------------------------------------------------------

export const LanguageEntry = Type.Object({
  key: Type.String({ description: 'CN, EN, DE or ITA' }),
  value: Type.String({ description: 'ZH, EN, DE or ITA' }),
  title: Type.String(),
  keyCount: Type.Integer({ description: 'Translated keys stored for this language' }),
});
export type LanguageEntry = Static<typeof LanguageEntry>;

const TranslationText = Type.Union([Type.String(), Type.Null()]);
export const TranslationRow = Type.Object({
  key: Type.String(),
  EN: TranslationText,
  CN: TranslationText,
  DE: TranslationText,
  ITA: TranslationText,
});
export type TranslationRow = Static<typeof TranslationRow>;

export const TranslationPageQuery = Type.Object({
  ...PageQueryFields,
  keyword: Keyword,
  missing: Type.Optional(
    Type.Boolean({ description: 'Only keys without a text in at least one of the four languages' }),
  ),
});
export type TranslationPageQuery = Static<typeof TranslationPageQuery>;

const TranslationValue = Type.Optional(
  Type.String({ minLength: 1, maxLength: ReferenceLimits.translationValueMax }),
);
export const TranslationUpdateBody = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: ReferenceLimits.translationKeyMax }),
    values: Type.Object(
      { EN: TranslationValue, CN: TranslationValue, DE: TranslationValue, ITA: TranslationValue },
      { additionalProperties: false, description: 'At least one language; the others stay as they are' },
    ),
  },
  { additionalProperties: false },
);
export type TranslationUpdateBody = Static<typeof TranslationUpdateBody>;
