import { useMemo, type ReactElement } from 'react';
import { Empty } from 'antd';
import type { AlarmItem } from '@sunfleet/contracts';
import { formatInZone } from '@sunfleet/domain';
import type { EChartsCoreOption } from 'echarts/core';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../../lib/numberFormat';
import { TestId } from '../../testids';
import { EChart } from '../chart/EChart';
import { gapThresholdMs, seriesWithGaps } from '../chart/gaps';
import { LoadFailed } from '../LoadFailed';
import { powerWindow, usePowerAround } from './api';

/**
 * The device's active power two hours either side of the alarm's start (a line with gaps where readings
 * are missing, the start marked), times in the station's zone. Logger alarms have no device: no chart.
 */
export function PowerAroundChart({ alarm }: { alarm: AlarmItem }): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const history = usePowerAround(alarm);
  const rows = useMemo(() => history.data?.rows ?? [], [history.data]);
  const option = useMemo<EChartsCoreOption>(() => {
    const window = powerWindow(alarm.startedAt, Date.now());
    const kw = rows.map((r) => ({
      ts: r.ts,
      values: {
        p: r.values.power_w === undefined || r.values.power_w === null ? null : r.values.power_w / 1000,
      },
    }));
    const zone = alarm.timeZone;
    return {
      animation: false,
      grid: { left: 60, right: 16, top: 16, bottom: 30 },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (value: unknown) => fmt.powerText(typeof value === 'number' ? value : null),
      },
      xAxis: {
        type: 'time',
        min: window.from,
        max: window.to,
        axisLabel: { hideOverlap: true, formatter: (value: number) => formatInZone(value, zone, 'HH:mm') },
        axisPointer: {
          label: { formatter: ({ value }: { value: unknown }) => formatInZone(Number(value), zone) },
        },
      },
      yAxis: { type: 'value', axisLabel: { formatter: (value: number) => fmt.powerText(value) } },
      series: [
        {
          name: t('alarms.drawer.power'),
          type: 'line',
          showSymbol: true,
          symbolSize: 3,
          connectNulls: false,
          data: seriesWithGaps(kw, 'p', gapThresholdMs(kw.map((r) => r.ts))),
          markLine: {
            symbol: 'none',
            silent: true,
            lineStyle: { color: '#ff4d4f', type: 'dashed' },
            label: { formatter: t('alarms.drawer.start') },
            data: [{ xAxis: alarm.startedAt }],
          },
        },
      ],
    };
  }, [alarm.startedAt, alarm.timeZone, rows, fmt, t]);

  if (alarm.deviceId === null) return <Empty description={t('alarms.drawer.noDevice')} />;
  if (history.isError && history.data === undefined)
    return <LoadFailed title={t('alarms.drawer.chartFailed')} query={history} />;
  if (!history.isFetching && rows.length === 0) return <Empty description={t('alarms.drawer.noReadings')} />;
  return (
    <div data-testid={TestId.alarmDrawerChart} data-points={rows.length}>
      <EChart option={option} height={200} testId={`${TestId.alarmDrawerChart}-canvas`} />
    </div>
  );
}
