import { useState, type ReactElement } from 'react';
import { Card, Empty, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { AlarmDrawer } from '../../components/alarms/AlarmDrawer';
import { AlarmLevelTag, AlarmStateTag, AlarmTitle } from '../../components/alarms/AlarmTags';
import { useAlarmPage } from '../../components/alarms/api';
import { LoadFailed } from '../../components/LoadFailed';
import { TestId } from '../../testids';
import { alarmMeta } from './homeModel';

/** How many alarms Home lists. */
const LATEST_COUNT = 8;

/**
 * The newest alarm and event records within reach (GET /api/alarm/page) with the alarm list's tags (level,
 * state, unread mark); a click opens the same alarm drawer.
 */
export function LatestAlarms(): ReactElement {
  const { t } = useTranslation();
  const alarms = useAlarmPage('home', { pageNum: 1, pageSize: LATEST_COUNT });
  const [openId, setOpenId] = useState<number | null>(null);
  const failed = alarms.isError && alarms.data === undefined;
  return (
    <Card size="small" title={t('home.latestAlarms')} className="home-card" data-testid={TestId.homeAlarms}>
      {failed ? (
        <LoadFailed title={t('home.alarmsFailed')} query={alarms} />
      ) : (
        <List
          size="small"
          loading={alarms.isFetching && alarms.data === undefined}
          dataSource={alarms.data?.list ?? []}
          locale={{ emptyText: <Empty description={t('TheDataDoesNotExist')} /> }}
          renderItem={(alarm) => (
            <List.Item key={alarm.id} onClick={() => setOpenId(alarm.id)} className="alarm-row-clickable">
              <List.Item.Meta
                title={
                  <span>
                    <AlarmLevelTag level={alarm.level} />
                    <AlarmTitle alarm={alarm} />
                  </span>
                }
                description={
                  <span className="home-alarm-meta">
                    {alarmMeta(alarm)} <AlarmStateTag state={alarm.state} />
                  </span>
                }
              />
            </List.Item>
          )}
        />
      )}
      <AlarmDrawer alarmId={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
