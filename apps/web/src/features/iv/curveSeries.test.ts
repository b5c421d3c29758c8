import { describe, expect, it } from 'vitest';
import type { IvDiagnosis, IvFigures } from '@sunfleet/contracts';
import { curveChartOption, curveSeries } from './curveSeries';

const expected: IvFigures = { voc: 600, isc: 10, vmp: 490, imp: 9.4, pmax: 4606, fillFactor: 0.7677 };

function diagnosisOf(figures: IvFigures): IvDiagnosis {
  return {
    verdict: 'NORMAL',
    figures,
    expected: figures,
    comparisons: [],
    evidence: [],
    shape: { stepDepth: 0, steps: 0, powerPeaks: 1 },
    substringsLost: 0,
    pmaxStc: 6000,
    peers: 2,
  };
}

describe('IV chart series', () => {
  it('draws the measured points in voltage order and their power P = V·I', () => {
    const s = curveSeries({ v: [200, 0, 400], i: [9, 10, 5], diagnosis: null });
    expect(s.measuredIv).toEqual([
      [0, 10],
      [200, 9],
      [400, 5],
    ]);
    expect(s.measuredPv).toEqual([
      [0, 0],
      [200, 1800],
      [400, 2000],
    ]);
    expect(s.expectedIv).toBeNull();
    expect(s.expectedPv).toBeNull();
  });

  it('draws the expected curve at the scan’s voltages and on to the expected Voc, through Isc, the MPP and Voc', () => {
    // A string short of its Voc (a failed bypass diode): the expected curve still reaches 600 V.
    const v = [0, 100, 200, 300, 400, 500, 560];
    const s = curveSeries({ v, i: [10, 9.9, 9.8, 9.6, 9.2, 7, 0], diagnosis: diagnosisOf(expected) });
    const iv = s.expectedIv ?? [];
    for (const volt of v) expect(iv.some(([x]) => x === volt)).toBe(true);
    expect(iv[0]).toEqual([0, 10]);
    expect(iv.at(-1)?.[0]).toBeCloseTo(600, 6);
    expect(iv.at(-1)?.[1]).toBeCloseTo(0, 6);
    expect(iv.map(([x]) => x)).toEqual([...iv.map(([x]) => x)].sort((a, b) => a - b));
    const peak = Math.max(...(s.expectedPv ?? []).map(([, p]) => p));
    expect(peak / expected.pmax).toBeGreaterThan(0.99);
    expect(peak / expected.pmax).toBeLessThan(1.005);
  });

  it('draws no expected curve in the dark rather than a line along zero', () => {
    const dark = { voc: 0, isc: 0, vmp: 0, imp: 0, pmax: 0, fillFactor: 0 };
    expect(curveSeries({ v: [0, 1], i: [0, 0], diagnosis: diagnosisOf(dark) }).expectedIv).toBeNull();
  });

  it('makes a chart with the measured line and, when there is one, the dashed expected line', () => {
    const texts = { measured: 'Measured', expected: 'Expected', voltage: 'V', y: 'A' };
    const format = { x: String, y: String };
    const withExpected = curveChartOption([[0, 1]], [[0, 1]], texts, format) as {
      series: { name: string }[];
    };
    expect(withExpected.series.map((s) => s.name)).toEqual(['Measured', 'Expected']);
    const alone = curveChartOption([[0, 1]], null, texts, format) as { series: unknown[] };
    expect(alone.series).toHaveLength(1);
  });
});
