import type { ReactElement } from 'react';
import { Card, Progress, Space, Typography } from 'antd';
import { localDate } from '@sunfleet/domain';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../../lib/numberFormat';
import type { PageProps } from '../../lib/page';
import { TestId } from '../../testids';
import { useDevice, useDeviceDay, useDeviceLatest, type DeviceDetail, type DeviceLatest } from './api';
import { DetailFrame, routeId } from './components/DetailFrame';
import { DeviceInfo } from './components/DeviceInfo';
import { Figures, type Figure } from './components/Figures';
import { HistoryPanel } from './components/HistoryPanel';
import { LiveValues } from './components/LiveValues';
import { MeasureChart } from './components/MeasureChart';
import { StateLine } from './components/StateLine';
import { formatMeasure, measureText } from './format';
import { historyMeasuresOf } from './measures';
import { batteryFigures, measureByColumn } from './model';

/**
 * What a battery is doing now: state of charge, power and whether it charges or discharges, its work
 * mode (when its protocol definition has one), the energy charged and discharged today (the station's
 * day, from the rollups) and in total, and its temperature.
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
  const f = batteryFigures(device, latest?.values);
  const day = useDeviceDay(device.id, localDate(Date.now(), device.timeZone));
  const today = day.data?.rows[0];
  // No row yet today: nothing charged or discharged so far, once the rollup answered.
  const todayKwh = (kWh: number | undefined): string =>
    day.data === undefined ? '-' : fmt.energyText(kWh ?? 0);
  const items: Figure[] = [
    {
      key: 'power',
      label: t('deviceWeb.battery.power'),
      value: f.powerW === null ? '-' : fmt.powerText(Math.abs(f.powerW) / 1000),
      note:
        f.direction === null ? undefined : (
          <Typography.Text type="secondary" data-direction={f.direction}>
            {t(`deviceWeb.direction.${f.direction}`)}
          </Typography.Text>
        ),
    },
    ...(f.mode === null
      ? []
      : [
          {
            key: 'mode',
            label: t('deviceWeb.battery.mode'),
            value: measureText(t, f.mode.measure, f.mode.value, fmt.locale),
          },
        ]),
    { key: 'chargeToday', label: t('deviceWeb.battery.chargeToday'), value: todayKwh(today?.chargeKwh) },
    {
      key: 'dischargeToday',
      label: t('deviceWeb.battery.dischargeToday'),
      value: todayKwh(today?.dischargeKwh),
    },
    {
      key: 'chargeTotal',
      label: t('deviceWeb.battery.chargeTotal'),
      value: formatMeasure(f.chargeTotalWh, 'Wh', undefined, fmt.locale),
    },
    {
      key: 'dischargeTotal',
      label: t('deviceWeb.battery.dischargeTotal'),
      value: formatMeasure(f.dischargeTotalWh, 'Wh', undefined, fmt.locale),
    },
    {
      key: 'temperature',
      label: t('deviceWeb.temperature'),
      value: formatMeasure(
        f.temperatureC,
        measureByColumn(device, 'temperature_c')?.unit ?? '°C',
        undefined,
        fmt.locale,
      ),
    },
  ];
  return (
    <Card size="small" data-testid={TestId.deviceSummary}>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <StateLine
          status={latest?.status ?? device.status}
          state={f.state}
          lastSeen={latest?.ts ?? device.lastSeenAt}
          timeZone={device.timeZone}
        />
        <div data-testid={TestId.deviceFigure} data-figure="soc" style={{ width: 120, textAlign: 'center' }}>
          <Progress
            type="dashboard"
            size={96}
            percent={f.socPct ?? 0}
            format={() => fmt.fixedUnit(f.socPct, 1, '%')}
          />
          <Typography.Text type="secondary">{t('deviceWeb.battery.soc')}</Typography.Text>
        </div>
        <Figures items={items} />
      </Space>
    </Card>
  );
}

function BatteryView({ device }: { device: DeviceDetail }): ReactElement {
  const latest = useDeviceLatest(device.id);
  const measures = historyMeasuresOf(device);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Summary device={device} latest={latest.data} />
      <DeviceInfo device={device} />
      <LiveValues groups={device.groups} latest={latest.data} />
      <MeasureChart deviceId={device.id} timeZone={device.timeZone} measures={measures} />
      <HistoryPanel deviceId={device.id} sn={device.sn} timeZone={device.timeZone} measures={measures} />
    </Space>
  );
}

/**
 * Battery (storage) detail (`/battery/detail/{id}`, tab titled with the SN): state of charge, power and
 * direction, work mode, energy charged and discharged, device information, live values, a chart of any
 * measure over a day and historical data with XLSX export.
 */
export function BatteryDetailPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const id = routeId(useParams().id);
  const device = useDevice(id);
  return (
    <DetailFrame testId={TestId.batteryDetailPage} title={t(meta.title)} query={device}>
      {(d) => <BatteryView device={d} />}
    </DetailFrame>
  );
}
