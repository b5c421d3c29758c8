import { useEffect, type ReactElement } from 'react';
import { Spin } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useEChartInstance } from './useEChartInstance';

type ECharts = typeof import('echarts/core');

let loading: Promise<ECharts> | undefined;

/** ECharts (tree-shaken, see echartsSetup.ts), loaded on first use so it never lands in the initial chunk. */
function loadECharts(): Promise<ECharts> {
  loading ??= import('./echartsSetup').then((m) => m.echarts);
  return loading;
}

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
  const { box, chart, loaded } = useEChartInstance(loadECharts, (echarts, el) => echarts.init(el));
  const ready = loaded !== undefined;

  useEffect(() => {
    if (ready) chart.current?.setOption(option, { notMerge: true });
  }, [ready, option]);

  return (
    <Spin spinning={!ready}>
      <div ref={box} style={{ width: '100%', height }} data-testid={testId} data-ready={ready} />
    </Spin>
  );
}
