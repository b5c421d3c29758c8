import type { ReactElement } from 'react';
import { Select } from 'antd';
import type { DeviceType } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { deviceTypeOptions } from './labels';

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
