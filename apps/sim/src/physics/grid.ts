// The utility grid at the site's connection point: voltage and frequency as seeded Ornstein–Uhlenbeck
// processes (slow drift plus fast flicker), the local voltage rise caused by export, and availability
// (a grid-outage fault switches it off).
import { ouStep, type Rng } from './random.js';

export interface GridSpec {
  /** Phase-to-neutral nominal voltage, V (230 in Europe/China, 120 or 240 split in North America). */
  nominalVoltage: number;
  /** 50 or 60 Hz. */
  nominalFrequency: number;
  /** Voltage rise at the connection point per kW exported (line impedance), V/kW. */
  voltageRisePerKw: number;
}

export const DEFAULT_GRID: GridSpec = { nominalVoltage: 230, nominalFrequency: 50, voltageRisePerKw: 0.35 };

export class Grid {
  readonly spec: GridSpec;
  private readonly rng: Rng;
  private drift: number;
  private frequencyDrift: number;
  /** Phase voltages (A, B, C) and frequency now. */
  readonly voltage = new Float64Array(3);
  frequency: number;
  available = true;

  constructor(spec: GridSpec, rng: Rng) {
    this.spec = spec;
    this.rng = rng;
    // Low-voltage grids usually run a little above nominal.
    this.drift = spec.nominalVoltage * (1.01 + 0.01 * rng.normal());
    this.frequencyDrift = spec.nominalFrequency;
    this.frequency = spec.nominalFrequency;
    this.voltage.fill(spec.nominalVoltage);
  }

  /** Advances `dt` seconds with `exportW` W leaving the site (negative = import). */
  step(dt: number, exportW: number): void {
    const rng = this.rng;
    const nominal = this.spec.nominalVoltage;
    this.drift = ouStep(rng, this.drift, nominal * 1.01, nominal * 0.012, 1_800, dt);
    this.frequencyDrift = ouStep(rng, this.frequencyDrift, this.spec.nominalFrequency, 0.018, 90, dt);
    if (!this.available) {
      this.voltage.fill(0);
      this.frequency = 0;
      return;
    }
    const rise = (exportW / 1_000) * this.spec.voltageRisePerKw;
    for (let phase = 0; phase < 3; phase++) {
      this.voltage[phase] = this.drift + rise + nominal * 0.002 * rng.normal() + (phase - 1) * 0.4;
    }
    this.frequency = this.frequencyDrift + 0.003 * rng.normal();
  }
}
