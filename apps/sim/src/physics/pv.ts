// Photovoltaic modules and strings with the single-diode model
//   I = IL − I0·(exp((V + I·Rs)/a) − 1) − (V + I·Rs)/Rsh,   a = n·Ns·k·T/q,
// fitted once per module type to its datasheet (Isc, Voc, Vmp, Imp at STC) and translated to the operating
// irradiance and cell temperature with De Soto, Klein & Beckman (2006). Strings of identical modules and
// parallel identical strings are the same equation with scaled parameters, so the healthy live operating
// point costs a few exponentials (Newton on the diode voltage Vd = V + I·Rs, where I and V are explicit).
// Shading and bypass diodes break that symmetry; those strings are solved numerically (pv-array.ts).
import { PV_MODULE_SF_M450, type PvModuleDatasheet } from '@sunfleet/contracts';

const BOLTZMANN_EV = 8.617333262e-5; // eV/K
const T_REF_K = 298.15;
const EG_REF_EV = 1.121; // silicon band gap at STC
const DEG_EG_DT = -0.0002677; // De Soto's dEg/dT relative coefficient
export const STC_IRRADIANCE = 1_000;

/**
 * A module datasheet (STC values, temperature coefficients as fractions per kelvin): the contracts' type,
 * shared with the server and the IV-scan diagnosis (docs/iv-curves.md). The fit below uses Isc, Voc, Vmp,
 * Imp, the cells in series and alphaIsc; the bypass diodes split the cells for shaded strings.
 */
export type ModuleSpec = PvModuleDatasheet;

/** A 450 W mono PERC half-cut module (144 half cells = 72 in series), typical 2022 datasheet values. */
export const MODULE_450: ModuleSpec = PV_MODULE_SF_M450;

/** Single-diode parameters at one operating condition (mutable, reused to avoid allocations). */
export interface DiodeModel {
  il: number;
  i0: number;
  rs: number;
  rsh: number;
  /** Modified ideality factor n·Ns·k·T/q, volts. */
  a: number;
}

export function newDiodeModel(): DiodeModel {
  return { il: 0, i0: 0, rs: 0, rsh: 1, a: 1 };
}

/** A module type fitted at STC, ready for translation. */
export interface ModuleReference {
  spec: ModuleSpec;
  stc: DiodeModel;
  /** Ideality factor n found by the fit. */
  ideality: number;
  /** Absolute dIsc/dT, A/K. */
  alphaIscAbs: number;
}

export interface OperatingPoint {
  v: number;
  i: number;
  p: number;
  /** Diode voltage of the point (warm start for the next solve). */
  vd: number;
}

export function newOperatingPoint(): OperatingPoint {
  return { v: 0, i: 0, p: 0, vd: 0 };
}

/** Copies an operating point into `out` (a plain copy: cheaper than Object.assign in the hot path). */
export function copyPoint(from: OperatingPoint, out: OperatingPoint): OperatingPoint {
  out.v = from.v;
  out.i = from.i;
  out.p = from.p;
  out.vd = from.vd;
  return out;
}

/** Current at diode voltage Vd. */
function currentAtVd(m: DiodeModel, vd: number): number {
  return m.il - m.i0 * (Math.exp(vd / m.a) - 1) - vd / m.rsh;
}

/** Diode voltage where the current is I (monotone; safeguarded Newton). */
export function diodeVoltageAtCurrent(m: DiodeModel, current: number): number {
  // f(Vd) = IL − I0(e^(Vd/a) − 1) − Vd/Rsh − I is strictly decreasing and concave.
  let low = -(Math.abs(current) + 1) * m.rsh;
  let high = m.a * Math.log(Math.max(m.il + Math.abs(current), 1e-12) / m.i0 + 1) + m.a;
  let vd = current < m.il ? m.a * Math.log((m.il - current) / m.i0 + 1) : -(current - m.il) * m.rsh;
  for (let k = 0; k < 60; k++) {
    const e = Math.exp(vd / m.a);
    const f = m.il - m.i0 * (e - 1) - vd / m.rsh - current;
    if (f > 0) low = vd;
    else high = vd;
    const slope = -(m.i0 * e) / m.a - 1 / m.rsh;
    let next = vd - f / slope;
    if (!(next > low && next < high)) next = (low + high) / 2;
    if (Math.abs(next - vd) < 1e-9 * (1 + Math.abs(vd))) return next;
    vd = next;
  }
  return vd;
}

/** Open-circuit voltage, V (0 in the dark). */
export function openCircuitVoltage(m: DiodeModel): number {
  if (m.il <= 0) return 0;
  return diodeVoltageAtCurrent(m, 0);
}

/** Terminal voltage at a current (may be negative beyond short circuit). */
export function voltageAtCurrent(m: DiodeModel, current: number): number {
  return diodeVoltageAtCurrent(m, current) - current * m.rs;
}

/** Short-circuit current, A. */
export function shortCircuitCurrent(m: DiodeModel): number {
  // V = Vd − I·Rs = 0 ⇒ Vd = I·Rs: Newton on g(I) = I − IL + I0(e^(I·Rs/a) − 1) + I·Rs/Rsh.
  let current = m.il;
  for (let k = 0; k < 30; k++) {
    const e = Math.exp((current * m.rs) / m.a);
    const g = current - m.il + m.i0 * (e - 1) + (current * m.rs) / m.rsh;
    const slope = 1 + (m.i0 * e * m.rs) / m.a + m.rs / m.rsh;
    const next = current - g / slope;
    if (Math.abs(next - current) < 1e-12 * (1 + current)) return next;
    current = next;
  }
  return current;
}

/** Current at a terminal voltage (V ≥ 0 up to Voc), A. */
export function currentAtVoltage(m: DiodeModel, voltage: number): number {
  // f(Vd) = Vd − Rs·I(Vd) − V is strictly increasing and convex: Newton from the right converges.
  let vd = Math.max(voltage + m.il * m.rs, 0);
  for (let k = 0; k < 50; k++) {
    const e = Math.exp(vd / m.a);
    const current = m.il - m.i0 * (e - 1) - vd / m.rsh;
    const f = vd - m.rs * current - voltage;
    const slope = 1 + m.rs * ((m.i0 * e) / m.a + 1 / m.rsh);
    const next = vd - f / slope;
    if (Math.abs(next - vd) < 1e-10 * (1 + Math.abs(vd))) {
      vd = next;
      break;
    }
    vd = next;
  }
  return currentAtVd(m, vd);
}

/**
 * Maximum power point by safeguarded Newton on dP/dVd = 0 in [0, Voc_d] (P is explicit in Vd). The start
 * is `ratio` × the upper bracket: the MPP sits at a nearly constant share of the open-circuit voltage, so
 * the previous step's share (`out.vd` / bracket, kept by the caller) makes it converge in a few iterations.
 */
export function maxPowerPoint(m: DiodeModel, out: OperatingPoint, ratio = 0.85): OperatingPoint {
  if (m.il <= 1e-9) {
    out.v = out.i = out.p = out.vd = 0;
    return out;
  }
  let low = 0;
  // Upper bracket without a solve: the open-circuit diode voltage without the shunt's (tiny) share. Beyond
  // the true Voc the current is negative and dP/dVd < 0, so the bracket holds.
  let high = m.a * Math.log(m.il / m.i0 + 1);
  const guess = ratio * high;
  let vd = guess > low && guess < high ? guess : 0.85 * high;
  for (let k = 0; k < 60; k++) {
    const e = Math.exp(vd / m.a);
    const current = m.il - m.i0 * (e - 1) - vd / m.rsh;
    const dI = -(m.i0 * e) / m.a - 1 / m.rsh;
    const d2I = -(m.i0 * e) / (m.a * m.a);
    const voltage = vd - current * m.rs;
    const dV = 1 - m.rs * dI;
    const d2V = -m.rs * d2I;
    const dP = dV * current + voltage * dI;
    const d2P = d2V * current + 2 * dV * dI + voltage * d2I;
    if (dP > 0) low = vd;
    else high = vd;
    let next = d2P < 0 ? vd - dP / d2P : Number.NaN;
    if (!(next > low && next < high)) next = (low + high) / 2;
    if (Math.abs(next - vd) < 1e-7 * (1 + vd) || high - low < 1e-9) {
      vd = next;
      break;
    }
    vd = next;
  }
  const current = currentAtVd(m, vd);
  out.vd = vd;
  out.i = current;
  out.v = vd - current * m.rs;
  out.p = out.v * out.i;
  return out;
}

/**
 * The point right of the maximum (higher voltage) that delivers `power` W: where an inverter parks the array
 * when it must not take everything (clipping, power limit). Returns the MPP when `power` ≥ Pmax.
 */
export function pointAtPower(
  m: DiodeModel,
  power: number,
  mpp: OperatingPoint,
  out: OperatingPoint,
): OperatingPoint {
  if (power >= mpp.p || m.il <= 1e-9) return copyPoint(mpp, out);
  if (power <= 0) {
    const voc = diodeVoltageAtCurrent(m, 0);
    out.vd = voc;
    out.v = voc;
    out.i = 0;
    out.p = 0;
    return out;
  }
  // P(Vd) decreases from Pmax to 0 between Vd_mp and Voc_d: bisection with a secant hint.
  let low = mpp.vd;
  let high = diodeVoltageAtCurrent(m, 0);
  let vd = (low + high) / 2;
  for (let k = 0; k < 60; k++) {
    vd = (low + high) / 2;
    const current = currentAtVd(m, vd);
    const p = (vd - current * m.rs) * current;
    if (p > power) low = vd;
    else high = vd;
    if (high - low < 1e-7 * high) break;
  }
  const current = currentAtVd(m, vd);
  out.vd = vd;
  out.i = current;
  out.v = vd - current * m.rs;
  out.p = out.v * current;
  return out;
}

function thermalVoltage(tempK: number): number {
  return BOLTZMANN_EV * tempK;
}

/** Fills IL and I0 of `m` from Isc and Voc for given a, Rs, Rsh (two fixed-point passes suffice). */
function anchorToDatasheet(spec: ModuleSpec, m: DiodeModel): void {
  m.il = spec.isc;
  for (let k = 0; k < 4; k++) {
    m.i0 = (m.il - spec.voc / m.rsh) / (Math.exp(spec.voc / m.a) - 1);
    m.il = spec.isc * (1 + m.rs / m.rsh) + m.i0 * (Math.exp((spec.isc * m.rs) / m.a) - 1);
  }
}

/**
 * Fits the five parameters at STC: Rsh fixed at a typical value, then for each ideality factor n the series
 * resistance that reproduces Pmax (Pmax falls monotonically with Rs), keeping the n whose Vmp matches best.
 */
export function fitModule(spec: ModuleSpec, rsh = 400): ModuleReference {
  const target = spec.vmp * spec.imp;
  const m = newDiodeModel();
  const mpp = newOperatingPoint();
  let best = { error: Number.POSITIVE_INFINITY, n: 1, rs: 0 };
  for (let n = 0.9; n <= 1.8; n += 0.005) {
    m.a = n * spec.cellsInSeries * thermalVoltage(T_REF_K);
    m.rsh = rsh;
    let low = 0;
    let high = spec.voc / spec.isc / 4;
    for (let k = 0; k < 40; k++) {
      m.rs = (low + high) / 2;
      anchorToDatasheet(spec, m);
      maxPowerPoint(m, mpp);
      if (mpp.p > target) low = m.rs;
      else high = m.rs;
    }
    const error = Math.abs(mpp.v - spec.vmp) + Math.abs(mpp.p - target) / spec.imp;
    if (error < best.error) best = { error, n, rs: m.rs };
  }
  m.a = best.n * spec.cellsInSeries * thermalVoltage(T_REF_K);
  m.rs = best.rs;
  m.rsh = rsh;
  anchorToDatasheet(spec, m);
  return { spec, stc: m, ideality: best.n, alphaIscAbs: spec.alphaIsc * spec.isc };
}

/**
 * De Soto translation of a module to an effective irradiance (W/m²) and cell temperature (°C), written into
 * `out`: IL ∝ S with the Isc temperature coefficient, I0 through the band gap, a ∝ T, Rsh ∝ 1/S.
 */
export function moduleAt(
  ref: ModuleReference,
  irradiance: number,
  cellTempC: number,
  out: DiodeModel,
): DiodeModel {
  const s = Math.max(irradiance, 0);
  const tK = cellTempC + 273.15;
  const eg = EG_REF_EV * (1 + DEG_EG_DT * (tK - T_REF_K));
  out.a = (ref.stc.a * tK) / T_REF_K;
  out.il = (s / STC_IRRADIANCE) * (ref.stc.il + ref.alphaIscAbs * (tK - T_REF_K));
  out.i0 =
    ref.stc.i0 *
    (tK / T_REF_K) ** 3 *
    Math.exp(EG_REF_EV / (BOLTZMANN_EV * T_REF_K) - eg / (BOLTZMANN_EV * tK));
  out.rs = ref.stc.rs;
  out.rsh = s > 1 ? (ref.stc.rsh * STC_IRRADIANCE) / s : ref.stc.rsh * STC_IRRADIANCE;
  return out;
}

/** `series` identical cells/modules in series and `parallel` such strings in parallel, written into `out`. */
export function scaleModel(m: DiodeModel, series: number, parallel: number, out: DiodeModel): DiodeModel {
  out.il = m.il * parallel;
  out.i0 = m.i0 * parallel;
  out.a = m.a * series;
  out.rs = (m.rs * series) / parallel;
  out.rsh = (m.rsh * series) / parallel;
  return out;
}
