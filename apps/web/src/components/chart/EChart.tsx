import { useEffect, useRef, useState, type ReactElement } from 'react';
import { Spin } from 'antd';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';

type ECharts = typeof import('echarts/core');

let loading: Promise<ECharts> | undefined;

/** ECharts (tree-shaken, see echartsSetup.ts), loaded on first use so it never lands in the initial chunk. */
function loadECharts(): Promise<ECharts> {
  loading ??= import('./echartsSetup').then((m) => m.echarts);
  return loading;
}

/** SPEC §9: chart resize debounce. */
const RESIZE_DEBOUNCE_MS = 100;

/** One chart: the option is applied whenever it changes; the chart follows its box's size. */
export function EChart({
  option,
  height = 320,
  testId,
}: {
  option: EChartsCoreOption;
  height?: number;
  testId: string;
}): ReactElement {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | undefined>(undefined);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let disposed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => chart.current?.resize(), RESIZE_DEBOUNCE_MS);
    });
    void loadECharts().then((echarts) => {
      if (disposed || box.current === null) return;
      chart.current = echarts.init(box.current);
      observer.observe(box.current);
      setReady(true);
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
    if (ready) chart.current?.setOption(option, { notMerge: true });
  }, [ready, option]);

  return (
    <Spin spinning={!ready}>
      <div ref={box} style={{ width: '100%', height }} data-testid={testId} data-ready={ready} />
    </Spin>
  );
}
