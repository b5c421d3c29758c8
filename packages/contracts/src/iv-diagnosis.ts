// The shape of an IV-curve diagnosis on the wire (docs/iv-curves.md): the verdicts, a curve's figures and
// shape, each figure against the expected and the peers, the evidence behind a verdict. packages/domain
// computes them (pv/diagnosis.ts); the server stores and serves them; the web shows them. TypeBox, so an
// API response can declare them as they are.
import { Type, type Static, type TNull, type TSchema, type TUnion } from 'typebox';

const Nullable = <T extends TSchema>(t: T): TUnion<[T, TNull]> => Type.Union([t, Type.Null()]);

/**
 * NOT_JUDGEABLE: irradiance below 600 W/m² (SPEC §9) or too few points; OPEN_STRING: no current;
 * SHADING: steps in the curve (bypass diodes conducting); BYPASS_DIODE_FAILED: Voc short by whole
 * substrings; DEGRADATION: a low fill factor; MISMATCH: less current, voltage or power than the peers.
 */
export const IvVerdicts = [
  'NORMAL',
  'OPEN_STRING',
  'BYPASS_DIODE_FAILED',
  'SHADING',
  'MISMATCH',
  'DEGRADATION',
  'NOT_JUDGEABLE',
] as const;
export type IvVerdict = (typeof IvVerdicts)[number];

export const IvFigureNames = ['voc', 'isc', 'vmp', 'imp', 'pmax', 'fillFactor'] as const;
export type IvFigureName = (typeof IvFigureNames)[number];

/** The six figures of a curve; voltages in V, currents in A, power in W, fill factor 0…1. */
export const IvFigures = Type.Object({
  voc: Type.Number(),
  isc: Type.Number(),
  vmp: Type.Number(),
  imp: Type.Number(),
  pmax: Type.Number(),
  /** Pmax / (Voc × Isc), 0 when either is 0. */
  fillFactor: Type.Number(),
});
export type IvFigures = Static<typeof IvFigures>;

/**
 * One string's curve as an `iv.scan` result reports it (docs/protocol.md): the figures the device computed,
 * the irradiance (W/m², plane of the modules) and cell temperature (°C) during the scan, and the points
 * (voltages in V, currents in A). The simulator writes it; the server diagnoses it.
 */
export interface IvScanCurve extends IvFigures {
  mppt: number;
  string: number;
  irradiance: number;
  cellTemp: number;
  v: number[];
  i: number[];
}

/** The shape of a curve beyond its figures. */
export const IvShape = Type.Object({
  /** The deepest the current falls below the curve's concave envelope, as a share of Isc (0: no step). */
  stepDepth: Type.Number(),
  /** Steps: bumps of that depth of at least 2 % of Isc. */
  steps: Type.Integer(),
  /** Local maxima of P(V) rising at least 1 % of Pmax above the valley before them. */
  powerPeaks: Type.Integer(),
});
export type IvShape = Static<typeof IvShape>;

/** One figure against the expected and against the peers. */
export const IvComparison = Type.Object({
  figure: Type.Enum(IvFigureNames),
  measured: Type.Number(),
  /** The module datasheet translated to the scan's irradiance and cell temperature. */
  expected: Type.Number(),
  /** measured ÷ expected; null when nothing is expected (dark). */
  ratio: Nullable(Type.Number()),
  /** The median of the peers' ratios (measured ÷ expected); null without peers to compare with. */
  peerRatio: Nullable(Type.Number()),
  /** ratio ÷ peerRatio: this string against its peers (1: like them); null without peers. */
  relative: Nullable(Type.Number()),
});
export type IvComparison = Static<typeof IvComparison>;

/** Why the verdict: a value, what it was held against, and the rule's limit. */
export const IvEvidence = Type.Object({
  figure: Type.Enum([...IvFigureNames, 'irradiance', 'points', 'stepDepth'] as const),
  measured: Type.Number(),
  /**
   * What it was held against, in the same unit: the expected figure scaled by the peers' median ratio
   * (`against` 'peers'), the expected figure ('expected'), or the rule's threshold ('limit': 600 W/m², 10
   * points, a step depth of 0.02 of Isc).
   */
  reference: Type.Number(),
  against: Type.Enum(['peers', 'expected', 'limit'] as const),
  /** measured ÷ reference. */
  ratio: Type.Number(),
  /** The rule's limit for that ratio (the verdict's finding is below it; for steps and limits, at 1). */
  limit: Type.Number(),
});
export type IvEvidence = Static<typeof IvEvidence>;

export const IvDiagnosis = Type.Object({
  verdict: Type.Enum(IvVerdicts),
  /** The figures computed from the points. */
  figures: IvFigures,
  /** The expected figures at the scan's irradiance and cell temperature. */
  expected: IvFigures,
  /** Every figure against the expected and the peers, in IvFigureNames order. */
  comparisons: Type.Array(IvComparison),
  /** The findings behind the verdict (empty for NORMAL). */
  evidence: Type.Array(IvEvidence),
  shape: IvShape,
  /** BYPASS_DIODE_FAILED: how many bypass-diode substrings' voltage is missing; else 0. */
  substringsLost: Type.Integer({ minimum: 0 }),
  /**
   * Pmax brought to STC: measured ÷ expected Pmax × the string's nameplate power, W — the number to follow
   * over a string's scans for degradation. Null when not judgeable.
   */
  pmaxStc: Nullable(Type.Number()),
  /** Peers whose figures were usable for the comparison. */
  peers: Type.Integer({ minimum: 0 }),
});
export type IvDiagnosis = Static<typeof IvDiagnosis>;
