import { useState, type ReactElement } from 'react';
import { Select, Space } from 'antd';
import {
  AlarmLevels,
  AlarmStates,
  type AlarmItem,
  type AlarmLevel,
  type AlarmState,
} from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { AlarmCard } from '../../../components/alarms/AlarmCard';
import { AlarmDrawer } from '../../../components/alarms/AlarmDrawer';
import { alarmColumns } from '../../../components/alarms/alarmColumns';
import { useAlarmPage } from '../../../components/alarms/api';
import { ALARM_LEVEL_LABEL, ALARM_STATE_LABEL } from '../../../components/alarms/labels';
import { DataTable } from '../../../components/DataTable';
import { usePaging } from '../../../lib/paging';
import { TestId } from '../../../testids';

/**
 * The station's alarm and event records (GET /api/alarm/page?stationId), newest first, by level and
 * state, their times in the station's zone: the alarm list's columns, cards and drawer for one station.
 */
export function AlarmTab({ stationId, timeZone }: { stationId: number; timeZone: string }): ReactElement {
  const { t } = useTranslation();
  const paging = usePaging();
  const [level, setLevel] = useState<AlarmLevel>();
  const [state, setState] = useState<AlarmState>();
  const [openId, setOpenId] = useState<number | null>(null);
  const alarms = useAlarmPage('station', { ...paging.page, stationId, level, state });

  return (
    <>
      <DataTable<AlarmItem>
        query={alarms}
        columns={alarmColumns(t, { timeZone })}
        rowKey="id"
        paging={paging}
        testId={TestId.stationDetailAlarms}
        card={(a) => <AlarmCard alarm={a} onOpen={setOpenId} />}
        table={{
          rowClassName: (a) => (a.read ? 'alarm-row-clickable' : 'alarm-row-clickable alarm-row-unread'),
          onRow: (a) => ({ onClick: () => setOpenId(a.id) }),
        }}
        toolbar={
          <Space wrap>
            <Select<AlarmLevel>
              allowClear
              placeholder={t('alarms.filter.level')}
              style={{ minWidth: 140 }}
              value={level}
              onChange={(v?: AlarmLevel) => {
                setLevel(v);
                paging.reset();
              }}
              options={AlarmLevels.map((l) => ({ value: l, label: t(ALARM_LEVEL_LABEL[l]) }))}
            />
            <Select<AlarmState>
              allowClear
              placeholder={t('alarms.filter.state')}
              style={{ minWidth: 140 }}
              value={state}
              onChange={(v?: AlarmState) => {
                setState(v);
                paging.reset();
              }}
              options={AlarmStates.map((s) => ({ value: s, label: t(ALARM_STATE_LABEL[s]) }))}
            />
          </Space>
        }
      />
      <AlarmDrawer alarmId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
