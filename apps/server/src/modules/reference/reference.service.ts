import {
  pageWindow,
  ReferenceMessage,
  validateCurrency,
  type Country,
  type CountryBody,
  type CountryPageQuery,
  type Currency,
  type CurrencyBody,
  type CurrencyPageQuery,
  type Region,
  type RegionCreateBody,
  type RegionPageQuery,
  type StationDefaults,
  type StationDefaultsQuery,
  type TimeZone,
  type TimeZoneCreateBody,
  type TimeZonePageQuery,
} from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors, type AppError } from '../../lib/errors.js';
import type { Scope } from '../tenancy/scope.js';
import { CountriesRepository } from './countries.repository.js';
import { CurrenciesRepository } from './currencies.repository.js';
import { countryOfZone, currencyOfCountry, zoneAt } from './position-defaults.js';
import { RegionsRepository, type RegionValues } from './regions.repository.js';
import {
  invalidField,
  optionalKeyword,
  pgErrorCode,
  PG_FOREIGN_KEY_VIOLATION,
  PG_UNIQUE_VIOLATION,
  requiredText,
} from './sql-helpers.js';
import { ianaTimeZone, standardOffsetMinutes } from './time-zone-rules.js';
import { TimeZonesRepository } from './time-zones.repository.js';

interface Page<T> {
  total: number;
  list: T[];
}

/** Reference data is shared by every tenant, so only the platform may change it (besides the permission). */
export function requirePlatform(scope: Scope): void {
  if (scope.kind !== 'platform') throw Errors.forbidden();
}

/** '+49' and '49' are the same dialling code; store one spelling. */
function normaliseAreaCode(areaCode: string): string {
  return `+${areaCode.replace(/^\+/, '')}`;
}

function currencyCode(raw: string): string {
  const failure = validateCurrency(raw);
  if (failure !== null) throw invalidField('body.code', failure, 'at most 5 characters');
  return raw.toUpperCase();
}

const currencyUnknown = (): AppError =>
  invalidField('body.currencyCode', ReferenceMessage.currencyUnknown, 'no such currency');
const currencyInUse = (): AppError =>
  invalidField('params.code', ReferenceMessage.currencyInUse, 'regions still use this currency');

export class ReferenceService {
  private readonly currencies: CurrenciesRepository;
  private readonly regions: RegionsRepository;
  private readonly zones: TimeZonesRepository;
  private readonly countries: CountriesRepository;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.currencies = new CurrenciesRepository(db);
    this.regions = new RegionsRepository(db);
    this.zones = new TimeZonesRepository(db);
    this.countries = new CountriesRepository(db);
  }

  // ---- What a new station at a position is proposed ----------------------------------------------------

  /**
   * The zone at the position; the region named as the zone's country gives currency and price, else the
   * country's own currency is proposed when it is among the currencies, and no price: a price needs a
   * source, and a made-up 0.00 would be taken for one.
   */
  async stationDefaults({ longitude, latitude }: StationDefaultsQuery): Promise<StationDefaults> {
    const timeZone = zoneAt(longitude, latitude);
    const countryCode = timeZone === null ? null : countryOfZone(timeZone);
    if (countryCode === null) return { timeZone, countryCode, region: null, currency: null, price: null };
    const region = await this.regions.ofCountry(countryCode);
    if (region !== null)
      return {
        timeZone,
        countryCode,
        region: region.name,
        currency: region.currencyCode,
        price: region.price,
      };
    const own = currencyOfCountry(countryCode);
    const currency = own !== null && (await this.currencies.find(own)) !== null ? own : null;
    return { timeZone, countryCode, region: null, currency, price: null };
  }

  // ---- Currencies -------------------------------------------------------------------------------------

  currencyPage(query: CurrencyPageQuery): Promise<Page<Currency>> {
    return this.currencies.page(optionalKeyword(query.keyword), pageWindow(query));
  }

  async createCurrency(scope: Scope, body: CurrencyBody): Promise<Currency> {
    requirePlatform(scope);
    const code = currencyCode(body.code);
    const name = requiredText(body.name, 'body.name');
    const inserted = await this.currencies.insert({
      code,
      name,
      exchangeRate: body.exchangeRate,
      updatedAt: this.clock.now(),
    });
    if (!inserted) throw Errors.exists();
    return this.mustFindCurrency(code);
  }

  async updateCurrency(scope: Scope, body: CurrencyBody): Promise<Currency> {
    requirePlatform(scope);
    const code = currencyCode(body.code);
    const name = requiredText(body.name, 'body.name');
    const updated = await this.currencies.update(code, {
      name,
      exchangeRate: body.exchangeRate,
      updatedAt: this.clock.now(),
    });
    if (!updated) throw Errors.notFound();
    return this.mustFindCurrency(code);
  }

  async deleteCurrency(scope: Scope, rawCode: string): Promise<void> {
    requirePlatform(scope);
    const code = rawCode.toUpperCase();
    const existing = await this.currencies.find(code);
    if (!existing) throw Errors.notFound();
    if (existing.regionCount > 0) throw currencyInUse();
    try {
      if (!(await this.currencies.delete(code))) throw Errors.notFound();
    } catch (error) {
      // A region created between the check and the delete: the foreign key refuses it.
      if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) throw currencyInUse();
      throw error;
    }
  }

  private async mustFindCurrency(code: string): Promise<Currency> {
    const currency = await this.currencies.find(code);
    if (!currency) throw Errors.notFound();
    return currency;
  }

  // ---- Regions ----------------------------------------------------------------------------------------

  regionPage(query: RegionPageQuery): Promise<Page<Region>> {
    return this.regions.page(optionalKeyword(query.keyword), pageWindow(query));
  }

  async createRegion(scope: Scope, body: RegionCreateBody): Promise<Region> {
    requirePlatform(scope);
    const values = await this.regionValues(body, null);
    const id = await this.withCurrencyCheck(() => this.regions.insert(values));
    return this.mustFindRegion(id);
  }

  async updateRegion(scope: Scope, id: number, body: RegionCreateBody): Promise<Region> {
    requirePlatform(scope);
    await this.mustFindRegion(id);
    const values = await this.regionValues(body, id);
    const updated = await this.withCurrencyCheck(() => this.regions.update(id, values));
    if (!updated) throw Errors.notFound();
    return this.mustFindRegion(id);
  }

  async deleteRegion(scope: Scope, id: number): Promise<void> {
    requirePlatform(scope);
    if (!(await this.regions.delete(id))) throw Errors.notFound();
  }

  private async regionValues(body: RegionCreateBody, exceptId: number | null): Promise<RegionValues> {
    const name = requiredText(body.name, 'body.name');
    const code = body.currencyCode.toUpperCase();
    if (!(await this.currencies.find(code))) throw currencyUnknown();
    if (await this.regions.nameTaken(name, exceptId)) throw Errors.exists();
    return {
      name,
      areaCode: normaliseAreaCode(body.areaCode),
      currencyCode: code,
      temperatureUnit: body.temperatureUnit,
      price: body.price,
    };
  }

  /** A currency deleted between the check and the write: the foreign key refuses the region. */
  private async withCurrencyCheck<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) throw currencyUnknown();
      throw error;
    }
  }

  private async mustFindRegion(id: number): Promise<Region> {
    const region = await this.regions.find(id);
    if (!region) throw Errors.notFound();
    return region;
  }

  // ---- Time zones -------------------------------------------------------------------------------------

  timeZonePage(query: TimeZonePageQuery): Promise<Page<TimeZone>> {
    return this.zones.page(optionalKeyword(query.keyword), pageWindow(query));
  }

  async createTimeZone(scope: Scope, body: TimeZoneCreateBody): Promise<TimeZone> {
    requirePlatform(scope);
    const values = this.timeZoneValues(body);
    if (await this.zones.nameTaken(values.name, null)) throw Errors.exists();
    const created = await this.zones.insert(values);
    if (!created) throw Errors.exists();
    return created;
  }

  async updateTimeZone(scope: Scope, id: number, body: TimeZoneCreateBody): Promise<TimeZone> {
    requirePlatform(scope);
    const values = this.timeZoneValues(body);
    if (await this.zones.nameTaken(values.name, id)) throw Errors.exists();
    let updated: TimeZone | null;
    try {
      updated = await this.zones.update(id, values);
    } catch (error) {
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw Errors.exists();
      throw error;
    }
    if (!updated) throw Errors.notFound();
    return updated;
  }

  async deleteTimeZone(scope: Scope, id: number): Promise<void> {
    requirePlatform(scope);
    if (!(await this.zones.delete(id))) throw Errors.notFound();
  }

  private timeZoneValues(body: TimeZoneCreateBody): { name: string; offsetMinutes: number } {
    const name = ianaTimeZone(body.name);
    if (name === null) {
      throw invalidField('body.name', ReferenceMessage.timeZoneUnknown, 'not an IANA time zone name');
    }
    const offsetMinutes =
      body.offsetMinutes ?? standardOffsetMinutes(name, this.clock.now().getUTCFullYear());
    return { name, offsetMinutes };
  }

  // ---- Countries --------------------------------------------------------------------------------------

  countryPage(scope: Scope, query: CountryPageQuery): Promise<Page<Country>> {
    return this.countries.page(
      {
        keyword: optionalKeyword(query.keyword),
        visibility: query.visibility ?? null,
        includePrivate: scope.kind === 'platform',
      },
      pageWindow(query),
    );
  }

  async createCountry(scope: Scope, body: CountryBody): Promise<Country> {
    requirePlatform(scope);
    const created = await this.countries.insert({
      code: body.code.toUpperCase(),
      name: requiredText(body.name, 'body.name'),
      visibility: body.visibility,
    });
    if (!created) throw Errors.exists();
    return created;
  }

  async updateCountry(scope: Scope, body: CountryBody): Promise<Country> {
    requirePlatform(scope);
    const updated = await this.countries.update(body.code.toUpperCase(), {
      name: requiredText(body.name, 'body.name'),
      visibility: body.visibility,
    });
    if (!updated) throw Errors.notFound();
    return updated;
  }

  async deleteCountry(scope: Scope, code: string): Promise<void> {
    requirePlatform(scope);
    if (!(await this.countries.delete(code.toUpperCase()))) throw Errors.notFound();
  }
}
