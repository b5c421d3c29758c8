import { useState, type ReactElement } from 'react';
import { Select, Space, Tag, type TableColumnsType } from 'antd';
import { AlarmLevels, type AlarmItem, type AlarmLevel } from '@sunfleet/contracts';
import { formatInZone, zoneLabel } from '@sunfleet/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { usePaging } from '../../../lib/paging';
import { TestId } from '../../../testids';
import { useStationAlarms } from '../detail-api';
import { ALARM_LEVEL_COLOR, ALARM_LEVEL_LABEL } from './labels';

type OpenFilter = 'ALL' | 'OPEN' | 'ENDED';

/**
 * The columns of the alarm table. Its times are the station's (`timeZone`), whatever the browser's zone
 * is, and the start and end columns name the zone: "Started (Europe/Berlin)".
 */
export function alarmColumns(t: TFunction, timeZone: string): TableColumnsType<AlarmItem> {
  const at = (ms: number | null): string => formatInZone(ms, timeZone);
  const zone = zoneLabel(timeZone);
  return [
    {
      title: t('stationDetail.alarm.level'),
      dataIndex: 'level',
      render: (v: AlarmLevel) => <Tag color={ALARM_LEVEL_COLOR[v]}>{t(ALARM_LEVEL_LABEL[v])}</Tag>,
    },
    {
      title: t('stationDetail.alarm.kind'),
      dataIndex: 'kind',
      render: (v: AlarmItem['kind']) => t(`stationDetail.alarm.kind.${v}`),
    },
    { title: t('stationDetail.alarm.code'), dataIndex: 'code' },
    { title: t('stationDetail.alarm.message'), dataIndex: 'message', render: (v: string | null) => v ?? '-' },
    {
      title: t('stationDetail.alarm.source'),
      key: 'source',
      render: (_, r) => r.deviceSn ?? r.gatewaySn,
    },
    {
      title: t('stationDetail.alarm.startedAtIn', { zone }),
      dataIndex: 'startedAt',
      render: (v: number) => at(v),
    },
    {
      title: t('stationDetail.alarm.endedAtIn', { zone }),
      dataIndex: 'endedAt',
      render: (v: number | null, r) =>
        r.open ? <Tag color="red">{t('stationDetail.alarm.open')}</Tag> : at(v),
    },
  ];
}

/**
 * The station's alarm and event records (GET /api/alarm/page?stationId), newest first, by level and
 * state, their times in the station's zone.
 */
export function AlarmTab({ stationId, timeZone }: { stationId: number; timeZone: string }): ReactElement {
  const { t } = useTranslation();
  const paging = usePaging();
  const [level, setLevel] = useState<AlarmLevel>();
  const [open, setOpen] = useState<OpenFilter>('ALL');
  const alarms = useStationAlarms(stationId, paging.page, {
    level,
    open: open === 'ALL' ? undefined : open === 'OPEN',
  });
  const columns = alarmColumns(t, timeZone);

  return (
    <DataTable<AlarmItem>
      query={alarms}
      columns={columns}
      rowKey="id"
      paging={paging}
      testId={TestId.stationDetailAlarms}
      toolbar={
        <Space wrap>
          <Select<AlarmLevel>
            allowClear
            placeholder={t('stationDetail.alarm.level')}
            style={{ minWidth: 140 }}
            value={level}
            onChange={(v?: AlarmLevel) => {
              setLevel(v);
              paging.reset();
            }}
            options={AlarmLevels.map((l) => ({ value: l, label: t(ALARM_LEVEL_LABEL[l]) }))}
          />
          <Select<OpenFilter>
            style={{ minWidth: 140 }}
            value={open}
            onChange={(v: OpenFilter) => {
              setOpen(v);
              paging.reset();
            }}
            options={(['ALL', 'OPEN', 'ENDED'] as const).map((v) => ({
              value: v,
              label: t(`stationDetail.alarm.state.${v}`),
            }))}
          />
        </Space>
      }
    />
  );
}
