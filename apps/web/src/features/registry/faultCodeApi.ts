import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { FaultCode, FaultCodeBody, FaultCodeImportResult } from '@sunfleet/contracts';
import { queryClient } from '../../lib/queryClient';
import { cleanFilters, type PageData, type PageState } from '../../lib/paging';
import { api, download, multipart, type ApiQuery, type DownloadedFile } from '../../lib/request';

// The fault-code catalogue API (contracts/api/fault-codes.ts): platform reference data read with
// alarm:view, written with faultCode:update.

export type { FaultCode, FaultCodeBody, FaultCodeImportResult } from '@sunfleet/contracts';

export type FaultCodeFilters = Omit<ApiQuery<'get', '/api/faultCode/page'>, 'pageNum' | 'pageSize'>;

export const faultCodeKeys = {
  all: ['faultCode'] as const,
  page: (filters: FaultCodeFilters, page: PageState) => ['faultCode', 'page', filters, page] as const,
};

export function invalidateFaultCodes(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: faultCodeKeys.all });
}

export function useFaultCodes(
  filters: FaultCodeFilters,
  page: PageState,
): UseQueryResult<PageData<FaultCode>> {
  return useQuery({
    queryKey: faultCodeKeys.page(filters, page),
    queryFn: () =>
      api.GET('/api/faultCode/page', { params: { query: { ...cleanFilters({ ...filters }), ...page } } }),
    placeholderData: keepPreviousData,
  });
}

export const faultCodeApi = {
  create: (body: FaultCodeBody): Promise<unknown> => api.POST('/api/faultCode', { body }),
  update: (id: number, body: FaultCodeBody): Promise<unknown> =>
    api.PUT('/api/faultCode/{id}', { params: { path: { id } }, body }),
  remove: (id: number): Promise<unknown> => api.DELETE('/api/faultCode/{id}', { params: { path: { id } } }),
  import: (file: File): Promise<FaultCodeImportResult> =>
    api.POST('/api/faultCode/import', { body: { file }, bodySerializer: multipart }),
  export: (filters: FaultCodeFilters, fallbackName: string): Promise<DownloadedFile> =>
    download('/api/faultCode/export', fallbackName, { params: { query: cleanFilters({ ...filters }) } }),
};
