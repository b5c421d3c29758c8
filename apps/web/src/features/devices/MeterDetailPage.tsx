import type { ReactElement } from 'react';
import { Card, Space } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../../lib/numberFormat';
import type { PageProps } from '../../lib/page';
import { TestId } from '../../testids';
import { useDevice, useDeviceLatest, type DeviceDetail } from './api';
import { DetailFrame, routeId } from './components/DetailFrame';
import { DeviceInfo } from './components/DeviceInfo';
import { Figures } from './components/Figures';
import { LiveValues } from './components/LiveValues';
import { MeasureChart } from './components/MeasureChart';
import { StateLine } from './components/StateLine';
import { formatMeasure } from './format';
import { historyMeasuresOf } from './measures';
import { meterFigures } from './model';

function MeterView({ device }: { device: DeviceDetail }): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const latest = useDeviceLatest(device.id);
  const f = meterFigures(device, latest.data?.values);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" data-testid={TestId.deviceSummary}>
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <StateLine
            status={latest.data?.status ?? device.status}
            state={null}
            lastSeen={latest.data?.ts ?? device.lastSeenAt}
            timeZone={device.timeZone}
          />
          <Figures
            testId={TestId.meterFigures}
            items={[
              {
                key: 'import',
                label: t('deviceWeb.meter.importPower'),
                value: formatMeasure(f.importW, 'W', undefined, fmt.locale),
              },
              {
                key: 'export',
                label: t('deviceWeb.meter.exportPower'),
                value: formatMeasure(f.exportW, 'W', undefined, fmt.locale),
              },
              {
                key: 'importEnergy',
                label: t('deviceWeb.meter.importEnergy'),
                value: formatMeasure(f.importWh, 'Wh', undefined, fmt.locale),
              },
              {
                key: 'exportEnergy',
                label: t('deviceWeb.meter.exportEnergy'),
                value: formatMeasure(f.exportWh, 'Wh', undefined, fmt.locale),
              },
              {
                key: 'voltage',
                label: t('deviceWeb.meter.voltage'),
                value: formatMeasure(f.voltageV, 'V', undefined, fmt.locale),
              },
              {
                key: 'frequency',
                label: t('deviceWeb.meter.frequency'),
                value: formatMeasure(f.frequencyHz, 'Hz', undefined, fmt.locale),
              },
            ]}
          />
        </Space>
      </Card>
      <DeviceInfo device={device} />
      <LiveValues groups={device.groups} latest={latest.data} />
      <MeasureChart deviceId={device.id} timeZone={device.timeZone} measures={historyMeasuresOf(device)} />
    </Space>
  );
}

/** Electricity meter detail (`/electricityMeter/detail/{id}`): figures, device information, live values, chart. */
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
