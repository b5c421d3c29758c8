// The I–V and P–V charts of one scanned string (docs/iv-curves.md "What the server and the web build on
// it"): the measured points, and the expected curve — the string's datasheet translated to the scan's
// irradiance and cell temperature (diagnosis.expected) — drawn at the scan's own voltages, so both overlay
// point by point, and on to the expected Voc when the string stops short of it. Pure: no React.
import type { IvCurve, IvFigures } from '@sunfleet/contracts';
import { expectedIvCurve } from '@sunfleet/domain';
import type { EChartsCoreOption } from 'echarts/core';

export type Point = [number, number];

export interface CurveSeries {
  /** Current over voltage, as measured (A over V). */
  measuredIv: Point[];
  /** Power over voltage, P = V·I (W over V). */
  measuredPv: Point[];
  /** The expected curves; null when the string's modules are not stored (no diagnosis). */
  expectedIv: Point[] | null;
  expectedPv: Point[] | null;
}

/** Points the expected curve gets from 0 V to its Voc, beside the scan's own voltages. */
const EXPECTED_POINTS = 50;

const power = (points: readonly Point[]): Point[] => points.map(([v, i]) => [v, v * i]);

/** The measured points in voltage order, and the expected curve at the same voltages and up to its Voc. */
export function curveSeries(curve: Pick<IvCurve, 'v' | 'i' | 'diagnosis'>): CurveSeries {
  const measuredIv = curve.v
    .map((v, k): Point => [v, curve.i[k] ?? Number.NaN])
    .filter(([v, i]) => Number.isFinite(v) && Number.isFinite(i))
    .sort((a, b) => a[0] - b[0]);
  const expected = curve.diagnosis?.expected;
  const expectedIv = expected === undefined ? null : expectedPoints(expected, measuredIv);
  return {
    measuredIv,
    measuredPv: power(measuredIv),
    expectedIv,
    expectedPv: expectedIv === null ? null : power(expectedIv),
  };
}

function expectedPoints(expected: IvFigures, measured: readonly Point[]): Point[] | null {
  // Dark (nothing expected): no curve to draw rather than a line along zero.
  if (!(expected.voc > 0) || !(expected.isc > 0)) return null;
  const own = expectedIvCurve(expected, EXPECTED_POINTS).v;
  const voltages = [...new Set([...measured.map(([v]) => v), ...own])]
    .filter((v) => v >= 0 && v <= expected.voc)
    .sort((a, b) => a - b);
  const { i } = expectedIvCurve(expected, voltages);
  return voltages.map((v, k): Point => [v, i[k] ?? 0]);
}

export interface ChartTexts {
  measured: string;
  expected: string;
  /** Axis names with their units, e.g. 'Voltage (V)'. */
  voltage: string;
  y: string;
}

/**
 * An ECharts option for one of the two charts: the measured curve as a line with its points, the expected
 * one dashed. `format` writes the tooltip's values in the UI language.
 */
export function curveChartOption(
  measured: readonly Point[],
  expected: readonly Point[] | null,
  texts: ChartTexts,
  format: { x: (v: number) => string; y: (v: number) => string },
): EChartsCoreOption {
  return {
    animation: false,
    grid: { left: 60, right: 20, top: 36, bottom: 44 },
    legend: { top: 0 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { label: { formatter: ({ value }: { value: unknown }) => format.x(Number(value)) } },
      valueFormatter: (value: unknown) => (typeof value === 'number' ? format.y(value) : '-'),
    },
    xAxis: { type: 'value', name: texts.voltage, nameLocation: 'middle', nameGap: 28, min: 0 },
    yAxis: { type: 'value', name: texts.y, min: 0 },
    series: [
      {
        name: texts.measured,
        type: 'line',
        showSymbol: true,
        symbolSize: 4,
        data: measured,
      },
      ...(expected === null
        ? []
        : [
            {
              name: texts.expected,
              type: 'line',
              showSymbol: false,
              lineStyle: { type: 'dashed' },
              data: expected,
            },
          ]),
    ],
  };
}
