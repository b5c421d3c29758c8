import { useMemo, type ReactElement } from 'react';
import { Empty, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../../testids';
import { useNumberFormat } from '../../../lib/numberFormat';
import type { EnergyChartData, EnergyDimension } from '../detail-api';
import { ChartCanvas } from './ChartCanvas';
import { energyChartOption, energyTotals, type EnergySeriesKey } from './chartOptions';

const HEIGHT = 300;

export const ENERGY_LABEL: Record<EnergySeriesKey, string> = {
  energyKwh: 'stationDetail.energy.yield',
  consumptionKwh: 'stationDetail.energy.consumption',
  importKwh: 'stationDetail.energy.import',
  exportKwh: 'stationDetail.energy.export',
  chargeKwh: 'stationDetail.energy.charge',
  dischargeKwh: 'stationDetail.energy.discharge',
};

/**
 * Energy per hour (DAY), day (MONTH), month (YEAR) or year (TOTAL) as bars, with the period's totals.
 * A period without data has no bar and a "no data" area.
 */
export function EnergyChart({
  data,
  dimension,
  loading,
}: {
  data: EnergyChartData | undefined;
  dimension: EnergyDimension;
  loading: boolean;
}): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const built = useMemo(() => {
    if (data === undefined) return undefined;
    const series = Object.fromEntries(
      Object.entries(ENERGY_LABEL).map(([key, label]) => [key, t(label)]),
    ) as Record<EnergySeriesKey, string>;
    return energyChartOption(data, { series, noData: t('stationDetail.chart.noData') }, Date.now(), fmt);
  }, [data, t, fmt]);

  return (
    <div data-dimension={dimension}>
      {built !== undefined && !built.hasData ? (
        <div data-testid={TestId.stationDetailEnergyChart} data-state="empty" style={{ minHeight: HEIGHT }}>
          <Empty description={t('stationDetail.chart.noData')} />
        </div>
      ) : (
        <ChartCanvas
          option={built?.option ?? {}}
          height={HEIGHT}
          testId={TestId.stationDetailEnergyChart}
          loading={loading || built === undefined}
          data={{
            dimension: data?.dimension ?? dimension,
            series: built?.drawn.join(',') ?? '',
            points: data?.points.length ?? 0,
            'null-points': built?.nullPoints ?? 0,
            'no-data-areas': built?.noDataAreas ?? 0,
            unit: built?.unit ?? '',
          }}
        />
      )}
      {data !== undefined && (
        <Space wrap size="large" data-testid={TestId.stationDetailEnergyTotals}>
          {energyTotals(data.totals).map(({ key, kWh }) => (
            <Typography.Text key={key}>
              {t(ENERGY_LABEL[key])}: <strong>{fmt.energyText(kWh)}</strong>
            </Typography.Text>
          ))}
          {data.totals.income !== null && (
            <Typography.Text>
              {t('stationDetail.energy.income')}:{' '}
              <strong>
                {fmt.money(data.totals.income)} {data.currency}
              </strong>
            </Typography.Text>
          )}
        </Space>
      )}
    </div>
  );
}
