import { describe, expect, it } from 'vitest';
import { DEFAULT_GRID, Grid } from './grid.js';
import { GridMeter } from './meter.js';
import { Rng } from './random.js';

describe('grid and meter', () => {
  it('keeps voltage and frequency noisy near nominal, with a rise while exporting', () => {
    const quiet = new Grid(DEFAULT_GRID, new Rng(5));
    const exporting = new Grid(DEFAULT_GRID, new Rng(5));
    let rise = 0;
    for (let k = 0; k < 500; k++) {
      quiet.step(60, 0);
      exporting.step(60, 10_000);
      rise += (exporting.voltage[0]! - quiet.voltage[0]!) / 500;
      expect(Math.abs(quiet.voltage[0]! - 230)).toBeLessThan(20);
      expect(Math.abs(quiet.frequency - 50)).toBeLessThan(0.2);
    }
    expect(rise).toBeCloseTo(3.5, 6);
  });

  it('reads zero volts and hertz while the grid is down', () => {
    const grid = new Grid({ ...DEFAULT_GRID, nominalFrequency: 60, nominalVoltage: 120 }, new Rng(1));
    grid.step(60, 0);
    expect(grid.frequency).toBeCloseTo(60, 0);
    grid.available = false;
    grid.step(60, 0);
    expect(grid.frequency).toBe(0);
    expect([...grid.voltage]).toEqual([0, 0, 0]);
  });

  it('counts import and export separately, both only growing, with W positive on import', () => {
    const grid = new Grid(DEFAULT_GRID, new Rng(2));
    grid.step(60, 0);
    const meter = new GridMeter(3, 1_000, 2_000);
    meter.step(3_600, 3_600); // import 3.6 kWh
    meter.step(-1_800, 3_600); // export 1.8 kWh
    const values: Record<string, number> = {};
    meter.measures(values, grid);
    expect(values).toMatchObject({ W: -1_800, TotWhImp: 4_600, TotWhExp: 3_800, WphA: -600 });
    expect(values.A).toBeLessThan(0);
    expect(values.PhV).toBeCloseTo(grid.voltage[1]!, 0);
  });
});
