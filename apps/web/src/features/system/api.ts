import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type {
  AuditEntry,
  Country,
  Currency,
  LanguageEntry,
  LanguageKey,
  Region,
  TimeZone,
  TranslationRow,
} from '@sunfleet/contracts';
import { queryClient } from '../../lib/queryClient';
import { cleanFilters, type PageData, type PageState } from '../../lib/paging';
import { api, download, type ApiBody, type ApiQuery, type DownloadedFile } from '../../lib/request';

// Step 2a reference data, translations and audit log (contracts/api/reference.ts and audit.ts).

export type {
  AuditEntry,
  Country,
  Currency,
  LanguageEntry,
  Region,
  TimeZone,
  TranslationRow,
} from '@sunfleet/contracts';
export type TemperatureUnit = Region['temperatureUnit'];
export type CountryVisibility = Country['visibility'];

type Filters<Q> = Omit<Q, 'pageNum' | 'pageSize'>;
export type TranslationFilters = Filters<ApiQuery<'get', '/api/translation/page'>>;
export type LogFilters = Filters<ApiQuery<'get', '/api/log/page'>>;

/** The reference tables; each name is also its query key. */
export type ReferenceTable = 'currency' | 'region' | 'timezone' | 'country';

/** The list query every reference table takes. */
export interface ReferenceQuery extends PageState {
  keyword?: string;
}

export const systemKeys = {
  reference: (table: ReferenceTable, keyword: string, page: PageState) =>
    ['system', 'reference', table, keyword, page] as const,
  referenceAll: (table: ReferenceTable) => ['system', 'reference', table] as const,
  languages: ['system', 'languages'] as const,
  translations: (filters: TranslationFilters, page: PageState) =>
    ['system', 'translations', filters, page] as const,
  log: (filters: LogFilters, page: PageState) => ['system', 'log', filters, page] as const,
};

/** One page of a reference table through its own list call (`…/page`). */
export function useReferencePage<T>(
  table: ReferenceTable,
  fetchPage: (query: ReferenceQuery) => Promise<PageData<T>>,
  keyword: string,
  page: PageState,
): UseQueryResult<PageData<T>> {
  return useQuery({
    queryKey: systemKeys.reference(table, keyword, page),
    queryFn: () => fetchPage({ ...cleanFilters({ keyword }), ...page }),
    placeholderData: keepPreviousData,
  });
}

export function invalidateReference(table: ReferenceTable): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: systemKeys.referenceAll(table) });
}

export const currencyApi = {
  page: (query: ReferenceQuery): Promise<PageData<Currency>> =>
    api.GET('/api/currency/page', { params: { query } }),
  create: (body: ApiBody<'post', '/api/currency'>): Promise<unknown> => api.POST('/api/currency', { body }),
  update: (body: ApiBody<'put', '/api/currency'>): Promise<unknown> => api.PUT('/api/currency', { body }),
  remove: (code: string): Promise<unknown> =>
    api.DELETE('/api/currency/{code}', { params: { path: { code } } }),
};

export const regionApi = {
  page: (query: ReferenceQuery): Promise<PageData<Region>> =>
    api.GET('/api/region/page', { params: { query } }),
  create: (body: ApiBody<'post', '/api/region'>): Promise<unknown> => api.POST('/api/region', { body }),
  update: (body: ApiBody<'put', '/api/region'>): Promise<unknown> => api.PUT('/api/region', { body }),
  remove: (id: number): Promise<unknown> => api.DELETE('/api/region/{id}', { params: { path: { id } } }),
};

export const timeZoneApi = {
  page: (query: ReferenceQuery): Promise<PageData<TimeZone>> =>
    api.GET('/api/timezone/page', { params: { query } }),
  create: (body: ApiBody<'post', '/api/timezone'>): Promise<unknown> => api.POST('/api/timezone', { body }),
  update: (body: ApiBody<'put', '/api/timezone'>): Promise<unknown> => api.PUT('/api/timezone', { body }),
  remove: (id: number): Promise<unknown> => api.DELETE('/api/timezone/{id}', { params: { path: { id } } }),
};

export const countryApi = {
  page: (query: ReferenceQuery): Promise<PageData<Country>> =>
    api.GET('/api/country/page', { params: { query } }),
  create: (body: ApiBody<'post', '/api/country'>): Promise<unknown> => api.POST('/api/country', { body }),
  update: (body: ApiBody<'put', '/api/country'>): Promise<unknown> => api.PUT('/api/country', { body }),
  remove: (code: string): Promise<unknown> =>
    api.DELETE('/api/country/{code}', { params: { path: { code } } }),
};

export function useLanguages(): UseQueryResult<LanguageEntry[]> {
  return useQuery({
    queryKey: systemKeys.languages,
    queryFn: () => api.GET('/api/language/list'),
  });
}

export function useTranslations(
  filters: TranslationFilters,
  page: PageState,
): UseQueryResult<PageData<TranslationRow>> {
  return useQuery({
    queryKey: systemKeys.translations(filters, page),
    queryFn: () =>
      api.GET('/api/translation/page', { params: { query: { ...cleanFilters({ ...filters }), ...page } } }),
    placeholderData: keepPreviousData,
  });
}

export async function saveTranslation(
  key: string,
  values: Partial<Record<LanguageKey, string>>,
): Promise<void> {
  await api.PUT('/api/translation', { body: { key, values } });
  await queryClient.invalidateQueries({ queryKey: ['system'] });
}

export function useLog(filters: LogFilters, page: PageState): UseQueryResult<PageData<AuditEntry>> {
  return useQuery({
    queryKey: systemKeys.log(filters, page),
    queryFn: () =>
      api.GET('/api/log/page', { params: { query: { ...cleanFilters({ ...filters }), ...page } } }),
    placeholderData: keepPreviousData,
  });
}

/** The filtered audit log as an XLSX file, fetched with the session (a plain link could not send it). */
export function exportLog(filters: LogFilters, fallbackName: string): Promise<DownloadedFile> {
  return download('/api/log/export', fallbackName, { params: { query: cleanFilters({ ...filters }) } });
}
