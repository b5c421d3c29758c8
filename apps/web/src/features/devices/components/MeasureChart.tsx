import { useMemo, useState, type ReactElement } from 'react';
import { Card, DatePicker, Empty, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { EChartsCoreOption } from 'echarts/core';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/LoadFailed';
import { useNumberFormat } from '../../../lib/numberFormat';
import { TestId } from '../../../testids';
import { useDeviceHistory } from '../api';
import { formatMeasure, gapThresholdMs, seriesWithGaps } from '../format';
import { defaultMeasure, type HistoryMeasure } from '../measures';
import { formatInZone, localDate, localDaysRange, zoneLabel } from '@sunfleet/domain';
import { EChart } from '../../../components/chart/EChart';

/**
 * A chart of one chosen measure over one chosen day of the station (5-minute or finer readings from
 * /device/{id}/history); a pause in the readings is drawn as a gap, never bridged or filled with zeros.
 */
export function MeasureChart({
  deviceId,
  timeZone,
  measures,
}: {
  deviceId: number;
  timeZone: string;
  measures: readonly HistoryMeasure[];
}): ReactElement {
  const { t } = useTranslation();
  const { locale } = useNumberFormat();
  const [date, setDate] = useState(() => localDate(Date.now(), timeZone));
  const [chosen, setChosen] = useState<string | undefined>(() => defaultMeasure(measures)?.key);
  const measure = measures.find((m) => m.key === chosen) ?? defaultMeasure(measures);
  const range = useMemo(() => localDaysRange(date, date, timeZone), [date, timeZone]);
  const history = useDeviceHistory(
    deviceId,
    measure === undefined ? null : range,
    measure ? [measure.column] : [],
  );
  const rows = useMemo(() => history.data?.rows ?? [], [history.data]);

  const option = useMemo<EChartsCoreOption | undefined>(() => {
    if (measure === undefined) return undefined;
    const points = seriesWithGaps(rows, measure.column, gapThresholdMs(rows.map((r) => r.ts)));
    const name = t(measure.nameKey);
    return {
      animation: false,
      grid: { left: 70, right: 20, top: 30, bottom: 40 },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (value: unknown) =>
          formatMeasure(typeof value === 'number' ? value : null, measure.unit, measure.key, locale),
      },
      xAxis: {
        type: 'time',
        min: range.from,
        max: range.to,
        axisLabel: {
          hideOverlap: true,
          formatter: (value: number) => formatInZone(value, timeZone, 'HH:mm'),
        },
        // The tooltip's heading is the axis pointer's label: the station's time too, not the browser's.
        axisPointer: {
          label: { formatter: ({ value }: { value: unknown }) => formatInZone(Number(value), timeZone) },
        },
      },
      yAxis: {
        type: 'value',
        axisLabel: { formatter: (value: number) => formatMeasure(value, measure.unit, measure.key, locale) },
      },
      series: [
        {
          name,
          type: 'line',
          // Symbols keep a lone reading between two gaps visible (a line needs two neighbours).
          showSymbol: true,
          symbolSize: 4,
          connectNulls: false,
          data: points,
        },
      ],
    };
  }, [measure, rows, range, timeZone, t, locale]);

  const picker = (
    <Space wrap>
      <Select<string>
        value={measure?.key}
        onChange={setChosen}
        options={measures.map((m) => ({ value: m.key, label: t(m.nameKey) }))}
        style={{ width: 220 }}
        data-testid={TestId.deviceChartMeasure}
      />
      <DatePicker
        allowClear={false}
        value={dayjs(date)}
        disabledDate={(d: Dayjs) => d.format('YYYY-MM-DD') > localDate(Date.now(), timeZone)}
        onChange={(d: Dayjs | null) => d !== null && setDate(d.format('YYYY-MM-DD'))}
        data-testid={TestId.deviceChartDate}
      />
    </Space>
  );

  let body: ReactElement;
  if (measure === undefined) body = <Empty description={t('deviceWeb.noHistoryMeasures')} />;
  else if (history.isError && history.data === undefined)
    body = <LoadFailed title={t('deviceWeb.chartFailed')} query={history} />;
  else if (!history.isFetching && rows.length === 0) body = <Empty description={t('deviceWeb.noReadings')} />;
  else body = option === undefined ? <Empty /> : <EChart option={option} testId={TestId.deviceChart} />;

  return (
    <Card
      title={t('deviceWeb.chart')}
      extra={
        <Typography.Text type="secondary" data-testid={TestId.deviceZone}>
          {t('deviceWeb.timesIn', { zone: zoneLabel(timeZone) })}
        </Typography.Text>
      }
      data-testid={TestId.deviceChartCard}
      data-state={history.isFetching ? 'loading' : 'ready'}
    >
      {picker}
      <div style={{ marginTop: 16 }}>{body}</div>
    </Card>
  );
}
