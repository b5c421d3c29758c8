import { useMemo, type ReactElement } from 'react';
import { Empty, Spin } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { formatInZone } from '@sunfleet/domain';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../components/chart/EChart';
import { LoadFailed } from '../../components/LoadFailed';
import { useNumberFormat } from '../../lib/numberFormat';
import { useIvHistory } from './api';
import { stringName } from './stringName';
import { PvStringsTestId } from './testIds';
import { historySeries } from './historySeries';

/**
 * Each string's Pmax at STC over its scans (docs/iv-curves.md "History"): a falling line is a string that
 * degrades. Scans that could not be judged leave a gap. Times in the station's zone.
 */
export function IvHistoryChart({ deviceId, timeZone }: { deviceId: number; timeZone: string }): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const history = useIvHistory(deviceId);
  const series = useMemo(
    () => (history.data === undefined ? [] : historySeries(history.data)),
    [history.data],
  );
  const option = useMemo<EChartsCoreOption>(
    () => ({
      animation: false,
      grid: { left: 70, right: 20, top: 36, bottom: 40 },
      legend: { top: 0 },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (value: unknown) => (typeof value === 'number' ? fmt.powerText(value / 1000) : '-'),
      },
      xAxis: {
        type: 'time',
        axisLabel: { hideOverlap: true, formatter: (v: number) => formatInZone(v, timeZone, 'YYYY-MM-DD') },
        axisPointer: {
          label: { formatter: ({ value }: { value: unknown }) => formatInZone(Number(value), timeZone) },
        },
      },
      yAxis: {
        type: 'value',
        name: t('ivWeb.history.axis'),
        scale: true,
        axisLabel: { formatter: (v: number) => fmt.powerText(v / 1000) },
      },
      series: series.map((s) => ({
        name: stringName(t, s),
        type: 'line',
        showSymbol: true,
        symbolSize: 5,
        connectNulls: false,
        data: s.points,
      })),
    }),
    [series, timeZone, t, fmt],
  );
  if (history.data === undefined)
    return history.isError ? <LoadFailed title={t('ivWeb.history.failed')} query={history} /> : <Spin />;
  if (series.length === 0) return <Empty description={t('ivWeb.history.none')} />;
  return <EChart option={option} height={280} testId={PvStringsTestId.historyChart} />;
}
