// Pure pieces of the station maps (no Leaflet): the view to open with and the checks of typed coordinates.
// Kept apart so they are unit-tested without a DOM map. Marker colours are the status colours
// (components/StatusTag).
import type { StationStatus } from '@sunfleet/contracts';

/** One station on a map. */
export interface MapPoint {
  id: number;
  name: string;
  status: StationStatus;
  longitude: number;
  latitude: number;
}

export type MapView =
  | { kind: 'bounds'; /** [[south, west], [north, east]] */ corners: [[number, number], [number, number]] }
  | { kind: 'center'; center: [number, number]; zoom: number };

/** Whole world when there is nothing to show. */
export const WORLD_VIEW = { kind: 'center', center: [20, 0], zoom: 2 } as const satisfies MapView;

/** Opens on the stations: one station centred at street-block zoom, several fitted into view. */
export function viewFor(points: readonly Pick<MapPoint, 'longitude' | 'latitude'>[]): MapView {
  if (points.length === 0) return WORLD_VIEW;
  const [only] = points;
  if (points.length === 1 && only !== undefined) {
    return { kind: 'center', center: [only.latitude, only.longitude], zoom: 10 };
  }
  const lats = points.map((p) => p.latitude);
  const lngs = points.map((p) => p.longitude);
  return {
    kind: 'bounds',
    corners: [
      [Math.min(...lats), Math.min(...lngs)],
      [Math.max(...lats), Math.max(...lngs)],
    ],
  };
}

export interface Coordinates {
  longitude: number;
  latitude: number;
}

/** True for a longitude −180..180 and a latitude −90..90 (the station API's ranges). */
export function validCoordinates(value: Partial<Coordinates> | undefined): value is Coordinates {
  if (value === undefined) return false;
  const { longitude, latitude } = value;
  return (
    typeof longitude === 'number' &&
    typeof latitude === 'number' &&
    Number.isFinite(longitude) &&
    Number.isFinite(latitude) &&
    longitude >= -180 &&
    longitude <= 180 &&
    latitude >= -90 &&
    latitude <= 90
  );
}

/** A clicked point rounded to 6 decimals (about 0.1 m) with its longitude wrapped into −180..180. */
export function roundedPoint(lat: number, lng: number): Coordinates {
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  const round = (v: number): number => Math.round(v * 1e6) / 1e6;
  return { latitude: round(Math.max(-90, Math.min(90, lat))), longitude: round(wrapped) };
}

/** One hit of a Nominatim-compatible geocoder (`…/search?format=json&q=`). */
export interface GeocoderHit {
  label: string;
  latitude: number;
  longitude: number;
}

/** The search URL of the configured geocoder for `query`. */
export function geocoderSearchUrl(base: string, query: string): string {
  const url = new URL(base);
  url.searchParams.set('format', 'json');
  url.searchParams.set('limit', '5');
  url.searchParams.set('q', query.trim());
  return url.toString();
}

/** The usable hits of a geocoder answer (anything malformed is left out). */
export function parseGeocoderHits(body: unknown): GeocoderHit[] {
  if (!Array.isArray(body)) return [];
  const hits: GeocoderHit[] = [];
  for (const item of body as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const record = item as Record<string, unknown>;
    const latitude = Number(record.lat);
    const longitude = Number(record.lon);
    const label = typeof record.display_name === 'string' ? record.display_name : '';
    if (label === '' || !validCoordinates({ latitude, longitude })) continue;
    hits.push({ label, latitude, longitude });
  }
  return hits;
}
