// What the station form proposes for a position (docs/web.md "Create station"): the IANA zone there, and the
// currency and price of the country there. All offline: the zone comes from a polygon lookup shipped
// with @photostructure/tz-lookup (timezone-boundary-builder data), the zone's country from CLDR through
// the runtime's ICU, and a country's currency from country-to-currency (ISO 3166 → ISO 4217).
import tzLookup from '@photostructure/tz-lookup';
import countryToCurrency from 'country-to-currency';
import { ISO_COUNTRY_CODES } from './reference-seed-data.js';
import { ianaTimeZone } from './time-zone-rules.js';

/**
 * The IANA zone at a position, as the station API stores it; null off the map and over the open sea, where
 * the lookup answers a nautical Etc/GMT±N zone that the station API does not accept.
 */
export function zoneAt(longitude: number, latitude: number): string | null {
  let zone: string;
  try {
    zone = tzLookup(latitude, longitude);
  } catch {
    return null;
  }
  return ianaTimeZone(zone);
}

/** ICU's own name for a zone (older ICUs keep Europe/Kiev for Europe/Kyiv, Asia/Calcutta for Asia/Kolkata). */
function icuName(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return zone;
  }
}

/** CLDR's zones of a territory (`timeZones` until V8 12, `getTimeZones()` after). */
function zonesOf(country: string): readonly string[] {
  const locale = new Intl.Locale(`und-${country}`) as Intl.Locale & {
    getTimeZones?: () => string[];
    timeZones?: string[];
  };
  return locale.getTimeZones?.() ?? locale.timeZones ?? [];
}

let countryByZone: Map<string, string> | undefined;

/**
 * The ISO 3166-1 country of a zone: CLDR gives every zone exactly one territory (Europe/Madrid → ES,
 * Europe/Vatican → VA). Null for zones of no country (UTC, Etc/GMT+3 over the ocean).
 */
export function countryOfZone(zone: string): string | null {
  if (countryByZone === undefined) {
    countryByZone = new Map();
    for (const code of ISO_COUNTRY_CODES) for (const z of zonesOf(code)) countryByZone.set(z, code);
  }
  return countryByZone.get(icuName(zone)) ?? null;
}

/** The currency a country uses (ISO 4217), or null for a code the table does not know. */
export function currencyOfCountry(code: string): string | null {
  const table: Readonly<Record<string, string | undefined>> = countryToCurrency;
  return table[code.toUpperCase()] ?? null;
}
