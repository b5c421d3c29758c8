// A string's expected I–V curve at a measured irradiance and cell temperature, from its module's datasheet
// (docs/iv-curves.md). The datasheet gives the STC figures and the temperature coefficients of Isc, Voc
// and Pmax — not the series resistance and curve-correction factor IEC 60891's procedures need — so the
// figures are translated the simple way every yield model uses:
//
//   Isc  = Isc₀ · G/G₀ · (1 + α·ΔT)
//   Voc  = Voc₀ · (1 + β·ΔT) + Ns · n·k·T/q · ln(G/G₀)      (per module; n = VOC_IDEALITY)
//   Pmax = Vmp₀·Imp₀ · G/G₀ · (1 + γ·ΔT)                       (constant efficiency over irradiance)
//   Imp  = Imp₀ · G/G₀                                         (c-Si: Imp barely moves with temperature)
//   Vmp  = Pmax / Imp
//
// with ΔT = T − 25 °C, times the modules in series for the string's voltages and power. The curve between
// those points is the explicit exponential model I(V) = Isc·(1 − C₁·(e^{V/(C₂·Voc)} − 1)), its C₁ and C₂
// solved so it passes through (0, Isc), (Vmp, Imp) and (Voc, 0) exactly.
import type { IvFigures, PvModuleDatasheet } from '@sunfleet/contracts';

/** Standard test conditions: irradiance W/m² and cell temperature °C. */
export const STC_IRRADIANCE = 1_000;
export const STC_CELL_TEMP = 25;
/** Boltzmann constant over the elementary charge, V/K (k·T/q is the thermal voltage). */
const K_OVER_Q = 8.617333262e-5;
/**
 * Diode ideality factor of the Voc's irradiance term. Crystalline cells at one sun are close to the ideal
 * diode (fits of PERC modules give 0.95…1.1); 1 puts a 72-cell module's Voc 0.9 V lower at 600 W/m².
 */
export const VOC_IDEALITY = 1;

/** What a string is made of: its module's datasheet and how many modules it has in series. */
export interface PvStringSpec {
  module: PvModuleDatasheet;
  modulesInSeries: number;
}

/**
 * The expected figures of a string at `irradiance` (W/m², in the plane of the modules) and `cellTemp`
 * (°C). Dark (irradiance ≤ 0): zeros.
 */
export function expectedIv(string: PvStringSpec, irradiance: number, cellTemp: number): IvFigures {
  const { module: m, modulesInSeries: n } = string;
  if (!(irradiance > 0) || !(n > 0)) return { voc: 0, isc: 0, vmp: 0, imp: 0, pmax: 0, fillFactor: 0 };
  const g = irradiance / STC_IRRADIANCE;
  const dT = cellTemp - STC_CELL_TEMP;
  const thermal = K_OVER_Q * (cellTemp + 273.15);
  const isc = m.isc * g * (1 + m.alphaIsc * dT);
  const vocModule = m.voc * (1 + m.betaVoc * dT) + m.cellsInSeries * VOC_IDEALITY * thermal * Math.log(g);
  const pmaxModule = m.vmp * m.imp * g * (1 + m.gammaPmax * dT);
  const imp = m.imp * g;
  const voc = Math.max(vocModule, 0) * n;
  const pmax = Math.max(pmaxModule, 0) * n;
  const vmp = imp > 0 ? pmax / imp : 0;
  return { voc, isc, vmp, imp, pmax, fillFactor: voc > 0 && isc > 0 ? pmax / (voc * isc) : 0 };
}

/**
 * The explicit model's current as a share of Isc at x = V/Voc: 1 − (e^{x/c₂} − 1)/(e^{1/c₂} − 1) (that is,
 * C₁ = 1/(e^{1/C₂} − 1), so the current is 0 at Voc), written to stay finite for a small c₂.
 */
function shareAt(x: number, c2: number): number {
  return 1 - Math.exp((x - 1) / c2) * (Math.expm1(-x / c2) / Math.expm1(-1 / c2));
}

/**
 * C₂ such that the curve through (0, Isc) and (Voc, 0) also passes through (Vmp, Imp): bisection on
 * log C₂ (the current at Vmp falls monotonically from Isc to Isc·(1 − Vmp/Voc) as C₂ grows). Null when no
 * such curve exists: (Vmp, Imp) outside the rectangle or below the diagonal from (0, Isc) to (Voc, 0).
 */
function shapeOf(f: IvFigures): number | null {
  if (!(f.voc > 0 && f.isc > 0)) return null;
  const x = f.vmp / f.voc;
  const y = f.imp / f.isc;
  if (!(x > 0 && x < 1 && y > 0 && y < 1 && x + y > 1)) return null;
  let low = Math.log(1e-4);
  let high = Math.log(1e4);
  for (let k = 0; k < 100; k++) {
    const mid = (low + high) / 2;
    if (shareAt(x, Math.exp(mid)) > y) low = mid;
    else high = mid;
  }
  return Math.exp((low + high) / 2);
}

function currentOn(figures: IvFigures, c2: number | null, v: number): number {
  if (!(figures.voc > 0 && figures.isc > 0) || v >= figures.voc) return 0;
  if (v <= 0) return figures.isc;
  // Without a shape (figures no curve of this family has): the straight line from (0, Isc) to (Voc, 0).
  const share = c2 === null ? 1 - v / figures.voc : shareAt(v / figures.voc, c2);
  return Math.max(figures.isc * share, 0);
}

/** The expected current at voltage `v` on the curve through `figures` (0 beyond Voc). */
export function expectedCurrentAt(figures: IvFigures, v: number): number {
  return currentOn(figures, shapeOf(figures), v);
}

/**
 * The expected curve through `figures` as points: at the given voltages (e.g. a scan's, to draw both on
 * one axis), or at `points` voltages evenly from 0 to Voc.
 */
export function expectedIvCurve(
  figures: IvFigures,
  at: number | readonly number[] = 50,
): { v: number[]; i: number[] } {
  const count = typeof at === 'number' ? Math.max(Math.floor(at), 2) : 0;
  const v =
    typeof at === 'number'
      ? Array.from({ length: count }, (_, k) => (figures.voc * k) / (count - 1))
      : [...at];
  const c2 = shapeOf(figures);
  return { v, i: v.map((voltage) => currentOn(figures, c2, voltage)) };
}
