// Seeded cloud process: the clear-sky index kc = GHI / GHI_clear at any instant, realistic enough that a
// day looks like a day (clear, broken or overcast, with autocorrelated ramps and cloud-edge enhancement
// above 1) and deterministic: a day depends only on (seed, day), so live runs and backfills of the same
// day agree, whatever the step.
//
// Two levels. The day type (CLEAR, MIXED, OVERCAST) comes from a smooth "weather regime": a weighted sum of
// per-day random normals over the last four days, so sunny and grey spells persist for a few days without
// a sequential chain. Within the day, a minute-resolution Markov chain of sky states (clear, broken,
// overcast) with dwell times set by the day type drives an AR(1) clear-sky index per state, smoothed across
// state changes; instants between minutes are interpolated.
import { Rng, hashUniform, mix32 } from './random.js';

export const SkyStates = ['CLEAR', 'BROKEN', 'OVERCAST'] as const;
export type SkyState = (typeof SkyStates)[number];
export const DayTypes = ['CLEAR', 'MIXED', 'OVERCAST'] as const;
export type DayType = (typeof DayTypes)[number];

export interface CloudClimate {
  /** Long-run share of clear days (0…1). */
  clearDays: number;
  /** Long-run share of overcast days (0…1); the rest are mixed. */
  overcastDays: number;
  /**
   * Seasonal swing of the clear share (moved from the overcast share): + in midsummer, − in midwinter.
   * 0.2 makes a Mediterranean summer mostly clear and its winter greyer.
   */
  seasonalSwing?: number;
}

/** A temperate default: roughly a third each, slightly more mixed days. */
export const DEFAULT_CLOUD_CLIMATE: CloudClimate = { clearDays: 0.32, overcastDays: 0.26 };

/**
 * A rough cloud climatology by latitude band, for sites without their own: cloudy humid tropics, the sunny
 * subtropical belt with dry summers, greyer mid and high latitudes. Real sites differ (a monsoon coast is
 * not a desert at the same latitude); set `cloudClimate` per site where it matters.
 */
export function cloudClimateFor(latitude: number): CloudClimate {
  const abs = Math.abs(latitude);
  if (abs < 12) return { clearDays: 0.22, overcastDays: 0.3, seasonalSwing: 0 };
  if (abs < 25) return { clearDays: 0.45, overcastDays: 0.15, seasonalSwing: 0.05 };
  if (abs < 42) return { clearDays: 0.5, overcastDays: 0.15, seasonalSwing: 0.2 };
  if (abs < 50) return { clearDays: 0.34, overcastDays: 0.26, seasonalSwing: 0.1 };
  if (abs < 60) return { clearDays: 0.26, overcastDays: 0.34, seasonalSwing: 0.08 };
  return { clearDays: 0.2, overcastDays: 0.4, seasonalSwing: 0.08 };
}

const MINUTES = 1_440;
const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;
/** Regime weights for days d, d−1, d−2, d−3 (normalised to unit variance below). */
const REGIME_WEIGHTS = [1, 0.8, 0.55, 0.3];
const REGIME_NORM = Math.sqrt(REGIME_WEIGHTS.reduce((sum, w) => sum + w * w, 0));

/** Mean dwell time (minutes) in each sky state, per day type: [CLEAR, BROKEN, OVERCAST]. */
const DWELL: Record<DayType, readonly [number, number, number]> = {
  CLEAR: [600, 12, 8],
  MIXED: [35, 45, 30],
  OVERCAST: [8, 25, 400],
};
/** Where a state change leads, per day type and current state: probabilities of the other two states. */
const NEXT: Record<DayType, readonly [number, number, number]> = {
  // probability that leaving CLEAR goes to BROKEN, leaving BROKEN goes to CLEAR, leaving OVERCAST to BROKEN
  CLEAR: [0.95, 0.9, 0.9],
  MIXED: [0.75, 0.6, 0.85],
  OVERCAST: [0.6, 0.2, 0.9],
};
/** AR(1) clear-sky index per sky state: mean, stationary sd, minute-to-minute correlation, bounds. */
const STATE_KC: readonly { mean: number; sd: number; phi: number; min: number; max: number }[] = [
  { mean: 1.0, sd: 0.012, phi: 0.9, min: 0.94, max: 1.05 },
  { mean: 0.62, sd: 0.24, phi: 0.8, min: 0.12, max: 1.3 },
  { mean: 0.24, sd: 0.07, phi: 0.95, min: 0.05, max: 0.55 },
];

/** Inverse of the standard normal CDF (Acklam's rational approximation, |error| < 1.2e-9). */
export function normalQuantile(p: number): number {
  const q0 = Math.min(Math.max(p, 1e-12), 1 - 1e-12);
  if (q0 < 0.02425) return normalTail(q0);
  if (q0 > 1 - 0.02425) return -normalTail(1 - q0);
  const q = q0 - 0.5;
  const r = q * q;
  const numerator =
    (((((-39.6968302866538 * r + 220.946098424521) * r - 275.928510446969) * r + 138.357751867269) * r -
      30.6647980661472) *
      r +
      2.50662827745924) *
    q;
  const denominator =
    ((((-54.4760987982241 * r + 161.585836858041) * r - 155.698979859887) * r + 66.8013118877197) * r -
      13.2806815528857) *
      r +
    1;
  return numerator / denominator;
}

function normalTail(q: number): number {
  const t = Math.sqrt(-2 * Math.log(q));
  const numerator =
    ((((-0.00778489400243029 * t - 0.322396458041136) * t - 2.40075827716184) * t - 2.54973253934373) * t +
      4.37466414146497) *
      t +
    2.93816398269878;
  const denominator =
    (((0.00778469570904146 * t + 0.32246712907004) * t + 2.445134137143) * t + 3.75440866190742) * t + 1;
  return numerator / denominator;
}

export class CloudField {
  private readonly seed: number;
  private readonly climate: CloudClimate;
  /** Midsummer at day-of-year ~196 in the north, ~15 in the south. */
  private readonly summerDay: number;
  /** Shifts the day boundary to local solar midnight (the process restarts at night, unseen). */
  private readonly offsetMs: number;
  private readonly series = new Float32Array(MINUTES + 1);
  private seriesDay = Number.NaN;
  private readonly rng = new Rng(0);

  constructor(
    seed: number,
    latitude: number,
    longitude: number,
    climate: CloudClimate = cloudClimateFor(latitude),
  ) {
    this.seed = mix32(seed ^ 0x5bd1e995);
    this.climate = climate;
    this.summerDay = latitude >= 0 ? 196 : 15;
    this.offsetMs = (longitude / 360) * MS_PER_DAY;
  }

  /** Day number (solar days since the epoch at this longitude) of an instant. */
  dayIndexOf(epochMs: number): number {
    return Math.floor((epochMs + this.offsetMs) / MS_PER_DAY);
  }

  /** The weather regime of a day: standard normal, autocorrelated over a few days. */
  regime(dayIndex: number): number {
    let sum = 0;
    for (let lag = 0; lag < REGIME_WEIGHTS.length; lag++) {
      const u1 = hashUniform(this.seed, dayIndex - lag, 1) || 1e-12;
      const u2 = hashUniform(this.seed, dayIndex - lag, 2);
      sum += (REGIME_WEIGHTS[lag] ?? 0) * Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    }
    return sum / REGIME_NORM;
  }

  /** Shares of clear and overcast days for a day, with the seasonal swing applied. */
  private shares(dayIndex: number): { clear: number; overcast: number } {
    const swing = this.climate.seasonalSwing ?? 0;
    // dayIndex counts from 1970-01-01, so its remainder by the mean year is the day of the year minus one.
    const phase = ((dayIndex % 365.25) - (this.summerDay - 1)) * ((2 * Math.PI) / 365.25);
    const season = swing * Math.cos(phase);
    const clear = Math.min(Math.max(this.climate.clearDays + season, 0.001), 0.999);
    const overcast = Math.min(Math.max(this.climate.overcastDays - season, 0.001), 0.999 - clear);
    return { clear, overcast };
  }

  dayType(dayIndex: number): DayType {
    const r = this.regime(dayIndex);
    const { clear, overcast } = this.shares(dayIndex);
    if (r < normalQuantile(clear)) return 'CLEAR';
    if (r > normalQuantile(1 - overcast)) return 'OVERCAST';
    return 'MIXED';
  }

  /** Clear-sky index at an instant (≥ 0; above 1 at bright cloud edges). */
  clearSkyIndex(epochMs: number): number {
    const shifted = epochMs + this.offsetMs;
    const day = Math.floor(shifted / MS_PER_DAY);
    if (day !== this.seriesDay) this.generateDay(day);
    const minute = (shifted - day * MS_PER_DAY) / MS_PER_MINUTE;
    const i = Math.floor(minute);
    const fraction = minute - i;
    const a = this.series[i] ?? 1;
    const b = this.series[i + 1] ?? a;
    return a + (b - a) * fraction;
  }

  /** Mean clear-sky index of a day (between 06:00 and 18:00 solar time), e.g. for the weather model. */
  dayMeanIndex(dayIndex: number): number {
    if (dayIndex !== this.seriesDay) this.generateDay(dayIndex);
    let sum = 0;
    for (let m = 360; m < 1_080; m++) sum += this.series[m] ?? 0;
    return sum / 720;
  }

  private generateDay(day: number): void {
    const type = this.dayType(day);
    const dwell = DWELL[type];
    const next = NEXT[type];
    const rng = this.rng;
    rng.reseed(mix32(this.seed ^ Math.imul(day | 0, 0x27d4eb2d)));
    // Start in the state the day type favours most.
    let state = type === 'CLEAR' ? 0 : type === 'OVERCAST' ? 2 : rng.int(3);
    // A day-long haze factor: even "clear" minutes differ a little from one clear day to the next.
    const haze = 0.96 + 0.05 * rng.next();
    let x = 0; // AR(1) anomaly of the current state, in units of its sd
    let kc = (STATE_KC[state]?.mean ?? 1) * (state === 0 ? haze : 1);
    for (let m = 0; m <= MINUTES; m++) {
      if (rng.next() < 1 / (dwell[state] ?? 30)) {
        const p = next[state] ?? 0.5;
        if (state === 0) state = rng.next() < p ? 1 : 2;
        else if (state === 1) state = rng.next() < p ? 0 : 2;
        else state = rng.next() < p ? 1 : 0;
      }
      const params = STATE_KC[state] ?? { mean: 1, sd: 0, phi: 0, min: 0, max: 1.3 };
      x = params.phi * x + Math.sqrt(1 - params.phi * params.phi) * rng.normal();
      const mean = state === 0 ? params.mean * haze : params.mean;
      const target = Math.min(Math.max(mean + params.sd * x, params.min), params.max);
      // Cloud edges pass in a minute or two, not instantly.
      kc += (target - kc) * 0.6;
      this.series[m] = kc;
    }
    this.seriesDay = day;
  }
}
