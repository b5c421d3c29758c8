// A string inverter: up to 15 MPPT channels, the Sandia inverter performance model (King et al. 2007,
// SAND2007-5036) for the part-load efficiency curve, clipping at the AC rating (and at a commanded limit or
// a thermal derating) by moving the DC operating point off the MPP, a start-up threshold and night standby,
// cabinet temperature, SunSpec operating state, and energy counters that only grow.
import { InverterState } from '@sunfleet/contracts';
import type { Grid } from './grid.js';
import type { MpptChannel } from './pv-array.js';

export const MPPT_CHANNELS_MAX = 15;

/** Sandia inverter model coefficients. */
export interface SandiaInverter {
  /** AC rating, W. */
  paco: number;
  /** DC power at which the AC rating is reached, at Vdco, W. */
  pdco: number;
  /** Nominal DC voltage, V. */
  vdco: number;
  /** DC power needed to start inverting (self-consumption), W. */
  pso: number;
  /** Curvature of the AC–DC relation, 1/W. */
  c0: number;
  /** Voltage dependence of pdco, pso and c0, 1/V. */
  c1: number;
  c2: number;
  c3: number;
}

/**
 * Typical coefficients for a modern transformerless string inverter of a rating: 97.6 % at full load, a
 * peak near 98.3 % around a third of the rating, self-consumption 0.3 % of the rating, mild voltage
 * dependence (the shape of the CEC database entries for such inverters).
 */
export function sandiaFor(ratedW: number, vdcNominal: number): SandiaInverter {
  const pdco = ratedW / 0.976;
  return {
    paco: ratedW,
    pdco,
    vdco: vdcNominal,
    pso: ratedW * 0.003,
    c0: -0.026 / pdco,
    c1: -2e-5,
    c2: 1e-3,
    c3: 1e-3,
  };
}

function sandiaTerms(s: SandiaInverter, vdc: number): { a: number; b: number; c: number } {
  const dv = vdc - s.vdco;
  return { a: s.pdco * (1 + s.c1 * dv), b: s.pso * (1 + s.c2 * dv), c: s.c0 * (1 + s.c3 * dv) };
}

/** AC power (W) from DC power and voltage, without clipping; 0 below the start threshold. */
export function sandiaAcPower(s: SandiaInverter, pdc: number, vdc: number): number {
  const { a, b, c } = sandiaTerms(s, vdc);
  if (pdc <= b) return 0;
  const x = pdc - b;
  return (s.paco / (a - b) - c * (a - b)) * x + c * x * x;
}

/** DC power (W) that gives `pac` W of AC at `vdc` (inverse of sandiaAcPower). */
export function sandiaDcPower(s: SandiaInverter, pac: number, vdc: number): number {
  if (pac <= 0) return 0;
  const { a, b, c } = sandiaTerms(s, vdc);
  const k = s.paco / (a - b) - c * (a - b);
  if (c === 0) return b + pac / k;
  return b + (-k + Math.sqrt(k * k + 4 * c * pac)) / (2 * c);
}

export interface InverterSpec {
  ratedPowerW: number;
  phases: 1 | 3;
  /** MPPT voltage window and start voltage, V. */
  mpptMinV: number;
  mpptMaxV: number;
  startV: number;
}

export class Inverter {
  readonly spec: InverterSpec;
  readonly sandia: SandiaInverter;
  readonly channels: readonly MpptChannel[];
  /** Commanded active-power limit (SunSpec WMaxLimPct), percent of the rating. */
  limitPct = 100;
  /** Self-imposed limit while a derating fault lasts, percent of the rating. */
  deratePct = 100;
  /** Disconnected by a fault (or a grid loss without backup). */
  tripped = false;
  state: InverterState = InverterState.SLEEPING;
  acPower = 0;
  dcPower = 0;
  /** AC power available from the MPP within the ceiling (for the site's dispatch), W. */
  availableAcW = 0;
  energyLifetimeWh: number;
  energyTodayWh = 0;
  cabinetTemp = Number.NaN;
  private readonly channelShare: Float64Array;

  constructor(spec: InverterSpec, channels: readonly MpptChannel[], initialLifetimeWh = 0) {
    if (channels.length < 1 || channels.length > MPPT_CHANNELS_MAX) {
      throw new RangeError(`an inverter has 1…${MPPT_CHANNELS_MAX} MPPT channels`);
    }
    this.spec = spec;
    this.channels = channels;
    this.sandia = sandiaFor(spec.ratedPowerW, (spec.mpptMinV + spec.mpptMaxV) / 2);
    this.energyLifetimeWh = initialLifetimeWh;
    this.channelShare = new Float64Array(channels.length);
  }

  /** AC ceiling from the rating, the commanded limit and a derating, W. */
  ceiling(): number {
    return (this.spec.ratedPowerW * Math.min(100, this.limitPct, this.deratePct)) / 100;
  }

  /**
   * AC power the inverter can deliver now (after the channels' update) within its ceiling, W; 0 while
   * tripped, at night or below the start threshold.
   */
  assess(): number {
    let pdc = 0;
    let weightedV = 0;
    let vmp = 0;
    for (let k = 0; k < this.channels.length; k++) {
      const channel = this.channels[k] as MpptChannel;
      // A channel whose MPP lies outside the tracking window delivers nothing (string too short/long).
      const p =
        channel.mpp.v >= this.spec.mpptMinV && channel.mpp.v <= this.spec.mpptMaxV ? channel.mpp.p : 0;
      this.channelShare[k] = p;
      pdc += p;
      weightedV += p * channel.mpp.v;
      vmp = Math.max(vmp, channel.mpp.v);
    }
    const vdc = pdc > 0 ? weightedV / pdc : 0;
    // Starting needs the open-circuit voltage above startV (Voc > Vmp, so a high Vmp settles it cheaply).
    let started = vmp >= this.spec.startV;
    for (let k = 0; !started && pdc > 0 && k < this.channels.length; k++) {
      started = (this.channels[k] as MpptChannel).channelVoc() >= this.spec.startV;
    }
    const running = !this.tripped && started && pdc > this.sandia.pso * 2;
    this.availableAcW = running ? Math.min(sandiaAcPower(this.sandia, pdc, vdc), this.ceiling()) : 0;
    return this.availableAcW;
  }

  /**
   * Runs `dt` seconds after `assess()`: delivers at most `maxAcW` W (the site's curtailment), sets the DC
   * operating points, state, cabinet temperature and counters.
   */
  step(dt: number, maxAcW: number, ambient: number): void {
    const ceiling = Math.min(this.ceiling(), maxAcW);
    let pac = 0;
    let pdc = 0;
    if (this.tripped || this.availableAcW <= 0 || ceiling <= 0) {
      for (const channel of this.channels) channel.limit(0);
      // Night (or too little light to start) is SLEEPING; held at zero with light is THROTTLED.
      if (this.tripped) this.state = InverterState.FAULT;
      else this.state = this.availableAcW > 0 ? InverterState.THROTTLED : InverterState.SLEEPING;
    } else {
      let available = 0;
      for (let k = 0; k < this.channels.length; k++) available += this.channelShare[k] ?? 0;
      const vdc = this.weightedVoltage();
      const full = sandiaAcPower(this.sandia, available, vdc);
      const throttled = full > ceiling + 1e-9;
      const targetDc = throttled ? sandiaDcPower(this.sandia, ceiling, vdc) : available;
      const scale = available > 0 ? targetDc / available : 0;
      for (let k = 0; k < this.channels.length; k++) {
        const channel = this.channels[k] as MpptChannel;
        const share = this.channelShare[k] ?? 0;
        channel.limit(share > 0 ? share * scale : 0);
        pdc += channel.operating.p;
      }
      pac = Math.min(sandiaAcPower(this.sandia, pdc, vdc), ceiling);
      this.state = throttled ? InverterState.THROTTLED : InverterState.MPPT;
    }
    this.acPower = pac;
    this.dcPower = pdc;
    this.energyLifetimeWh += (pac * dt) / 3_600;
    this.energyTodayWh += (pac * dt) / 3_600;
    // Cabinet: ambient plus heat from the conversion losses and electronics, with a 15-minute lag.
    const target = ambient + 4 + 30 * (pac / this.spec.ratedPowerW);
    this.cabinetTemp = Number.isNaN(this.cabinetTemp)
      ? target
      : target + (this.cabinetTemp - target) * Math.exp(-dt / 900);
  }

  /** Starts a new local day (WHToday back to zero). */
  newDay(): void {
    this.energyTodayWh = 0;
  }

  /** Writes the SunSpec measures into `values` (keys precomputed by the caller for the channels). */
  measures(values: Record<string, number>, grid: Grid, keys: readonly ChannelKeys[]): void {
    const phases = this.spec.phases;
    const v = grid.voltage[0] ?? 0;
    const perPhase = this.acPower / phases;
    values.W = round(this.acPower, 1);
    values.VA = round(this.acPower, 1);
    values.VAr = 0;
    values.PF = 100;
    values.WH = Math.floor(this.energyLifetimeWh);
    values.WHToday = Math.floor(this.energyTodayWh);
    values.Hz = grid.available ? round(grid.frequency, 2) : 0;
    values.PhVphA = round(v, 1);
    values.AphA = v > 0 ? round(perPhase / v, 2) : 0;
    if (phases === 3) {
      values.PhVphB = round(grid.voltage[1] ?? 0, 1);
      values.PhVphC = round(grid.voltage[2] ?? 0, 1);
      values.AphB = (grid.voltage[1] ?? 0) > 0 ? round(perPhase / (grid.voltage[1] ?? 1), 2) : 0;
      values.AphC = (grid.voltage[2] ?? 0) > 0 ? round(perPhase / (grid.voltage[2] ?? 1), 2) : 0;
    }
    values.A = round((values.AphA ?? 0) + (values.AphB ?? 0) + (values.AphC ?? 0), 2);
    values.TmpCab = round(this.cabinetTemp, 1);
    values.TmpSnk = round(this.cabinetTemp + 12 * (this.acPower / this.spec.ratedPowerW), 1);
    values.St = this.state;
    let dcv = 0;
    for (let k = 0; k < this.channels.length; k++) {
      const channel = this.channels[k] as MpptChannel;
      const key = keys[k] as ChannelKeys;
      // An idle input shows its open-circuit voltage; a working one its operating point.
      const voltage = channel.operating.p > 0 ? channel.operating.v : channel.channelVoc();
      values[key.v] = round(voltage, 1);
      values[key.a] = round(channel.operating.p > 0 ? channel.operating.i : 0, 2);
      values[key.w] = round(channel.operating.p, 0);
      dcv = Math.max(dcv, voltage);
    }
    values.DCV = round(dcv, 1);
    values.DCW = round(this.dcPower, 0);
    values.DCA = dcv > 0 && this.dcPower > 0 ? round(this.dcPower / dcv, 2) : 0;
  }

  private weightedVoltage(): number {
    let p = 0;
    let pv = 0;
    for (let k = 0; k < this.channels.length; k++) {
      const share = this.channelShare[k] ?? 0;
      p += share;
      pv += share * (this.channels[k]?.mpp.v ?? 0);
    }
    return p > 0 ? pv / p : this.sandia.vdco;
  }
}

export interface ChannelKeys {
  v: string;
  a: string;
  w: string;
}

/** Measure keys of the MPPT channels (SunSpec model 160 points with a channel suffix). */
export function channelKeys(count: number): ChannelKeys[] {
  return Array.from({ length: count }, (_, k) => ({
    v: `DCV_${k + 1}`,
    a: `DCA_${k + 1}`,
    w: `DCW_${k + 1}`,
  }));
}

export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
