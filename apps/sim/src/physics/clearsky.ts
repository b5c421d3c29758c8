// Clear-sky irradiance: Ineichen & Perez (2002, Solar Energy 73(3) 151–157) with the Kasten–Young air mass
// and a Linke turbidity climatology. Irradiances in W/m², angles in degrees.

const DEG = Math.PI / 180;
/** Total solar irradiance at 1 AU (Kopp & Lean 2011), W/m². */
export const SOLAR_CONSTANT = 1_361;

/** Extraterrestrial normal irradiance at an Earth–sun distance (AU, the SPA radius vector). */
export function extraterrestrialNormal(distanceAu: number): number {
  return SOLAR_CONSTANT / (distanceAu * distanceAu);
}

/** Relative optical air mass, Kasten & Young (1989), from the apparent zenith; NaN below the horizon. */
export function relativeAirMass(apparentZenith: number): number {
  if (!(apparentZenith <= 90)) return Number.NaN;
  return 1 / (Math.cos(apparentZenith * DEG) + 0.50572 * (96.07995 - apparentZenith) ** -1.6364);
}

/** Standard-atmosphere pressure at an elevation, Pa. */
export function pressureAtElevation(elevationM: number): number {
  return 101_325 * (1 - 2.25577e-5 * elevationM) ** 5.25588;
}

/**
 * Monthly Linke turbidity (air mass 2) by latitude band, northern-hemisphere months January…December;
 * the southern hemisphere uses the same values six months on. Rounded from the shapes of the SoDa/Remund
 * (2003) world maps: clean, dry winter air (low) and hazy, humid summer air (high), more turbid towards the
 * tropics. A site may override it with its own value.
 */
const LINKE_BANDS: readonly { maxAbsLatitude: number; monthly: readonly number[] }[] = [
  { maxAbsLatitude: 15, monthly: [4.5, 4.6, 4.8, 4.9, 4.9, 4.8, 4.7, 4.7, 4.8, 4.8, 4.7, 4.6] },
  { maxAbsLatitude: 30, monthly: [3.6, 3.8, 4.1, 4.3, 4.5, 4.6, 4.7, 4.6, 4.4, 4.1, 3.8, 3.6] },
  { maxAbsLatitude: 45, monthly: [2.9, 3.1, 3.4, 3.7, 3.9, 4.1, 4.2, 4.1, 3.8, 3.4, 3.0, 2.9] },
  { maxAbsLatitude: 60, monthly: [2.6, 2.8, 3.1, 3.4, 3.6, 3.8, 3.9, 3.8, 3.4, 3.1, 2.8, 2.6] },
  { maxAbsLatitude: 90, monthly: [2.2, 2.3, 2.6, 2.9, 3.1, 3.3, 3.4, 3.3, 3.0, 2.7, 2.4, 2.2] },
];

/**
 * Linke turbidity for a latitude and a day of the year (1…366), interpolated linearly between mid-month
 * values so that it has no jumps at month boundaries.
 */
export function linkeTurbidity(latitude: number, dayOfYear: number): number {
  const band = LINKE_BANDS.find((b) => Math.abs(latitude) < b.maxAbsLatitude) ?? LINKE_BANDS[4];
  const monthly = (band ?? { monthly: [3] }).monthly;
  // Month position with 0 = mid-January; southern hemisphere shifted by six months.
  let position = ((dayOfYear - 15.5) / 365.25) * 12 + (latitude < 0 ? 6 : 0);
  position = ((position % 12) + 12) % 12;
  const i = Math.floor(position);
  const fraction = position - i;
  const a = monthly[i % 12] ?? 3;
  const b = monthly[(i + 1) % 12] ?? 3;
  return a + (b - a) * fraction;
}

/**
 * The band climatology describes average air; dry, sunny climates have clearer air (less water vapour and
 * haze: the US South-West, southern Spain). Lowered by 3 per unit of clear-day share above 0.4 (0 for
 * sites with fewer clear days; about 1.4 for Phoenix's 85 %), never below 2.
 */
export function aridLinke(linke: number, clearDays: number): number {
  return Math.max(linke - 3 * Math.max(clearDays - 0.4, 0), Math.min(linke, 2));
}

export interface Irradiance {
  /** Global horizontal, direct normal and diffuse horizontal irradiance, W/m². */
  ghi: number;
  dni: number;
  dhi: number;
}

export function newIrradiance(): Irradiance {
  return { ghi: 0, dni: 0, dhi: 0 };
}

/**
 * Ineichen–Perez clear sky (without the optional Perez enhancement factor), as the paper and pvlib state
 * it: GHI from cg1·E0·cos z·exp(−cg2·AM·(fh1 + fh2·(TL − 1))), DNI as the smaller of the beam formula and
 * its empirical correction, DHI as the rest. Zero when the sun is below the horizon.
 */
export function ineichenPerez(
  apparentZenith: number,
  elevationM: number,
  linke: number,
  dniExtra: number,
  out: Irradiance = newIrradiance(),
): Irradiance {
  const cosZenith = Math.max(Math.cos(apparentZenith * DEG), 0);
  const relative = relativeAirMass(apparentZenith);
  if (cosZenith <= 0 || Number.isNaN(relative)) {
    out.ghi = 0;
    out.dni = 0;
    out.dhi = 0;
    return out;
  }
  const airMass = (relative * pressureAtElevation(elevationM)) / 101_325;
  const fh1 = Math.exp(-elevationM / 8_000);
  const fh2 = Math.exp(-elevationM / 1_250);
  const cg1 = 5.09e-5 * elevationM + 0.868;
  const cg2 = 3.92e-5 * elevationM + 0.0387;

  const ghi = cg1 * dniExtra * cosZenith * Math.max(Math.exp(-cg2 * airMass * (fh1 + fh2 * (linke - 1))), 0);
  const b = 0.664 + 0.163 / fh1;
  const bnci = dniExtra * Math.max(b * Math.exp(-0.09 * airMass * (linke - 1)), 0);
  const correction = (1 - (0.1 - 0.2 * Math.exp(-linke)) / (0.1 + 0.882 / fh1)) / cosZenith;
  const bnci2 = ghi * Math.min(Math.max(correction, 0), 1e20);
  const dni = Math.min(bnci, bnci2);
  out.ghi = ghi;
  out.dni = dni;
  out.dhi = ghi - dni * cosZenith;
  return out;
}
