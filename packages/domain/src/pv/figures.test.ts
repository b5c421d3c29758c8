import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ivFigures, ivShape } from './figures.js';

describe('ivFigures', () => {
  it('reads Isc, Voc and the maximum power point of a curve linear between its points', () => {
    // From (10 V, 8 A) to (30 V, 0 A) the current is 8 − 0.4·(V − 10): P = V·(12 − 0.4·V) peaks at 15 V,
    // 6 A, 90 W — between the points, above the best point (10 V × 8 A = 80 W).
    const f = ivFigures([0, 10, 30], [8, 8, 0]);
    expect(f.isc).toBe(8);
    expect(f.voc).toBe(30);
    expect(f.vmp).toBeCloseTo(15, 9);
    expect(f.imp).toBeCloseTo(6, 9);
    expect(f.pmax).toBeCloseTo(90, 9);
    expect(f.fillFactor).toBeCloseTo(90 / (30 * 8), 9);
  });

  it('takes the points in any order, extrapolates Isc to 0 V and interpolates Voc where the current ends', () => {
    // A scan from Voc down to 20 V: Isc along the first two points (20 V, 9.7 A) and (40 V, 9.6 A).
    const v = [75, 60, 40, 20];
    const i = [-0.5, 4, 9.6, 9.7];
    const f = ivFigures(v, i);
    expect(f.isc).toBeCloseTo(9.8, 9);
    expect(f.voc).toBeCloseTo(60 + (4 / 4.5) * 15, 9);
    expect(ivFigures([...v].reverse(), [...i].reverse())).toEqual(f);
  });

  it('gives zeros for a string that carries no current, and for fewer than two points', () => {
    const zeros = { voc: 0, isc: 0, vmp: 0, imp: 0, pmax: 0, fillFactor: 0 };
    expect(ivFigures([0, 100, 200, 300], [0, 0, 0, 0])).toEqual(zeros);
    expect(ivFigures([10], [5])).toEqual(zeros);
    expect(ivFigures([], [])).toEqual(zeros);
  });

  it('extrapolates Isc by at most 2 % (a steep start is a step or noise)', () => {
    expect(ivFigures([100, 110, 600], [9, 8, 0]).isc).toBeCloseTo(9 * 1.02, 9);
  });

  it('keeps every figure within the points: 0 ≤ Vmp ≤ Voc ≤ the last voltage, 0 ≤ Imp ≤ Isc ≤ 1.02 × the largest current, Pmax ≥ every point', () => {
    // Scans of any shape whose current never rises with the voltage (steps included), with or without 0 V.
    const curve = fc
      .record({
        start: fc.double({ min: 0, max: 50, noNaN: true }),
        steps: fc.array(
          fc.tuple(fc.double({ min: 0.1, max: 40, noNaN: true }), fc.double({ min: 0, max: 3, noNaN: true })),
          {
            minLength: 2,
            maxLength: 80,
          },
        ),
        isc: fc.double({ min: 0.5, max: 20, noNaN: true }),
      })
      .map(({ start, steps, isc }) => {
        const v: number[] = [];
        const i: number[] = [];
        let voltage = start;
        let current = isc;
        for (const [dv, di] of steps) {
          v.push(voltage);
          i.push(current);
          voltage += dv;
          current -= di;
        }
        return { v, i };
      });
    fc.assert(
      fc.property(curve, ({ v, i }) => {
        const f = ivFigures(v, i);
        const top = Math.max(...i, 0);
        expect(f.voc).toBeGreaterThanOrEqual(0);
        expect(f.voc).toBeLessThanOrEqual(Math.max(...v) + 1e-9);
        expect(f.vmp).toBeGreaterThanOrEqual(0);
        expect(f.vmp).toBeLessThanOrEqual(f.voc + 1e-9);
        expect(f.isc).toBeLessThanOrEqual(1.02 * top + 1e-9);
        expect(f.imp).toBeGreaterThanOrEqual(0);
        expect(f.imp).toBeLessThanOrEqual(f.isc + 1e-9);
        expect(f.fillFactor).toBeLessThanOrEqual(1 + 1e-9);
        v.forEach((voltage, k) => {
          if (voltage <= f.voc)
            expect(f.pmax).toBeGreaterThanOrEqual(voltage * Math.max(i[k] as number, 0) - 1e-9);
        });
      }),
    );
  });
});

describe('ivShape', () => {
  it('finds no step on a concave curve, whatever its fill factor', () => {
    // I = Isc·(1 − (V/Voc)^p): concave for p ≥ 1 (p large: a square curve, p = 1: a straight line).
    fc.assert(
      fc.property(fc.double({ min: 1, max: 60, noNaN: true }), fc.integer({ min: 10, max: 200 }), (p, n) => {
        const v = Array.from({ length: n }, (_, k) => (600 * k) / (n - 1));
        const i = v.map((x) => 10 * (1 - (x / 600) ** p));
        const shape = ivShape(v, i);
        expect(shape.stepDepth).toBeLessThan(1e-9);
        expect(shape.steps).toBe(0);
        expect(shape.powerPeaks).toBe(1);
      }),
    );
  });

  it('measures a bypass step below the envelope and counts the steps and power peaks', () => {
    // 10 A until 300 V, down to 3 A by 340 V (the shaded substrings' diodes stop conducting), 3 A until
    // 560 V, 0 A at 600 V. The envelope runs from (300 V, 10 A) to (560 V, 3 A): at 340 V it stands at
    // 10 − 7·40/260 = 8.92 A, 5.92 A (59 % of Isc) above the curve. P peaks at 3,000 W and 1,680 W.
    const v = [0, 100, 200, 300, 340, 400, 500, 560, 600];
    const i = [10, 10, 10, 10, 3, 3, 3, 3, 0];
    const shape = ivShape(v, i);
    expect(shape.stepDepth).toBeCloseTo((10 - (7 * 40) / 260 - 3) / 10, 9);
    expect(shape.steps).toBe(1);
    expect(shape.powerPeaks).toBe(2);
    // A second shadow: another step at 450 V.
    const two = ivShape(
      [0, 100, 200, 300, 340, 400, 440, 460, 520, 560, 600],
      [10, 10, 10, 10, 5, 5, 5, 2, 2, 2, 0],
    );
    expect(two.steps).toBe(2);
    expect(two.powerPeaks).toBe(3);
  });
});
