// Module (cell) temperature: Faiman (2008) steady state, Tm = Ta + E / (U0 + U1·v), with the IEC 61853-2
// default coefficients for an open-rack glass/polymer module, and a first-order thermal lag so the module
// warms and cools over minutes when clouds pass (a step shorter than the lag sees the inertia).

/** Faiman heat-loss coefficients: U0 W/(m²·K), U1 W·s/(m³·K). */
export interface FaimanCoefficients {
  u0: number;
  u1: number;
}

/** Open rack. Roof-mounted (less ventilation) is about u0 = 20, u1 = 4. */
export const FAIMAN_OPEN_RACK: FaimanCoefficients = { u0: 25, u1: 6.84 };
export const FAIMAN_ROOF_MOUNT: FaimanCoefficients = { u0: 20, u1: 4 };

/** Module thermal time constant, seconds (typical for glass/polymer modules). */
export const MODULE_TIME_CONSTANT_S = 420;

/** Steady-state module temperature (°C) at plane-of-array irradiance (W/m²), ambient (°C) and wind (m/s). */
export function faimanTemperature(
  poaIrradiance: number,
  ambient: number,
  windSpeed: number,
  coefficients: FaimanCoefficients = FAIMAN_OPEN_RACK,
): number {
  return ambient + Math.max(poaIrradiance, 0) / (coefficients.u0 + coefficients.u1 * Math.max(windSpeed, 0));
}

/**
 * Moves a module temperature towards its steady state over `dt` seconds (exact first-order response). With
 * NaN as the previous temperature (first step) it starts at the steady state.
 */
export function laggedTemperature(
  previous: number,
  steadyState: number,
  dt: number,
  timeConstant = MODULE_TIME_CONSTANT_S,
): number {
  if (Number.isNaN(previous)) return steadyState;
  return steadyState + (previous - steadyState) * Math.exp(-dt / timeConstant);
}
