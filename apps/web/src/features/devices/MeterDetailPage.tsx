import type { ReactElement } from 'react';
import { Card, Col, Descriptions, Row, Space, Statistic } from 'antd';
import { toFiniteNumber } from '@sunfleet/domain';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../lib/page';
import { TestId } from '../../testids';
import { useDevice, useDeviceLatest, useGateway, type DeviceDetail, type DeviceLatest } from './api';
import { DetailFrame, routeId } from './components/DetailFrame';
import { LiveValues } from './components/LiveValues';
import { MeasureChart } from './components/MeasureChart';
import { placementItems } from './components/placementItems';
import { StatusTag } from '../../components/StatusTag';
import { formatInstant, formatMeasure } from './format';
import { historyMeasuresOf } from './measures';

/** A meter's headline figures; W is positive while the site imports from the grid (SunSpec meter models). */
export function meterFigures(values: DeviceLatest['values'] | undefined): {
  importW: number | null;
  exportW: number | null;
  importWh: number | null;
  exportWh: number | null;
  voltageV: number | null;
  frequencyHz: number | null;
} {
  const num = (key: string): number | null => {
    const v = values?.[key];
    return typeof v === 'number' || typeof v === 'string' ? toFiniteNumber(v) : null;
  };
  const w = num('W');
  return {
    importW: w === null ? null : Math.max(0, w),
    exportW: w === null ? null : Math.max(0, -w),
    importWh: num('TotWhImp'),
    exportWh: num('TotWhExp'),
    voltageV: num('PhV') ?? num('PhVphA'),
    frequencyHz: num('Hz'),
  };
}

function Figures({ latest }: { latest: DeviceLatest | undefined }): ReactElement {
  const { t } = useTranslation();
  const f = meterFigures(latest?.values);
  const items: [string, string, string][] = [
    ['import', t('deviceWeb.meter.importPower'), formatMeasure(f.importW, 'W')],
    ['export', t('deviceWeb.meter.exportPower'), formatMeasure(f.exportW, 'W')],
    ['importEnergy', t('deviceWeb.meter.importEnergy'), formatMeasure(f.importWh, 'Wh')],
    ['exportEnergy', t('deviceWeb.meter.exportEnergy'), formatMeasure(f.exportWh, 'Wh')],
    ['voltage', t('deviceWeb.meter.voltage'), formatMeasure(f.voltageV, 'V')],
    ['frequency', t('deviceWeb.meter.frequency'), formatMeasure(f.frequencyHz, 'Hz')],
  ];
  return (
    <Row gutter={[16, 16]} data-testid={TestId.meterFigures}>
      {items.map(([key, label, value]) => (
        <Col key={key} xs={12} md={8} xl={4}>
          <Card size="small">
            <Statistic title={label} value={value} data-figure={key} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function MeterView({ device }: { device: DeviceDetail }): ReactElement {
  const { t } = useTranslation();
  const latest = useDeviceLatest(device.id);
  // The Modbus unit address is known to the logger's device list.
  const gateway = useGateway(device.gatewayId, false);
  const unitId = gateway.data?.devices.find((d) => d.id === device.id)?.unitId;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 2, xl: 4 }}
        data-testid={TestId.deviceHeader}
        items={[
          { key: 'sn', label: t('deviceWeb.sn'), children: device.sn },
          { key: 'model', label: t('deviceWeb.model'), children: device.model },
          { key: 'address', label: t('deviceWeb.unitId'), children: unitId ?? '-' },
          {
            key: 'status',
            label: t('deviceWeb.status'),
            children: (
              <StatusTag
                kind="device"
                status={latest.data?.status ?? device.status}
                testId={TestId.deviceStatus}
              />
            ),
          },
          ...placementItems(t, device),
          { key: 'firmware', label: t('deviceWeb.firmware'), children: device.firmware ?? '-' },
          {
            key: 'seen',
            label: t('deviceWeb.lastSeen'),
            children: formatInstant(latest.data?.ts ?? device.lastSeenAt),
          },
        ]}
      />
      <Figures latest={latest.data} />
      <LiveValues groups={device.groups} latest={latest.data} />
      <MeasureChart deviceId={device.id} timeZone={device.timeZone} measures={historyMeasuresOf(device)} />
    </Space>
  );
}

/** Electricity meter detail (`/electricityMeter/detail/{id}`): model, SN, Modbus address, live values, chart. */
export function MeterDetailPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const id = routeId(useParams().id);
  const device = useDevice(id);
  return (
    <DetailFrame testId={TestId.meterDetailPage} title={t(meta.title)} query={device}>
      {(d) => <MeterView device={d} />}
    </DetailFrame>
  );
}
