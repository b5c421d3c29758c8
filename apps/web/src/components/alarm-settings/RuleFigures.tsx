import type { ReactElement } from 'react';
import type { AlarmRule } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';

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
