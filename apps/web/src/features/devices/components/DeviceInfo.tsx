import type { ReactElement } from 'react';
import { Descriptions, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../../testids';
import type { DeviceDetail } from '../api';
import { useNumberFormat } from '../../../lib/numberFormat';
import { placementItems } from './placementItems';

/**
 * "Device information": who the device is, as its logger's hello announced it (SN, model, manufacturer,
 * firmware, rating, Modbus address) and where it sits. The readings leave these out, so they come from
 * the device's record, not from the live values.
 */
export function DeviceInfo({ device }: { device: DeviceDetail }): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const items: NonNullable<DescriptionsProps['items']> = [
    {
      key: 'sn',
      label: t('deviceWeb.sn'),
      children: <span data-testid={TestId.deviceSn}>{device.sn}</span>,
    },
    { key: 'model', label: t('deviceWeb.model'), children: device.model },
    { key: 'manufacturer', label: t('deviceWeb.manufacturer'), children: device.manufacturer ?? '-' },
    { key: 'firmware', label: t('deviceWeb.firmware'), children: device.firmware ?? '-' },
    ...(device.deviceType === 'INVERTER'
      ? [{ key: 'rated', label: t('deviceWeb.ratedPower'), children: fmt.powerText(device.ratedPowerKw) }]
      : []),
    ...(device.deviceType === 'BATTERY'
      ? [{ key: 'capacity', label: t('deviceWeb.capacity'), children: fmt.energyText(device.capacityKwh) }]
      : []),
    { key: 'address', label: t('deviceWeb.unitId'), children: device.unitId },
    ...placementItems(t, device),
  ];
  return (
    <Descriptions
      bordered
      size="small"
      title={t('displayGroup.common')}
      column={{ xs: 1, sm: 2, xl: 4 }}
      data-testid={TestId.deviceHeader}
      items={items}
    />
  );
}
