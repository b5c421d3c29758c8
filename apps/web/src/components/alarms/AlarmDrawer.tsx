import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import {
  Button,
  Descriptions,
  Divider,
  Drawer,
  Empty,
  Grid,
  List,
  Space,
  Spin,
  Timeline,
  Typography,
} from 'antd';
import { Perm, type AlarmDetail, type AlarmItem } from '@sunfleet/contracts';
import { formatInZoneLabelled } from '@sunfleet/domain';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { detailPathOf, gatewayDetailPath, stationDetailPath } from '../../lib/paths';
import { TestId } from '../../testids';
import { LoadFailed } from '../LoadFailed';
import { Permitted } from '../Permitted';
import { AlarmActionModal, type AlarmAction } from './AlarmActionModal';
import { AlarmCatalogue } from './AlarmCatalogue';
import { AlarmIvScan } from './AlarmIvScan';
import { AlarmLevelTag, AlarmStateTag, AlarmTitle } from './AlarmTags';
import { alarmActions, invalidateAlarms, useAlarmDetail, useEarlierOccurrences } from './api';
import {
  ALARM_CLEARED_BY_LABEL,
  ALARM_DEVICE_TYPE_LABEL,
  ALARM_EVENT_LABEL,
  ALARM_SOURCE_LABEL,
} from './labels';
import { PowerAroundChart } from './PowerAroundChart';
import { SnoozeModal } from './SnoozeModal';

/**
 * One alarm beside the list it was opened from (the alarm list, the station Alarm tab, Home): its facts,
 * the fault-code catalogue's cause and handling, the device's power around the start, its life-cycle
 * events and earlier occurrences of the same code on the same device. Opening it marks the alarm read;
 * acknowledge, snooze and clear are offered to roles holding alarm:update.
 */
export function AlarmDrawer({
  alarmId,
  onClose,
}: {
  alarmId: number | null;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  // An earlier occurrence opens in the same drawer.
  const [shownId, setShownId] = useState<number | null>(alarmId);
  useEffect(() => setShownId(alarmId), [alarmId]);
  const detail = useAlarmDetail(shownId);
  const alarm = detail.data?.id === shownId ? detail.data : undefined;
  const [action, setAction] = useState<AlarmAction | null>(null);
  const [snoozing, setSnoozing] = useState(false);

  const markRead = useMutation({ mutationFn: alarmActions.read, onSuccess: invalidateAlarms });
  const unreadId = alarm !== undefined && !alarm.read ? alarm.id : null;
  useEffect(() => {
    if (unreadId !== null) markRead.mutate([unreadId]);
    // Once per alarm shown unread; the mutation object changes every render.
  }, [unreadId]);

  let body: ReactNode;
  if (detail.isError && alarm === undefined)
    body = <LoadFailed title={t('alarms.drawer.failed')} query={detail} />;
  else if (alarm === undefined) body = <Spin />;
  else body = <AlarmBody alarm={alarm} onOpen={setShownId} onNavigate={onClose} />;

  return (
    <Drawer
      open={alarmId !== null}
      onClose={onClose}
      size={screens.md === false ? '100%' : 600}
      title={
        alarm === undefined ? (
          t('alarms.drawer.title')
        ) : (
          <Space size={4} wrap>
            <AlarmLevelTag level={alarm.level} />
            <AlarmTitle alarm={alarm} />
          </Space>
        )
      }
      extra={
        alarm !== undefined &&
        alarm.state !== 'CLEARED' && (
          <Permitted codes={[Perm.alarmUpdate]}>
            <Space>
              {alarm.state === 'OPEN' && (
                <Button onClick={() => setAction('ack')} data-testid={TestId.alarmDrawerAck}>
                  {t('alarms.action.ack')}
                </Button>
              )}
              <Button onClick={() => setSnoozing(true)} data-testid={TestId.alarmDrawerSnooze}>
                {t('alarmSettings.snooze.open')}
              </Button>
              <Button danger onClick={() => setAction('clear')} data-testid={TestId.alarmDrawerClear}>
                {t('alarms.action.clear')}
              </Button>
            </Space>
          </Permitted>
        )
      }
      destroyOnHidden
    >
      <div data-testid={TestId.alarmDrawer} data-alarm={alarm?.id} data-state={alarm?.state}>
        {body}
      </div>
      <AlarmActionModal
        action={action}
        ids={alarm === undefined ? [] : [alarm.id]}
        onClose={() => setAction(null)}
      />
      {alarm !== undefined && (
        <SnoozeModal
          open={snoozing}
          alarmId={alarm.id}
          timeZone={alarm.timeZone}
          snoozedUntil={alarm.snoozedUntil}
          onClose={() => setSnoozing(false)}
        />
      )}
    </Drawer>
  );
}

function AlarmBody({
  alarm,
  onOpen,
  onNavigate,
}: {
  alarm: AlarmDetail;
  onOpen: (id: number) => void;
  onNavigate: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const at = (ms: number | null): string => formatInZoneLabelled(ms, alarm.timeZone);
  const devicePath =
    alarm.deviceId === null || alarm.deviceSn === null
      ? null
      : detailPathOf(alarm.deviceType, alarm.deviceId, alarm.deviceSn);
  const link = (to: string | null, text: string): ReactNode =>
    to === null ? (
      text
    ) : (
      <Link to={to} onClick={onNavigate}>
        {text}
      </Link>
    );
  const cleared =
    alarm.clearedBy === null
      ? null
      : alarm.clearedBy === 'USER'
        ? (alarm.clearedByUser ?? t(ALARM_CLEARED_BY_LABEL.USER))
        : t(ALARM_CLEARED_BY_LABEL[alarm.clearedBy]);
  const facts: { key: string; label: string; value: ReactNode; shown?: boolean }[] = [
    { key: 'state', label: t('alarms.column.state'), value: <AlarmStateTag state={alarm.state} /> },
    {
      key: 'code',
      label: t('alarms.column.code'),
      value: `${alarm.code} · ${t(`alarms.kind.${alarm.kind}`)}`,
    },
    { key: 'source', label: t('alarms.drawer.source'), value: t(ALARM_SOURCE_LABEL[alarm.source]) },
    {
      key: 'station',
      label: t('alarms.column.station'),
      value:
        alarm.stationId === null || alarm.stationName === null
          ? '-'
          : link(stationDetailPath(alarm.stationId, alarm.stationName), alarm.stationName),
    },
    {
      key: 'device',
      label: t('alarms.column.device'),
      value: (
        <>
          {link(devicePath, alarm.deviceSn ?? alarm.gatewaySn)} ·{' '}
          {t(ALARM_DEVICE_TYPE_LABEL[alarm.deviceType])}
        </>
      ),
    },
    {
      key: 'logger',
      label: t('alarms.drawer.logger'),
      value: link(gatewayDetailPath(alarm.gatewayId, alarm.gatewaySn), alarm.gatewaySn),
    },
    { key: 'startedAt', label: t('alarms.column.startedAt'), value: at(alarm.startedAt) },
    { key: 'endedAt', label: t('alarms.column.endedAt'), value: at(alarm.endedAt) },
    { key: 'lastSeenAt', label: t('alarms.drawer.lastSeen'), value: at(alarm.lastSeenAt) },
    { key: 'repeatCount', label: t('alarms.column.repeats'), value: alarm.repeatCount },
    {
      key: 'acknowledged',
      label: t('alarms.drawer.acknowledged'),
      value: `${alarm.acknowledgedBy ?? '-'} · ${at(alarm.acknowledgedAt)}`,
      shown: alarm.acknowledgedAt !== null,
    },
    {
      key: 'ackNote',
      label: t('alarms.drawer.ackNote'),
      value: alarm.ackNote,
      shown: alarm.ackNote !== null,
    },
    { key: 'cleared', label: t('alarms.drawer.cleared'), value: cleared, shown: cleared !== null },
    {
      key: 'clearReason',
      label: t('alarms.drawer.clearReason'),
      value: alarm.clearReason,
      shown: alarm.clearReason !== null,
    },
    {
      key: 'snoozedUntil',
      label: t('alarms.drawer.snoozedUntil'),
      value: at(alarm.snoozedUntil),
      shown: alarm.snoozedUntil !== null,
    },
    {
      key: 'escalatedAt',
      label: t('alarms.drawer.escalatedAt'),
      value: at(alarm.escalatedAt),
      shown: alarm.escalatedAt !== null,
    },
    {
      key: 'maintenance',
      label: t('alarms.drawer.maintenance'),
      value: t('alarms.yes'),
      shown: alarm.inMaintenance,
    },
    { key: 'flapping', label: t('alarms.drawer.flapping'), value: t('alarms.yes'), shown: alarm.flapping },
  ];
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        bordered
        data-testid={TestId.alarmDrawerFacts}
        items={facts
          .filter((f) => f.shown !== false)
          .map((f) => ({
            key: f.key,
            label: f.label,
            children: <span data-fact={f.key}>{f.value}</span>,
          }))}
      />
      {/* The fault-code catalogue's cause and handling (shown once the rows carry them). */}
      <AlarmCatalogue alarm={alarm} />
      {alarm.ivScan !== null && (
        <>
          <Divider titlePlacement="start">{t('alarms.drawer.ivScan')}</Divider>
          <AlarmIvScan scan={alarm.ivScan} timeZone={alarm.timeZone} onNavigate={onNavigate} />
        </>
      )}
      <Divider titlePlacement="start">{t('alarms.drawer.power')}</Divider>
      <PowerAroundChart alarm={alarm} />
      <Divider titlePlacement="start">{t('alarms.drawer.events')}</Divider>
      <Timeline
        data-testid={TestId.alarmDrawerEvents}
        items={alarm.events.map((e) => ({
          key: e.id,
          content: (
            <span data-event={e.kind}>
              {t(ALARM_EVENT_LABEL[e.kind])} · {at(e.at)}
              {e.inMaintenance && ` · ${t('alarms.drawer.maintenance')}`}
            </span>
          ),
        }))}
      />
      <Divider titlePlacement="start">{t('alarms.drawer.earlier')}</Divider>
      <EarlierOccurrences alarm={alarm} onOpen={onOpen} />
    </>
  );
}

function EarlierOccurrences({
  alarm,
  onOpen,
}: {
  alarm: AlarmItem;
  onOpen: (id: number) => void;
}): ReactElement {
  const { t } = useTranslation();
  const earlier = useEarlierOccurrences(alarm);
  if (earlier.isError && earlier.data === undefined)
    return <LoadFailed title={t('alarms.drawer.earlierFailed')} query={earlier} />;
  const list = (earlier.data?.list ?? []).filter((a) => a.id !== alarm.id);
  return (
    <List
      size="small"
      loading={earlier.isFetching && earlier.data === undefined}
      dataSource={list}
      data-testid={TestId.alarmDrawerEarlier}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alarms.drawer.noEarlier')} />,
      }}
      footer={
        (earlier.data?.total ?? 0) > list.length ? (
          <Typography.Text type="secondary">
            {t('alarms.drawer.earlierTotal', { count: earlier.data?.total ?? 0 })}
          </Typography.Text>
        ) : undefined
      }
      renderItem={(a) => (
        <List.Item key={a.id}>
          <Button type="link" size="small" onClick={() => onOpen(a.id)}>
            {formatInZoneLabelled(a.startedAt, a.timeZone)}
          </Button>
          <AlarmStateTag state={a.state} />
        </List.Item>
      )}
    />
  );
}
