import { describe, expect, it } from 'vitest';
import { impactOf } from './impact.js';

describe('impactOf', () => {
  it('turns 1 MWh into 0.3 t coal, 0.831 t CO2 and 13.85 trees', () => {
    const impact = impactOf(1000);
    expect(impact.coalTons).toBeCloseTo(0.3, 10);
    expect(impact.co2Tons).toBeCloseTo(0.831, 10);
    expect(impact.trees).toBeCloseTo(0.831 / 0.06, 10);
  });

  it('is proportional to the energy, so a fleet is the sum of its stations', () => {
    const a = impactOf(1234.5);
    const b = impactOf(765.5);
    const sum = impactOf(2000);
    expect(a.coalTons + b.coalTons).toBeCloseTo(sum.coalTons, 10);
    expect(a.co2Tons + b.co2Tons).toBeCloseTo(sum.co2Tons, 10);
    expect(a.trees + b.trees).toBeCloseTo(sum.trees, 10);
  });

  it('counts no energy, negative or non-finite energy as no impact', () => {
    for (const kwh of [0, -5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(impactOf(kwh)).toEqual({ coalTons: 0, co2Tons: 0, trees: 0 });
  });
});
