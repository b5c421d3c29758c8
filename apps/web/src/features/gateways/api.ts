// Calls of the logger centre (docs/loggers.md; contracts api/gateways.ts): the page with packet loss,
// registration and import (credentials shown once), secret rotation, unbinding, the logger models.
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type {
  GatewayCredentials,
  GatewayPageItem,
  GatewayRegisterBody,
  GatewayStatus,
} from '@sunfleet/contracts';
import { cleanFilters, type PageData, type PageState } from '../../lib/paging';
import { queryClient } from '../../lib/queryClient';
import { api, uploadForFile, type DownloadedFile } from '../../lib/request';

export type { GatewayCredentials, GatewayPageItem } from '@sunfleet/contracts';

export interface GatewayFilters {
  sn?: string;
  status?: GatewayStatus;
  stationId?: number;
}

export const gatewayKeys = {
  all: ['gateways'] as const,
  page: (filters: GatewayFilters, page: PageState) => ['gateways', 'page', filters, page] as const,
  models: ['gateways', 'models'] as const,
};

/** How often the list is read again while open: status and last seen move with time. */
const REFRESH_MS = 60_000;

export function useGatewayPage(
  filters: GatewayFilters,
  page: PageState,
): UseQueryResult<PageData<GatewayPageItem>> {
  return useQuery({
    queryKey: gatewayKeys.page(filters, page),
    queryFn: () =>
      api.GET('/api/gateway/page', { params: { query: { ...cleanFilters({ ...filters }), ...page } } }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

/** The GATEWAY models of the device catalogue, for the registration form. */
export function useLoggerModels(enabled: boolean): UseQueryResult<string[]> {
  return useQuery({
    queryKey: gatewayKeys.models,
    queryFn: async () =>
      (await api.GET('/api/deviceModel/list', { params: { query: { deviceType: 'GATEWAY' } } })).map(
        (m) => m.model,
      ),
    enabled,
  });
}

const refresh = (): Promise<void> =>
  queryClient.invalidateQueries({ queryKey: [...gatewayKeys.all, 'page'] });

export async function registerGateway(body: GatewayRegisterBody): Promise<GatewayCredentials> {
  const created = await api.POST('/api/gateway/register', { body });
  await refresh();
  return created;
}

export async function rotateSecret(id: number): Promise<GatewayCredentials> {
  const rotated = await api.POST('/api/gateway/{id}/secret', { params: { path: { id } } });
  await refresh();
  return rotated;
}

export async function renameGateway(gatewayId: number, name: string): Promise<void> {
  await api.PUT('/api/gateway/name', { body: { gatewayId, name } });
  await refresh();
}

export async function unbindGateway(gatewayId: number): Promise<void> {
  await api.POST('/api/gateway/unbind', { body: { gatewayId } });
  await refresh();
}

/** Registers the loggers of an XLSX file; the answer is their credentials sheet. */
export async function importGateways(file: File): Promise<DownloadedFile> {
  const sheet = await uploadForFile('/api/gateway/import', file, 'logger-credentials.xlsx');
  await refresh();
  return sheet;
}
