import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { energyBalance, stationHasConsumers, sumKnown } from './balance.js';

const all = { inverters: true, meters: true, batteries: true };

describe('energy balance', () => {
  it('derives the load from PV, grid and battery, and says so', () => {
    expect(energyBalance({ pv: 10, grid: -4, battery: 2 }, all)).toEqual({
      pv: 10,
      grid: -4,
      battery: 2,
      load: 4,
      derived: ['load'],
    });
  });

  it('has no load without a meter, or while a flow the station has is missing', () => {
    expect(
      energyBalance({ pv: 10, grid: null, battery: null }, { ...all, meters: false, batteries: false }).load,
    ).toBeNull();
    expect(energyBalance({ pv: null, grid: 3, battery: 0 }, all).load).toBeNull();
    expect(energyBalance({ pv: 5, grid: 3, battery: null }, all).load).toBeNull();
    // A station without inverters (a metered site with storage only) still has a load.
    expect(energyBalance({ pv: null, grid: 3, battery: -1 }, { ...all, inverters: false }).load).toBe(4);
  });

  it('derives the grid of a plant without consumers and without a meter, and says so', () => {
    const plant = { inverters: true, meters: false, batteries: true, consumers: false };
    // 1.39 MW of PV, 200 kW into storage: 1.19 MW exported.
    expect(energyBalance({ pv: 1390, grid: null, battery: 200 }, plant)).toEqual({
      pv: 1390,
      grid: -1190,
      battery: 200,
      load: null,
      derived: ['grid'],
    });
    // At night the storage discharging into the grid; without storage all PV is exported.
    expect(energyBalance({ pv: 0, grid: null, battery: -150 }, plant).grid).toBe(-150);
    expect(energyBalance({ pv: 0, grid: null, battery: 80 }, plant).grid).toBe(80);
    expect(energyBalance({ pv: 0, grid: null, battery: 0 }, plant).grid).toBe(0);
    expect(energyBalance({ pv: 500, grid: null, battery: null }, { ...plant, batteries: false }).grid).toBe(
      -500,
    );
    // Not while a source it has is missing, and never for a site with consumers (its load is unknown).
    expect(energyBalance({ pv: 500, grid: null, battery: null }, plant).derived).toEqual([]);
    expect(energyBalance({ pv: 500, grid: null, battery: 0 }, { ...plant, consumers: true })).toMatchObject({
      grid: null,
      load: null,
      derived: [],
    });
    // A metered plant keeps its measured grid and derives the load as any station does.
    expect(energyBalance({ pv: 500, grid: -480, battery: 0 }, { ...plant, meters: true })).toMatchObject({
      grid: -480,
      load: 20,
      derived: ['load'],
    });
  });

  it('knows which station types have consumers of their own', () => {
    expect(stationHasConsumers('GROUND_STATION')).toBe(false);
    expect(stationHasConsumers('GROUND_STORAGE_STATION')).toBe(false);
    for (const type of ['HOUSEHOLD_PV', 'HOUSEHOLD_PV_STORAGE', 'RESIDENTIAL', 'RESIDENTIAL_STORAGE'])
      expect(stationHasConsumers(type)).toBe(true);
  });

  it('drops flows of kinds the station lacks and never answers a negative load', () => {
    const b = energyBalance(
      { pv: 1, grid: -5, battery: 7 },
      { inverters: true, meters: true, batteries: false },
    );
    expect(b.battery).toBeNull();
    expect(b.load).toBe(0);
  });

  it('conserves energy whenever the load is known (generated)', () => {
    const flow = fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { nil: null });
    fc.assert(
      fc.property(
        flow,
        flow,
        flow,
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (pv, grid, battery, i, m, b, c) => {
          const r = energyBalance(
            { pv, grid, battery },
            { inverters: i, meters: m, batteries: b, consumers: c },
          );
          if (r.derived.includes('grid')) {
            // A plant without consumers: zero load, so grid = battery − pv.
            expect(m || c).toBe(false);
            expect(r.load).toBeNull();
            expect(r.grid).toBeCloseTo((r.battery ?? 0) - (r.pv ?? 0), 6);
            return;
          }
          if (r.load === null) {
            expect(r.derived).toEqual([]);
            return;
          }
          expect(r.derived).toEqual(['load']);
          expect(r.load).toBeGreaterThanOrEqual(0);
          const raw = (r.pv ?? 0) + (r.grid ?? 0) - (r.battery ?? 0);
          expect(r.load).toBeCloseTo(Math.max(0, raw), 6);
        },
      ),
    );
  });

  it('sums only what is known', () => {
    expect(sumKnown([null, null])).toBeNull();
    expect(sumKnown([1, null, 2])).toBe(3);
  });
});
