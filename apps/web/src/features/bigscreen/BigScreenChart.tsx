import { useEffect, useRef, useState, type ReactElement } from 'react';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';

/** The lazily loaded chart module (a type only: nothing is loaded by naming it). */
export type Charts = typeof import('./bigScreenCharts');

let loading: Promise<Charts> | undefined;

/** The big screen's ECharts and world map (bigScreenCharts.ts), loaded on first use, in their own chunk. */
export function loadBigScreenCharts(): Promise<Charts> {
  loading ??= import('./bigScreenCharts');
  return loading;
}

/** SPEC §9: chart resize debounce. */
const RESIZE_DEBOUNCE_MS = 100;

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
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | undefined>(undefined);
  const [charts, setCharts] = useState<Charts | undefined>(undefined);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    let disposed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => chart.current?.resize(), RESIZE_DEBOUNCE_MS);
    });
    void loadBigScreenCharts().then((loaded) => {
      if (disposed || box.current === null) return;
      chart.current = loaded.echarts.init(box.current);
      chart.current.on('finished', () => setDrawn(true));
      observer.observe(box.current);
      setCharts(loaded);
    });
    return () => {
      disposed = true;
      clearTimeout(timer);
      observer.disconnect();
      chart.current?.dispose();
      chart.current = undefined;
    };
  }, []);

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
