import { keepPreviousData, skipToken, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type {
  DeviceModel,
  DeviceRule,
  DeviceRuleBody,
  DeviceType,
  DisplayGroup,
  DisplayGroupCreateBody,
  DisplayGroupUpdateBody,
  ProtocolDefinitionBody,
  ProtocolDefinitionDetail,
  ProtocolDefinitionSummary,
} from '@sunfleet/contracts';
import { queryClient } from '../../lib/queryClient';
import { cleanFilters, type PageData, type PageState } from '../../lib/paging';
import { api } from '../../lib/request';
import type { Register } from './registerValidation';

// Step 2b registry API (contracts/api/registry.ts): device protocol definitions (register maps), display
// groups and device rules (SN prefix → device model). Platform reference data, not cut by tenancy.

export type {
  DeviceModel,
  DeviceRule,
  DeviceRuleBody,
  DisplayGroup,
  ProtocolDefinitionDetail as ProtocolDetail,
  ProtocolDefinitionSummary as ProtocolSummary,
} from '@sunfleet/contracts';

/** Create and replace body; registers typed with their real data-type union (see `Register`). */
export type ProtocolBody = Omit<ProtocolDefinitionBody, 'registers'> & { registers: Register[] };

export interface ProtocolFilters {
  keyword?: string;
  deviceType?: DeviceType;
}

export const registryKeys = {
  all: ['registry'] as const,
  protocols: (filters: ProtocolFilters, page: PageState) => ['registry', 'protocols', filters, page] as const,
  protocol: (id: number) => ['registry', 'protocol', id] as const,
  displayGroups: ['registry', 'displayGroups'] as const,
  rules: (filters: RuleFilters, page: PageState) => ['registry', 'rules', filters, page] as const,
  models: (deviceType: DeviceType | undefined) => ['registry', 'models', deviceType ?? 'all'] as const,
};

/** After a write any registry list may have changed (register counts, group use); they refetch when shown. */
export function invalidateRegistry(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: registryKeys.all });
}

export function useProtocols(
  filters: ProtocolFilters,
  page: PageState,
): UseQueryResult<PageData<ProtocolDefinitionSummary>> {
  return useQuery({
    queryKey: registryKeys.protocols(filters, page),
    queryFn: () =>
      api.GET('/api/deviceProtocol/page', {
        params: { query: { ...cleanFilters({ ...filters }), ...page } },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useProtocol(id: number | undefined): UseQueryResult<ProtocolDefinitionDetail> {
  return useQuery({
    queryKey: registryKeys.protocol(id ?? 0),
    queryFn:
      id === undefined ? skipToken : () => api.GET('/api/deviceProtocol/{id}', { params: { path: { id } } }),
  });
}

export const protocolApi = {
  create: (body: ProtocolBody): Promise<unknown> => api.POST('/api/deviceProtocol', { body }),
  update: (id: number, body: ProtocolBody): Promise<unknown> =>
    api.PUT('/api/deviceProtocol/{id}', { params: { path: { id } }, body }),
  remove: (id: number): Promise<unknown> =>
    api.DELETE('/api/deviceProtocol/{id}', { params: { path: { id } } }),
};

/** Every display group, in display order; `select` narrows what this screen shows (one request for all). */
export function useDisplayGroups(
  enabled = true,
  select?: (groups: DisplayGroup[]) => DisplayGroup[],
): UseQueryResult<DisplayGroup[]> {
  return useQuery({
    queryKey: registryKeys.displayGroups,
    queryFn: () => api.GET('/api/displayGroup/list'),
    enabled,
    select,
  });
}

export const displayGroupApi = {
  create: (body: DisplayGroupCreateBody): Promise<unknown> => api.POST('/api/displayGroup', { body }),
  update: (key: string, body: DisplayGroupUpdateBody): Promise<unknown> =>
    api.PUT('/api/displayGroup/{key}', { params: { path: { key } }, body }),
  remove: (key: string): Promise<unknown> =>
    api.DELETE('/api/displayGroup/{key}', { params: { path: { key } } }),
};

export interface RuleFilters {
  keyword?: string;
  deviceType?: DeviceType;
}

export function useDeviceRules(filters: RuleFilters, page: PageState): UseQueryResult<PageData<DeviceRule>> {
  return useQuery({
    queryKey: registryKeys.rules(filters, page),
    queryFn: () =>
      api.GET('/api/deviceRule/page', { params: { query: { ...cleanFilters({ ...filters }), ...page } } }),
    placeholderData: keepPreviousData,
  });
}

export function useDeviceModels(
  deviceType: DeviceType | undefined,
  enabled = true,
): UseQueryResult<DeviceModel[]> {
  return useQuery({
    queryKey: registryKeys.models(deviceType),
    queryFn: () => api.GET('/api/deviceModel/list', { params: { query: { deviceType } } }),
    enabled,
  });
}

export const deviceRuleApi = {
  create: (body: DeviceRuleBody): Promise<unknown> => api.POST('/api/deviceRule', { body }),
  update: (id: number, body: DeviceRuleBody): Promise<unknown> =>
    api.PUT('/api/deviceRule/{id}', { params: { path: { id } }, body }),
  remove: (id: number): Promise<unknown> => api.DELETE('/api/deviceRule/{id}', { params: { path: { id } } }),
};
