import { useState, type ReactElement } from 'react';
import { Button, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Perm, type DeviceStatus, type GatewayStatus } from '@sunfleet/contracts';
import { formatInZone, storageDirection, zoneLabel, type StorageDirection } from '@sunfleet/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/DataTable';
import { Permitted } from '../../../components/Permitted';
import { StatusTag } from '../../../components/StatusTag';
import { usePaging } from '../../../lib/paging';
import { useNumberFormat, type NumberFormat } from '../../../lib/numberFormat';
import { TestId } from '../../../testids';
import {
  useStationBatteries,
  useStationGateways,
  useStationInverters,
  useStationMeters,
  type StationDevice,
  type StationGateway,
} from '../detail-api';
import { BindLoggerModal } from './BindLoggerModal';
import { batteryDetailPath, deviceDetailPath, gatewayDetailPath, meterDetailPath } from '../../../lib/paths';

type T = (key: string, options?: Record<string, unknown>) => string;

/** "Last data (Europe/Madrid)": every time of the tab is the station's, and the column says so. */
function lastSeenColumn<Row extends { lastSeenAt: string | null }>(
  t: T,
  timeZone: string,
): TableColumnsType<Row>[number] {
  return {
    title: t('stationDetail.devices.lastSeenIn', { zone: zoneLabel(timeZone) }),
    dataIndex: 'lastSeenAt',
    render: (v: string | null) => formatInZone(v, timeZone),
  };
}

const FLOW_WORD: Record<StorageDirection, string> = {
  CHARGING: 'stationDetail.flow.battery.in',
  DISCHARGING: 'stationDetail.flow.battery.out',
  IDLE: 'stationDetail.flow.battery.idle',
};

function Loggers({ stationId, timeZone }: { stationId: number; timeZone: string }): ReactElement {
  const { t } = useTranslation();
  const paging = usePaging(10);
  const gateways = useStationGateways(stationId, paging.page);
  const [binding, setBinding] = useState(false);
  const columns: TableColumnsType<StationGateway> = [
    {
      title: t('stationDetail.devices.sn'),
      dataIndex: 'sn',
      render: (sn: string, g) => (
        <Link to={gatewayDetailPath(g.id, sn)} data-testid={TestId.stationDetailDeviceLink}>
          {sn}
        </Link>
      ),
    },
    { title: t('stationDetail.devices.name'), dataIndex: 'name', render: (v: string | null) => v ?? '-' },
    { title: t('stationDetail.devices.model'), dataIndex: 'model' },
    {
      title: t('stationDetail.devices.status'),
      dataIndex: 'status',
      render: (v: GatewayStatus) => <StatusTag kind="gateway" status={v} />,
    },
    { title: t('stationDetail.devices.deviceCount'), dataIndex: 'deviceCount' },
    lastSeenColumn<StationGateway>(t, timeZone),
  ];
  return (
    <>
      <DataTable<StationGateway>
        query={gateways}
        columns={columns}
        rowKey="id"
        paging={paging}
        testId={TestId.stationDetailGateways}
        toolbar={
          <Permitted codes={[Perm.gatewayBind]}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setBinding(true)}
              data-testid={TestId.stationDetailAddLogger}
            >
              {t('stationDetail.devices.addLogger')}
            </Button>
          </Permitted>
        }
      />
      <BindLoggerModal stationId={stationId} open={binding} onClose={() => setBinding(false)} />
    </>
  );
}

/** SN (linked to the detail page), model and status: the first columns of every device table. */
function identityColumns(t: T, link: (id: number, sn: string) => string): TableColumnsType<StationDevice> {
  return [
    {
      title: t('stationDetail.devices.sn'),
      dataIndex: 'sn',
      render: (sn: string, d) => (
        <Link to={link(d.id, sn)} data-testid={TestId.stationDetailDeviceLink}>
          {sn}
        </Link>
      ),
    },
    { title: t('stationDetail.devices.model'), dataIndex: 'model' },
    {
      title: t('stationDetail.devices.status'),
      dataIndex: 'status',
      render: (v: DeviceStatus, d) => <StatusTag kind="device" status={v} rest={d.rest} />,
    },
  ];
}

function deviceColumns(
  t: T,
  link: (id: number, sn: string) => string,
  timeZone: string,
  fmt: NumberFormat,
): TableColumnsType<StationDevice> {
  return [
    ...identityColumns(t, link),
    {
      title: t('stationDetail.devices.power'),
      dataIndex: 'powerKw',
      render: (v: number | null) => fmt.powerText(v),
    },
    {
      title: t('stationDetail.devices.today'),
      dataIndex: 'todayKwh',
      render: (v: number | null) => fmt.energyText(v),
    },
    { title: t('stationDetail.devices.logger'), dataIndex: 'gatewaySn' },
    lastSeenColumn<StationDevice>(t, timeZone),
  ];
}

/** Batteries: state of charge and power with its direction instead of a yield. */
function batteryColumns(t: T, timeZone: string, fmt: NumberFormat): TableColumnsType<StationDevice> {
  return [
    ...identityColumns(t, batteryDetailPath),
    {
      title: t('stationDetail.devices.soc'),
      dataIndex: 'socPct',
      render: (v: number | null) => fmt.fixedUnit(v, 1, '%'),
    },
    {
      title: t('stationDetail.devices.power'),
      dataIndex: 'powerKw',
      // The list reports a battery's power as the storage block does: + discharging.
      render: (v: number | null) => {
        const direction = storageDirection(v === null ? null : v * 1000);
        return direction === null || v === null
          ? '-'
          : `${fmt.powerText(Math.abs(v))} · ${t(FLOW_WORD[direction])}`;
      },
    },
    { title: t('stationDetail.devices.logger'), dataIndex: 'gatewaySn' },
    lastSeenColumn<StationDevice>(t, timeZone),
  ];
}

function Inverters({ stationId, timeZone }: { stationId: number; timeZone: string }): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const paging = usePaging(10);
  const devices = useStationInverters(stationId, paging.page);
  return (
    <DataTable<StationDevice>
      query={devices}
      columns={deviceColumns(t, deviceDetailPath, timeZone, fmt)}
      rowKey="id"
      paging={paging}
      testId={TestId.stationDetailInverters}
    />
  );
}

function Batteries({ stationId, timeZone }: { stationId: number; timeZone: string }): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const paging = usePaging(10);
  const batteries = useStationBatteries(stationId, paging.page);
  return (
    <DataTable<StationDevice>
      query={batteries}
      columns={batteryColumns(t, timeZone, fmt)}
      rowKey="id"
      paging={paging}
      testId={TestId.stationDetailBatteries}
    />
  );
}

function Meters({ stationId, timeZone }: { stationId: number; timeZone: string }): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const paging = usePaging(10);
  const meters = useStationMeters(stationId, paging.page);
  return (
    <DataTable<StationDevice>
      query={meters}
      columns={deviceColumns(t, meterDetailPath, timeZone, fmt)}
      rowKey="id"
      paging={paging}
      testId={TestId.stationDetailMeters}
    />
  );
}

/**
 * The station's loggers (with "add logger"), inverters, batteries and meters, each linking to its detail
 * page; times are the station's, in its zone, and the columns name it.
 */
export function DevicesTab({ stationId, timeZone }: { stationId: number; timeZone: string }): ReactElement {
  const { t } = useTranslation();
  return (
    <div>
      <Typography.Title level={5}>{t('stationDetail.devices.loggers')}</Typography.Title>
      <Loggers stationId={stationId} timeZone={timeZone} />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('stationDetail.devices.inverters')}
      </Typography.Title>
      <Inverters stationId={stationId} timeZone={timeZone} />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('stationDetail.devices.batteries')}
      </Typography.Title>
      <Batteries stationId={stationId} timeZone={timeZone} />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('stationDetail.devices.meters')}
      </Typography.Title>
      <Meters stationId={stationId} timeZone={timeZone} />
    </div>
  );
}
