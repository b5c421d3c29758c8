// The grid meter at the connection point (SunSpec 201/203): net power positive when importing, and the
// import and export energy counters, which only grow. Phase quantities split the net power evenly.
import type { Grid } from './grid.js';
import { round } from './inverter.js';

export class GridMeter {
  readonly phases: 1 | 3;
  importWh: number;
  exportWh: number;
  /** Net power of the last step, W (+ import, − export). */
  power = 0;

  constructor(phases: 1 | 3, importWh = 0, exportWh = 0) {
    this.phases = phases;
    this.importWh = importWh;
    this.exportWh = exportWh;
  }

  /** Books `netW` W (+ import) for `dt` seconds. */
  step(netW: number, dt: number): void {
    this.power = netW;
    const energy = (netW * dt) / 3_600;
    if (energy > 0) this.importWh += energy;
    else this.exportWh -= energy;
  }

  measures(values: Record<string, number>, grid: Grid): void {
    const phases = this.phases;
    const perPhase = this.power / phases;
    const v = grid.voltage[0] ?? 0;
    values.W = round(this.power, 1);
    values.VA = round(Math.abs(this.power), 1);
    values.VAR = 0;
    values.PF = 100;
    values.Hz = grid.available ? round(grid.frequency, 2) : 0;
    values.PhV = round(phases === 3 ? (v + (grid.voltage[1] ?? 0) + (grid.voltage[2] ?? 0)) / 3 : v, 1);
    values.TotWhImp = Math.floor(this.importWh);
    values.TotWhExp = Math.floor(this.exportWh);
    // Signed like the power: the sum of the phase currents.
    values.A = v > 0 ? round(this.power / v, 2) : 0;
    if (phases === 3) {
      for (let phase = 0; phase < 3; phase++) {
        const keys = PHASE_KEYS[phase] as (typeof PHASE_KEYS)[number];
        const vp = grid.voltage[phase] ?? 0;
        values[keys.v] = round(vp, 1);
        values[keys.w] = round(perPhase, 1);
        values[keys.a] = vp > 0 ? round(perPhase / vp, 2) : 0;
      }
    }
  }
}

const PHASE_KEYS = [
  { v: 'PhVphA', w: 'WphA', a: 'AphA' },
  { v: 'PhVphB', w: 'WphB', a: 'AphB' },
  { v: 'PhVphC', w: 'WphC', a: 'AphC' },
] as const;
