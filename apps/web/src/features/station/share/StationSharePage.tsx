import { useState, type ReactElement } from 'react';
import { Card, Col, Flex, Result, Row, Segmented, Spin, Statistic, Typography } from 'antd';
import { CHART_DIMENSIONS, type ChartDimension } from '@sunfleet/contracts';
import { PowerMode, type ScaledValue } from '@sunfleet/domain';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/LanguageSelect';
import { Logo } from '../../../components/Logo';
import { StatusTag } from '../../../components/StatusTag';
import { stationTypeLabel } from '../../../lib/labels';
import { useNumberFormat, type NumberFormat } from '../../../lib/numberFormat';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { TestId } from '../../../testids';
import { EnergyChart } from '../charts/EnergyChart';
import { PowerChart } from '../charts/PowerChart';
import { WeatherCard } from '../charts/WeatherCard';
import { localDateIn } from '../detail/localDate';
import {
  useSharedEnergyChart,
  useSharedPowerChart,
  useSharedStation,
  useSharedWeather,
  type StationShareView,
} from './api';
import './share.css';

interface Kpi {
  key: string;
  labelKey: string;
  value: ScaledValue;
}

function kpisOf(stats: StationShareView['stats'], fmt: NumberFormat): Kpi[] {
  const money = (amount: number | null): ScaledValue => ({
    value: fmt.money(amount),
    unit: amount === null ? '' : stats.currency,
  });
  return [
    { key: 'power', labelKey: 'stationDetail.kpi.power', value: fmt.power(stats.powerKw) },
    { key: 'capacity', labelKey: 'share.kpi.capacity', value: fmt.power(stats.capacityKwp, PowerMode.peak) },
    { key: 'today', labelKey: 'stationDetail.kpi.today', value: fmt.energy(stats.todayKwh) },
    { key: 'month', labelKey: 'stationDetail.kpi.month', value: fmt.energy(stats.monthKwh) },
    { key: 'year', labelKey: 'stationDetail.kpi.year', value: fmt.energy(stats.yearKwh) },
    { key: 'total', labelKey: 'stationDetail.kpi.total', value: fmt.energy(stats.totalKwh) },
    { key: 'todayIncome', labelKey: 'stationDetail.kpi.todayIncome', value: money(stats.todayIncome) },
    {
      key: 'fullLoadHours',
      labelKey: 'stationDetail.kpi.fullLoadHours',
      value: {
        value: fmt.fixed(stats.fullLoadHoursToday, 2),
        unit: stats.fullLoadHoursToday === null ? '' : 'h',
      },
    },
  ];
}

/** The charts of a shared station, all through the token's /share endpoints. */
function SharedCharts({ token, timeZone }: { token: string; timeZone: string }): ReactElement {
  const { t } = useTranslation();
  const today = localDateIn(timeZone);
  const [dimension, setDimension] = useState<ChartDimension>('MONTH');
  const power = useSharedPowerChart(token, today);
  const energy = useSharedEnergyChart(token, dimension, today);
  const weather = useSharedWeather(token);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <Card size="small" title={t('share.powerToday')}>
          <PowerChart data={power.data} loading={power.isFetching} />
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <WeatherCard data={weather.data} />
      </Col>
      <Col xs={24}>
        <Card
          size="small"
          title={t('share.energy')}
          extra={
            <Segmented<ChartDimension>
              size="small"
              value={dimension}
              onChange={setDimension}
              options={CHART_DIMENSIONS.map((d) => ({ value: d, label: t(`share.dimension.${d}`) }))}
            />
          }
        >
          <EnergyChart data={energy.data} dimension={dimension} loading={energy.isFetching} />
        </Card>
      </Col>
    </Row>
  );
}

/**
 * The public, read-only view of a shared station (SPEC §2 /station/share?token=…): name, KPIs, today's
 * power curve, the energy chart and the weather. No login; every call ends in /share and goes without
 * the Authorization header. An unknown, expired or revoked link shows one "unavailable" answer.
 */
export function StationSharePage(): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const view = useSharedStation(token);
  const name = view.data?.station.name;
  useDocumentTitle(name ?? t('share.title'));

  let body: ReactElement;
  if (token === '' || view.isError) {
    body = (
      <Result
        status="warning"
        title={t('share.unavailable')}
        subTitle={t('share.unavailableHint')}
        data-testid={TestId.shareUnavailable}
      />
    );
  } else if (view.data === undefined) {
    body = <Spin size="large" />;
  } else {
    const { station, stats } = view.data;
    body = (
      <div data-testid={TestId.sharedStation}>
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={3} data-testid={TestId.pageTitle} style={{ margin: 0 }}>
            {station.name}
          </Typography.Title>
          <StatusTag kind="station" status={station.status} testId={TestId.sharedStationStatus} />
        </Flex>
        <Typography.Paragraph type="secondary">
          {stationTypeLabel(t, station.type)}
          {station.address === null ? '' : ` · ${station.address}`}
        </Typography.Paragraph>
        <Card size="small" className="share-kpis">
          <Row gutter={[12, 12]}>
            {kpisOf(stats, fmt).map((kpi) => (
              <Col key={kpi.key} xs={12} sm={8} lg={6}>
                <div data-testid={TestId.sharedKpi} data-kpi={kpi.key}>
                  <Statistic title={t(kpi.labelKey)} value={kpi.value.value} suffix={kpi.value.unit} />
                </div>
              </Col>
            ))}
          </Row>
        </Card>
        <SharedCharts token={token} timeZone={station.timeZone} />
      </div>
    );
  }

  return (
    <div className="share-page">
      <header className="share-header">
        <Logo />
        <Typography.Text strong>{t('share.title')}</Typography.Text>
        <LanguageSelect />
      </header>
      <main className="share-main">{body}</main>
    </div>
  );
}
