import type { IndexSearchResult, QueryHistoryBody, SearchType } from '@sunfleet/contracts';
import { api } from '../../lib/request';

// Global search (Step 3): GET /indexSearch, POST /queryHistory, DELETE /clearQueryHistory.

export type { IndexSearchResult, QueryHistoryEntry, SearchType } from '@sunfleet/contracts';

export const searchQueryKey = (keywords: string, type: SearchType | undefined) =>
  ['indexSearch', keywords, type ?? null] as const;

export function fetchSearch(keywords: string, type: SearchType | undefined): Promise<IndexSearchResult> {
  return api.GET('/api/indexSearch', {
    params: { query: { keywords: keywords === '' ? undefined : keywords, type } },
  });
}

export function recordSearch(body: QueryHistoryBody): Promise<null> {
  return api.POST('/api/queryHistory', { body });
}

export function clearSearchHistory(): Promise<null> {
  return api.DELETE('/api/clearQueryHistory');
}
