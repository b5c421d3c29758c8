// Calls of the batch register test (docs/remote.md "Screens"; contracts api/remote.ts RegisterTest*): the
// device models and their definitions, the devices of a model, running a test, one test (read again while
// devices have not answered), the list of earlier tests and the XLSX export.
import { keepPreviousData, skipToken, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type {
  DeviceModel,
  ProtocolDefinitionDetail,
  RegisterTestBody,
  RegisterTestView,
  StationDeviceItem,
} from '@sunfleet/contracts';
import { FOLLOW_POLL_MS } from '../../components/commands/api';
import type { PageData, PageState } from '../../lib/paging';
import { cleanFilters } from '../../lib/paging';
import { api, download, type DownloadedFile } from '../../lib/request';

export const registerTestKeys = {
  all: ['registerTest'] as const,
  models: ['registerTest', 'models'] as const,
  definition: (id: number) => ['registerTest', 'definition', id] as const,
  devices: (model: string, sn: string) => ['registerTest', 'devices', model, sn] as const,
  test: (id: string) => ['registerTest', 'test', id] as const,
  page: (page: PageState) => ['registerTest', 'page', page] as const,
};

export function useDeviceModels(): UseQueryResult<DeviceModel[]> {
  return useQuery({ queryKey: registerTestKeys.models, queryFn: () => api.GET('/api/deviceModel/list') });
}

/** The model's protocol definition: the registers a test may read by key. */
export function useDefinition(id: number | null): UseQueryResult<ProtocolDefinitionDetail> {
  return useQuery({
    queryKey: registerTestKeys.definition(id ?? 0),
    queryFn:
      id === null ? skipToken : () => api.GET('/api/deviceProtocol/{id}', { params: { path: { id } } }),
  });
}

/**
 * Devices of one model whose SN contains `sn`, up to 100 (the device list has no model filter: it is
 * asked for the model's device type and narrowed here).
 */
export function useModelDevices(
  model: DeviceModel | undefined,
  sn: string,
): UseQueryResult<StationDeviceItem[]> {
  return useQuery({
    queryKey: registerTestKeys.devices(model?.model ?? '', sn),
    queryFn:
      model === undefined || model.deviceType === 'GATEWAY'
        ? skipToken
        : async () => {
            const deviceType = model.deviceType === 'GATEWAY' ? undefined : model.deviceType;
            const page = await api.GET('/api/station/gateway/inverterPage', {
              params: { query: { ...cleanFilters({ sn }), deviceType, pageNum: 1, pageSize: 100 } },
            });
            return page.list.filter((d) => d.model === model.model);
          },
    placeholderData: keepPreviousData,
  });
}

/** One test; read again while some of its devices have not answered. */
export function useRegisterTest(id: string | null): UseQueryResult<RegisterTestView> {
  return useQuery({
    queryKey: registerTestKeys.test(id ?? ''),
    queryFn:
      id === null ? skipToken : () => api.GET('/api/remote/registerTest/{id}', { params: { path: { id } } }),
    refetchInterval: (q) => ((q.state.data?.open ?? 0) > 0 ? FOLLOW_POLL_MS : false),
  });
}

export function useRegisterTests(page: PageState): UseQueryResult<PageData<RegisterTestView>> {
  return useQuery({
    queryKey: registerTestKeys.page(page),
    queryFn: () => api.GET('/api/remote/registerTest/page', { params: { query: page } }),
    placeholderData: keepPreviousData,
  });
}

export function runRegisterTest(body: RegisterTestBody): Promise<RegisterTestView> {
  return api.POST('/api/remote/registerTest', { body });
}

export function exportRegisterTest(id: string): Promise<DownloadedFile> {
  return download('/api/remote/registerTest/{id}/export', 'register-test.xlsx', { params: { path: { id } } });
}
