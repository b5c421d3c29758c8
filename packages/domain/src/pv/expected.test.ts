import { PV_MODULE_SF_M450 as M } from '@sunfleet/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectedCurrentAt, expectedIv, expectedIvCurve } from './expected.js';
import { ivFigures, ivShape } from './figures.js';

const string12 = { module: M, modulesInSeries: 12 };

describe('expectedIv', () => {
  it('is the datasheet times the modules in series at STC', () => {
    const e = expectedIv(string12, 1_000, 25);
    expect(e.voc).toBeCloseTo(49.6 * 12, 9);
    expect(e.isc).toBeCloseTo(11.45, 9);
    expect(e.vmp).toBeCloseTo(41.5 * 12, 9);
    expect(e.imp).toBeCloseTo(10.85, 9);
    expect(e.pmax).toBeCloseTo(41.5 * 10.85 * 12, 9);
    expect(e.fillFactor).toBeCloseTo((41.5 * 10.85) / (49.6 * 11.45), 9);
  });

  it('translates to 800 W/m² and 45 °C as computed by hand', () => {
    // g = 0.8, ΔT = 20 K, kT/q at 318.15 K = 8.617333e-5 × 318.15 = 0.0274160 V
    // Isc  = 11.45 × 0.8 × (1 + 0.00048 × 20)                         = 9.247936 A
    // Voc  = 12 × (49.6 × (1 − 0.0028 × 20) + 72 × 0.0274160 × ln 0.8)
    //      = 12 × (46.8224 − 0.440475)                                 = 556.583 V
    // Pmax = 12 × 41.5 × 10.85 × 0.8 × (1 − 0.0033 × 20)                = 4,037.346 W
    // Imp  = 10.85 × 0.8 = 8.68 A;  Vmp = 4,037.346 / 8.68            = 465.132 V
    const e = expectedIv(string12, 800, 45);
    expect(e.isc).toBeCloseTo(9.247936, 6);
    expect(e.voc).toBeCloseTo(556.583, 3);
    expect(e.pmax).toBeCloseTo(4037.346, 3);
    expect(e.imp).toBeCloseTo(8.68, 9);
    expect(e.vmp).toBeCloseTo(465.132, 3);
    expect(e.fillFactor).toBeCloseTo(4037.346 / (556.583 * 9.247936), 5);
  });

  it('expects nothing in the dark or of a string without modules', () => {
    const zeros = { voc: 0, isc: 0, vmp: 0, imp: 0, pmax: 0, fillFactor: 0 };
    expect(expectedIv(string12, 0, 20)).toEqual(zeros);
    expect(expectedIv({ module: M, modulesInSeries: 0 }, 900, 20)).toEqual(zeros);
  });
});

describe('expectedIvCurve', () => {
  it('passes through (0, Isc), (Vmp, Imp) and (Voc, 0), and its own figures are the expected ones', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 600, max: 1_200, noNaN: true }),
        fc.double({ min: 0, max: 75, noNaN: true }),
        fc.integer({ min: 1, max: 30 }),
        (g, t, n) => {
          const e = expectedIv({ module: M, modulesInSeries: n }, g, t);
          expect(expectedCurrentAt(e, 0)).toBeCloseTo(e.isc, 9);
          expect(expectedCurrentAt(e, e.vmp) / e.imp).toBeCloseTo(1, 6);
          expect(expectedCurrentAt(e, e.voc)).toBe(0);
          const curve = expectedIvCurve(e, 200);
          // Decreasing, concave (no step), and its maximum power within 0.3 % of the expected Pmax.
          curve.i.forEach(
            (current, k) => k > 0 && expect(current).toBeLessThanOrEqual(curve.i[k - 1] as number),
          );
          expect(ivShape(curve.v, curve.i).stepDepth).toBeLessThan(1e-6);
          const f = ivFigures(curve.v, curve.i);
          expect(Math.abs(f.pmax / e.pmax - 1)).toBeLessThan(0.003);
          expect(f.voc).toBeCloseTo(e.voc, 6);
        },
      ),
    );
  });

  it("gives the expected currents at a scan's own voltages", () => {
    const e = expectedIv(string12, 900, 40);
    const at = [0, 100, e.vmp, e.voc, e.voc + 10];
    const curve = expectedIvCurve(e, at);
    expect(curve.v).toEqual(at);
    expect(curve.i[0]).toBe(e.isc);
    expect(curve.i[2]).toBeCloseTo(e.imp, 6);
    expect(curve.i.slice(3)).toEqual([0, 0]);
  });
});
