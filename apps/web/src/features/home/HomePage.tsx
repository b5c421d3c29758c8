import { useMemo, useState, type ReactElement } from 'react';
import { Card, Col, Row, Select, Skeleton, Typography } from 'antd';
import { Perm } from '@sunfleet/contracts';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../lib/page';
import { LoadFailed } from '../../components/LoadFailed';
import { Permitted } from '../../components/Permitted';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { TestId } from '../../testids';
import { useInfo } from '../../lib/sessionData';
import { useCurrencies } from '../../lib/referenceData';
import { useNumberFormat } from '../../lib/numberFormat';
import { useIndexStats, useStationLocations } from './api';
import type { MapPoint } from '../../components/map/mapModel';
import { StationMap } from '../../components/map/StationMap';
import { stationDetailPath } from '../../lib/paths';
import { LatestAlarms } from './LatestAlarms';
import { KpiGrid, StatusCounts } from './KpiGrid';
import {
  deviceStatusCounts,
  energyKpis,
  greetingKey,
  impactKpis,
  incomeKpis,
  stationStatusCounts,
  storeHomeCurrency,
  storedHomeCurrency,
} from './homeModel';
import './home.css';

/** A placeholder of the size of what is still loading (Home's figures and their currency). */
function Placeholder({ width }: { width: number }): ReactElement {
  return (
    <span data-testid={TestId.homeSkeleton}>
      <Skeleton.Input active size="small" style={{ width, minWidth: width }} />
    </span>
  );
}

/**
 * Home (`/index`): greeting, the fleet's figures, status counts, the map of stations and latest alarms.
 * Until the figures arrive every part that depends on them is a skeleton — never an empty currency box
 * or "Income ()". Without a stored choice the currency is the server's default for the caller (the one
 * their stations are priced in, else their region's; docs/web.md).
 */
export function HomePage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  useDocumentTitle(t(meta.title));
  const navigate = useNavigate();
  const username = useInfo(false).data?.username;
  const [currency, setCurrency] = useState<string | undefined>(storedHomeCurrency);
  const stats = useIndexStats(currency);
  const currencies = useCurrencies();
  const locations = useStationLocations();
  const data = stats.data;
  const points = useMemo<MapPoint[]>(() => locations.data ?? [], [locations.data]);

  const chooseCurrency = (code: string | undefined): void => {
    storeHomeCurrency(code);
    setCurrency(code);
  };

  const loading = data === undefined && !stats.isError;
  // The currency shown: the stored choice at once, else the one the figures came in.
  const shownCurrency = currency ?? data?.currency;
  const raw: Record<string, number | null> =
    data === undefined
      ? {}
      : {
          power: data.powerKw,
          today: data.todayKwh,
          month: data.monthKwh,
          year: data.yearKwh,
          total: data.totalKwh,
          capacity: data.capacityKwp,
          incomeToday: data.income.today,
          incomeMonth: data.income.month,
          incomeYear: data.income.year,
          incomeTotal: data.income.total,
          coal: data.impact.coalTons,
          co2: data.impact.co2Tons,
          trees: data.impact.trees,
        };

  return (
    <div className="home-page" data-testid={TestId.homePage}>
      <Card size="small">
        <div className="home-header">
          {username === undefined ? (
            <Placeholder width={240} />
          ) : (
            <Typography.Title level={4} data-testid={TestId.homeGreeting}>
              {t(greetingKey(), { name: username })}
            </Typography.Title>
          )}
          {shownCurrency === undefined && loading ? (
            <Placeholder width={180} />
          ) : (
            <Select<string>
              showSearch
              allowClear
              style={{ width: 180 }}
              placeholder={t('home.currency')}
              value={shownCurrency}
              onChange={(code) => chooseCurrency(code)}
              loading={currencies.isFetching}
              options={(currencies.data ?? []).map((c) => ({
                value: c.code,
                label: `${c.code} · ${c.name}`,
              }))}
              data-testid={TestId.homeCurrency}
              aria-label={t('home.currency')}
            />
          )}
        </div>
      </Card>
      {stats.isError && data === undefined ? (
        <Card size="small">
          <LoadFailed title={t('home.loadFailed')} query={stats} />
        </Card>
      ) : (
        <>
          <KpiGrid
            title={t('home.generation')}
            kpis={data === undefined ? [] : energyKpis(data, fmt)}
            raw={raw}
            loading={loading}
          />
          <Row gutter={[12, 12]}>
            <Col xs={24} lg={12}>
              <KpiGrid
                title={
                  data === undefined ? (
                    <Placeholder width={120} />
                  ) : (
                    t('home.incomeTitle', { currency: data.currency })
                  )
                }
                kpis={data === undefined ? [] : incomeKpis(data, fmt)}
                raw={raw}
                loading={loading}
              />
            </Col>
            <Col xs={24} lg={12}>
              <KpiGrid
                title={t('home.impactTitle')}
                kpis={data === undefined ? [] : impactKpis(data, fmt)}
                raw={raw}
                loading={loading}
              />
            </Col>
            <Col xs={24} md={12}>
              <StatusCounts
                title={t('home.stationStatus')}
                testId={TestId.homeStationStatus}
                loading={loading}
                total={data?.stationStatus.total}
                counts={stationStatusCounts(data?.stationStatus)}
              />
            </Col>
            <Col xs={24} md={12}>
              <StatusCounts
                title={t('home.deviceStatus')}
                testId={TestId.homeDeviceStatus}
                loading={loading}
                total={data?.deviceStatus.total}
                counts={deviceStatusCounts(data?.deviceStatus)}
              />
            </Col>
          </Row>
        </>
      )}
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('home.map')} className="home-card">
            {locations.isError ? (
              <LoadFailed title={t('home.mapFailed')} query={locations} />
            ) : (
              <StationMap
                points={points}
                height={380}
                onOpen={(p) => void navigate(stationDetailPath(p.id, p.name))}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Permitted codes={[Perm.alarmView]}>
            <LatestAlarms />
          </Permitted>
        </Col>
      </Row>
    </div>
  );
}
