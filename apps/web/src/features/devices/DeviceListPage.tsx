import { useState, type ReactElement } from 'react';
import { Tabs, type TableColumnsType } from 'antd';
import { Perm, type DeviceStatus, type GatewayStatus } from '@sunfleet/contracts';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../lib/page';
import { DataTable } from '../../components/DataTable';
import { ListPageCard, ListToolbar } from '../../components/ListPage';
import { useListFilters } from '../../lib/paging';
import { TestId } from '../../testids';
import {
  useDevicePage,
  useLoggerPage,
  type DeviceFilters,
  type DeviceListItem,
  type LoggerFilters,
  type LoggerListItem,
} from './api';
import { AddLoggerModal } from './AddLoggerModal';
import { StationSelect } from './components/StationSelect';
import { StatusSelect, StatusTag } from '../../components/StatusTag';
import { formatInZoneLabelled, storageDirection } from '@sunfleet/domain';
import type { TFunction } from 'i18next';
import { useNumberFormat, type NumberFormat } from '../../lib/numberFormat';
import { batteryDetailPath, deviceDetailPath, gatewayDetailPath, meterDetailPath } from '../../lib/paths';

const SN_MAX = 64;
const TABS = ['inverters', 'loggers', 'meters', 'batteries'] as const;

type ListedKind = 'INVERTER' | 'METER' | 'BATTERY';

const DETAIL_PATH: Record<ListedKind, (id: number, sn: string) => string> = {
  INVERTER: deviceDetailPath,
  METER: meterDetailPath,
  BATTERY: batteryDetailPath,
};
const TABLE_ID: Record<ListedKind, string> = {
  INVERTER: TestId.deviceInverterTable,
  METER: TestId.deviceMeterTable,
  BATTERY: TestId.deviceBatteryTable,
};

/**
 * The columns of one device type after the common ones: yield, power, or charge and direction, the
 * figures in the UI language's numbers (`fmt`).
 */
function figureColumns(t: TFunction, kind: ListedKind, fmt: NumberFormat): TableColumnsType<DeviceListItem> {
  const power = {
    title: t('deviceWeb.powerNow'),
    dataIndex: 'powerKw',
    render: (v: number | null) => fmt.powerText(v),
  };
  switch (kind) {
    case 'INVERTER':
      return [
        power,
        {
          title: t('deviceWeb.energyToday'),
          dataIndex: 'todayKwh',
          render: (v: number | null) => fmt.energyText(v),
        },
      ];
    case 'METER':
      return [power];
    case 'BATTERY':
      return [
        {
          title: t('deviceWeb.battery.soc'),
          dataIndex: 'socPct',
          render: (v: number | null) => fmt.fixedUnit(v, 1, '%'),
        },
        {
          ...power,
          // Batteries report + discharging: the size of the power, then its direction.
          render: (v: number | null) => {
            const direction = storageDirection(v === null ? null : v * 1000);
            return v === null || direction === null
              ? '-'
              : `${fmt.powerText(Math.abs(v))} · ${t(`deviceWeb.direction.${direction}`)}`;
          },
        },
      ];
  }
}

/** Inverters, meters or batteries: devices of /station/gateway/inverterPage of one type. */
function DeviceTab({ kind, initialSn }: { kind: ListedKind; initialSn?: string }): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const { paging, filters, set } = useListFilters<DeviceFilters>(initialSn ? { sn: initialSn } : {});
  const query = useDevicePage(kind, filters, paging.page);
  const detailPath = DETAIL_PATH[kind];
  const columns: TableColumnsType<DeviceListItem> = [
    {
      title: t('deviceWeb.sn'),
      dataIndex: 'sn',
      render: (_: string, d) => (
        <Link to={detailPath(d.id, d.sn)} data-testid={TestId.deviceRowLink}>
          {d.sn}
        </Link>
      ),
    },
    { title: t('deviceWeb.model'), dataIndex: 'model' },
    {
      title: t('deviceWeb.status'),
      dataIndex: 'status',
      render: (s: DeviceStatus, d) => (
        <StatusTag kind="device" status={s} rest={d.rest} testId={TestId.deviceStatus} />
      ),
    },
    { title: t('deviceWeb.station'), dataIndex: 'stationName', render: (v: string | null) => v ?? '-' },
    {
      title: t('deviceWeb.logger'),
      dataIndex: 'gatewaySn',
      render: (_: string, d) => <Link to={gatewayDetailPath(d.gatewayId, d.gatewaySn)}>{d.gatewaySn}</Link>,
    },
    ...figureColumns(t, kind, fmt),
    {
      title: t('deviceWeb.lastSeen'),
      dataIndex: 'lastSeenAt',
      // Each device in its own station's zone, named after the time.
      render: (v: string | null, d) => formatInZoneLabelled(v, d.timeZone),
    },
  ];
  return (
    <DataTable<DeviceListItem>
      query={query}
      columns={columns}
      rowKey="id"
      paging={paging}
      testId={TABLE_ID[kind]}
      toolbar={
        <ListToolbar
          search={{
            placeholder: t('deviceWeb.searchSn'),
            onSearch: set('sn'),
            maxLength: SN_MAX,
            defaultValue: initialSn,
          }}
        >
          <StatusSelect
            kind="device"
            value={filters.status}
            onChange={set('status')}
            placeholder={t('deviceWeb.status')}
            testId={TestId.deviceStatusFilter}
          />
          <StationSelect
            value={filters.stationId}
            onChange={set('stationId')}
            testId={TestId.deviceStationFilter}
          />
        </ListToolbar>
      }
    />
  );
}

function LoggerTab({ initialSn }: { initialSn?: string }): ReactElement {
  const { t } = useTranslation();
  const { paging, filters, set } = useListFilters<LoggerFilters>(initialSn ? { sn: initialSn } : {});
  const query = useLoggerPage(filters, paging.page);
  const [adding, setAdding] = useState(false);
  const columns: TableColumnsType<LoggerListItem> = [
    {
      title: t('deviceWeb.sn'),
      dataIndex: 'sn',
      render: (_: string, g) => (
        <Link to={gatewayDetailPath(g.id, g.sn)} data-testid={TestId.deviceRowLink}>
          {g.sn}
        </Link>
      ),
    },
    { title: t('deviceWeb.name'), dataIndex: 'name', render: (v: string | null) => v ?? '-' },
    { title: t('deviceWeb.model'), dataIndex: 'model' },
    {
      title: t('deviceWeb.status'),
      dataIndex: 'status',
      render: (s: GatewayStatus) => <StatusTag kind="gateway" status={s} testId={TestId.deviceStatus} />,
    },
    { title: t('deviceWeb.station'), dataIndex: 'stationName', render: (v: string | null) => v ?? '-' },
    { title: t('deviceWeb.deviceCount'), dataIndex: 'deviceCount' },
    {
      title: t('deviceWeb.lastSeen'),
      dataIndex: 'lastSeenAt',
      render: (v: string | null, g) => formatInZoneLabelled(v, g.timeZone),
    },
  ];
  return (
    <>
      <DataTable<LoggerListItem>
        query={query}
        columns={columns}
        rowKey="id"
        paging={paging}
        testId={TestId.deviceLoggerTable}
        toolbar={
          <ListToolbar
            search={{
              placeholder: t('deviceWeb.searchSn'),
              onSearch: set('sn'),
              maxLength: SN_MAX,
              defaultValue: initialSn,
            }}
            create={{
              perm: Perm.gatewayBind,
              label: t('deviceWeb.addLogger'),
              onClick: () => setAdding(true),
            }}
          >
            <StatusSelect
              kind="gateway"
              value={filters.status}
              onChange={set('status')}
              placeholder={t('deviceWeb.status')}
              testId={TestId.deviceStatusFilter}
            />
            <StationSelect
              value={filters.stationId}
              onChange={set('stationId')}
              testId={TestId.deviceStationFilter}
            />
          </ListToolbar>
        }
      />
      <AddLoggerModal open={adding} onClose={() => setAdding(false)} />
    </>
  );
}

/**
 * Device list (`/deviceAll`, SPEC §2): inverters, loggers, meters and batteries in the caller's reach with their
 * status, searched by SN and filtered by status and station, each linked to its detail page; loggers can
 * be bound to a station by SN ("Add logger", SPEC §5).
 */
export function DeviceListPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  // `?tab=inverters|loggers|meters|batteries&sn=` (the global search's More link) opens that tab searched for sn.
  const [params] = useSearchParams();
  const tab = TABS.find((k) => k === params.get('tab')) ?? 'inverters';
  const sn = params.get('sn') ?? undefined;
  const snFor = (key: (typeof TABS)[number]): string | undefined => (key === tab ? sn : undefined);
  return (
    <ListPageCard testId={TestId.deviceListPage} title={t(meta.title)}>
      <Tabs
        key={`${tab}|${sn ?? ''}`}
        defaultActiveKey={tab}
        data-testid={TestId.deviceTabs}
        items={[
          {
            key: 'inverters',
            label: t('deviceWeb.tab.inverters'),
            children: <DeviceTab kind="INVERTER" initialSn={snFor('inverters')} />,
          },
          {
            key: 'loggers',
            label: t('deviceWeb.tab.loggers'),
            children: <LoggerTab initialSn={snFor('loggers')} />,
          },
          {
            key: 'meters',
            label: t('deviceWeb.tab.meters'),
            children: <DeviceTab kind="METER" initialSn={snFor('meters')} />,
          },
          {
            key: 'batteries',
            label: t('deviceWeb.tab.batteries'),
            children: <DeviceTab kind="BATTERY" initialSn={snFor('batteries')} />,
          },
        ]}
      />
    </ListPageCard>
  );
}
