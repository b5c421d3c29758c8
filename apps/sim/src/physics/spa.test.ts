import { describe, expect, it } from 'vitest';
import {
  computeGeocentric,
  computeTopocentric,
  estimateDeltaT,
  geocentricAt,
  newSolarPosition,
  newSpaGeocentric,
  solarPosition,
  surfaceIncidence,
  type Observer,
} from './spa.js';

// The worked example of Reda & Andreas (NREL/TP-560-34302, Table A5.1 inputs, A5.2 results).
const GOLDEN: Observer = {
  latitude: 39.742476,
  longitude: -105.1786,
  elevation: 1830.14,
  pressure: 820,
  temperature: 11,
  atmosRefract: 0.5667,
};
const GOLDEN_TIME = Date.parse('2003-10-17T12:30:30-07:00');

describe('SPA reference example (2003-10-17 12:30:30 −07:00, Golden, Colorado)', () => {
  const geo = computeGeocentric(GOLDEN_TIME, 67, newSpaGeocentric());
  const position = computeTopocentric(geo, GOLDEN, newSolarPosition());

  it('gives zenith 50.11162° and azimuth 194.34024° to the published digits', () => {
    expect(position.zenith).toBeCloseTo(50.11162, 5);
    expect(position.azimuth).toBeCloseTo(194.34024, 5);
  });

  it('gives the incidence angle 25.18700° on the 30° slope rotated −10°', () => {
    expect(surfaceIncidence(position, 30, -10)).toBeCloseTo(25.187, 5);
  });

  it('matches the published intermediate values', () => {
    expect(geo.jd).toBeCloseTo(2452930.312847, 6);
    expect(geo.l).toBeCloseTo(24.0182616917, 9);
    expect(geo.b).toBeCloseTo(-0.0001011219, 9);
    expect(geo.r).toBeCloseTo(0.9965422974, 9);
    expect(geo.deltaPsi).toBeCloseTo(-0.0039984, 8);
    expect(geo.deltaEpsilon).toBeCloseTo(0.00166657, 8);
    expect(geo.epsilon).toBeCloseTo(23.440465, 6);
    expect(geo.lambda).toBeCloseTo(204.0085519281, 9);
    expect(geo.nu).toBeCloseTo(318.5119, 4);
    expect(geo.alpha).toBeCloseTo(202.22741, 5);
    expect(geo.delta).toBeCloseTo(-9.31434, 5);
    expect(position.declination).toBeCloseTo(-9.316179, 6);
    expect(position.elevationNoRefraction).toBeCloseTo(39.872046, 6);
    expect(position.elevation).toBeCloseTo(39.888378, 6);
  });
});

describe('solar position, derived checks', () => {
  const equator: Observer = { latitude: 0, longitude: 0, elevation: 0, pressure: 1013.25, temperature: 15 };

  it('has a declination of ~0 at the March 2024 equinox (03:06 UTC) and ~23.44° at the June solstice', () => {
    expect(Math.abs(geocentricAt(Date.parse('2024-03-20T03:06:00Z'), 69).delta)).toBeLessThan(0.001);
    const solstice = geocentricAt(Date.parse('2024-06-20T20:51:00Z'), 69);
    // At the solstice the declination equals the true obliquity of the ecliptic (23.438° in 2024).
    expect(solstice.delta).toBeCloseTo(solstice.epsilon, 3);
    expect(solstice.delta).toBeCloseTo(23.438, 3);
  });

  it('is symmetric about solar noon (zenith equal, azimuths mirror around south)', () => {
    const munich: Observer = {
      latitude: 48.14,
      longitude: 11.58,
      elevation: 520,
      pressure: 955,
      temperature: 9,
    };
    // Find solar noon on 2025-09-01 by the highest sun (minute resolution, then parabola refinement).
    const day = Date.parse('2025-09-01T00:00:00Z');
    let noon = day;
    let best = 180;
    for (let m = 600; m < 720; m++) {
      const z = solarPosition(day + m * 60_000, munich).zenith;
      if (z < best) {
        best = z;
        noon = day + m * 60_000;
      }
    }
    const before = solarPosition(noon - 3 * 3_600_000, munich);
    const after = solarPosition(noon + 3 * 3_600_000, munich);
    expect(solarPosition(noon, munich).azimuth).toBeCloseTo(180, 0);
    expect(before.zenith).toBeCloseTo(after.zenith, 0);
    expect(before.azimuth + after.azimuth).toBeCloseTo(360, 0);
    expect(before.azimuth).toBeLessThan(180);
  });

  it('puts the noon sun in the north in the southern hemisphere (Sydney, June)', () => {
    const sydney: Observer = {
      latitude: -33.87,
      longitude: 151.21,
      elevation: 0,
      pressure: 1013,
      temperature: 18,
    };
    // Local solar noon in Sydney is near 02:00 UTC.
    let best = { zenith: 180, azimuth: 0 };
    for (let m = 60; m < 180; m += 1) {
      const p = solarPosition(Date.parse('2025-06-21T00:00:00Z') + m * 60_000, sydney);
      if (p.zenith < best.zenith) best = { zenith: p.zenith, azimuth: p.azimuth };
    }
    expect(best.zenith).toBeCloseTo(33.87 + 23.44, 0);
    expect(Math.min(best.azimuth, 360 - best.azimuth)).toBeLessThan(1);
  });

  it('is below the horizon at midnight and overhead at noon on the equator at an equinox', () => {
    expect(solarPosition(Date.parse('2024-03-20T00:00:00Z'), equator).zenith).toBeGreaterThan(150);
    // Solar noon at Greenwich meridian ≈ 12:07 UTC (equation of time −7.5 min).
    const noon = solarPosition(Date.parse('2024-03-20T12:07:30Z'), equator);
    expect(noon.zenith).toBeLessThan(0.3);
  });

  it('adds atmospheric refraction near the horizon (about half a degree) and none far below it', () => {
    const place: Observer = { latitude: 45, longitude: 7, elevation: 0, pressure: 1010, temperature: 10 };
    // Walk through the evening of 2025-03-01 to the minute the geometric sun stands 0.5° high.
    let t = Date.parse('2025-03-01T16:00:00Z');
    while (solarPosition(t, place).elevationNoRefraction > 0.5) t += 60_000;
    const low = solarPosition(t, place);
    expect(low.elevation - low.elevationNoRefraction).toBeGreaterThan(0.35);
    expect(low.elevation - low.elevationNoRefraction).toBeLessThan(0.6);
    const high = solarPosition(Date.parse('2025-03-01T11:30:00Z'), place);
    expect(high.elevation - high.elevationNoRefraction).toBeLessThan(0.03);
    const night = solarPosition(Date.parse('2025-03-01T23:00:00Z'), place);
    expect(night.elevation).toBe(night.elevationNoRefraction);
  });

  it('estimates ΔT close to the observed values (2003: 64.5 s, 2024: 69.2 s)', () => {
    expect(estimateDeltaT(Date.parse('2003-07-01T00:00:00Z'))).toBeCloseTo(64.5, 0);
    expect(Math.abs(estimateDeltaT(Date.parse('2024-07-01T00:00:00Z')) - 69.2)).toBeLessThan(5);
  });

  it('caches the geocentric part per instant without changing the result', () => {
    const a = { ...geocentricAt(GOLDEN_TIME, 67) };
    geocentricAt(GOLDEN_TIME + 1_000, 67);
    expect(geocentricAt(GOLDEN_TIME, 67)).toEqual(a);
  });
});
