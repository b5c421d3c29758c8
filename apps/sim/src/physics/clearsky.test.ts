import { describe, expect, it } from 'vitest';
import { extraterrestrialNormal, ineichenPerez, linkeTurbidity, relativeAirMass } from './clearsky.js';

describe('clear-sky irradiance (Ineichen–Perez)', () => {
  it('follows the Kasten–Young air mass (1 overhead, ~2 at 60°, ~38 at the horizon)', () => {
    expect(relativeAirMass(0)).toBeCloseTo(1, 3);
    expect(relativeAirMass(60)).toBeCloseTo(1.995, 2);
    expect(relativeAirMass(90)).toBeGreaterThan(36);
    expect(relativeAirMass(91)).toBeNaN();
  });

  it('gives ~1361 W/m² extraterrestrial at 1 AU, more in January (perihelion)', () => {
    expect(extraterrestrialNormal(1)).toBe(1361);
    expect(extraterrestrialNormal(0.9833)).toBeCloseTo(1407.6, 0);
  });

  it('gives a plausible clear sky: GHI = DNI·cos z + DHI, ~900 W/m² at z = 30°, TL 3', () => {
    const sky = ineichenPerez(30, 0, 3, 1361);
    expect(sky.ghi).toBeGreaterThan(850);
    expect(sky.ghi).toBeLessThan(950);
    expect(sky.dni).toBeGreaterThan(800);
    expect(sky.dhi).toBeGreaterThan(50);
    expect(sky.dhi).toBeLessThan(150);
    expect(sky.dni * Math.cos(Math.PI / 6) + sky.dhi).toBeCloseTo(sky.ghi, 6);
  });

  it('loses beam with turbidity, gains irradiance with altitude, and is zero below the horizon', () => {
    expect(ineichenPerez(40, 0, 5, 1361).dni).toBeLessThan(ineichenPerez(40, 0, 2.5, 1361).dni);
    expect(ineichenPerez(40, 2_500, 3, 1361).ghi).toBeGreaterThan(ineichenPerez(40, 0, 3, 1361).ghi);
    expect(ineichenPerez(95, 0, 3, 1361)).toEqual({ ghi: 0, dni: 0, dhi: 0 });
  });

  it('has a Linke climatology that is hazier in summer, flips hemispheres and has no jump at new year', () => {
    expect(linkeTurbidity(48, 196)).toBeGreaterThan(linkeTurbidity(48, 15));
    expect(linkeTurbidity(-34, 15)).toBeGreaterThan(linkeTurbidity(-34, 196));
    expect(Math.abs(linkeTurbidity(48, 365) - linkeTurbidity(48, 1))).toBeLessThan(0.02);
    expect(linkeTurbidity(5, 100)).toBeGreaterThan(linkeTurbidity(65, 100));
  });
});
