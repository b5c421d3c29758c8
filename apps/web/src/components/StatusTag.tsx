import type { ReactElement } from 'react';
import { Select, Tag } from 'antd';
import type { TFunction } from 'i18next';
import {
  DEVICE_STATUS_CODES,
  GATEWAY_STATUS_CODES,
  STATION_STATUS_CODES,
  type DeviceRest,
  type DeviceStatus,
  type GatewayStatus,
  type StationStatus,
} from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import './status.css';

// The one way the console shows a status of SPEC §4 (contracts/device-status.ts): the same translated word
// and the same colour on every screen — lists, detail headers, the devices tab, Home's counts, the map
// markers and the share page. A device of status OTHER that rests (its `rest`, docs/stations.md "Status
// model") reads as its rest — "Sleeping", "Standby" — in the calm resting colour; its code stays OTHER.

/** What a status is of: each has its own list of codes. */
export type StatusKind = 'station' | 'device' | 'gateway';

interface StatusOfKind {
  station: StationStatus;
  device: DeviceStatus;
  gateway: GatewayStatus;
}
export type AnyStatus = StationStatus | DeviceStatus | GatewayStatus;

export const STATUS_CODES: { readonly [K in StatusKind]: readonly StatusOfKind[K][] } = {
  station: STATION_STATUS_CODES,
  device: DEVICE_STATUS_CODES,
  gateway: GATEWAY_STATUS_CODES,
};

/**
 * One colour per meaning, from antd's palette: the tag preset and the same colour as a hex value for map
 * markers and count dots. Working is green; a station with a fault is orange, a faulty device or logger
 * red; offline grey; other (never reported, no data to judge) blue; an inverter resting as a normal part
 * of its day (asleep at night, standby) the calm cyan — it is not a problem.
 */
const TONES = {
  working: { tag: 'green', hex: '#52c41a' },
  abnormal: { tag: 'orange', hex: '#fa8c16' },
  fault: { tag: 'red', hex: '#f5222d' },
  offline: { tag: 'default', hex: '#8c8c8c' },
  other: { tag: 'blue', hex: '#1677ff' },
  resting: { tag: 'cyan', hex: '#13c2c2' },
} as const;

const TONE_OF: Record<AnyStatus, keyof typeof TONES> = {
  ONLINE: 'working',
  RUNNING: 'working',
  NORMAL: 'working',
  ABNORMAL: 'abnormal',
  FAULT: 'fault',
  OFFLINE: 'offline',
  OTHER: 'other',
};

/** Translation keys (locales/web-status), as literals so the locale test finds them. */
const LABEL: { readonly [K in StatusKind]: Record<StatusOfKind[K], string> } = {
  station: {
    ONLINE: 'status.station.ONLINE',
    ABNORMAL: 'status.station.ABNORMAL',
    OFFLINE: 'status.station.OFFLINE',
    OTHER: 'status.station.OTHER',
  },
  device: {
    RUNNING: 'status.device.RUNNING',
    FAULT: 'status.device.FAULT',
    OFFLINE: 'status.device.OFFLINE',
    OTHER: 'status.device.OTHER',
  },
  gateway: {
    NORMAL: 'status.gateway.NORMAL',
    FAULT: 'status.gateway.FAULT',
    OFFLINE: 'status.gateway.OFFLINE',
    OTHER: 'status.gateway.OTHER',
  },
};

/** Translation keys of the rests beside a device's OTHER, as literals so the locale test finds them. */
export const REST_LABEL: Record<DeviceRest, string> = {
  SLEEPING: 'status.device.rest.SLEEPING',
  STARTING: 'status.device.rest.STARTING',
  SHUTTING_DOWN: 'status.device.rest.SHUTTING_DOWN',
  STANDBY: 'status.device.rest.STANDBY',
};

/** A rest only qualifies OTHER; with any other status it is ignored. */
function toneOf(status: AnyStatus, rest: DeviceRest | null | undefined): keyof typeof TONES {
  return status === 'OTHER' && rest !== null && rest !== undefined ? 'resting' : TONE_OF[status];
}

/** The status's colour as a hex value (map markers, count dots); `resting` paints the calm rest colour. */
export function statusColor(status: AnyStatus, resting = false): string {
  return TONES[resting && status === 'OTHER' ? 'resting' : TONE_OF[status]].hex;
}

/** The translation key of a status word. */
export function statusLabelKey<K extends StatusKind>(kind: K, status: StatusOfKind[K]): string {
  const labels: Record<StatusOfKind[K], string> = LABEL[kind];
  return labels[status];
}

/** Options of a status filter, in the order of the contracts' list. */
export function statusOptions<K extends StatusKind>(
  kind: K,
  t: TFunction,
): { value: StatusOfKind[K]; label: string }[] {
  const codes: readonly StatusOfKind[K][] = STATUS_CODES[kind];
  return codes.map((status) => ({ value: status, label: t(statusLabelKey(kind, status)) }));
}

/** A status together with what it is of. */
export type StatusRef =
  | { kind: 'station'; status: StationStatus }
  | { kind: 'device'; status: DeviceStatus; rest?: DeviceRest | null }
  | { kind: 'gateway'; status: GatewayStatus };

function restOfRef(ref: StatusRef): DeviceRest | null {
  return ref.kind === 'device' && ref.status === 'OTHER' ? (ref.rest ?? null) : null;
}

function labelKeyOf(ref: StatusRef): string {
  switch (ref.kind) {
    case 'station':
      return statusLabelKey('station', ref.status);
    case 'device': {
      const rest = restOfRef(ref);
      return rest === null ? statusLabelKey('device', ref.status) : REST_LABEL[rest];
    }
    case 'gateway':
      return statusLabelKey('gateway', ref.status);
  }
}

export type StatusTagProps = StatusRef & { testId?: string };

/**
 * A status as a coloured tag; `data-kind`/`data-status` carry the code for tests (and `data-rest` the rest
 * of a resting device).
 */
export function StatusTag({ testId, ...ref }: StatusTagProps): ReactElement {
  const { t } = useTranslation();
  const rest = restOfRef(ref);
  return (
    <Tag
      color={TONES[toneOf(ref.status, rest)].tag}
      data-testid={testId}
      data-kind={ref.kind}
      data-status={ref.status}
      data-rest={rest ?? undefined}
      data-tone={toneOf(ref.status, rest)}
    >
      {t(labelKeyOf(ref))}
    </Tag>
  );
}

/** The round colour swatch of a status (Home's counts, the map legend); `resting` for resting devices. */
export function StatusDot({
  status,
  resting = false,
}: {
  status: AnyStatus;
  resting?: boolean;
}): ReactElement {
  return (
    <span
      className="status-dot"
      style={{ background: statusColor(status, resting) }}
      data-status={status}
      data-tone={resting && status === 'OTHER' ? 'resting' : TONE_OF[status]}
    />
  );
}

/** A status filter of a list: the kind's codes with their words; cleared means any status. */
export function StatusSelect<K extends StatusKind>({
  kind,
  value,
  onChange,
  placeholder,
  testId,
}: {
  kind: K;
  value: StatusOfKind[K] | undefined;
  onChange: (value: StatusOfKind[K] | undefined) => void;
  placeholder: string;
  testId: string;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <Select<StatusOfKind[K]>
      allowClear
      placeholder={placeholder}
      value={value}
      onChange={(next) => onChange(next ?? undefined)}
      options={statusOptions(kind, t)}
      style={{ width: 150 }}
      data-testid={testId}
    />
  );
}
