// Pure pieces of the big screen: the stage scaling, the browser's zone offset for the API, and where the
// map looks first.
import type { BigScreenRegion } from '@sunfleet/contracts';
import type { Geometry, Position } from 'geojson';

/** The design size of the stage; it is scaled as a whole to fit any screen (letterboxed). */
export const STAGE = { width: 1920, height: 1080 } as const;

/** SPEC §9: map zoom 2.4, range 2 to 3. */
export const MAP_ZOOM = { initial: 2.4, min: 2, max: 3 } as const;

/** Where the map looks when no country has sites: the populated middle latitudes. */
export const DEFAULT_MAP_CENTER: [number, number] = [10, 25];

/** The factor that fits the 1920×1080 stage into a viewport of `width` × `height`. */
export function stageScale(width: number, height: number): number {
  if (width <= 0 || height <= 0) return 1;
  return Math.min(width / STAGE.width, height / STAGE.height);
}

/** The browser's offset from UTC in minutes, east positive: getTimezoneOffset() with its sign reversed. */
export function browserZoneOffset(date: Date = new Date()): number {
  const offset = date.getTimezoneOffset();
  return offset === 0 ? 0 : -offset;
}

function rings(geometry: Geometry): Position[][] {
  switch (geometry.type) {
    case 'Polygon':
      return geometry.coordinates.slice(0, 1);
    case 'MultiPolygon':
      return geometry.coordinates.map((polygon) => polygon[0] ?? []);
    case 'GeometryCollection':
      return geometry.geometries.flatMap(rings);
    case 'Point':
    case 'MultiPoint':
    case 'LineString':
    case 'MultiLineString':
      return [];
  }
}

/**
 * The middle of the country with the most sites, to centre the zoomed map on the fleet: the middle of the
 * bounding box of its largest outline (so the mainland, not a far island, decides).
 */
export function mapCenter(
  regions: readonly BigScreenRegion[],
  features: readonly { geometry: Geometry | null; properties: { name: string } }[],
): [number, number] {
  const top = regions[0];
  const geometry = top && features.find((f) => f.properties.name === top.name)?.geometry;
  if (!geometry) return DEFAULT_MAP_CENTER;
  const largest = rings(geometry).reduce<Position[]>((a, b) => (b.length > a.length ? b : a), []);
  if (largest.length === 0) return DEFAULT_MAP_CENTER;
  const lons = largest.map((p) => p[0] ?? 0);
  const lats = largest.map((p) => p[1] ?? 0);
  return [(Math.min(...lons) + Math.max(...lons)) / 2, (Math.min(...lats) + Math.max(...lats)) / 2];
}

/**
 * A ring that crosses the antimeridian (Fiji, Chukotka) jumps from +180 to −180; drawn on a flat map that
 * jump is a line across the world. Its western part is moved east by 360° so the outline stays whole.
 */
export function unwrapRing(ring: Position[]): Position[] {
  const lons = ring.map((p) => p[0] ?? 0);
  const lats = ring.map((p) => p[1] ?? 0);
  // A ring round a pole (Antarctica) spans every longitude by right: it is drawn as it is.
  if (Math.min(...lats) <= -85 || Math.max(...lats) >= 85) return ring;
  if (Math.max(...lons) - Math.min(...lons) <= 180) return ring;
  return ring.map(([lon = 0, lat = 0]) => [lon < 0 ? lon + 360 : lon, lat]);
}

/** unwrapRing() over every ring of a (multi)polygon; other geometries as they are. */
export function unwrapGeometry(geometry: Geometry): Geometry {
  switch (geometry.type) {
    case 'Polygon':
      return { ...geometry, coordinates: geometry.coordinates.map(unwrapRing) };
    case 'MultiPolygon':
      return { ...geometry, coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapRing)) };
    case 'GeometryCollection':
      return { ...geometry, geometries: geometry.geometries.map(unwrapGeometry) };
    case 'Point':
    case 'MultiPoint':
    case 'LineString':
    case 'MultiLineString':
      return geometry;
  }
}
