import { useRef, type ReactElement } from 'react';
import { Card, Col, Row, Statistic } from 'antd';
import type { ScaledValue } from '@sunfleet/domain';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/LoadFailed';
import { TestId } from '../../../testids';
import { useViewShown } from '../../../lib/useViewShown';
import { useNumberFormat, type NumberFormat } from '../../../lib/numberFormat';
import { EnergyFlow } from '../charts/EnergyFlow';
import { PowerChart } from '../charts/PowerChart';
import { WeatherCard } from '../charts/WeatherCard';
import {
  usePowerChart,
  useStationStats,
  useWeather,
  type StationDetail,
  type StationStats,
} from '../detail-api';
import { localDateIn } from './localDate';
import { useStationLive } from './useStationLive';

interface Kpi {
  key: string;
  label: string;
  value: ScaledValue;
}

function kpisOf(stats: StationStats, t: (key: string) => string, fmt: NumberFormat): Kpi[] {
  const money = (amount: number | null): ScaledValue => ({
    value: fmt.money(amount),
    unit: amount === null ? '' : stats.currency,
  });
  return [
    { key: 'power', label: t('stationDetail.kpi.power'), value: fmt.power(stats.powerKw) },
    { key: 'today', label: t('stationDetail.kpi.today'), value: fmt.energy(stats.todayKwh) },
    { key: 'month', label: t('stationDetail.kpi.month'), value: fmt.energy(stats.monthKwh) },
    { key: 'year', label: t('stationDetail.kpi.year'), value: fmt.energy(stats.yearKwh) },
    { key: 'total', label: t('stationDetail.kpi.total'), value: fmt.energy(stats.totalKwh) },
    { key: 'todayIncome', label: t('stationDetail.kpi.todayIncome'), value: money(stats.todayIncome) },
    { key: 'totalIncome', label: t('stationDetail.kpi.totalIncome'), value: money(stats.totalIncome) },
    {
      key: 'fullLoadHours',
      label: t('stationDetail.kpi.fullLoadHours'),
      value: {
        value: fmt.fixed(stats.fullLoadHoursToday, 2),
        unit: stats.fullLoadHoursToday === null ? '' : 'h',
      },
    },
  ];
}

/**
 * The station now: the energy flow and KPIs (refreshed by the live stream and periodically), today's
 * power curve and the weather.
 */
export function OverviewTab({ station }: { station: StationDetail }): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const stats = useStationStats(station.id);
  const today = localDateIn(station.timeZone);
  const power = usePowerChart(station.id, today);
  const weather = useWeather(station.id);
  const frame = useRef<HTMLDivElement>(null);
  useStationLive(station.id, today, useViewShown(frame));

  return (
    <Row gutter={[16, 16]} ref={frame}>
      <Col xs={24} xl={10}>
        {stats.isError && stats.data === undefined ? (
          <LoadFailed title={t('stationDetail.loadFailed')} query={stats} />
        ) : (
          <EnergyFlow flow={stats.data?.flow} />
        )}
      </Col>
      <Col xs={24} xl={14}>
        <Card size="small" loading={stats.data === undefined && !stats.isError}>
          <Row gutter={[12, 12]}>
            {stats.data !== undefined &&
              kpisOf(stats.data, t, fmt).map((kpi) => (
                <Col key={kpi.key} xs={12} sm={8} lg={6}>
                  <div data-testid={TestId.stationDetailKpi} data-kpi={kpi.key}>
                    <Statistic title={kpi.label} value={kpi.value.value} suffix={kpi.value.unit} />
                  </div>
                </Col>
              ))}
          </Row>
        </Card>
      </Col>
      <Col xs={24} xl={16}>
        <Card size="small" title={t('stationDetail.todayCurve')}>
          {power.isError && power.data === undefined ? (
            <LoadFailed title={t('stationDetail.loadFailed')} query={power} />
          ) : (
            <PowerChart data={power.data} loading={power.isFetching} />
          )}
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        {weather.isError && weather.data === undefined ? (
          <LoadFailed title={t('stationDetail.loadFailed')} query={weather} />
        ) : (
          <WeatherCard data={weather.data} />
        )}
      </Col>
    </Row>
  );
}
