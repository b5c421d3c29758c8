import { describe, expect, it } from 'vitest';
import { cosIncidence, erbsDecomposition, haydavies, iamAshrae } from './transposition.js';

describe('transposition to the module plane', () => {
  const sky = { ghi: 700, dni: 750, dhi: 700 - 750 * Math.cos((35 * Math.PI) / 180) };

  it('returns GHI unchanged on a horizontal plane', () => {
    const poa = haydavies(sky, 35, 160, 0, 180, 1361, 0.2);
    expect(poa.total).toBeCloseTo(700, 6);
    expect(poa.ground).toBe(0);
  });

  it('gets more on a plane facing the sun and no beam on a plane facing away', () => {
    expect(haydavies(sky, 35, 180, 35, 180, 1361, 0.2).total).toBeGreaterThan(700);
    const away = haydavies(sky, 35, 180, 90, 0, 1361, 0.2);
    expect(away.beam).toBe(0);
    expect(away.total).toBeGreaterThan(0);
    expect(cosIncidence(35, 180, 35, 180)).toBeCloseTo(1, 9);
  });

  it('loses beam to reflection at steep incidence (ASHRAE modifier)', () => {
    expect(iamAshrae(1)).toBe(1);
    expect(iamAshrae(Math.cos((60 * Math.PI) / 180))).toBeCloseTo(0.95, 9);
    expect(iamAshrae(0)).toBe(0);
  });

  it('splits an overcast GHI into diffuse only and a clear one mostly into beam (Erbs)', () => {
    const out = { ghi: 0, dni: 0, dhi: 0 };
    erbsDecomposition(100, 40, 1361, 800, out);
    expect(out.dni).toBeLessThan(5);
    erbsDecomposition(780, 30, 1361, 900, out);
    expect(out.dni).toBeGreaterThan(600);
    expect(out.dni).toBeLessThanOrEqual(900);
    expect(out.dni * Math.cos(Math.PI / 6) + out.dhi).toBeCloseTo(780, 6);
  });
});
