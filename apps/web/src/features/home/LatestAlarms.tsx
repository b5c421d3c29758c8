import type { ReactElement } from 'react';
import { Card, Empty, List, Tag } from 'antd';
import type { AlarmLevel } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/LoadFailed';
import { TestId } from '../../testids';
import { useLatestAlarms } from './api';
import { alarmMeta } from './homeModel';

const LEVEL_LABEL: Record<AlarmLevel, string> = {
  URGENT: 'home.alarmLevel.URGENT',
  IMPORTANT: 'home.alarmLevel.IMPORTANT',
  COMMONLY: 'home.alarmLevel.COMMONLY',
  PROMPT: 'home.alarmLevel.PROMPT',
};
const LEVEL_COLOR: Record<AlarmLevel, string> = {
  URGENT: 'red',
  IMPORTANT: 'orange',
  COMMONLY: 'gold',
  PROMPT: 'blue',
};

/** The newest alarm and event records within reach (GET /api/alarm/page), with their level and source. */
export function LatestAlarms(): ReactElement {
  const { t } = useTranslation();
  const alarms = useLatestAlarms();
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
            <List.Item key={alarm.id}>
              <List.Item.Meta
                title={
                  <span>
                    <Tag color={LEVEL_COLOR[alarm.level]}>{t(LEVEL_LABEL[alarm.level])}</Tag>
                    {alarm.message ?? t('home.alarmCode', { code: alarm.code })}
                  </span>
                }
                description={
                  <span className="home-alarm-meta">
                    {alarmMeta(alarm)}
                    {alarm.open && (
                      <Tag color="red" style={{ marginLeft: 6 }}>
                        {t('home.alarmOpen')}
                      </Tag>
                    )}
                  </span>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
