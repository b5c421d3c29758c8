import { useEffect, type ReactElement } from 'react';
import { Card, Result, Spin, Tabs } from 'antd';
import { Perm } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { PageProps } from '../../../lib/page';
import { TAG_TITLE_SUFFIX } from '../../../lib/paths';
import { LoadFailed } from '../../../components/LoadFailed';
import { usePermitted } from '../../../components/Permitted';
import { RemoteSettingsTab } from '../../../components/remote/RemoteSettingsTab';
import { ApiError } from '../../../lib/request';
import { TestId } from '../../../testids';
import { ShareLinksPanel } from '../share/ShareLinksPanel';
import { useStation } from '../detail-api';
import { AlarmSettingsTab } from './AlarmSettingsTab';
import { AlarmTab } from './AlarmTab';
import { DevicesTab } from './DevicesTab';
import { GenerationTab } from './GenerationTab';
import { OverviewTab } from './OverviewTab';
import { stationIdOf } from './links';
import { StationHeader } from './StationHeader';
import { SubscriptionTab } from './SubscriptionTab';

const TAB_KEYS = [
  'overview',
  'generation',
  'alarm',
  'alarmSettings',
  'subscription',
  'devices',
  'remote',
  'share',
] as const;
type TabKey = (typeof TAB_KEYS)[number];
const isTabKey = (value: string | null): value is TabKey =>
  value !== null && (TAB_KEYS as readonly string[]).includes(value);

/**
 * Power station details (`/station/detail/{id}`): header with the follow star, then Overview, Generation,
 * Alarm, Alarm settings (rules and maintenance windows), Event subscription, Devices and (with station:share) Share tabs. The tab strip shows the station
 * name (tagTitleSuffix); a link without it gets it once the station is loaded. The open tab is kept in the
 * query (`tab`).
 */
export function StationDetailPage(_props: PageProps): ReactElement {
  const { t } = useTranslation();
  const id = stationIdOf(useParams().id);
  const [search, setSearch] = useSearchParams();
  const station = useStation(id ?? 0, id !== undefined);
  const name = station.data?.name;
  const mayShare = usePermitted([Perm.stationShare]);
  const asked = search.get('tab');
  const tab: TabKey = isTabKey(asked) && (asked !== 'share' || mayShare) ? asked : 'overview';

  useEffect(() => {
    if (name !== undefined && search.get(TAG_TITLE_SUFFIX) !== name) {
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set(TAG_TITLE_SUFFIX, name);
          return next;
        },
        { replace: true },
      );
    }
  }, [name, search, setSearch]);

  const notFound = id === undefined || (station.error instanceof ApiError && station.error.status === 4004);
  if (notFound) {
    return (
      <Card className="page-card" data-testid={TestId.stationDetail} data-state="missing">
        <Result status="404" title={t('TheDataDoesNotExist')} />
      </Card>
    );
  }
  if (station.data === undefined) {
    return (
      <Card className="page-card" data-testid={TestId.stationDetail} data-state="loading">
        {station.isError ? (
          <LoadFailed title={t('stationDetail.loadFailed')} query={station} />
        ) : (
          <Spin data-testid={TestId.pageLoading} />
        )}
      </Card>
    );
  }

  const s = station.data;
  return (
    <Card className="page-card" data-testid={TestId.stationDetail} data-state="ready" data-station-id={s.id}>
      <StationHeader station={s} />
      <Tabs
        activeKey={tab}
        onChange={(key) =>
          setSearch(
            (prev) => {
              const next = new URLSearchParams(prev);
              next.set('tab', key);
              return next;
            },
            { replace: true },
          )
        }
        data-testid={TestId.stationDetailTabs}
        items={[
          { key: 'overview', label: t('stationDetail.tab.overview'), children: <OverviewTab station={s} /> },
          {
            key: 'generation',
            label: t('stationDetail.tab.generation'),
            children: <GenerationTab station={s} />,
          },
          {
            key: 'alarm',
            label: t('stationDetail.tab.alarm'),
            children: <AlarmTab stationId={s.id} timeZone={s.timeZone} />,
          },
          {
            key: 'alarmSettings',
            label: t('stationDetail.tab.alarmSettings'),
            children: <AlarmSettingsTab stationId={s.id} timeZone={s.timeZone} />,
          },
          {
            key: 'subscription',
            label: t('stationDetail.tab.subscription'),
            children: <SubscriptionTab stationId={s.id} />,
          },
          {
            key: 'devices',
            label: t('stationDetail.tab.devices'),
            children: <DevicesTab stationId={s.id} timeZone={s.timeZone} />,
          },
          {
            key: 'remote',
            label: t('stationDetail.tab.remote'),
            children: <RemoteSettingsTab stationId={s.id} />,
          },
          ...(mayShare
            ? [
                {
                  key: 'share',
                  label: t('stationDetail.tab.share'),
                  children: <ShareLinksPanel stationId={s.id} />,
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
