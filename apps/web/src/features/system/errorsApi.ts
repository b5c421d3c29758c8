// Calls of the Runtime errors page (docs/runtime-errors.md; contracts api/client-errors.ts).
import { keepPreviousData, skipToken, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ClientErrorDetail, ClientErrorGroup } from '@sunfleet/contracts';
import type { PageData, PageState } from '../../lib/paging';
import { api } from '../../lib/request';

export type { ClientErrorDetail, ClientErrorGroup } from '@sunfleet/contracts';

export function useClientErrorPage(q: string, page: PageState): UseQueryResult<PageData<ClientErrorGroup>> {
  return useQuery({
    queryKey: ['clientErrors', 'page', q, page],
    queryFn: () =>
      api.GET('/api/clientError/page', {
        params: { query: { ...page, ...(q.trim() === '' ? {} : { q: q.trim() }) } },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useClientError(id: number | null): UseQueryResult<ClientErrorDetail> {
  return useQuery({
    queryKey: ['clientErrors', 'one', id],
    queryFn: id === null ? skipToken : () => api.GET('/api/clientError/{id}', { params: { path: { id } } }),
  });
}
