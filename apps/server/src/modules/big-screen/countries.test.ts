import { describe, expect, it } from 'vitest';
import { countryAt, countryAtCached } from './countries.js';

describe('countryAt', () => {
  it('finds the country of a point from the bundled boundaries', () => {
    expect(countryAt(13.4, 52.52)?.name).toBe('Germany'); // Berlin
    expect(countryAt(13.4, 52.52)?.id).toBe('276');
    expect(countryAt(116.4, 39.9)?.name).toBe('China'); // Beijing
    expect(countryAt(12.5, 41.9)?.name).toBe('Italy'); // Rome
    expect(countryAt(-87.65, 41.85)?.name).toBe('United States of America'); // Chicago
  });

  it('finds countries whose outline crosses the antimeridian', () => {
    expect(countryAt(172, 66)?.name).toBe('Russia'); // Chukotka: Russia's outline crosses the antimeridian
    expect(countryAt(178.4, -18.1)?.name).toBe('Fiji'); // Suva
  });

  it('answers null at sea and for impossible coordinates', () => {
    expect(countryAt(-30, 0)).toBeNull();
    expect(countryAt(200, 0)).toBeNull();
    expect(countryAt(0, Number.NaN)).toBeNull();
  });

  it('remembers answers', () => {
    expect(countryAtCached(2.35, 48.86)?.name).toBe('France');
    expect(countryAtCached(2.35, 48.86)?.name).toBe('France');
  });
});
