import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { energyBalance, sumKnown } from './balance.js';

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
        (pv, grid, battery, i, m, b) => {
          const r = energyBalance({ pv, grid, battery }, { inverters: i, meters: m, batteries: b });
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
