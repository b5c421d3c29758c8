// Seed values for a new installation's reference data. Administrators edit them afterwards in the console.

/**
 * Exchange rates: units per 1 USD, approximate mid-market rates around 2025-06-30, rounded. A snapshot
 * for a first start, not a rate feed: an administrator updates them under reference data.
 */
export const CURRENCY_SNAPSHOT_DATE = '2025-06-30';
export const SEED_CURRENCIES: ReadonlyArray<{ code: string; name: string; exchangeRate: number }> = [
  { code: 'USD', name: 'US Dollar', exchangeRate: 1 },
  { code: 'EUR', name: 'Euro', exchangeRate: 0.853 },
  { code: 'CNY', name: 'Chinese Yuan', exchangeRate: 7.165 },
  { code: 'GBP', name: 'Pound Sterling', exchangeRate: 0.729 },
  { code: 'JPY', name: 'Japanese Yen', exchangeRate: 144.0 },
  { code: 'AUD', name: 'Australian Dollar', exchangeRate: 1.525 },
  { code: 'CAD', name: 'Canadian Dollar', exchangeRate: 1.363 },
  { code: 'CHF', name: 'Swiss Franc', exchangeRate: 0.795 },
  { code: 'HKD', name: 'Hong Kong Dollar', exchangeRate: 7.85 },
  { code: 'SGD', name: 'Singapore Dollar', exchangeRate: 1.273 },
  { code: 'INR', name: 'Indian Rupee', exchangeRate: 85.7 },
  { code: 'KRW', name: 'South Korean Won', exchangeRate: 1350 },
  { code: 'BRL', name: 'Brazilian Real', exchangeRate: 5.46 },
  { code: 'MXN', name: 'Mexican Peso', exchangeRate: 18.8 },
  { code: 'ZAR', name: 'South African Rand', exchangeRate: 17.75 },
  { code: 'SEK', name: 'Swedish Krona', exchangeRate: 9.52 },
  { code: 'NOK', name: 'Norwegian Krone', exchangeRate: 10.11 },
  { code: 'DKK', name: 'Danish Krone', exchangeRate: 6.37 },
  { code: 'PLN', name: 'Polish Zloty', exchangeRate: 3.61 },
  { code: 'NZD', name: 'New Zealand Dollar', exchangeRate: 1.645 },
  { code: 'TRY', name: 'Turkish Lira', exchangeRate: 39.8 },
];

/** Regions of the product's markets: typical household electricity price per kWh (2025, rounded). */
export const SEED_REGIONS: ReadonlyArray<{
  name: string;
  areaCode: string;
  currencyCode: string;
  temperatureUnit: 'C' | 'F';
  price: number;
}> = [
  { name: 'China', areaCode: '+86', currencyCode: 'CNY', temperatureUnit: 'C', price: 0.56 },
  { name: 'Germany', areaCode: '+49', currencyCode: 'EUR', temperatureUnit: 'C', price: 0.4 },
  { name: 'Italy', areaCode: '+39', currencyCode: 'EUR', temperatureUnit: 'C', price: 0.33 },
  { name: 'France', areaCode: '+33', currencyCode: 'EUR', temperatureUnit: 'C', price: 0.25 },
  { name: 'United Kingdom', areaCode: '+44', currencyCode: 'GBP', temperatureUnit: 'C', price: 0.25 },
  { name: 'United States', areaCode: '+1', currencyCode: 'USD', temperatureUnit: 'F', price: 0.17 },
  { name: 'Australia', areaCode: '+61', currencyCode: 'AUD', temperatureUnit: 'C', price: 0.33 },
];

/** IANA zones of those regions with their standard offsets in minutes (daylight saving not included). */
export const SEED_TIME_ZONES: ReadonlyArray<{ name: string; offsetMinutes: number }> = [
  { name: 'UTC', offsetMinutes: 0 },
  { name: 'Asia/Shanghai', offsetMinutes: 480 },
  { name: 'Asia/Hong_Kong', offsetMinutes: 480 },
  { name: 'Europe/Berlin', offsetMinutes: 60 },
  { name: 'Europe/Rome', offsetMinutes: 60 },
  { name: 'Europe/Paris', offsetMinutes: 60 },
  { name: 'Europe/London', offsetMinutes: 0 },
  { name: 'America/New_York', offsetMinutes: -300 },
  { name: 'America/Chicago', offsetMinutes: -360 },
  { name: 'America/Denver', offsetMinutes: -420 },
  { name: 'America/Phoenix', offsetMinutes: -420 },
  { name: 'America/Los_Angeles', offsetMinutes: -480 },
  { name: 'America/Anchorage', offsetMinutes: -540 },
  { name: 'Pacific/Honolulu', offsetMinutes: -600 },
  { name: 'Australia/Perth', offsetMinutes: 480 },
  { name: 'Australia/Darwin', offsetMinutes: 570 },
  { name: 'Australia/Adelaide', offsetMinutes: 570 },
  { name: 'Australia/Brisbane', offsetMinutes: 600 },
  { name: 'Australia/Sydney', offsetMinutes: 600 },
  { name: 'Australia/Melbourne', offsetMinutes: 600 },
  { name: 'Australia/Hobart', offsetMinutes: 600 },
];

/** ISO 3166-1 alpha-2: the 249 officially assigned codes. Names come from CLDR (Intl.DisplayNames). */
export const ISO_COUNTRY_CODES: readonly string[] = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW
BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI
FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN
IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME
MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF
PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV
SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE
YT ZA ZM ZW`
  .trim()
  .split(/\s+/);
