import type { ReactElement } from 'react';
import { Space, Typography } from 'antd';
import type { DeviceRest, DeviceStatus } from '@sunfleet/contracts';
import { formatInZoneLabelled } from '@sunfleet/domain';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../components/StatusTag';
import { useNumberFormat } from '../../../lib/numberFormat';
import { TestId } from '../../../testids';
import type { DeviceMeasure } from '../api';
import { measureText } from '../format';

/**
 * The first line of a device page: its status (SPEC §4), the state the device reports about itself as a
 * word (an inverter's operating state, a battery's charge status) and when its newest reading was taken,
 * in the station's zone and labelled with it.
 */
export function StateLine({
  status,
  rest,
  state,
  lastSeen,
  timeZone,
}: {
  status: DeviceStatus;
  /** How an inverter that reports OTHER rests (asleep, standby…): worded calmly by the status tag. */
  rest?: DeviceRest | null;
  state: { measure: DeviceMeasure; value: number | string | null } | null;
  lastSeen: string | number | null;
  timeZone: string;
}): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  return (
    <Space wrap size={[16, 8]}>
      <StatusTag kind="device" status={status} rest={rest ?? null} testId={TestId.deviceStatus} />
      {state !== null && (
        <Typography.Text>
          {t(state.measure.nameKey)}:{' '}
          <Typography.Text strong data-testid={TestId.deviceState}>
            {measureText(t, state.measure, state.value, fmt.locale)}
          </Typography.Text>
        </Typography.Text>
      )}
      <Typography.Text type="secondary">
        {t('deviceWeb.lastData')}:{' '}
        <span data-testid={TestId.deviceLastSeen}>{formatInZoneLabelled(lastSeen, timeZone)}</span>
      </Typography.Text>
    </Space>
  );
}
