import type { ReactElement } from 'react';
import { Card, Space } from 'antd';
import { Perm } from '@sunfleet/contracts';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePermitted } from '../../components/Permitted';
import { useNumberFormat } from '../../lib/numberFormat';
import type { PageProps } from '../../lib/page';
import { PvStringsSection } from '../../components/pv-strings/PvStringsSection';
import { TestId } from '../../testids';
import { RecordingSection } from '../../components/recording/RecordingSection';
import { FirmwareHistoryCard } from './components/FirmwareHistoryCard';
import { useDevice, useDeviceLatest, useOpenAlarmCount, type DeviceDetail, type DeviceLatest } from './api';
import { DetailFrame, routeId } from './components/DetailFrame';
import { DeviceInfo } from './components/DeviceInfo';
import { Figures, type Figure } from './components/Figures';
import { HistoryPanel } from './components/HistoryPanel';
import { LiveValues } from './components/LiveValues';
import { MeasureChart } from './components/MeasureChart';
import { StateLine } from './components/StateLine';
import { StringsCard } from './components/StringsCard';
import { formatMeasure } from './format';
import { historyMeasuresOf } from './measures';
import { inverterFigures, measureByColumn } from './model';

/**
 * What an inverter is doing now: status and operating state, power, energy today and in total, the day's
 * yield, temperature and open alarms (with alarm:view), and when its newest reading was taken.
 */
function Summary({
  device,
  latest,
}: {
  device: DeviceDetail;
  latest: DeviceLatest | undefined;
}): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const mayViewAlarms = usePermitted([Perm.alarmView]);
  const alarms = useOpenAlarmCount(device.id, mayViewAlarms);
  const f = inverterFigures(device, latest?.values);
  const unitOf = (column: string, fallback: string): string | null =>
    measureByColumn(device, column)?.unit ?? fallback;
  const items: Figure[] = [
    {
      key: 'power',
      label: t('deviceWeb.powerNow'),
      value: formatMeasure(f.powerW, 'W', undefined, fmt.locale),
    },
    {
      key: 'today',
      label: t('deviceWeb.energyToday'),
      value: formatMeasure(f.todayWh, 'Wh', undefined, fmt.locale),
    },
    {
      key: 'total',
      label: t('deviceWeb.energyTotal'),
      value: formatMeasure(f.totalWh, 'Wh', undefined, fmt.locale),
    },
    {
      key: 'yield',
      label: t('deviceWeb.yieldToday'),
      value: fmt.fixedUnit(f.yieldHours, 2, 'kWh/kW'),
    },
    {
      key: 'temperature',
      label: t('deviceWeb.temperature'),
      value: formatMeasure(f.temperatureC, unitOf('temperature_c', '°C'), undefined, fmt.locale),
    },
    ...(mayViewAlarms
      ? [
          {
            key: 'alarms',
            label: t('deviceWeb.openAlarms'),
            value: alarms.data === undefined ? '-' : fmt.whole(alarms.data),
          },
        ]
      : []),
  ];
  return (
    <Card size="small" data-testid={TestId.deviceSummary}>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <StateLine
          status={latest?.status ?? device.status}
          rest={latest === undefined ? device.rest : latest.rest}
          state={f.state}
          lastSeen={latest?.ts ?? device.lastSeenAt}
          timeZone={device.timeZone}
        />
        <Figures items={items} />
      </Space>
    </Card>
  );
}

function InverterDetail({ device }: { device: DeviceDetail }): ReactElement {
  const latest = useDeviceLatest(device.id);
  const measures = historyMeasuresOf(device);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Summary device={device} latest={latest.data} />
      <StringsCard device={device} latest={latest.data} />
      <PvStringsSection deviceId={device.id} timeZone={device.timeZone} />
      <DeviceInfo device={device} />
      <LiveValues groups={device.groups} latest={latest.data} />
      <MeasureChart deviceId={device.id} timeZone={device.timeZone} measures={measures} />
      <HistoryPanel deviceId={device.id} sn={device.sn} timeZone={device.timeZone} measures={measures} />
      <RecordingSection deviceId={device.id} />
      <FirmwareHistoryCard target={{ deviceId: device.id }} />
    </Space>
  );
}

/**
 * Inverter detail (`/device/detail/{id}`, tab titled with the SN): a summary of what it does now, its
 * strings in use compared with each other, device information, live values by display group (refreshed
 * while open), a chart of any measure over a day, and historical data with XLSX export.
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
