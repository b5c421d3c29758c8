// From horizontal irradiance to the module plane: Erbs decomposition of an all-sky GHI into beam and
// diffuse, angle of incidence, Hay–Davies sky diffuse (circumsolar share set by the beam's anisotropy
// index), isotropic ground reflection, and the ASHRAE incidence-angle modifier for the beam through glass.
// Angles in degrees; surface azimuth eastward from north (180 = facing south).
import type { Irradiance } from './clearsky.js';

const DEG = Math.PI / 180;

/** Cosine of the angle of incidence on a plane (tilt from horizontal, azimuth from north). */
export function cosIncidence(zenith: number, azimuth: number, tilt: number, surfaceAzimuth: number): number {
  const z = zenith * DEG;
  const t = tilt * DEG;
  return Math.cos(z) * Math.cos(t) + Math.sin(z) * Math.sin(t) * Math.cos((azimuth - surfaceAzimuth) * DEG);
}

/**
 * Erbs, Klein & Duffie (1982): diffuse fraction from the clearness index kt = GHI / (E0·cos z). Writes DNI
 * and DHI for the given GHI into `out`, never more beam than the clear sky allows (`dniClear`).
 */
export function erbsDecomposition(
  ghi: number,
  zenith: number,
  dniExtra: number,
  dniClear: number,
  out: Irradiance,
): Irradiance {
  const cosZenith = Math.cos(zenith * DEG);
  out.ghi = ghi;
  if (ghi <= 0 || cosZenith <= 0.01) {
    out.dni = 0;
    out.dhi = Math.max(ghi, 0);
    return out;
  }
  const kt = Math.min(ghi / (dniExtra * Math.max(cosZenith, 0.065)), 1);
  let diffuseFraction: number;
  if (kt <= 0.22) diffuseFraction = 1 - 0.09 * kt;
  else if (kt <= 0.8) diffuseFraction = 0.9511 + kt * (-0.1604 + kt * (4.388 + kt * (-16.638 + kt * 12.336)));
  else diffuseFraction = 0.165;
  const dni = Math.min((ghi * (1 - diffuseFraction)) / cosZenith, dniClear);
  out.dni = Math.max(dni, 0);
  out.dhi = ghi - out.dni * cosZenith;
  return out;
}

/** ASHRAE incidence-angle modifier 1 − b0·(1/cos θ − 1), b0 = 0.05 for glass, 0 beyond 90°. */
export function iamAshrae(cosTheta: number, b0 = 0.05): number {
  if (cosTheta <= 0) return 0;
  return Math.max(0, Math.min(1, 1 - b0 * (1 / cosTheta - 1)));
}

export interface PlaneOfArray {
  /** Total, beam, sky-diffuse and ground-reflected irradiance on the plane, W/m². */
  total: number;
  beam: number;
  skyDiffuse: number;
  ground: number;
  /** Irradiance that reaches the cells (beam after the incidence-angle modifier), W/m². */
  effective: number;
}

export function newPlaneOfArray(): PlaneOfArray {
  return { total: 0, beam: 0, skyDiffuse: 0, ground: 0, effective: 0 };
}

/**
 * Hay & Davies (1980) transposition. `dniExtra` is the extraterrestrial normal irradiance (for the
 * anisotropy index Ai = DNI / E0); albedo default 0.2 (grass, concrete).
 */
export function haydavies(
  irradiance: Irradiance,
  zenith: number,
  azimuth: number,
  tilt: number,
  surfaceAzimuth: number,
  dniExtra: number,
  albedo: number,
  out: PlaneOfArray = newPlaneOfArray(),
): PlaneOfArray {
  const cosTheta = cosIncidence(zenith, azimuth, tilt, surfaceAzimuth);
  const cosZenith = Math.cos(zenith * DEG);
  const cosTilt = Math.cos(tilt * DEG);
  if (irradiance.ghi <= 0 || cosZenith <= 0) {
    out.total = out.beam = out.skyDiffuse = out.ground = out.effective = 0;
    return out;
  }
  const beam = irradiance.dni * Math.max(cosTheta, 0);
  const anisotropy = Math.min(irradiance.dni / dniExtra, 1);
  // Beam ratio Rb with the zenith cosine floored at cos 85° so grazing sun does not explode it.
  const rb = Math.max(cosTheta, 0) / Math.max(cosZenith, 0.0872);
  const skyDiffuse = Math.max(irradiance.dhi, 0) * (anisotropy * rb + (1 - anisotropy) * ((1 + cosTilt) / 2));
  const ground = irradiance.ghi * albedo * ((1 - cosTilt) / 2);
  out.beam = beam;
  out.skyDiffuse = skyDiffuse;
  out.ground = ground;
  out.total = beam + skyDiffuse + ground;
  // Diffuse light arrives from all angles: a flat ~5 % reflection loss (the ASHRAE modifier at ~58°).
  out.effective = beam * iamAshrae(cosTheta) + (skyDiffuse + ground) * 0.95;
  return out;
}
