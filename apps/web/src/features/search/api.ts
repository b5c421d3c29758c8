import type { IndexSearchResult, QueryHistoryBody, SearchType } from '@sunfleet/contracts';
import { api } from '../../lib/request';

// Global search (Step 3): GET /indexSearch, POST /queryHistory, DELETE /clearQueryHistory.

export type { IndexSearchResult, QueryHistoryEntry, SearchType } from '@sunfleet/contracts';

export const searchQueryKey = (keywords: string, type: SearchType | undefined) =>
  ['indexSearch', keywords, type ?? null] as const;

export function fetchSearch(keywords: string, type: SearchType | undefined): Promise<IndexSearchResult> {
  return api.get<IndexSearchResult>('/indexSearch', {
    keywords: keywords === '' ? undefined : keywords,
    type,
  });
}

export function recordSearch(body: QueryHistoryBody): Promise<null> {
  return api.post<null>('/queryHistory', body);
}

export function clearSearchHistory(): Promise<null> {
  return api.delete<null>('/clearQueryHistory');
}
