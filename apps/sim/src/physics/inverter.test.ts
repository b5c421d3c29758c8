import { describe, expect, it } from 'vitest';
import { Grid, DEFAULT_GRID } from './grid.js';
import { InverterState } from '@sunfleet/contracts';
import { Inverter, channelKeys, sandiaAcPower, sandiaDcPower, sandiaFor } from './inverter.js';
import { MpptChannel } from './pv-array.js';
import { MODULE_450, fitModule } from './pv.js';
import { Rng } from './random.js';

const ref = fitModule(MODULE_450);
const spec = { ratedPowerW: 10_000, phases: 3 as const, mpptMinV: 160, mpptMaxV: 950, startV: 180 };

function inverterWith(strings: number, modules: number, channels = 2) {
  const mppts = Array.from({ length: channels }, () => new MpptChannel(ref, strings, modules));
  return { inverter: new Inverter(spec, mppts), mppts };
}

describe('Sandia efficiency curve', () => {
  const s = sandiaFor(10_000, 600);
  const efficiency = (load: number) => {
    const pdc = sandiaDcPower(s, load * 10_000, 600);
    return (load * 10_000) / pdc;
  };

  it('peaks near 98 % at part load, ~97.6 % at full load, falls at very low load', () => {
    const peak = Math.max(...[0.1, 0.2, 0.3, 0.4, 0.5, 0.6].map(efficiency));
    expect(peak).toBeGreaterThan(0.978);
    expect(peak).toBeLessThan(0.99);
    expect(efficiency(1)).toBeCloseTo(0.976, 3);
    expect(efficiency(0.02)).toBeLessThan(0.95);
    expect(sandiaAcPower(s, s.pso * 0.5, 600)).toBe(0);
  });

  it('inverts exactly (DC for a given AC)', () => {
    for (const pac of [500, 3_000, 9_999])
      expect(sandiaAcPower(s, sandiaDcPower(s, pac, 650), 650)).toBeCloseTo(pac, 6);
  });
});

describe('inverter', () => {
  const grid = new Grid(DEFAULT_GRID, new Rng(1));
  grid.step(60, 0);

  it('sleeps at night with zero power and the SunSpec state 2', () => {
    const { inverter, mppts } = inverterWith(1, 12);
    for (const m of mppts) m.update(0, 10);
    inverter.assess();
    inverter.step(300, Infinity, 10);
    const values: Record<string, number> = {};
    inverter.measures(values, grid, channelKeys(2));
    expect(values).toMatchObject({ W: 0, St: InverterState.SLEEPING, DCW_1: 0, DCA_1: 0 });
  });

  it('tracks the MPP (state 4) and reports per-channel V, I, P that add up', () => {
    const { inverter, mppts } = inverterWith(1, 12);
    for (const m of mppts) m.update(600, 35);
    inverter.assess();
    inverter.step(300, Infinity, 20);
    const values: Record<string, number> = {};
    inverter.measures(values, grid, channelKeys(2));
    expect(values.St).toBe(InverterState.MPPT);
    expect(values.DCW_1! + values.DCW_2!).toBeCloseTo(values.DCW!, -1);
    expect(values.DCV_1! * values.DCA_1!).toBeCloseTo(values.DCW_1!, -1);
    expect(values.W! / values.DCW!).toBeGreaterThan(0.97);
    expect(values.W! / values.DCW!).toBeLessThan(0.99);
  });

  it('clips at the AC rating by moving the DC voltage above the MPP (state 5)', () => {
    const { inverter, mppts } = inverterWith(2, 14);
    for (const m of mppts) m.update(1_000, 45);
    const vmp = mppts[0]!.mpp.v;
    inverter.assess();
    inverter.step(300, Infinity, 25);
    expect(inverter.acPower).toBeCloseTo(10_000, 6);
    expect(inverter.state).toBe(InverterState.THROTTLED);
    expect(mppts[0]!.operating.v).toBeGreaterThan(vmp);
    inverter.limitPct = 40;
    inverter.assess();
    inverter.step(300, Infinity, 25);
    expect(inverter.acPower).toBeCloseTo(4_000, 1);
  });

  it('counts energy that only grows and resets the day counter', () => {
    const { inverter, mppts } = inverterWith(1, 12);
    for (const m of mppts) m.update(800, 40);
    let last = inverter.energyLifetimeWh;
    for (let k = 0; k < 12; k++) {
      inverter.assess();
      inverter.step(300, Infinity, 20);
      expect(inverter.energyLifetimeWh).toBeGreaterThan(last);
      last = inverter.energyLifetimeWh;
    }
    expect(inverter.energyTodayWh).toBeCloseTo(inverter.energyLifetimeWh, 6);
    inverter.newDay();
    expect(inverter.energyTodayWh).toBe(0);
  });

  it('stops while tripped (state 7)', () => {
    const { inverter, mppts } = inverterWith(1, 12);
    for (const m of mppts) m.update(800, 40);
    inverter.tripped = true;
    expect(inverter.assess()).toBe(0);
    inverter.step(300, Infinity, 20);
    expect(inverter.state).toBe(InverterState.FAULT);
    expect(inverter.acPower).toBe(0);
  });

  it('refuses more than 15 MPPT channels', () => {
    expect(() => inverterWith(1, 10, 16)).toThrow(/1…15/);
  });
});
