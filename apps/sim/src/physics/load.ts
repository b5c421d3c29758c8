// Seeded electricity demand with a realistic daily shape. A day is generated at once (per minute) from
// (seed, local day), so any instant can be asked for in any order and a day always looks the same.
//
// HOUSEHOLD: a standby base with fridge compressor cycles, a morning and a larger evening peak, lighting in
// the dark hours (more in winter), and appliance events (kettle, cooking, washing machine, dishwasher).
// COMMERCIAL: an office/shop — night and weekend base, a weekday plateau 07:00–19:00 with ramps, an HVAC
// share that follows the season, and small autocorrelated fluctuations.
// Each day is scaled so that the year sums to the annual consumption (with seasonal, weekday and
// day-to-day factors).
import { Rng, mix32 } from './random.js';

export const LoadKinds = ['HOUSEHOLD', 'COMMERCIAL', 'NONE'] as const;
export type LoadKind = (typeof LoadKinds)[number];

export interface LoadSpec {
  kind: LoadKind;
  /** Annual consumption, kWh. */
  annualKwh: number;
}

const MINUTES = 1_440;

/** A local calendar day: days since 1970-01-01 (local), day of year (1…366), weekday (0 = Sunday). */
export interface LocalDay {
  index: number;
  dayOfYear: number;
  weekday: number;
}

export function localDayOf(localDayIndex: number): LocalDay {
  const date = new Date(localDayIndex * 86_400_000);
  const start = Date.UTC(date.getUTCFullYear(), 0, 1);
  return {
    index: localDayIndex,
    dayOfYear: Math.floor((localDayIndex * 86_400_000 - start) / 86_400_000) + 1,
    weekday: date.getUTCDay(),
  };
}

/** Adds a block of `watts` from minute `start` for `duration` minutes (wrapping past midnight is cut). */
function addBlock(series: Float32Array, start: number, duration: number, watts: number): void {
  const from = Math.max(0, Math.floor(start));
  const to = Math.min(MINUTES, Math.floor(start + duration));
  for (let m = from; m < to; m++) series[m] = (series[m] ?? 0) + watts;
}

/** Gaussian bump centred at `centre` minutes with width `sigma` minutes. */
function bump(minute: number, centre: number, sigma: number): number {
  const x = (minute - centre) / sigma;
  return Math.exp(-0.5 * x * x);
}

export class LoadProfile {
  readonly spec: LoadSpec;
  private readonly seed: number;
  /** Hemisphere sign: seasons flip south of the equator. */
  private readonly southern: boolean;
  private readonly series = new Float32Array(MINUTES + 1);
  private seriesDay = Number.NaN;
  private readonly rng = new Rng(0);

  constructor(spec: LoadSpec, seed: number, latitude: number) {
    this.spec = spec;
    this.seed = mix32(seed ^ 0x68e31da4);
    this.southern = latitude < 0;
  }

  /** Demand (W) at a local day and minute of the day (fractional minutes are interpolated). */
  powerAt(day: LocalDay, minuteOfDay: number): number {
    if (this.spec.kind === 'NONE' || this.spec.annualKwh <= 0) return 0;
    if (day.index !== this.seriesDay) this.generate(day);
    const i = Math.min(Math.floor(minuteOfDay), MINUTES - 1);
    const fraction = minuteOfDay - i;
    const a = this.series[i] ?? 0;
    const b = this.series[i + 1] ?? a;
    return a + (b - a) * fraction;
  }

  /** Energy of the generated day, Wh (for tests and the daily report). */
  dayEnergyWh(day: LocalDay): number {
    if (this.spec.kind === 'NONE' || this.spec.annualKwh <= 0) return 0;
    if (day.index !== this.seriesDay) this.generate(day);
    let sum = 0;
    for (let m = 0; m < MINUTES; m++) sum += this.series[m] ?? 0;
    return sum / 60;
  }

  /** Winter weight: 1 in midwinter, 0 in midsummer. */
  private winterness(dayOfYear: number): number {
    const phase = ((dayOfYear - 15 + (this.southern ? 182 : 0)) / 365.25) * 2 * Math.PI;
    return 0.5 + 0.5 * Math.cos(phase);
  }

  private generate(day: LocalDay): void {
    const rng = this.rng;
    rng.reseed(mix32(this.seed ^ Math.imul(day.index | 0, 0x2545f491)));
    this.series.fill(0);
    const winter = this.winterness(day.dayOfYear);
    const weekend = day.weekday === 0 || day.weekday === 6;
    if (this.spec.kind === 'HOUSEHOLD') this.household(rng, winter, weekend);
    else this.commercial(rng, winter, weekend);
    // Scale to the day's share of the year.
    const seasonal =
      this.spec.kind === 'HOUSEHOLD' ? 0.82 + 0.36 * winter : 0.9 + 0.2 * Math.abs(winter - 0.5) * 2;
    const weekly = this.spec.kind === 'HOUSEHOLD' ? (weekend ? 1.12 : 0.95) : weekend ? 0.45 : 1.22;
    const target = ((this.spec.annualKwh * 1_000) / 365.25) * seasonal * weekly * (0.88 + 0.24 * rng.next());
    let sum = 0;
    for (let m = 0; m < MINUTES; m++) sum += this.series[m] ?? 0;
    const scale = sum > 0 ? target / (sum / 60) : 0;
    for (let m = 0; m < MINUTES; m++) this.series[m] = (this.series[m] ?? 0) * scale;
    this.series[MINUTES] = this.series[0] ?? 0;
    this.seriesDay = day.index;
  }

  private household(rng: Rng, winter: number, weekend: boolean): void {
    const series = this.series;
    const wake = (weekend ? 480 : 400) + rng.normal() * 20;
    const sleep = 1_350 + rng.normal() * 25;
    // Fridge/freezer compressor: ~35 min cycles at ~110 W, ~45 % duty.
    let next = rng.uniform(0, 35);
    while (next < MINUTES) {
      const on = 12 + rng.uniform(0, 6);
      addBlock(series, next, on, 110);
      next += on + 18 + rng.uniform(0, 8);
    }
    for (let m = 0; m < MINUTES; m++) {
      const awake = m > wake && m < sleep ? 1 : 0;
      // Standby 90 W; activity while awake with a morning and an evening peak; lighting after dark.
      const dark = m < 420 + 60 * winter || m > 1_080 - 90 * winter ? 1 : 0;
      series[m] =
        (series[m] ?? 0) +
        90 +
        awake *
          (60 +
            260 * bump(m, wake + 45, 40) +
            420 * bump(m, 1_170, 80) +
            (weekend ? 150 : 40) * bump(m, 780, 90)) +
        awake * dark * (80 + 120 * winter);
    }
    // Kettle: morning and a couple more times.
    const kettles = 2 + rng.int(3);
    for (let k = 0; k < kettles; k++) {
      const at = k === 0 ? wake + 10 + rng.uniform(0, 20) : rng.uniform(wake + 60, sleep - 30);
      addBlock(series, at, 3 + rng.uniform(0, 2), 2_000);
    }
    // Cooking in the evening (and at noon at weekends).
    addBlock(series, 1_080 + rng.normal() * 30, 30 + rng.uniform(0, 35), 1_500 + rng.uniform(0, 1_000));
    if (weekend && rng.chance(0.6)) addBlock(series, 720 + rng.normal() * 30, 40, 1_800);
    // Washing machine (heater then motor) and dishwasher, not every day.
    if (rng.chance(weekend ? 0.7 : 0.4)) {
      const at = rng.uniform(wake + 30, 1_200);
      addBlock(series, at, 20, 2_000);
      addBlock(series, at + 20, 60, 300);
    }
    if (rng.chance(0.6)) {
      const at = rng.uniform(1_170, 1_300);
      addBlock(series, at, 25, 1_900);
      addBlock(series, at + 25, 80, 120);
    }
  }

  private commercial(rng: Rng, winter: number, weekend: boolean): void {
    const series = this.series;
    const open = 420 + rng.normal() * 10;
    const close = 1_140 + rng.normal() * 15;
    const hvac = 0.25 + 0.35 * Math.abs(winter - 0.5) * 2; // heating in winter, cooling in summer
    let noise = 0;
    for (let m = 0; m < MINUTES; m++) {
      // Smooth ramps of ~45 minutes at opening and closing.
      const occupied = weekend
        ? 0.12
        : 1 / (1 + Math.exp(-(m - open) / 15)) - 1 / (1 + Math.exp(-(m - close) / 15));
      noise = 0.97 * noise + 0.03 * rng.normal() * 4;
      const lunchDip = weekend ? 0 : 0.08 * bump(m, 750, 35);
      series[m] = Math.max(0.3 + occupied * (1 + hvac * bump(m, 900, 200) - lunchDip) + 0.05 * noise, 0.05);
    }
  }
}
