import { useState, type ReactElement } from 'react';
import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cleanFilters } from '../lib/paging';
import { areaKeys } from '../lib/queryClient';
import { api } from '../lib/request';

export interface StationSelectProps {
  /** Optional so a Form.Item can supply both. */
  value?: number;
  onChange?: (value: number | undefined) => void;
  testId: string;
  allowClear?: boolean;
  width?: number | string;
}

/**
 * A station picked by name from /station/simple/list (searched on the server as the user types, at most
 * 200): the station filter of the device and alarm lists and the logger's bind dialog.
 */
export function StationSelect({
  value,
  onChange,
  testId,
  allowClear = true,
  width = 220,
}: StationSelectProps): ReactElement {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const stations = useQuery({
    queryKey: [...areaKeys.station, 'options', name],
    queryFn: () => api.GET('/api/station/simple/list', { params: { query: cleanFilters({ name }) } }),
    placeholderData: keepPreviousData,
  });
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
