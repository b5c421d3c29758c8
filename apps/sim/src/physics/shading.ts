// Shade at low sun. Rows of modules in a field or on a flat roof shade the bottom of the row behind them
// when the sun is low in front of them; a rooftop string may lose the sun behind a tree, a chimney or the
// neighbours' house. Both take away beam light (the sky's diffuse light still arrives).
//
// A row's shade costs more than its shaded area: a string's modules are all shaded alike, so bypass diodes
// cannot help, and a cell in shade limits the current of its whole cell string. Modules stand in portrait
// with half-cut cells (the bottom and top halves of a module are in parallel): once the shadow covers a
// cell row (1/24 of the module height) the bottom halves lose their beam, and the top halves once it
// climbs past the middle — so the loss steps from 0 to a half to all of the beam.
import type { Obstacle } from './variation.js';

const DEG = Math.PI / 180;

/**
 * Share (0…1) of a row's slant height in the shadow of the identical row in front of it: rows of tilt
 * `tilt` facing `surfaceAzimuth`, ground coverage ratio `gcr` (row depth / row pitch), sun at `zenith` and
 * `azimuth` (degrees). With the sun's elevation projected onto the plane across the rows (the profile
 * angle αp), the unshaded share is sin αp / (gcr · sin(αp + tilt)).
 */
export function rowShadedFraction(
  zenith: number,
  azimuth: number,
  tilt: number,
  surfaceAzimuth: number,
  gcr: number,
): number {
  const elevation = 90 - zenith;
  if (elevation <= 0 || gcr <= 0 || tilt <= 0) return 0;
  const across = Math.cos((azimuth - surfaceAzimuth) * DEG);
  // Sun behind the rows (or exactly along them): the front face gets no beam, or no row is in the way.
  if (across <= 1e-6) return 0;
  const profile = Math.atan(Math.tan(elevation * DEG) / across);
  const unshaded = Math.sin(profile) / (gcr * Math.sin(profile + tilt * DEG));
  return Math.min(Math.max(1 - unshaded, 0), 1);
}

/** Sun elevation (degrees) above which rows of this tilt and coverage never shade each other. */
export function rowShadeLimit(tilt: number, gcr: number): number {
  if (gcr <= 0 || tilt <= 0) return 0;
  return Math.atan((gcr * Math.sin(tilt * DEG)) / (1 - gcr * Math.cos(tilt * DEG))) / DEG;
}

/** Height of one (half-cut) cell row as a share of a portrait module's height. */
const CELL_ROW = 1 / 24;

/** Lost share of the beam for a row whose bottom `shaded` share (0…1) is in shadow (see above). */
export function rowShadeLoss(shaded: number): number {
  if (shaded <= 0) return 0;
  const bottom = Math.min(shaded / CELL_ROW, 1);
  const top = Math.min(Math.max(shaded - 0.5, 0) / CELL_ROW, 1);
  return 0.5 * bottom + 0.5 * top;
}

/** 1 while the sun is behind the obstacle (its elevation below the obstacle's, within its width), else 0. */
export function obstacleShade(
  zenith: number,
  azimuth: number,
  obstacle: Obstacle,
  maxElevation: number,
): number {
  const elevation = 90 - zenith;
  if (elevation <= 0) return 0;
  const apart = Math.abs(((azimuth - obstacle.azimuth + 540) % 360) - 180);
  return apart <= obstacle.halfWidth && elevation < obstacle.heightShare * maxElevation ? 1 : 0;
}
