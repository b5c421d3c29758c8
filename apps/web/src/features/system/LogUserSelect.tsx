import { useEffect, useState, type ReactElement } from 'react';
import { Select } from 'antd';
import { Perm, Timing } from '@sunfleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePermitted } from '../../components/Permitted';
import { api } from '../../lib/request';

const HITS = 20;

/**
 * Picks a user for the log filter by searching the account list (400 ms after typing stops, SPEC §9).
 * Only shown with account:view, the permission the account list needs.
 */
export function LogUserSelect({
  value,
  onChange,
}: {
  value?: number;
  onChange: (value: number | undefined) => void;
}): ReactElement | null {
  const { t } = useTranslation();
  const allowed = usePermitted([Perm.accountView]);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), Timing.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [typed]);
  const users = useQuery({
    queryKey: ['system', 'logUsers', keyword],
    queryFn: () =>
      api.GET('/api/user/page', {
        params: { query: { keyword: keyword === '' ? undefined : keyword, pageNum: 1, pageSize: HITS } },
      }),
    placeholderData: keepPreviousData,
    enabled: allowed,
  });
  if (!allowed) return null;
  return (
    <Select<number>
      allowClear
      value={value}
      onChange={onChange}
      placeholder={t('system.log.user')}
      loading={users.isFetching}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      options={(users.data?.list ?? []).map((u) => ({ value: u.id, label: u.username }))}
      notFoundContent={t('TheDataDoesNotExist')}
      style={{ width: 180 }}
    />
  );
}
