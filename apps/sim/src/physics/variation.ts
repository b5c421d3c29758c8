// How devices and strings that are identical on paper differ in the field. Drawn once per inverter from the
// fleet seed and its SN (the same seed gives the same plant, another seed another one):
//
// - module power tolerance: a string's current is set by its modules, so strings differ by about ±1 %;
// - soiling: how much dust each inverter's block and each string collects (× the site's soiling of the day);
// - orientation: racking and roof tolerance of every tracker's tilt (±1°) and azimuth (±2°);
// - position: whether a tracker sits in the front row of a field (never shaded by another row) and the
//   local ground coverage ratio (terrain); the obstacle a rooftop tracker sees (tree, chimney, a
//   neighbour's house), used when the site declares rows or obstacles;
// - now and then one degraded string (cracked cells, hot spots, an older batch) that delivers 6–25 % less
//   current for good.
//
// The draws are made in a fixed order whatever the site's options, so changing one option does not move
// the others.
import { Rng, seedOf } from './random.js';

export interface StringVariation {
  /** Photocurrent factor from the modules' tolerance (about 1 ± 0.01). */
  currentFactor: number;
  /** Multiplier of the soiling this string collects (0.6…1.4). */
  soilingWeight: number;
}

export interface Obstacle {
  /** Direction (degrees from north), half angular width and elevation (degrees) of the obstacle. */
  azimuth: number;
  halfWidth: number;
  /** Share of the site's highest obstacle elevation (0.3…1). */
  heightShare: number;
}

export interface ChannelVariation {
  tiltOffset: number;
  azimuthOffset: number;
  /** In the front row of a field: no row in front of it casts a shadow. */
  frontRow: boolean;
  /** Local multiplier of the site's ground coverage ratio (0.95…1.05, terrain). */
  coverageFactor: number;
  obstacle: Obstacle;
  strings: StringVariation[];
}

export interface DegradedString {
  /** Tracker and string, from 0. */
  channel: number;
  string: number;
  /** Lost share of photocurrent (0.06…0.25). */
  loss: number;
}

export interface InverterVariation {
  /** Multiplier of the soiling of this inverter's block (0.7…1.3). */
  soilingWeight: number;
  channels: ChannelVariation[];
  degraded: DegradedString | null;
}

/** Share of inverters with one degraded string at fault rate 1. */
export const DEGRADED_STRING_SHARE = 0.15;
/** Share of trackers in the front row of a field. */
export const FRONT_ROW_SHARE = 0.12;

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/**
 * The variation of one inverter: `mppts` gives the strings per tracker and the direction they face;
 * `faultRate` scales the chance of a degraded string (0: none).
 */
export function inverterVariation(
  seed: string | number,
  sn: string,
  mppts: readonly { strings: number; azimuth: number }[],
  faultRate = 1,
): InverterVariation {
  const rng = new Rng(seedOf(seed, sn, 'variation'));
  const soilingWeight = clamp(1 + 0.15 * rng.normal(), 0.7, 1.3);
  const channels = mppts.map((mppt): ChannelVariation => {
    const tiltOffset = clamp(0.8 * rng.normal(), -2, 2);
    const azimuthOffset = clamp(2 * rng.normal(), -5, 5);
    const frontRow = rng.chance(FRONT_ROW_SHARE);
    const coverageFactor = clamp(1 + 0.02 * rng.normal(), 0.95, 1.05);
    // An obstacle somewhere in the half of the sky the tracker faces.
    const obstacle: Obstacle = {
      azimuth: (mppt.azimuth + rng.uniform(-90, 90) + 360) % 360,
      halfWidth: rng.uniform(10, 35),
      heightShare: rng.uniform(0.3, 1),
    };
    const strings = Array.from({ length: mppt.strings }, () => ({
      currentFactor: 1 + clamp(0.008 * rng.normal(), -0.02, 0.02),
      soilingWeight: clamp(1 + 0.2 * rng.normal(), 0.6, 1.4),
    }));
    return { tiltOffset, azimuthOffset, frontRow, coverageFactor, obstacle, strings };
  });
  const hasDegraded = rng.chance(Math.min(1, DEGRADED_STRING_SHARE * faultRate));
  const channel = rng.int(mppts.length);
  const string = rng.int(mppts[channel]?.strings ?? 1);
  const loss = rng.uniform(0.06, 0.25);
  return {
    soilingWeight,
    channels,
    degraded: hasDegraded && mppts.length > 0 ? { channel, string, loss } : null,
  };
}
