import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type {
  AuditEntry,
  Country,
  LanguageEntry,
  LanguageKey,
  Region,
  TranslationRow,
} from '@sunfleet/contracts';
import { queryClient } from '../../lib/queryClient';
import { cleanFilters, type PageData, type PageState } from '../../lib/paging';
import { api, download, type DownloadedFile, type QueryValue } from '../../lib/request';

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

export interface TranslationFilters {
  keyword?: string;
  missing?: boolean;
}

export interface LogFilters {
  keyword?: string;
  action?: string;
  userId?: number;
  status?: number;
  from?: string;
  to?: string;
}

/** One reference table: its API path (`/currency` → `/currency/page`, POST/PUT `/currency`, DELETE `/currency/{id}`). */
export type ReferencePath = '/currency' | '/region' | '/timezone' | '/country';

export const systemKeys = {
  reference: (path: ReferencePath, keyword: string, page: PageState) =>
    ['system', 'reference', path, keyword, page] as const,
  referenceAll: (path: ReferencePath) => ['system', 'reference', path] as const,
  languages: ['system', 'languages'] as const,
  translations: (filters: TranslationFilters, page: PageState) =>
    ['system', 'translations', filters, page] as const,
  log: (filters: LogFilters, page: PageState) => ['system', 'log', filters, page] as const,
};

export function useReferencePage<T>(
  path: ReferencePath,
  keyword: string,
  page: PageState,
): UseQueryResult<PageData<T>> {
  return useQuery({
    queryKey: systemKeys.reference(path, keyword, page),
    queryFn: () => api.get<PageData<T>>(`${path}/page`, { ...cleanFilters({ keyword }), ...page }),
    placeholderData: keepPreviousData,
  });
}

export const referenceApi = {
  create: (path: ReferencePath, body: object): Promise<unknown> => api.post(path, body),
  update: (path: ReferencePath, body: object): Promise<unknown> => api.put(path, body),
  remove: (path: ReferencePath, id: string | number): Promise<unknown> =>
    api.delete(`${path}/${encodeURIComponent(String(id))}`),
  invalidate: (path: ReferencePath): Promise<void> =>
    queryClient.invalidateQueries({ queryKey: systemKeys.referenceAll(path) }),
};

export function useLanguages(): UseQueryResult<LanguageEntry[]> {
  return useQuery({
    queryKey: systemKeys.languages,
    queryFn: () => api.get<LanguageEntry[]>('/language/list'),
  });
}

export function useTranslations(
  filters: TranslationFilters,
  page: PageState,
): UseQueryResult<PageData<TranslationRow>> {
  return useQuery({
    queryKey: systemKeys.translations(filters, page),
    queryFn: () =>
      api.get<PageData<TranslationRow>>('/translation/page', { ...cleanFilters({ ...filters }), ...page }),
    placeholderData: keepPreviousData,
  });
}

export async function saveTranslation(
  key: string,
  values: Partial<Record<LanguageKey, string>>,
): Promise<void> {
  await api.put('/translation', { key, values });
  await queryClient.invalidateQueries({ queryKey: ['system'] });
}

function logParams(filters: LogFilters): Record<string, QueryValue> {
  return { ...cleanFilters({ ...filters }) };
}

export function useLog(filters: LogFilters, page: PageState): UseQueryResult<PageData<AuditEntry>> {
  return useQuery({
    queryKey: systemKeys.log(filters, page),
    queryFn: () => api.get<PageData<AuditEntry>>('/log/page', { ...logParams(filters), ...page }),
    placeholderData: keepPreviousData,
  });
}

/** The filtered audit log as an XLSX file, fetched with the session (a plain link could not send it). */
export function exportLog(filters: LogFilters, fallbackName: string): Promise<DownloadedFile> {
  return download('/log/export', logParams(filters), fallbackName);
}
