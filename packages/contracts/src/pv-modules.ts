// PV module datasheets: the STC figures and temperature coefficients a module's maker prints, and how its
// cells are wired behind bypass diodes. The simulator fits its single-diode model to them
// (apps/sim/src/physics/pv.ts); the domain translates them to a measured irradiance and cell temperature
// for an IV scan's expected curve (packages/domain/src/pv/expected.ts, docs/iv-curves.md). One type, so a
// module the server stores means the same to both.
import { Type, type Static } from 'typebox';

export const PvModuleDatasheet = Type.Object(
  {
    /** The maker's model name, e.g. 'SF-M450'. */
    model: Type.String({ minLength: 1, maxLength: 64 }),
    /** Open-circuit voltage at STC (1,000 W/m², 25 °C cell, AM1.5), V. */
    voc: Type.Number({ exclusiveMinimum: 0, maximum: 1_000 }),
    /** Short-circuit current at STC, A. */
    isc: Type.Number({ exclusiveMinimum: 0, maximum: 100 }),
    /** Voltage and current of the maximum power point at STC (Pmax = vmp × imp), V and A. */
    vmp: Type.Number({ exclusiveMinimum: 0, maximum: 1_000 }),
    imp: Type.Number({ exclusiveMinimum: 0, maximum: 100 }),
    /** Cells in series (a 144 half-cut-cell module: 72). */
    cellsInSeries: Type.Integer({ minimum: 1, maximum: 400 }),
    /** Bypass diodes, each across an equal substring of the cells (typically 3). */
    bypassDiodes: Type.Integer({ minimum: 1, maximum: 24 }),
    /** Temperature coefficient of Isc, fraction per kelvin (+0.048 %/K → 0.00048). */
    alphaIsc: Type.Number({ minimum: -0.01, maximum: 0.01 }),
    /** Temperature coefficient of Voc, fraction per kelvin (−0.28 %/K → −0.0028). */
    betaVoc: Type.Number({ minimum: -0.01, maximum: 0 }),
    /** Temperature coefficient of Pmax, fraction per kelvin (−0.33 %/K → −0.0033). */
    gammaPmax: Type.Number({ minimum: -0.02, maximum: 0 }),
  },
  { additionalProperties: false },
);
export type PvModuleDatasheet = Static<typeof PvModuleDatasheet>;

/**
 * What a schema cannot say about a datasheet: the maximum power point lies inside the rectangle Voc × Isc
 * (and its fill factor is one a real module has). Empty when fine.
 */
export function checkPvModuleDatasheet(d: PvModuleDatasheet): string[] {
  const problems: string[] = [];
  if (!(d.vmp < d.voc)) problems.push('vmp must be below voc');
  if (!(d.imp < d.isc)) problems.push('imp must be below isc');
  const fillFactor = (d.vmp * d.imp) / (d.voc * d.isc);
  if (problems.length === 0 && !(fillFactor >= 0.5 && fillFactor <= 0.9))
    problems.push(`a fill factor of ${fillFactor.toFixed(2)} is not one of a crystalline module (0.5…0.9)`);
  if (d.cellsInSeries % d.bypassDiodes !== 0)
    problems.push('the cells in series must split evenly among the bypass diodes');
  return problems;
}

/**
 * The simulator's module: a 450 W mono PERC half-cut module (144 half cells = 72 in series, three bypass
 * diodes), typical 2022 datasheet values. Its temperature coefficients are the ones the simulator's fitted
 * single-diode model shows (Voc −0.276 %/K, Pmax −0.330 %/K between 25 and 65 °C), rounded as a datasheet
 * prints them.
 */
export const PV_MODULE_SF_M450: PvModuleDatasheet = Object.freeze({
  model: 'SF-M450',
  voc: 49.6,
  isc: 11.45,
  vmp: 41.5,
  imp: 10.85,
  cellsInSeries: 72,
  bypassDiodes: 3,
  alphaIsc: 0.00048,
  betaVoc: -0.0028,
  gammaPmax: -0.0033,
});

/** The module types the simulated fleet uses (every simulated string: SF-M450). */
export const BUILT_IN_PV_MODULES: readonly PvModuleDatasheet[] = [PV_MODULE_SF_M450];
