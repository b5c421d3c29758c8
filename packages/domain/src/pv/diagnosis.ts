// The diagnosis of a string from its IV scan (docs/iv-curves.md): its figures from the points, each
// against the string's expected figure (its datasheet translated to the scan's irradiance and cell
// temperature) and against its peers (the other strings of the scan), the curve's shape, and one verdict
// with the evidence that decided it. The rules, in order:
//
//   NOT_JUDGEABLE        irradiance below 600 W/m² (SPEC §9), or too few points to read a curve from
//   OPEN_STRING          no current: Isc below 5 % of the expected
//   SHADING              steps: the current falls ≥ 2 % of Isc below the curve's concave envelope
//   BYPASS_DIODE_FAILED  Voc short by a whole number of bypass-diode substrings, fill factor and Isc normal
//   DEGRADATION          fill factor low (< 93 % of the expected / the peers')
//   MISMATCH             Isc, Voc or Pmax low against the peers (or the expected without peers)
//   NORMAL               none of these
//
// Against peers, each figure is compared with its expected value scaled by the peers' median ratio
// (measured ÷ expected): what this string would show if it behaved like the others. That cancels what the
// scan shares with its peers — the irradiance sensor's calibration, a cell temperature read a few kelvin
// off, soiling of the whole plant, the translation's own error — and leaves what is the string's own.
// The result's types (IvDiagnosis, IvComparison, IvEvidence, IvVerdict) are the contracts'
// (iv-diagnosis.ts), so the server can serve them as they are.
import {
  IvFigureNames,
  type IvComparison,
  type IvDiagnosis,
  type IvEvidence,
  type IvFigureName,
  type IvFigures,
  type IvShape,
  type IvVerdict,
  type PvModuleDatasheet,
} from '@sunfleet/contracts';
import { expectedIv } from './expected.js';
import { ivFigures, ivShape } from './figures.js';

/** SPEC §9: an IV scan is meaningful when the irradiance exceeds 600 W/m² (best between 11:00 and 13:00). */
export const IV_MIN_IRRADIANCE = 600;
/** Fewer points do not make a curve: its knee and steps fall between them (scans send 10…200). */
export const IV_MIN_POINTS = 10;
/**
 * Isc below this share of the expected is no current at all: an open string (blown fuse, unplugged
 * connector). Above 600 W/m² even a string shaded all over by 80 % keeps 20 %, and a sensor's offset is
 * a few mA — far on either side.
 */
export const OPEN_STRING_CURRENT_RATIO = 0.05;
/**
 * A bypass step: the current falls at least this share of Isc below the curve's concave envelope. A
 * healthy (or degraded) string's curve is concave: below 0.1 % from the scan's rounding; a sweep lasts a
 * second or less, over which a clear sky's irradiance drifts well under 1 %. One module of twelve under a
 * shadow that lets 20 % of the light through makes 25 %, one substring of 36 under a thin one (80 % of the
 * light) 3 %. A cloud edge passing during the sweep can make a step too: scan under a steady sky.
 */
export const SHADING_STEP_DEPTH = 0.02;
/**
 * A shorted bypass diode takes its substring's voltage away, so the Voc deficit is a whole number of
 * substrings (Voc ÷ (modules × diodes) each: 2.8 % in a string of 12 three-diode modules). The deficit
 * must lie within this share of a substring of a whole number of them; beyond, it is a mismatch of another
 * kind.
 */
export const BYPASS_SUBSTRING_TOLERANCE = 0.35;
/**
 * More than this share of Voc lost is not read as failed diodes: a string that short is more likely wired
 * with fewer modules (or is another string than the one the registry describes).
 */
export const BYPASS_MAX_VOC_DEFICIT = 0.25;
/**
 * Fill factor below this share of the expected (or of the peers'): series resistance up or shunt
 * resistance down — degradation. Healthy strings of one type agree with the translated datasheet within
 * about 1 % (the translation's error between 600 and 1,100 W/m², 15 and 65 °C) and with each other closer;
 * 7 % is a series resistance about 2.2 times the module's own.
 */
export const DEGRADATION_FILL_FACTOR_RATIO = 0.93;
/**
 * Current (Isc) or power below this share of the peers': a mismatch (a covered or soiled string, modules
 * of another class or age). Strings of one inverter differ by module tolerance (±2 %) and uneven soiling
 * (a few %); 10 % is beyond both — the string-current alarm (docs/simulator.md) fires at 15 %.
 */
export const MISMATCH_PEER_RATIO = 0.9;
/**
 * Without peers the expected figures carry the irradiance sensor's error (a reference cell ±2 %, a
 * pyranometer in another plane more) and the plant's soiling: current or power below 85 % is a mismatch.
 */
export const MISMATCH_EXPECTED_RATIO = 0.85;
/** Voc below this share (5 %, IEC 62446-1's tolerance between strings) that is no whole substring. */
export const MISMATCH_VOC_RATIO = 0.95;

/** One string of a scan: its points, the conditions it was taken in and what the string is made of. */
export interface IvStringScan {
  /** Voltages (V) and currents (A) of the points, any order. */
  v: readonly number[];
  i: readonly number[];
  /** Irradiance in the plane of the modules, W/m², and cell (module back) temperature, °C. */
  irradiance: number;
  cellTemp: number;
  module: PvModuleDatasheet;
  modulesInSeries: number;
}

/** A string's figures, expected figures and shape: what its peers need from it. */
interface Prepared {
  scan: IvStringScan;
  figures: IvFigures;
  expected: IvFigures;
  shape: IvShape;
  points: number;
}

function prepare(scan: IvStringScan): Prepared {
  return {
    scan,
    figures: ivFigures(scan.v, scan.i),
    expected: expectedIv(scan, scan.irradiance, scan.cellTemp),
    shape: ivShape(scan.v, scan.i),
    points: Math.min(scan.v.length, scan.i.length),
  };
}

function ratioOf(measured: number, expected: number): number | null {
  return expected > 0 ? measured / expected : null;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** A scan whose figures can be read and judged: enough points, enough light, and current. */
function judgeable(p: Prepared): boolean {
  return p.scan.irradiance >= IV_MIN_IRRADIANCE && p.points >= IV_MIN_POINTS && p.expected.isc > 0;
}

/**
 * The peers that say something about a figure: judgeable, carrying current, and — for the figures a step
 * distorts (everything but Isc and Voc) — without steps.
 */
function peerUsable(peer: Prepared, figure: IvFigureName): boolean {
  if (!judgeable(peer) || peer.figures.isc < OPEN_STRING_CURRENT_RATIO * peer.expected.isc) return false;
  return figure === 'isc' || figure === 'voc' || peer.shape.stepDepth < SHADING_STEP_DEPTH;
}

function compare(self: Prepared, peers: readonly Prepared[]): IvComparison[] {
  return IvFigureNames.map((figure) => {
    const ratio = ratioOf(self.figures[figure], self.expected[figure]);
    const peerRatios: number[] = [];
    for (const peer of peers) {
      if (!peerUsable(peer, figure)) continue;
      const r = ratioOf(peer.figures[figure], peer.expected[figure]);
      if (r !== null) peerRatios.push(r);
    }
    const peerRatio = median(peerRatios);
    const relative = ratio !== null && peerRatio !== null && peerRatio > 0 ? ratio / peerRatio : null;
    return {
      figure,
      measured: self.figures[figure],
      expected: self.expected[figure],
      ratio,
      peerRatio,
      relative,
    };
  });
}

/** A comparison as evidence, against the peers when there are any, else against the expected. */
/** A figure against a fixed limit it must reach (ratio measured ÷ limit, at least 1 to pass). */
function limitEvidence(figure: IvEvidence['figure'], measured: number, reference: number): IvEvidence {
  return { figure, measured, reference, against: 'limit', ratio: measured / reference, limit: 1 };
}

function evidenceOf(c: IvComparison, limit: number): IvEvidence {
  const peers = c.peerRatio !== null && c.relative !== null;
  const reference = peers ? c.expected * (c.peerRatio as number) : c.expected;
  return {
    figure: c.figure,
    measured: c.measured,
    reference,
    against: peers ? 'peers' : 'expected',
    ratio: peers ? (c.relative as number) : (c.ratio ?? 0),
    limit,
  };
}

function judge(self: Prepared, peers: readonly Prepared[]): IvDiagnosis {
  const { scan, figures, expected, shape } = self;
  const comparisons = compare(self, peers);
  const byFigure = Object.fromEntries(comparisons.map((c) => [c.figure, c])) as Record<
    IvFigureName,
    IvComparison
  >;
  const usablePeers = peers.filter((p) => peerUsable(p, 'isc')).length;
  const nameplate = scan.module.vmp * scan.module.imp * scan.modulesInSeries;
  const result = (verdict: IvVerdict, evidence: IvEvidence[], substringsLost = 0): IvDiagnosis => ({
    verdict,
    figures,
    expected,
    comparisons,
    evidence,
    shape,
    substringsLost,
    pmaxStc:
      verdict !== 'NOT_JUDGEABLE' && expected.pmax > 0 ? (figures.pmax / expected.pmax) * nameplate : null,
    peers: usablePeers,
  });

  if (!(scan.irradiance >= IV_MIN_IRRADIANCE)) {
    const irradiance = Number.isFinite(scan.irradiance) ? scan.irradiance : 0;
    return result('NOT_JUDGEABLE', [limitEvidence('irradiance', irradiance, IV_MIN_IRRADIANCE)]);
  }
  if (self.points < IV_MIN_POINTS) {
    return result('NOT_JUDGEABLE', [limitEvidence('points', self.points, IV_MIN_POINTS)]);
  }

  const isc = byFigure.isc;
  if ((isc.ratio ?? 0) < OPEN_STRING_CURRENT_RATIO) {
    // Against the expected: the peers may all be open too.
    return result('OPEN_STRING', [
      evidenceOf({ ...isc, peerRatio: null, relative: null }, OPEN_STRING_CURRENT_RATIO),
    ]);
  }

  if (shape.stepDepth >= SHADING_STEP_DEPTH) {
    return result('SHADING', [
      limitEvidence('stepDepth', shape.stepDepth, SHADING_STEP_DEPTH),
      evidenceOf(byFigure.pmax, usablePeers > 0 ? MISMATCH_PEER_RATIO : MISMATCH_EXPECTED_RATIO),
    ]);
  }

  const judged = (c: IvComparison): number => c.relative ?? c.ratio ?? 0;
  const currentLimit = byFigure.isc.relative !== null ? MISMATCH_PEER_RATIO : MISMATCH_EXPECTED_RATIO;
  const fillFactorOk = judged(byFigure.fillFactor) >= DEGRADATION_FILL_FACTOR_RATIO;
  const currentOk = judged(isc) >= currentLimit;

  // Voc short by whole substrings: failed (shorted) bypass diodes.
  const substrings = scan.modulesInSeries * scan.module.bypassDiodes;
  const deficit = 1 - judged(byFigure.voc);
  const lost = substrings > 0 ? Math.round(deficit * substrings) : 0;
  const offBy = Math.abs(deficit * substrings - lost);
  if (
    lost >= 1 &&
    deficit <= BYPASS_MAX_VOC_DEFICIT &&
    offBy <= BYPASS_SUBSTRING_TOLERANCE &&
    fillFactorOk &&
    currentOk
  ) {
    // The limit: the Voc ratio below which `lost` substrings count as missing.
    const limit = 1 - (lost - BYPASS_SUBSTRING_TOLERANCE) / substrings;
    return result('BYPASS_DIODE_FAILED', [evidenceOf(byFigure.voc, limit)], lost);
  }

  if (!fillFactorOk) {
    return result('DEGRADATION', [
      evidenceOf(byFigure.fillFactor, DEGRADATION_FILL_FACTOR_RATIO),
      evidenceOf(
        byFigure.pmax,
        byFigure.pmax.relative !== null ? MISMATCH_PEER_RATIO : MISMATCH_EXPECTED_RATIO,
      ),
    ]);
  }

  const mismatch: IvEvidence[] = [];
  if (!currentOk) mismatch.push(evidenceOf(isc, currentLimit));
  if (judged(byFigure.voc) < MISMATCH_VOC_RATIO) mismatch.push(evidenceOf(byFigure.voc, MISMATCH_VOC_RATIO));
  const powerLimit = byFigure.pmax.relative !== null ? MISMATCH_PEER_RATIO : MISMATCH_EXPECTED_RATIO;
  if (judged(byFigure.pmax) < powerLimit) mismatch.push(evidenceOf(byFigure.pmax, powerLimit));
  if (mismatch.length > 0) return result('MISMATCH', mismatch);
  return result('NORMAL', []);
}

/**
 * The diagnosis of one string against its peers (the other strings of the same inverter or station,
 * scanned at the same time; none: against the expected figures alone).
 */
export function diagnoseIvString(scan: IvStringScan, peers: readonly IvStringScan[] = []): IvDiagnosis {
  return judge(prepare(scan), peers.map(prepare));
}

/** The diagnosis of every string of a scan, each against the others (in the order given). */
export function diagnoseIvScan(strings: readonly IvStringScan[]): IvDiagnosis[] {
  const prepared = strings.map(prepare);
  return prepared.map((self, k) =>
    judge(
      self,
      prepared.filter((_, j) => j !== k),
    ),
  );
}
