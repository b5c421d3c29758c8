import { useMemo, type ReactElement } from 'react';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../../testids';
import { useNumberFormat } from '../../../lib/numberFormat';
import type { PowerChartData } from '../detail-api';
import { ChartCanvas } from './ChartCanvas';
import { powerChartOption } from './chartOptions';

const HEIGHT = 300;

/**
 * A station's power curve of one local day (5-minute points): PV, load, grid, battery and SOC where the
 * station has them. Missing readings are gaps with a "no data" area; a day without any data says so.
 */
export function PowerChart({
  data,
  loading,
}: {
  data: PowerChartData | undefined;
  loading: boolean;
}): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const built = useMemo(
    () =>
      data === undefined
        ? undefined
        : powerChartOption(
            data,
            {
              series: {
                pvKw: t('stationDetail.flow.pv'),
                loadKw: t('stationDetail.flow.load'),
                gridKw: t('stationDetail.flow.grid'),
                batteryKw: t('stationDetail.flow.battery'),
                socPct: t('stationDetail.flow.soc'),
              },
              noData: t('stationDetail.chart.noData'),
            },
            fmt,
          ),
    [data, t, fmt],
  );
  if (built !== undefined && !built.hasData) {
    return (
      <div data-testid={TestId.stationDetailPowerChart} data-state="empty" style={{ minHeight: HEIGHT }}>
        <Empty description={t('stationDetail.chart.noData')} />
      </div>
    );
  }
  return (
    <ChartCanvas
      option={built?.option ?? {}}
      height={HEIGHT}
      testId={TestId.stationDetailPowerChart}
      loading={loading || built === undefined}
      data={{
        series: built?.drawn.join(',') ?? '',
        'null-points': built?.nullPoints ?? 0,
        'no-data-areas': built?.noDataAreas ?? 0,
        date: data?.date ?? '',
        unit: built?.unit ?? '',
      }}
    />
  );
}
