import { useEffect, useRef, useState, type ReactElement } from 'react';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { Spin } from 'antd';

/** SPEC §9: the chart follows its box, debounced by 100 ms. */
const RESIZE_DEBOUNCE_MS = 100;

type Engine = typeof import('./chartEngine');
let engine: Promise<Engine> | undefined;
const loadEngine = (): Promise<Engine> => (engine ??= import('./chartEngine'));

export interface ChartCanvasProps {
  option: EChartsCoreOption;
  height: number;
  testId: string;
  loading?: boolean;
  /** Extra data-* attributes describing what is drawn (read by tests). */
  data?: Record<string, string | number>;
}

/**
 * One chart: loads the chart engine on first use, draws `option` (replacing the previous one), follows its
 * box's size and disposes of the chart when it goes. `data-state` is `ready` once the option is drawn.
 */
export function ChartCanvas({ option, height, testId, loading, data }: ChartCanvasProps): ReactElement {
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType>();

  useEffect(() => {
    let disposed = false;
    let instance: EChartsType | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => instance?.resize(), RESIZE_DEBOUNCE_MS);
    });
    void loadEngine().then(({ init }) => {
      if (disposed || box.current === null) return;
      instance = init(box.current);
      observer.observe(box.current);
      setChart(instance);
    });
    return () => {
      disposed = true;
      clearTimeout(timer);
      observer.disconnect();
      instance?.dispose();
    };
  }, []);

  useEffect(() => {
    chart?.setOption(option, { notMerge: true });
  }, [chart, option]);

  const attributes = Object.fromEntries(
    Object.entries(data ?? {}).map(([key, value]) => [`data-${key}`, String(value)]),
  );
  return (
    <Spin spinning={loading === true || chart === undefined}>
      <div
        ref={box}
        style={{ width: '100%', height }}
        data-testid={testId}
        data-state={chart === undefined ? 'loading' : 'ready'}
        {...attributes}
      />
    </Spin>
  );
}
