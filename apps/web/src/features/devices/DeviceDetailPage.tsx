import type { ReactElement } from 'react';
import { Descriptions, Space } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../lib/page';
import { TestId } from '../../testids';
import { useDevice, useDeviceLatest, type DeviceDetail, type DeviceLatest } from './api';
import { DetailFrame, routeId } from './components/DetailFrame';
import { HistoryPanel } from './components/HistoryPanel';
import { LiveValues } from './components/LiveValues';
import { MeasureChart } from './components/MeasureChart';
import { MpptTable } from './components/MpptTable';
import { placementItems } from './components/placementItems';
import { StatusTag } from '../../components/StatusTag';
import { formatInstant, formatKw } from './format';
import { historyMeasuresOf } from './measures';

function Header({
  device,
  latest,
}: {
  device: DeviceDetail;
  latest: DeviceLatest | undefined;
}): ReactElement {
  const { t } = useTranslation();
  const lastSeen = latest?.ts ?? device.lastSeenAt;
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 2, xl: 4 }}
      data-testid={TestId.deviceHeader}
      items={[
        {
          key: 'sn',
          label: t('deviceWeb.sn'),
          children: <span data-testid={TestId.deviceSn}>{device.sn}</span>,
        },
        { key: 'model', label: t('deviceWeb.model'), children: device.model },
        {
          key: 'status',
          label: t('deviceWeb.status'),
          children: (
            <StatusTag
              kind="device"
              status={latest?.status ?? device.status}
              rest={latest === undefined ? device.rest : latest.rest}
              testId={TestId.deviceStatus}
            />
          ),
        },
        ...placementItems(t, device),
        { key: 'firmware', label: t('deviceWeb.firmware'), children: device.firmware ?? '-' },
        { key: 'rated', label: t('deviceWeb.ratedPower'), children: formatKw(device.ratedPowerKw) },
        { key: 'seen', label: t('deviceWeb.lastSeen'), children: formatInstant(lastSeen) },
      ]}
    />
  );
}

function InverterDetail({ device }: { device: DeviceDetail }): ReactElement {
  const latest = useDeviceLatest(device.id);
  const measures = historyMeasuresOf(device);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Header device={device} latest={latest.data} />
      <MpptTable count={device.mpptCount} groups={device.groups} latest={latest.data} />
      <LiveValues groups={device.groups} latest={latest.data} />
      <MeasureChart deviceId={device.id} timeZone={device.timeZone} measures={measures} />
      <HistoryPanel deviceId={device.id} sn={device.sn} timeZone={device.timeZone} measures={measures} />
    </Space>
  );
}

/**
 * Inverter detail (`/device/detail/{id}`, tab titled with the SN): header, the MPPT strings, live values
 * by display group (refreshed while open), a chart of any measure over a day, and historical data with
 * XLSX export.
 */
export function DeviceDetailPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const id = routeId(useParams().id);
  const device = useDevice(id);
  return (
    <DetailFrame testId={TestId.deviceDetailPage} title={t(meta.title)} query={device}>
      {(d) => <InverterDetail device={d} />}
    </DetailFrame>
  );
}
