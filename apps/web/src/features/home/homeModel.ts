import {
  PowerMode,
  formatInZoneLabelled,
  greetingAt,
  type Greeting,
  type ScaledValue,
} from '@sunfleet/domain';
import {
  DEVICE_STATUS_CODES,
  STATION_STATUS_CODES,
  type AlarmItem,
  type DeviceStatus,
  type StationIndexStats,
  type StationStatus,
} from '@sunfleet/contracts';
import type { NumberFormat } from '../../lib/numberFormat';
import { local } from '../../lib/storage';
import { browserOffsetMinutes } from '../../lib/time';

/** localStorage key of the currency the Home income figures are shown in. */
export const HOME_CURRENCY_KEY = 'homeCurrency';

export function storedHomeCurrency(): string | undefined {
  const value = local.get(HOME_CURRENCY_KEY);
  return value !== null && /^[A-Z0-9]{1,16}$/.test(value) ? value : undefined;
}

export function storeHomeCurrency(code: string | undefined): void {
  if (code === undefined) local.remove(HOME_CURRENCY_KEY);
  else local.set(HOME_CURRENCY_KEY, code);
}

/** SPEC §9 greeting for this browser's local time; the key of its text. */
export function greetingKey(now: Date = new Date()): `home.greeting.${Greeting}` {
  return `home.greeting.${greetingAt(now, browserOffsetMinutes(now))}`;
}

/** One figure of the Home page: its label key and its value scaled by the SPEC §9 rules. */
export interface Kpi {
  key: string;
  labelKey: string;
  value: ScaledValue;
}

const withCurrency = (value: ScaledValue, currency: string): ScaledValue =>
  value.value === '-' ? value : { value: value.value, unit: `${value.unit} ${currency}`.trim() };

/** The generation figures: power now, energy today / month / year / total, installed capacity. */
export function energyKpis(stats: StationIndexStats, fmt: NumberFormat): Kpi[] {
  return [
    { key: 'power', labelKey: 'home.kpi.power', value: fmt.power(stats.powerKw) },
    { key: 'today', labelKey: 'home.kpi.today', value: fmt.energy(stats.todayKwh) },
    { key: 'month', labelKey: 'home.kpi.month', value: fmt.energy(stats.monthKwh) },
    { key: 'year', labelKey: 'home.kpi.year', value: fmt.energy(stats.yearKwh) },
    { key: 'total', labelKey: 'home.kpi.total', value: fmt.energy(stats.totalKwh) },
    { key: 'capacity', labelKey: 'home.kpi.capacity', value: fmt.power(stats.capacityKwp, PowerMode.peak) },
  ];
}

/** Income today / month / year / total in the chosen currency (K/M/B amounts). */
export function incomeKpis(stats: StationIndexStats, fmt: NumberFormat): Kpi[] {
  const { income, currency } = stats;
  return [
    {
      key: 'incomeToday',
      labelKey: 'home.income.today',
      value: withCurrency(fmt.amount(income.today), currency),
    },
    {
      key: 'incomeMonth',
      labelKey: 'home.income.month',
      value: withCurrency(fmt.amount(income.month), currency),
    },
    {
      key: 'incomeYear',
      labelKey: 'home.income.year',
      value: withCurrency(fmt.amount(income.year), currency),
    },
    {
      key: 'incomeTotal',
      labelKey: 'home.income.total',
      value: withCurrency(fmt.amount(income.total), currency),
    },
  ];
}

/**
 * Standard coal saved and CO2 avoided (tons, shortened with two decimals) and the equivalent trees: whole
 * trees, rounded down (451.1 trees are 451 planted), with thousands separators.
 */
export function impactKpis(stats: StationIndexStats, fmt: NumberFormat): Kpi[] {
  const tons = (v: number | null): ScaledValue => {
    const scaled = fmt.compact(v);
    return scaled.value === '-' ? scaled : { value: `${scaled.value}${scaled.unit}`, unit: 't' };
  };
  return [
    { key: 'coal', labelKey: 'home.impact.coal', value: tons(stats.impact.coalTons) },
    { key: 'co2', labelKey: 'home.impact.co2', value: tons(stats.impact.co2Tons) },
    {
      key: 'trees',
      labelKey: 'home.impact.trees',
      value: { value: fmt.whole(stats.impact.trees), unit: '' },
    },
  ];
}

/**
 * One status of Home's counts: its code (word and colour come from the status component) and count.
 * `resting` marks the devices of OTHER that rest (inverters asleep or on standby): shown apart, calm.
 */
export type StatusCount =
  | { key: string; kind: 'station'; status: StationStatus; count: number }
  | { key: string; kind: 'device'; status: DeviceStatus; count: number; resting?: boolean };

type StationCounts = StationIndexStats['stationStatus'];
type DeviceCounts = StationIndexStats['deviceStatus'];
type DeviceBucket = Exclude<keyof DeviceCounts, 'total' | 'resting'>;
const STATION_COUNT: Record<StationStatus, Exclude<keyof StationCounts, 'total'>> = {
  ONLINE: 'online',
  ABNORMAL: 'abnormal',
  OFFLINE: 'offline',
  OTHER: 'other',
};
const DEVICE_COUNT: Record<DeviceStatus, DeviceBucket> = {
  RUNNING: 'running',
  FAULT: 'fault',
  OFFLINE: 'offline',
  OTHER: 'other',
};

/** Station counts in the contracts' status order (0 while loading). */
export function stationStatusCounts(counts: StationCounts | undefined): StatusCount[] {
  return STATION_STATUS_CODES.map((status) => {
    const key = STATION_COUNT[status];
    return { key, kind: 'station', status, count: counts?.[key] ?? 0 };
  });
}

/**
 * Device counts in the contracts' status order (0 while loading). The OTHER bucket of SPEC §4 is shown in
 * two parts: the inverters resting as a normal part of their day (night, standby: not a problem, calm
 * colour) and the rest of OTHER (never reported, nothing to judge by).
 */
export function deviceStatusCounts(counts: DeviceCounts | undefined): StatusCount[] {
  return DEVICE_STATUS_CODES.flatMap((status): StatusCount[] => {
    const key = DEVICE_COUNT[status];
    const count = counts?.[key] ?? 0;
    if (status !== 'OTHER') return [{ key, kind: 'device', status, count }];
    const resting = Math.min(counts?.resting ?? 0, count);
    return [
      { key: 'resting', kind: 'device', status, count: resting, resting: true },
      { key, kind: 'device', status, count: count - resting },
    ];
  });
}

/**
 * The line under a latest alarm: its station and source, then when it started in the station's zone,
 * named — "Roof A · INV-1 · 2026-06-10 16:50:00 (Europe/Berlin)" (UTC for a logger in no station).
 */
export function alarmMeta(
  alarm: Pick<AlarmItem, 'stationName' | 'deviceSn' | 'gatewaySn' | 'startedAt' | 'timeZone'>,
): string {
  return [
    alarm.stationName,
    alarm.deviceSn ?? alarm.gatewaySn,
    formatInZoneLabelled(alarm.startedAt, alarm.timeZone),
  ]
    .filter((v) => v !== null)
    .join(' · ');
}
