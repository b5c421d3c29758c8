import { useState, type ReactElement } from 'react';
import { Button, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Perm, type DeviceStatus, type GatewayStatus } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/DataTable';
import { Permitted } from '../../../components/Permitted';
import { StatusTag } from '../../../components/StatusTag';
import { usePaging } from '../../../lib/paging';
import { formatLocalDateTime } from '../../../lib/time';
import { useNumberFormat, type NumberFormat } from '../../../lib/numberFormat';
import { TestId } from '../../../testids';
import {
  useStationGateways,
  useStationInverters,
  useStationMeters,
  type StationDevice,
  type StationGateway,
} from '../detail-api';
import { BindLoggerModal } from './BindLoggerModal';
import { deviceDetailPath, gatewayDetailPath, meterDetailPath } from '../../../lib/paths';

function Loggers({ stationId }: { stationId: number }): ReactElement {
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
    {
      title: t('stationDetail.devices.lastSeen'),
      dataIndex: 'lastSeenAt',
      render: (v: string | null) => formatLocalDateTime(v),
    },
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

function deviceColumns(
  t: (key: string) => string,
  link: (id: number, sn: string) => string,
  fmt: NumberFormat,
): TableColumnsType<StationDevice> {
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
    {
      title: t('stationDetail.devices.lastSeen'),
      dataIndex: 'lastSeenAt',
      render: (v: string | null) => formatLocalDateTime(v),
    },
  ];
}

function Inverters({ stationId }: { stationId: number }): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const paging = usePaging(10);
  const devices = useStationInverters(stationId, paging.page);
  return (
    <DataTable<StationDevice>
      query={devices}
      columns={deviceColumns(t, deviceDetailPath, fmt)}
      rowKey="id"
      paging={paging}
      testId={TestId.stationDetailInverters}
    />
  );
}

function Meters({ stationId }: { stationId: number }): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const paging = usePaging(10);
  const meters = useStationMeters(stationId, paging.page);
  return (
    <DataTable<StationDevice>
      query={meters}
      columns={deviceColumns(t, meterDetailPath, fmt)}
      rowKey="id"
      paging={paging}
      testId={TestId.stationDetailMeters}
    />
  );
}

/** The station's loggers (with "add logger"), inverters and meters, each linking to its detail page. */
export function DevicesTab({ stationId }: { stationId: number }): ReactElement {
  const { t } = useTranslation();
  return (
    <div>
      <Typography.Title level={5}>{t('stationDetail.devices.loggers')}</Typography.Title>
      <Loggers stationId={stationId} />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('stationDetail.devices.inverters')}
      </Typography.Title>
      <Inverters stationId={stationId} />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('stationDetail.devices.meters')}
      </Typography.Title>
      <Meters stationId={stationId} />
    </div>
  );
}
