import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { Currency } from '@sunfleet/contracts';
import { areaKeys } from './queryClient';
import { api } from './request';

/**
 * Currencies for pickers (Home, the station form, regions): the reference list is short, one page holds
 * them all. Kept under the currency table's key, so editing currencies refreshes every picker.
 */
export function useCurrencies(): UseQueryResult<Currency[]> {
  return useQuery({
    queryKey: [...areaKeys.currencies, 'picker'],
    queryFn: async () =>
      (await api.GET('/api/currency/page', { params: { query: { pageNum: 1, pageSize: 200 } } })).list,
    staleTime: 5 * 60_000,
  });
}
