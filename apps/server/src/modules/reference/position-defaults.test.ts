import { describe, expect, it } from 'vitest';
import { countryOfZone, currencyOfCountry, zoneAt } from './position-defaults.js';

describe('what a station at a position is proposed', () => {
  it('finds the IANA zone at a position, offline', () => {
    expect(zoneAt(-3.7038, 40.4168)).toBe('Europe/Madrid'); // Madrid
    expect(zoneAt(-15.43, 28.1)).toBe('Atlantic/Canary'); // Las Palmas: Spain, another zone
    expect(zoneAt(11.5, 48.1)).toBe('Europe/Berlin'); // Munich
    expect(zoneAt(121.47, 31.23)).toBe('Asia/Shanghai');
    expect(zoneAt(-112.07, 33.45)).toBe('America/Phoenix');
    expect(zoneAt(151.21, -33.87)).toBe('Australia/Sydney');
  });

  it('answers null over the open sea (a nautical Etc/GMT zone the station API refuses) and off the map', () => {
    expect(zoneAt(-40, 30)).toBeNull();
    expect(zoneAt(200, 10)).toBeNull();
    expect(zoneAt(10, -95)).toBeNull();
  });

  it("gives each zone its country, whatever the runtime's ICU calls the zone", () => {
    expect(countryOfZone('Europe/Madrid')).toBe('ES');
    expect(countryOfZone('Atlantic/Canary')).toBe('ES');
    expect(countryOfZone('Europe/Berlin')).toBe('DE');
    expect(countryOfZone('America/Toronto')).toBe('CA');
    // Current IANA names that older ICUs list under the previous spelling.
    expect(countryOfZone('Europe/Kyiv')).toBe('UA');
    expect(countryOfZone('Asia/Kolkata')).toBe('IN');
    expect(countryOfZone('Etc/GMT+3')).toBeNull();
    expect(countryOfZone('UTC')).toBeNull();
  });

  it("knows a country's own currency", () => {
    expect(currencyOfCountry('ES')).toBe('EUR');
    expect(currencyOfCountry('ca')).toBe('CAD');
    expect(currencyOfCountry('CN')).toBe('CNY');
    expect(currencyOfCountry('ZZ')).toBeNull();
  });
});
