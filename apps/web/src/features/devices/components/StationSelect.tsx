import { useState, type ReactElement } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStationOptions } from '../api';

export interface StationSelectProps {
  /** Optional so a Form.Item can supply both. */
  value?: number;
  onChange?: (value: number | undefined) => void;
  testId: string;
  allowClear?: boolean;
  width?: number | string;
}

/** A station picked by name from /station/simple/list (searched on the server as the user types). */
export function StationSelect({
  value,
  onChange,
  testId,
  allowClear = true,
  width = 220,
}: StationSelectProps): ReactElement {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const stations = useStationOptions(name);
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setName }}
      allowClear={allowClear}
      placeholder={t('deviceWeb.station')}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      loading={stations.isFetching}
      options={(stations.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
      style={{ width }}
      data-testid={testId}
    />
  );
}
