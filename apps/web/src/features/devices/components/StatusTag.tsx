import type { ReactElement } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../../testids';
import type { DeviceStatus, GatewayStatus } from '../api';

const COLOR: Record<DeviceStatus | GatewayStatus, string> = {
  RUNNING: 'green',
  NORMAL: 'green',
  FAULT: 'red',
  OFFLINE: 'default',
  OTHER: 'orange',
};

/** A device or logger status (SPEC §4) as a coloured tag. */
export function StatusTag({ status }: { status: DeviceStatus | GatewayStatus }): ReactElement {
  const { t } = useTranslation();
  return (
    <Tag color={COLOR[status]} data-testid={TestId.deviceStatus} data-status={status}>
      {t(`deviceWeb.status.${status}`)}
    </Tag>
  );
}
