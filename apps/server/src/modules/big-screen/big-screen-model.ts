// Pure pieces of the big-screen answer: the browser's day, today's hourly power points and the regional
// site counts from station coordinates.
import type { BigScreenRegion } from '@sunfleet/contracts';
import type { Country } from './countries.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Midnight of the browser's day at `nowMs`, as an instant: `zoneOffset` is minutes east of UTC (the
 * browser's getTimezoneOffset() with its sign reversed, SPEC §7).
 */
export function browserDayStart(nowMs: number, zoneOffset: number): number {
  const offsetMs = zoneOffset * MINUTE_MS;
  return Math.floor((nowMs + offsetMs) / DAY_MS) * DAY_MS - offsetMs;
}

/**
 * One point per hour bucket from the first whole hour at or after `fromMs` up to the hour holding `nowMs`;
 * an hour without rollups is null (a gap, never 0). Rollup buckets start on whole UTC hours, so in a zone
 * with a half-hour offset the curve starts half an hour after the local midnight.
 */
export function hourlyPoints(
  fromMs: number,
  nowMs: number,
  hours: readonly { ts: number; kwh: number }[],
): { ts: number; kw: number | null }[] {
  const byHour = new Map(hours.map((h) => [h.ts, h.kwh]));
  const points: { ts: number; kw: number | null }[] = [];
  for (let t = Math.ceil(fromMs / HOUR_MS) * HOUR_MS; t <= nowMs; t += HOUR_MS) {
    points.push({ ts: t, kw: byHour.get(t) ?? null });
  }
  return points;
}

/**
 * Sites per country, most first then by name, and the number that lie in none (no coordinates, or at sea):
 * `locate` answers the country of a point.
 */
export function regionCounts(
  points: readonly { lon: number | null; lat: number | null; n: number }[],
  locate: (lon: number, lat: number) => Country | null,
): { regions: BigScreenRegion[]; unplaced: number } {
  const byName = new Map<string, BigScreenRegion>();
  let unplaced = 0;
  for (const p of points) {
    const country = p.lon === null || p.lat === null ? null : locate(p.lon, p.lat);
    if (country === null) {
      unplaced += p.n;
      continue;
    }
    const region = byName.get(country.name) ?? { countryId: country.id, name: country.name, stations: 0 };
    region.stations += p.n;
    byName.set(country.name, region);
  }
  const regions = [...byName.values()].sort(
    (a, b) => b.stations - a.stations || a.name.localeCompare(b.name),
  );
  return { regions, unplaced };
}
