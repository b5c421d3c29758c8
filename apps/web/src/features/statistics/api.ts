// Calls of the statistics screen (docs/statistics.md; contracts api/statistics.ts): the comparison, its XLSX,
// the station options and the saved views.
import { keepPreviousData, skipToken, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type {
  StatisticsCompareQuery,
  StatisticsCompareResult,
  StatisticsView,
  StatisticsViewBody,
} from '@sunfleet/contracts';
import { queryClient } from '../../lib/queryClient';
import { api, download, type DownloadedFile } from '../../lib/request';

export const statisticsKeys = {
  all: ['statistics'] as const,
  compare: (q: StatisticsCompareQuery | null) => ['statistics', 'compare', q] as const,
  views: ['statistics', 'views'] as const,
  stations: ['statistics', 'stations'] as const,
};

export function useComparison(query: StatisticsCompareQuery | null): UseQueryResult<StatisticsCompareResult> {
  return useQuery({
    queryKey: statisticsKeys.compare(query),
    queryFn: query === null ? skipToken : () => api.GET('/api/statistics/compare', { params: { query } }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function exportStatistics(query: StatisticsCompareQuery): Promise<DownloadedFile> {
  return download('/api/statistics/export', 'statistics.xlsx', { params: { query } });
}

/** The stations in reach for the picker (the first 200 by name; the picker filters them as one types). */
export function useStationOptions(): UseQueryResult<{ value: number; label: string }[]> {
  return useQuery({
    queryKey: statisticsKeys.stations,
    queryFn: async () =>
      (await api.GET('/api/station/simple/list', { params: { query: {} } })).map((s) => ({
        value: s.id,
        label: s.name,
      })),
  });
}

export function useViews(): UseQueryResult<StatisticsView[]> {
  return useQuery({ queryKey: statisticsKeys.views, queryFn: () => api.GET('/api/statistics/view/list') });
}

export async function saveView(id: number | null, body: StatisticsViewBody): Promise<StatisticsView> {
  const saved =
    id === null
      ? await api.POST('/api/statistics/view', { body })
      : await api.PUT('/api/statistics/view', { body: { id, ...body } });
  await queryClient.invalidateQueries({ queryKey: statisticsKeys.views });
  return saved;
}

export async function deleteView(id: number): Promise<void> {
  await api.DELETE('/api/statistics/view/{id}', { params: { path: { id } } });
  await queryClient.invalidateQueries({ queryKey: statisticsKeys.views });
}
