import type { DescriptionsProps } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { DeviceDetail } from '../api';
import { gatewayDetailPath, stationDetailPath } from '../../../lib/paths';

/** Where a device sits — its station (or "unbound") and its logger — as items of a detail header. */
export function placementItems(
  t: TFunction,
  device: Pick<DeviceDetail, 'stationId' | 'stationName' | 'gatewayId' | 'gatewaySn'>,
): NonNullable<DescriptionsProps['items']> {
  return [
    {
      key: 'station',
      label: t('deviceWeb.station'),
      children:
        device.stationId === null ? (
          t('deviceWeb.unbound')
        ) : (
          <Link to={stationDetailPath(device.stationId, device.stationName ?? '')}>{device.stationName}</Link>
        ),
    },
    {
      key: 'logger',
      label: t('deviceWeb.logger'),
      children: <Link to={gatewayDetailPath(device.gatewayId, device.gatewaySn)}>{device.gatewaySn}</Link>,
    },
  ];
}
