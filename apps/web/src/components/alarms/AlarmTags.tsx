import type { ReactElement } from 'react';
import { Badge, Tag } from 'antd';
import type { AlarmItem, AlarmLevel, AlarmState } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { ALARM_LEVEL_COLOR, ALARM_LEVEL_LABEL, ALARM_STATE_COLOR, ALARM_STATE_LABEL } from './labels';

/** An alarm's level (SPEC §4) as a coloured tag. */
export function AlarmLevelTag({ level }: { level: AlarmLevel }): ReactElement {
  const { t } = useTranslation();
  return (
    <Tag color={ALARM_LEVEL_COLOR[level]} data-level={level}>
      {t(ALARM_LEVEL_LABEL[level])}
    </Tag>
  );
}

/** An alarm's life-cycle state: open, acknowledged or cleared. */
export function AlarmStateTag({ state }: { state: AlarmState }): ReactElement {
  const { t } = useTranslation();
  return (
    <Tag color={ALARM_STATE_COLOR[state]} data-state={state}>
      {t(ALARM_STATE_LABEL[state])}
    </Tag>
  );
}

/**
 * The fault-code catalogue's description in the UI language when it knows the code, else the alarm's own
 * message, else "Code N"; a dot in front while unread.
 */
export function AlarmTitle({
  alarm,
}: {
  alarm: Pick<AlarmItem, 'message' | 'code' | 'read'> & Partial<Pick<AlarmItem, 'known' | 'description'>>;
}): ReactElement {
  const { t } = useTranslation();
  const text =
    (alarm.known === true ? alarm.description : null) ??
    alarm.message ??
    t('alarms.codeText', { code: alarm.code });
  return alarm.read ? (
    <span>{text}</span>
  ) : (
    <span className="alarm-unread" data-unread="true">
      <Badge status="processing" aria-label={t('alarms.unread')} title={t('alarms.unread')} /> {text}
    </span>
  );
}
