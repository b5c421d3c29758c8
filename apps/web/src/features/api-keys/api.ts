// Calls of the Interface management screen (docs/api-keys.md; contracts api/api-keys.ts): the page of keys,
// creating one (the answer holds the key, shown once) and revoking one.
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ApiKeyCreateBody, ApiKeyCreated, ApiKeyItem, ApiKeyState } from '@sunfleet/contracts';
import type { PageData, PageState } from '../../lib/paging';
import { queryClient } from '../../lib/queryClient';
import { api } from '../../lib/request';

export interface ApiKeyFilters {
  name: string;
  state?: ApiKeyState;
}

const apiKeyKeys = {
  all: ['apiKeys'] as const,
  page: (page: PageState, filters: ApiKeyFilters) => ['apiKeys', 'page', page, filters] as const,
};

export function useApiKeyPage(page: PageState, filters: ApiKeyFilters): UseQueryResult<PageData<ApiKeyItem>> {
  return useQuery({
    queryKey: apiKeyKeys.page(page, filters),
    queryFn: () =>
      api.GET('/api/apiKey/page', {
        params: {
          query: {
            ...page,
            ...(filters.name.trim() === '' ? {} : { name: filters.name.trim() }),
            ...(filters.state === undefined ? {} : { state: filters.state }),
          },
        },
      }),
    placeholderData: keepPreviousData,
  });
}

const refresh = (): Promise<void> => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });

export async function createApiKey(body: ApiKeyCreateBody): Promise<ApiKeyCreated> {
  const created = await api.POST('/api/apiKey', { body });
  await refresh();
  return created;
}

export async function revokeApiKey(id: number): Promise<void> {
  await api.DELETE('/api/apiKey/{id}', { params: { path: { id } } });
  await refresh();
}
