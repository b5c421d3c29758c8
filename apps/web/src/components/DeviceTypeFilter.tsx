// Device types as the screens name them: translation keys, select options, and a list toolbar's filter.
import type { ReactElement } from 'react';
import { Select } from 'antd';
import type { TFunction } from 'i18next';
import { DeviceTypes, type DeviceType } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';

/** Translation keys of the device types the screens show. */
export const DEVICE_TYPE_LABEL: Record<DeviceType, string> = {
  GATEWAY: 'registry.deviceType.gateway',
  INVERTER: 'registry.deviceType.inverter',
  METER: 'registry.deviceType.meter',
  BATTERY: 'registry.deviceType.battery',
  WEATHER_STATION: 'registry.deviceType.weatherStation',
};

/** The device types as select options, translated. */
export function deviceTypeOptions(t: TFunction): { value: DeviceType; label: string }[] {
  return DeviceTypes.map((v) => ({ value: v, label: t(DEVICE_TYPE_LABEL[v]) }));
}

/** A list toolbar's device-type filter; cleared, it shows every type. */
export function DeviceTypeFilter({
  placeholder,
  value,
  onChange,
}: {
  placeholder: string;
  value: DeviceType | undefined;
  onChange: (value: DeviceType | undefined) => void;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <Select<DeviceType>
      allowClear
      placeholder={placeholder}
      value={value}
      onChange={onChange}
      options={deviceTypeOptions(t)}
      style={{ width: 180 }}
    />
  );
}
