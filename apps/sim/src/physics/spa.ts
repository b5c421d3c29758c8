// NREL Solar Position Algorithm (Reda & Andreas, "Solar position algorithm for solar radiation
// applications", Solar Energy 76 (2004) 577–589; NREL/TP-560-34302 rev. 2008), uncertainty ±0.0003° for
// the years −2000…6000. Follows the paper step by step (§3.1–3.15) with its full periodic term tables.
//
// Split in two for speed: the geocentric part (Earth's heliocentric position, nutation, sidereal time, the
// sun's right ascension and declination) depends only on the instant, so a whole fleet stepping through the
// same instant computes it once (a one-entry cache); the topocentric part (parallax, refraction, zenith,
// azimuth) is cheap and per site. Results are written into caller-owned objects to avoid allocations.
import { B_TERMS, L_TERMS, NUTATION_TERMS, R_TERMS, type EarthTerm } from './spa-tables.js';

const DEG = Math.PI / 180;
const RAD = 180 / Math.PI;
const MS_PER_DAY = 86_400_000;
const JD_UNIX_EPOCH = 2_440_587.5;
const JD_J2000 = 2_451_545;
const SUN_RADIUS_DEG = 0.26667;
/** Default atmospheric refraction at sunrise/sunset (SPA's atmos_refract), degrees. */
export const DEFAULT_ATMOS_REFRACT = 0.5667;

/** Flattens [A, B, C] rows into one typed array per series (L0…L5 etc.). */
function flatten(series: readonly (readonly EarthTerm[])[]): Float64Array[] {
  return series.map((terms) => {
    const flat = new Float64Array(terms.length * 3);
    terms.forEach((term, i) => flat.set(term, i * 3));
    return flat;
  });
}

const L = flatten(L_TERMS);
const B = flatten(B_TERMS);
const R = flatten(R_TERMS);
const NUTATION = Float64Array.from(NUTATION_TERMS.flat());
const NUTATION_ROWS = NUTATION_TERMS.length;

/** Σ over series i of (Σ A·cos(B + C·jme))·jme^i, divided by 10⁸ (SPA eq. 9–11). */
function earthValue(series: readonly Float64Array[], jme: number): number {
  let total = 0;
  let power = 1;
  for (const terms of series) {
    let sum = 0;
    for (let k = 0; k < terms.length; k += 3) {
      sum += (terms[k] as number) * Math.cos((terms[k + 1] as number) + (terms[k + 2] as number) * jme);
    }
    total += sum * power;
    power *= jme;
  }
  return total / 1e8;
}

function limitDegrees(degrees: number): number {
  const limited = degrees % 360;
  return limited < 0 ? limited + 360 : limited;
}

/** Julian Day (UT) of an instant in epoch milliseconds (Gregorian calendar). */
export function julianDay(epochMs: number): number {
  return epochMs / MS_PER_DAY + JD_UNIX_EPOCH;
}

/**
 * ΔT = TT − UT in seconds, estimated with the Espenak & Meeus (NASA, 2006) polynomials. Good to a few seconds
 * for 1900–2050; ΔT only shifts the ephemeris time, so a few seconds move the sun by < 0.0001°.
 */
export function estimateDeltaT(epochMs: number): number {
  const y = 1970 + epochMs / (365.2425 * MS_PER_DAY);
  if (y >= 2005 && y < 2050) {
    const t = y - 2000;
    return 62.92 + 0.32217 * t + 0.005589 * t * t;
  }
  if (y >= 2050 && y < 2150) {
    const u = (y - 1820) / 100;
    return -20 + 32 * u * u - 0.5628 * (2150 - y);
  }
  if (y >= 1986 && y < 2005) {
    const t = y - 2000;
    return (
      63.86 +
      0.3345 * t -
      0.060374 * t ** 2 +
      0.0017275 * t ** 3 +
      0.000651814 * t ** 4 +
      0.00002373599 * t ** 5
    );
  }
  if (y >= 1961 && y < 1986) {
    const t = y - 1975;
    return 45.45 + 1.067 * t - t ** 2 / 260 - t ** 3 / 718;
  }
  if (y >= 1941 && y < 1961) {
    const t = y - 1950;
    return 29.07 + 0.407 * t - t ** 2 / 233 + t ** 3 / 2547;
  }
  const u = (y - 1820) / 100;
  return -20 + 32 * u * u;
}

/** What the sun's position is at one instant, seen from the Earth's centre (SPA §3.1–3.9). */
export interface SpaGeocentric {
  epochMs: number;
  deltaT: number;
  /** Julian Day (UT) and Julian Ephemeris Century / Millennium. */
  jd: number;
  jce: number;
  jme: number;
  /** Earth heliocentric longitude and latitude (°), radius vector (AU). */
  l: number;
  b: number;
  r: number;
  /** Nutation in longitude and obliquity (°), true obliquity of the ecliptic (°). */
  deltaPsi: number;
  deltaEpsilon: number;
  epsilon: number;
  /** Apparent sun longitude (°). */
  lambda: number;
  /** Apparent sidereal time at Greenwich (°). */
  nu: number;
  /** Geocentric sun right ascension and declination (°). */
  alpha: number;
  delta: number;
  /** Equation of time, minutes (SPA A.1). */
  equationOfTime: number;
}

export function newSpaGeocentric(): SpaGeocentric {
  return {
    epochMs: Number.NaN,
    deltaT: Number.NaN,
    jd: 0,
    jce: 0,
    jme: 0,
    l: 0,
    b: 0,
    r: 1,
    deltaPsi: 0,
    deltaEpsilon: 0,
    epsilon: 0,
    lambda: 0,
    nu: 0,
    alpha: 0,
    delta: 0,
    equationOfTime: 0,
  };
}

/** Computes the geocentric part into `out` (SPA §3.1–3.9). */
export function computeGeocentric(epochMs: number, deltaT: number, out: SpaGeocentric): SpaGeocentric {
  const jd = julianDay(epochMs);
  const jde = jd + deltaT / 86_400;
  const jc = (jd - JD_J2000) / 36_525;
  const jce = (jde - JD_J2000) / 36_525;
  const jme = jce / 10;

  const l = limitDegrees(earthValue(L, jme) * RAD);
  const b = earthValue(B, jme) * RAD;
  const r = earthValue(R, jme);
  const theta = limitDegrees(l + 180);
  const beta = -b;

  // Mean elongation of the moon, mean anomalies of sun and moon, moon's argument of latitude and
  // ascending node (§3.4.1–3.4.5).
  const jce2 = jce * jce;
  const jce3 = jce2 * jce;
  const x0 = 297.85036 + 445_267.11148 * jce - 0.0019142 * jce2 + jce3 / 189_474;
  const x1 = 357.52772 + 35_999.05034 * jce - 0.0001603 * jce2 - jce3 / 300_000;
  const x2 = 134.96298 + 477_198.867398 * jce + 0.0086972 * jce2 + jce3 / 56_250;
  const x3 = 93.27191 + 483_202.017538 * jce - 0.0036825 * jce2 + jce3 / 327_270;
  const x4 = 125.04452 - 1_934.136261 * jce + 0.0020708 * jce2 + jce3 / 450_000;
  let sumPsi = 0;
  let sumEpsilon = 0;
  for (let row = 0, k = 0; row < NUTATION_ROWS; row++, k += 9) {
    const arg =
      ((NUTATION[k] as number) * x0 +
        (NUTATION[k + 1] as number) * x1 +
        (NUTATION[k + 2] as number) * x2 +
        (NUTATION[k + 3] as number) * x3 +
        (NUTATION[k + 4] as number) * x4) *
      DEG;
    sumPsi += ((NUTATION[k + 5] as number) + (NUTATION[k + 6] as number) * jce) * Math.sin(arg);
    sumEpsilon += ((NUTATION[k + 7] as number) + (NUTATION[k + 8] as number) * jce) * Math.cos(arg);
  }
  const deltaPsi = sumPsi / 36_000_000;
  const deltaEpsilon = sumEpsilon / 36_000_000;

  const u = jme / 10;
  const epsilon0 =
    84_381.448 +
    u *
      (-4_680.93 +
        u *
          (-1.55 +
            u *
              (1_999.25 +
                u *
                  (-51.38 +
                    u * (-249.67 + u * (-39.05 + u * (7.12 + u * (27.87 + u * (5.79 + u * 2.45)))))))));
  const epsilon = epsilon0 / 3_600 + deltaEpsilon;

  const deltaTau = -20.4898 / (3_600 * r);
  const lambda = theta + deltaPsi + deltaTau;

  const nu0 = limitDegrees(
    280.46061837 + 360.98564736629 * (jd - JD_J2000) + jc * jc * (0.000387933 - jc / 38_710_000),
  );
  const epsilonRad = epsilon * DEG;
  const nu = nu0 + deltaPsi * Math.cos(epsilonRad);

  const lambdaRad = lambda * DEG;
  const betaRad = beta * DEG;
  const alpha = limitDegrees(
    Math.atan2(
      Math.sin(lambdaRad) * Math.cos(epsilonRad) - Math.tan(betaRad) * Math.sin(epsilonRad),
      Math.cos(lambdaRad),
    ) * RAD,
  );
  const delta =
    Math.asin(
      Math.sin(betaRad) * Math.cos(epsilonRad) +
        Math.cos(betaRad) * Math.sin(epsilonRad) * Math.sin(lambdaRad),
    ) * RAD;

  // Equation of time (SPA Appendix A.1): the sun's mean longitude against its right ascension.
  const m =
    280.4664567 +
    jme * (360_007.6982779 + jme * (0.03032028 + jme * (1 / 49_931 + jme * (-1 / 15_300 - jme / 2_000_000))));
  let eot = limitDegrees(m - 0.0057183 - alpha + deltaPsi * Math.cos(epsilonRad)) * 4;
  if (eot > 20) eot -= 1_440;
  else if (eot < -20) eot += 1_440;

  out.epochMs = epochMs;
  out.deltaT = deltaT;
  out.jd = jd;
  out.jce = jce;
  out.jme = jme;
  out.l = l;
  out.b = b;
  out.r = r;
  out.deltaPsi = deltaPsi;
  out.deltaEpsilon = deltaEpsilon;
  out.epsilon = epsilon;
  out.lambda = lambda;
  out.nu = nu;
  out.alpha = alpha;
  out.delta = delta;
  out.equationOfTime = eot;
  return out;
}

const shared = newSpaGeocentric();

/**
 * The geocentric part for an instant, from a one-entry cache shared by every caller: sites stepping through
 * the same instant pay for the ~320 periodic terms once. The returned object is overwritten by the next
 * call with another instant; copy what must outlive it.
 */
export function geocentricAt(epochMs: number, deltaT: number): SpaGeocentric {
  if (shared.epochMs === epochMs && shared.deltaT === deltaT) return shared;
  return computeGeocentric(epochMs, deltaT, shared);
}

export interface Observer {
  /** Degrees, north positive. */
  latitude: number;
  /** Degrees, east positive. */
  longitude: number;
  /** Metres above sea level. */
  elevation: number;
  /** Annual mean local pressure, mbar (hPa). */
  pressure: number;
  /** Annual mean local temperature, °C. */
  temperature: number;
  /** Atmospheric refraction at sunrise and sunset, degrees (default 0.5667). */
  atmosRefract?: number;
}

/** Topocentric sun position (SPA §3.10–3.15). Angles in degrees. */
export interface SolarPosition {
  /** Topocentric zenith angle, refraction included. */
  zenith: number;
  /** Topocentric azimuth, eastward from north (navigators'). */
  azimuth: number;
  /** Topocentric azimuth, westward from south (astronomers', Γ). */
  azimuthAstro: number;
  /** Apparent elevation (90° − zenith) and the same without refraction. */
  elevation: number;
  elevationNoRefraction: number;
  /** Topocentric declination and local hour angle. */
  declination: number;
  hourAngle: number;
  /** Earth–sun distance, AU. */
  distance: number;
}

export function newSolarPosition(): SolarPosition {
  return {
    zenith: 90,
    azimuth: 0,
    azimuthAstro: 0,
    elevation: 0,
    elevationNoRefraction: 0,
    declination: 0,
    hourAngle: 0,
    distance: 1,
  };
}

/** Topocentric position for one observer from the geocentric part, written into `out`. */
export function computeTopocentric(
  geo: SpaGeocentric,
  observer: Observer,
  out: SolarPosition,
): SolarPosition {
  const latRad = observer.latitude * DEG;
  const h = limitDegrees(geo.nu + observer.longitude - geo.alpha);
  const hRad = h * DEG;
  const deltaRad = geo.delta * DEG;

  // Parallax of the sun's right ascension (§3.12).
  const xiRad = (8.794 / (3_600 * geo.r)) * DEG;
  const uTerm = Math.atan(0.99664719 * Math.tan(latRad));
  const x = Math.cos(uTerm) + (observer.elevation / 6_378_140) * Math.cos(latRad);
  const y = 0.99664719 * Math.sin(uTerm) + (observer.elevation / 6_378_140) * Math.sin(latRad);
  const sinXi = Math.sin(xiRad);
  const denominator = Math.cos(deltaRad) - x * sinXi * Math.cos(hRad);
  const deltaAlphaRad = Math.atan2(-x * sinXi * Math.sin(hRad), denominator);
  const deltaPrimeRad = Math.atan2((Math.sin(deltaRad) - y * sinXi) * Math.cos(deltaAlphaRad), denominator);
  const hPrimeRad = hRad - deltaAlphaRad;

  // Elevation without and with refraction (§3.14).
  const e0 =
    Math.asin(
      Math.sin(latRad) * Math.sin(deltaPrimeRad) +
        Math.cos(latRad) * Math.cos(deltaPrimeRad) * Math.cos(hPrimeRad),
    ) * RAD;
  const atmosRefract = observer.atmosRefract ?? DEFAULT_ATMOS_REFRACT;
  let deltaE = 0;
  if (e0 >= -(SUN_RADIUS_DEG + atmosRefract)) {
    deltaE =
      (observer.pressure / 1_010) *
      (283 / (273 + observer.temperature)) *
      (1.02 / (60 * Math.tan((e0 + 10.3 / (e0 + 5.11)) * DEG)));
  }
  const e = e0 + deltaE;

  const azimuthAstro = limitDegrees(
    Math.atan2(
      Math.sin(hPrimeRad),
      Math.cos(hPrimeRad) * Math.sin(latRad) - Math.tan(deltaPrimeRad) * Math.cos(latRad),
    ) * RAD,
  );
  out.zenith = 90 - e;
  out.azimuth = limitDegrees(azimuthAstro + 180);
  out.azimuthAstro = azimuthAstro;
  out.elevation = e;
  out.elevationNoRefraction = e0;
  out.declination = deltaPrimeRad * RAD;
  out.hourAngle = hPrimeRad * RAD;
  out.distance = geo.r;
  return out;
}

/**
 * Incidence angle (°) on a surface of `slope` degrees from horizontal whose normal points `azmRotation`
 * degrees from south, negative towards east (SPA §3.16, the paper's ω and γ).
 */
export function surfaceIncidence(position: SolarPosition, slope: number, azmRotation: number): number {
  const zenithRad = position.zenith * DEG;
  const slopeRad = slope * DEG;
  return (
    Math.acos(
      Math.cos(zenithRad) * Math.cos(slopeRad) +
        Math.sin(slopeRad) * Math.sin(zenithRad) * Math.cos((position.azimuthAstro - azmRotation) * DEG),
    ) * RAD
  );
}

/** Convenience: the full SPA for one instant and observer (ΔT estimated when not given). */
export function solarPosition(
  epochMs: number,
  observer: Observer,
  deltaT: number = estimateDeltaT(epochMs),
  out: SolarPosition = newSolarPosition(),
): SolarPosition {
  return computeTopocentric(geocentricAt(epochMs, deltaT), observer, out);
}
