import { useEffect, useRef, useState, type RefObject } from 'react';
import type { EChartsType } from 'echarts/core';

/** SPEC §9: chart resize debounce. */
const RESIZE_DEBOUNCE_MS = 100;

/**
 * One ECharts instance in a box: `load` brings the (lazily loaded) chart module, `init` makes the chart
 * in the box once it has arrived; the chart follows the box's size and is disposed with the component.
 * `loaded` is the module once the chart exists (undefined before), for applying options.
 */
export function useEChartInstance<M>(
  load: () => Promise<M>,
  init: (module: M, box: HTMLDivElement) => EChartsType,
): {
  box: RefObject<HTMLDivElement | null>;
  chart: RefObject<EChartsType | undefined>;
  loaded: M | undefined;
} {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | undefined>(undefined);
  const [loaded, setLoaded] = useState<M | undefined>(undefined);
  // The first render's functions: the chart is made once, as the effect below runs once.
  const start = useRef({ load, init });

  useEffect(() => {
    let disposed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => chart.current?.resize(), RESIZE_DEBOUNCE_MS);
    });
    void start.current.load().then((module) => {
      if (disposed || box.current === null) return;
      chart.current = start.current.init(module, box.current);
      observer.observe(box.current);
      setLoaded(() => module);
    });
    return () => {
      disposed = true;
      clearTimeout(timer);
      observer.disconnect();
      chart.current?.dispose();
      chart.current = undefined;
    };
  }, []);

  return { box, chart, loaded };
}
