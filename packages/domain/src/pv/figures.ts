// The figures of a measured I–V curve (docs/iv-curves.md): Voc, Isc, Vmp, Imp, Pmax and the fill factor
// from the scan's points alone, and the shape of the curve — how far it falls below its own concave
// envelope (the steps bypass diodes make when part of a string is shaded) and how many local maxima its
// P–V curve has. A healthy single-diode curve is concave: current falls ever faster as the voltage rises;
// a step is where it falls and then levels off again. The types are the contracts' (iv-diagnosis.ts).
import type { IvFigures, IvShape } from '@sunfleet/contracts';

export const NO_FIGURES: Readonly<IvFigures> = Object.freeze({
  voc: 0,
  isc: 0,
  vmp: 0,
  imp: 0,
  pmax: 0,
  fillFactor: 0,
});

/** A stretch below the envelope counts as a step from this depth (share of Isc): the SHADING rule's depth. */
export const STEP_COUNT_DEPTH = 0.02;
/** A P–V maximum counts when it rises this share of Pmax above the valley before it (ignores ripples). */
export const PEAK_PROMINENCE = 0.01;

/** Isc extrapolated below a scan's first voltage exceeds the first point's current by at most this share. */
export const ISC_EXTRAPOLATION = 0.02;

interface Point {
  v: number;
  i: number;
}

/** The finite points, voltage ascending (a scan may run from Voc down to 0). */
function sortedPoints(v: readonly number[], i: readonly number[]): Point[] {
  const n = Math.min(v.length, i.length);
  const points: Point[] = [];
  for (let k = 0; k < n; k++) {
    const pv = v[k] as number;
    const pi = i[k] as number;
    if (Number.isFinite(pv) && Number.isFinite(pi)) points.push({ v: pv, i: pi });
  }
  return points.sort((a, b) => a.v - b.v);
}

/** The points up to (and including) the first one at or below zero current: the curve's first quadrant. */
function firstQuadrant(points: readonly Point[]): Point[] {
  const out: Point[] = [];
  for (const p of points) {
    out.push(p);
    if (p.i <= 0 && out.length > 1) break;
  }
  return out;
}

/**
 * The figures of a curve from its points (`v[k]`, `i[k]`; any order, non-finite points ignored):
 * - Isc: the current at 0 V — the first point's when the scan starts there, else extrapolated along the
 *   first two points, by at most ISC_EXTRAPOLATION of the first point's current (a scan starting at the
 *   inverter's lowest voltage starts on the flat part of the curve: a steeper slope there is a step or
 *   noise, not the way to 0 V);
 * - Voc: where the current reaches 0, interpolated between the points on either side; a scan that stops
 *   before (every current positive) gives its last voltage, a lower bound;
 * - Pmax, Vmp, Imp: the maximum of V × I along the curve with the current linear between the points
 *   (exact on each segment: P = V·(a + bV) peaks at −a/2b);
 * - fill factor: Pmax / (Voc × Isc).
 * A curve that carries no current (an open string) gives zeros.
 */
export function ivFigures(v: readonly number[], i: readonly number[]): IvFigures {
  const all = sortedPoints(v, i);
  if (all.length < 2 || !all.some((p) => p.i > 0)) return { ...NO_FIGURES };
  const points = firstQuadrant(all);
  const first = points[0] as Point;
  const second = points[1] as Point;
  let isc = first.i;
  if (first.v > 0 && second.v > first.v) {
    const extrapolated = first.i - ((second.i - first.i) / (second.v - first.v)) * first.v;
    isc = Math.min(Math.max(extrapolated, first.i), first.i * (1 + ISC_EXTRAPOLATION));
  }
  isc = Math.max(isc, 0);

  const last = points[points.length - 1] as Point;
  let voc = last.v;
  if (last.i <= 0 && points.length > 1) {
    const before = points[points.length - 2] as Point;
    voc = before.i > 0 ? before.v + (before.i / (before.i - last.i)) * (last.v - before.v) : before.v;
  }
  voc = Math.max(voc, 0);

  let vmp = 0;
  let imp = 0;
  let pmax = 0;
  const consider = (pv: number, pi: number): void => {
    if (pv * pi > pmax) {
      pmax = pv * pi;
      vmp = pv;
      imp = pi;
    }
  };
  for (let k = 0; k < points.length; k++) {
    const a = points[k] as Point;
    consider(a.v, a.i);
    const b = points[k + 1];
    if (!b || b.v <= a.v) continue;
    const slope = (b.i - a.i) / (b.v - a.v);
    if (slope >= 0) continue;
    const peak = (slope * a.v - a.i) / (2 * slope);
    if (peak > a.v && peak < b.v) consider(peak, a.i + slope * (peak - a.v));
  }
  return {
    voc,
    isc,
    vmp,
    imp,
    pmax,
    fillFactor: voc > 0 && isc > 0 ? pmax / (voc * isc) : 0,
  };
}

/** Upper concave envelope of points sorted by voltage (Andrew's monotone chain, upper half). */
function upperHull(points: readonly Point[]): Point[] {
  const hull: Point[] = [];
  for (const p of points) {
    while (hull.length >= 2) {
      const o = hull[hull.length - 2] as Point;
      const a = hull[hull.length - 1] as Point;
      // a lies on or below the line o→p: not part of the upper envelope.
      if ((a.v - o.v) * (p.i - o.i) - (a.i - o.i) * (p.v - o.v) >= 0) hull.pop();
      else break;
    }
    hull.push(p);
  }
  return hull;
}

/**
 * The shape of a curve (see IvShape). Only the first quadrant counts (0 ≤ V ≤ Voc, current clamped at 0);
 * a curve without current has no shape (zeros).
 */
export function ivShape(v: readonly number[], i: readonly number[]): IvShape {
  const all = sortedPoints(v, i);
  const isc = ivFigures(v, i).isc;
  if (all.length < 3 || isc <= 0) return { stepDepth: 0, steps: 0, powerPeaks: isc > 0 ? 1 : 0 };
  const points = firstQuadrant(all).map((p) => ({ v: p.v, i: Math.max(p.i, 0) }));
  const hull = upperHull(points);
  const below: number[] = [];
  let h = 0;
  for (const p of points) {
    while (h < hull.length - 2 && (hull[h + 1] as Point).v <= p.v) h++;
    const a = hull[h] as Point;
    const b = hull[Math.min(h + 1, hull.length - 1)] as Point;
    const envelope = b.v > a.v ? a.i + ((b.i - a.i) * (p.v - a.v)) / (b.v - a.v) : a.i;
    below.push(Math.max(envelope - p.i, 0) / isc);
  }
  const power = points.map((p) => p.v * p.i);
  return {
    stepDepth: Math.max(...below),
    // Each step is a bump of the depth below the envelope (one envelope segment may bridge several).
    steps: countPeaks(below, STEP_COUNT_DEPTH),
    powerPeaks: countPeaks(power, PEAK_PROMINENCE * Math.max(...power)),
  };
}

/**
 * Local maxima of a sequence that rise at least `rise` above the lowest value since the previous one and
 * fall at least `rise` after (or end the sequence): peaks, not ripples.
 */
function countPeaks(values: readonly number[], rise: number): number {
  if (!(rise > 0)) return 0;
  let peaks = 0;
  // Both sequences (power, depth below the envelope) are ≥ 0 and start from a valley at 0.
  let valley = 0;
  let candidate = Number.NEGATIVE_INFINITY;
  for (const x of values) {
    if (candidate === Number.NEGATIVE_INFINITY) {
      // Climbing from a valley: a peak starts once risen far enough above it.
      valley = Math.min(valley, x);
      if (x - valley >= rise) candidate = x;
    } else if (x > candidate) {
      candidate = x;
    } else if (candidate - x >= rise) {
      peaks++;
      candidate = Number.NEGATIVE_INFINITY;
      valley = x;
    }
  }
  return candidate === Number.NEGATIVE_INFINITY ? peaks : peaks + 1;
}
