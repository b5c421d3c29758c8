import type { ReactElement } from 'react';
import { Space, Tag, Typography } from 'antd';
import type { AlarmDetail } from '@sunfleet/contracts';
import { formatInZoneLabelled } from '@sunfleet/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ivTaskPath } from '../../lib/paths';
import { TestId } from '../../testids';
import { TASK_STATE_COLOR, TASK_STATE_LABEL, VERDICT_COLOR, VERDICT_LABEL } from '../iv/ivLabels';
import { stringName } from '../pv-strings/stringName';

/**
 * The IV scan started for a string alarm (docs/iv-curves.md "Scans that start themselves"): its state,
 * when the inverter scanned, each string's verdict, and a link to the curves in the IV curve list.
 */
export function AlarmIvScan({
  scan,
  timeZone,
  onNavigate,
}: {
  scan: NonNullable<AlarmDetail['ivScan']>;
  timeZone: string;
  onNavigate: () => void;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <Space
      orientation="vertical"
      size={8}
      data-testid={TestId.alarmDrawerIvScan}
      data-state={scan.state}
      data-scanned-at={scan.scannedAt ?? ''}
    >
      <Space wrap>
        <Tag color={TASK_STATE_COLOR[scan.state]}>{t(TASK_STATE_LABEL[scan.state])}</Tag>
        <Typography.Text type="secondary">
          {scan.scannedAt === null
            ? t('alarms.drawer.ivScanPending')
            : formatInZoneLabelled(scan.scannedAt, timeZone)}
        </Typography.Text>
        <Link to={ivTaskPath(scan.taskId)} onClick={onNavigate}>
          {t('alarms.drawer.ivScanOpen')}
        </Link>
      </Space>
      <Space wrap>
        {scan.strings.map((s) => (
          <Tag
            key={`${s.mppt}:${s.string}`}
            data-verdict={s.verdict ?? ''}
            color={s.verdict === null ? undefined : VERDICT_COLOR[s.verdict]}
          >
            {stringName(t, s)} · {s.verdict === null ? t('ivWeb.verdict.none') : t(VERDICT_LABEL[s.verdict])}
          </Tag>
        ))}
      </Space>
    </Space>
  );
}
