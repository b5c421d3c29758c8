import type { TableColumnsType } from 'antd';
import type { AlarmItem, AlarmLevel, AlarmState } from '@sunfleet/contracts';
import { formatInZone, formatInZoneLabelled, zoneLabel } from '@sunfleet/domain';
import type { TFunction } from 'i18next';
import { AlarmLevelTag, AlarmStateTag, AlarmTitle } from './AlarmTags';
import { ALARM_DEVICE_TYPE_LABEL } from './labels';
import './alarms.css';

export type AlarmSortField = 'startedAt' | 'level' | 'code' | 'lastSeenAt';
export interface AlarmSort {
  field: AlarmSortField;
  order: 'asc' | 'desc';
}

export interface AlarmColumnOptions {
  /**
   * One station's zone (the station Alarm tab): the time columns name it in their titles and the cells
   * are plain times. Absent (fleet-wide lists): each time is labelled with its own station's zone.
   */
  timeZone?: string;
  /** Show the station column (fleet-wide lists). */
  station?: boolean;
  /** Columns the server can sort by become sortable, this one marked as sorted. */
  sort?: AlarmSort;
}

const SORTABLE: ReadonlySet<string> = new Set<AlarmSortField>(['startedAt', 'level', 'code', 'lastSeenAt']);

/**
 * The alarm table's columns, shared by the alarm list and the station Alarm tab: level, state, message
 * (unread marked), code, station, device and its type, start and end in the station's zone, repeats.
 */
export function alarmColumns(t: TFunction, options: AlarmColumnOptions = {}): TableColumnsType<AlarmItem> {
  const { timeZone, station = false, sort } = options;
  const at = (ms: number | null, row: AlarmItem): string =>
    timeZone === undefined ? formatInZoneLabelled(ms, row.timeZone) : formatInZone(ms, timeZone);
  const zone = timeZone === undefined ? undefined : zoneLabel(timeZone);
  const sortable = (key: string) =>
    sort === undefined || !SORTABLE.has(key)
      ? {}
      : {
          sorter: true,
          sortOrder:
            sort.field === key ? (sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
        };
  const columns: TableColumnsType<AlarmItem> = [
    {
      title: t('alarms.column.level'),
      dataIndex: 'level',
      key: 'level',
      render: (v: AlarmLevel) => <AlarmLevelTag level={v} />,
      ...sortable('level'),
    },
    {
      title: t('alarms.column.state'),
      dataIndex: 'state',
      key: 'state',
      render: (v: AlarmState) => <AlarmStateTag state={v} />,
    },
    {
      title: t('alarms.column.message'),
      dataIndex: 'message',
      key: 'message',
      render: (_: unknown, r) => <AlarmTitle alarm={r} />,
    },
    { title: t('alarms.column.code'), dataIndex: 'code', key: 'code', ...sortable('code') },
    {
      title: t('alarms.column.kind'),
      dataIndex: 'kind',
      key: 'kind',
      render: (v: AlarmItem['kind']) => t(`alarms.kind.${v}`),
    },
  ];
  if (station)
    columns.push({
      title: t('alarms.column.station'),
      dataIndex: 'stationName',
      key: 'station',
      render: (v: string | null) => v ?? '-',
    });
  columns.push(
    {
      title: t('alarms.column.device'),
      key: 'device',
      render: (_: unknown, r) => `${r.deviceSn ?? r.gatewaySn} · ${t(ALARM_DEVICE_TYPE_LABEL[r.deviceType])}`,
    },
    {
      title: zone === undefined ? t('alarms.column.startedAt') : t('alarms.column.startedAtIn', { zone }),
      dataIndex: 'startedAt',
      key: 'startedAt',
      render: (v: number, r) => at(v, r),
      ...sortable('startedAt'),
    },
    {
      title: zone === undefined ? t('alarms.column.endedAt') : t('alarms.column.endedAtIn', { zone }),
      dataIndex: 'endedAt',
      key: 'endedAt',
      render: (v: number | null, r) => (v === null ? '-' : at(v, r)),
    },
    { title: t('alarms.column.repeats'), dataIndex: 'repeatCount', key: 'repeatCount' },
  );
  return columns;
}
