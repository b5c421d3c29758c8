import type { MouseEvent, ReactElement } from 'react';
import { Checkbox } from 'antd';
import type { AlarmItem } from '@sunfleet/contracts';
import { formatInZoneLabelled } from '@sunfleet/domain';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testids';
import { AlarmLevelTag, AlarmStateTag, AlarmTitle } from './AlarmTags';
import { ALARM_DEVICE_TYPE_LABEL } from './labels';
import './alarms.css';

/**
 * An alarm as a card (lists on a phone, Home): level, state, message, device and station, the start in
 * the station's zone. The whole card opens the alarm; the check box (when given) selects it.
 */
export function AlarmCard({
  alarm,
  onOpen,
  selected,
  onSelect,
}: {
  alarm: AlarmItem;
  onOpen: (id: number) => void;
  selected?: boolean;
  onSelect?: (id: number, selected: boolean) => void;
}): ReactElement {
  const { t } = useTranslation();
  const onClick = (e: MouseEvent<HTMLDivElement>): void => {
    if (e.target instanceof Element && e.target.closest('a, button, label, input') !== null) return;
    onOpen(alarm.id);
  };
  return (
    <div
      className="alarm-card"
      onClick={onClick}
      data-testid={TestId.alarmCard}
      data-id={alarm.id}
      data-unread={!alarm.read}
    >
      <div className="alarm-card-head">
        {onSelect !== undefined && (
          <Checkbox
            checked={selected === true}
            onChange={(e) => onSelect(alarm.id, e.target.checked)}
            aria-label={t('alarms.select')}
          />
        )}
        <AlarmLevelTag level={alarm.level} />
        <AlarmStateTag state={alarm.state} />
        <AlarmTitle alarm={alarm} />
      </div>
      <div className="alarm-card-meta">
        {[
          `${alarm.deviceSn ?? alarm.gatewaySn} · ${t(ALARM_DEVICE_TYPE_LABEL[alarm.deviceType])}`,
          alarm.stationName,
          formatInZoneLabelled(alarm.startedAt, alarm.timeZone),
        ]
          .filter((v) => v !== null)
          .join(' · ')}
      </div>
    </div>
  );
}
