// The country a point lies in, for the big screen's regional site counts (SPEC §2): stations carry
// coordinates, not a country, so the country is looked up in the bundled Natural Earth boundaries of the
// world-atlas package (1:50m; the web draws the 1:110m set of the same names). No online service is asked.
import { createRequire } from 'node:module';
import { geoBounds, geoContains } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { LRUCache } from 'lru-cache';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

export interface Country {
  /** ISO 3166-1 numeric, or null for the few areas Natural Earth gives none (e.g. Kosovo). */
  id: string | null;
  name: string;
}

interface Outline {
  country: Country;
  feature: Feature<Geometry, { name: string }>;
  west: number;
  east: number;
  south: number;
  north: number;
}

let outlines: Outline[] | undefined;

function load(): Outline[] {
  const require = createRequire(import.meta.url);
  const topology = require('world-atlas/countries-50m.json') as Topology<{
    countries: GeometryCollection<{ name: string }>;
  }>;
  const collection = feature(topology, topology.objects.countries) as FeatureCollection<
    Geometry,
    { name: string }
  >;
  return collection.features.map((f) => {
    const [[west, south], [east, north]] = geoBounds(f);
    const id = f.id === undefined ? null : String(f.id);
    return { country: { id, name: f.properties.name }, feature: f, west, east, south, north };
  });
}

/** Inside the box, minding boxes that cross the antimeridian (west > east, e.g. Russia, Fiji). */
function inBox(o: Outline, lon: number, lat: number): boolean {
  if (lat < o.south || lat > o.north) return false;
  return o.west <= o.east ? lon >= o.west && lon <= o.east : lon >= o.west || lon <= o.east;
}

/** The country containing (lon, lat), or null (at sea, or not a valid coordinate). */
export function countryAt(lon: number, lat: number): Country | null {
  if (!Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lat) > 90 || Math.abs(lon) > 180)
    return null;
  outlines ??= load();
  for (const o of outlines) {
    if (inBox(o, lon, lat) && geoContains(o.feature, [lon, lat])) return o.country;
  }
  return null;
}

/** Answers kept per point: stations do not move often, and the screen asks every minute. */
const cache = new LRUCache<string, { country: Country | null }>({ max: 50_000 });

/** countryAt(), remembered. */
export function countryAtCached(lon: number, lat: number): Country | null {
  const key = `${lon},${lat}`;
  const hit = cache.get(key);
  if (hit) return hit.country;
  const country = countryAt(lon, lat);
  cache.set(key, { country });
  return country;
}
