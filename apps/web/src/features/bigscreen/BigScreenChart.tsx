import { useEffect, useState, type ReactElement } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import { useEChartInstance } from '../../components/chart/useEChartInstance';

/** The lazily loaded chart module (a type only: nothing is loaded by naming it). */
export type Charts = typeof import('./bigScreenCharts');

let loading: Promise<Charts> | undefined;

/** The big screen's ECharts and world map (bigScreenCharts.ts), loaded on first use, in their own chunk. */
export function loadBigScreenCharts(): Promise<Charts> {
  loading ??= import('./bigScreenCharts');
  return loading;
}

/**
 * One chart of the big screen, filling its box. `option` may need the loaded module (the world's outlines).
 * data-drawn turns true once ECharts has finished drawing the current option.
 */
export function BigScreenChart({
  option,
  testId,
}: {
  option: (charts: Charts) => EChartsCoreOption;
  testId: string;
}): ReactElement {
  const [drawn, setDrawn] = useState(false);
  const {
    box,
    chart,
    loaded: charts,
  } = useEChartInstance(loadBigScreenCharts, (loaded, el) => {
    const made = loaded.echarts.init(el);
    made.on('finished', () => setDrawn(true));
    return made;
  });

  useEffect(() => {
    if (charts === undefined) return;
    chart.current?.setOption(option(charts), { notMerge: true });
  }, [charts, option]);

  return (
    <div
      ref={box}
      className="big-screen-chart"
      data-testid={testId}
      data-ready={charts !== undefined}
      data-drawn={drawn}
    />
  );
}
