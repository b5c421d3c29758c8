import type { ReactElement } from 'react';
import { Tag, type TableColumnType } from 'antd';
import type { AlarmRule } from '@sunfleet/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ALARM_LEVEL_LABEL } from '../alarms/labels';

/** The figures a rule of its kind reads, as one line (e.g. "3 intervals", "threshold 0.5 ± 0.1"). */
export function RuleFigures({ rule }: { rule: AlarmRule }): ReactElement {
  const { t } = useTranslation();
  const parts: string[] = [];
  if (rule.intervals !== null) parts.push(t('alarmSettings.figures.intervals', { n: rule.intervals }));
  if (rule.threshold !== null)
    parts.push(t('alarmSettings.figures.threshold', { v: rule.threshold, h: rule.hysteresis }));
  if (rule.minIrradiance !== null)
    parts.push(t('alarmSettings.figures.minIrradiance', { v: rule.minIrradiance }));
  if (rule.debounceS > 0) parts.push(t('alarmSettings.figures.debounce', { s: rule.debounceS }));
  if (rule.escalateAfterS !== null)
    parts.push(t('alarmSettings.figures.escalate', { s: rule.escalateAfterS }));
  return <span>{parts.join(' · ') || '-'}</span>;
}

/** The columns every rule table shows after its kind and reach: level, code, figures, on/off. */
export function ruleSettingColumns<R extends AlarmRule>(t: TFunction): TableColumnType<R>[] {
  return [
    {
      title: t('alarmSettings.rule.level'),
      dataIndex: 'level',
      render: (l: AlarmRule['level']) => t(ALARM_LEVEL_LABEL[l]),
    },
    { title: t('alarmSettings.rule.code'), dataIndex: 'code' },
    { title: t('alarmSettings.rule.figures'), key: 'figures', render: (_, r) => <RuleFigures rule={r} /> },
    {
      title: t('alarmSettings.rule.enabled'),
      dataIndex: 'enabled',
      render: (v: boolean) => (
        <Tag color={v ? 'success' : 'default'}>{t(v ? 'alarmSettings.on' : 'alarmSettings.off')}</Tag>
      ),
    },
  ];
}
