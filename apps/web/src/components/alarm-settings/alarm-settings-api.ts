import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type {
  AlarmRule,
  AlarmRuleBody,
  MaintenanceWindow,
  MaintenanceWindowBody,
  StationDeviceItem,
} from '@sunfleet/contracts';
import type { PageData } from '../../lib/paging';
import { areaKeys, queryClient } from '../../lib/queryClient';
import { api } from '../../lib/request';
import { rulesForStation, type ShownRule } from './alarmSettingsForm';

// Calls of the "Alarm settings" screens (docs/alarms.md "Alarm settings screens"): alarm rules and
// maintenance windows (contracts alarms.ts). Kept under the alarm query-key area.

const root = [...areaKeys.alarm, 'settings'] as const;
/** The API's page size limit: a station has a handful of rules and windows, the platform a few dozen rules. */
const ALL = 100;

export const settingsKeys = {
  stationRules: (stationId: number) => [...root, 'rules', 'station', stationId] as const,
  defaultRules: () => [...root, 'rules', 'defaults'] as const,
  windows: (stationId: number) => [...root, 'windows', stationId] as const,
  devices: (stationId: number) => [...root, 'devices', stationId] as const,
};

/**
 * The rules that matter to a station: its own and the defaults (global and model rules, picked out of the
 * page, which answers them together with the station rules in reach; at most 100 rows, plenty for the few
 * defaults), each marked with its reach.
 */
export function useRulesForStation(stationId: number): UseQueryResult<ShownRule[]> {
  return useQuery({
    queryKey: settingsKeys.stationRules(stationId),
    queryFn: async () => {
      const [own, all] = await Promise.all([
        api.GET('/api/alarmRule/page', { params: { query: { stationId, pageNum: 1, pageSize: ALL } } }),
        api.GET('/api/alarmRule/page', { params: { query: { pageNum: 1, pageSize: ALL } } }),
      ]);
      return rulesForStation(own.list, all.list);
    },
  });
}

/** The global and model rules (the platform's back office), out of the first 100 rules in reach. */
export function useDefaultRules(): UseQueryResult<AlarmRule[]> {
  return useQuery({
    queryKey: settingsKeys.defaultRules(),
    queryFn: () => api.GET('/api/alarmRule/page', { params: { query: { pageNum: 1, pageSize: ALL } } }),
    select: (page) => page.list.filter((r) => r.stationId === null),
  });
}

export function useStationWindows(stationId: number): UseQueryResult<PageData<MaintenanceWindow>> {
  return useQuery({
    queryKey: settingsKeys.windows(stationId),
    queryFn: () =>
      api.GET('/api/maintenanceWindow/page', {
        params: { query: { stationId, pageNum: 1, pageSize: ALL } },
      }),
  });
}

/** The station's devices (every type), to pick a window's device and name it in the list. */
export function useStationDeviceChoices(stationId: number): UseQueryResult<PageData<StationDeviceItem>> {
  return useQuery({
    queryKey: settingsKeys.devices(stationId),
    queryFn: () =>
      api.GET('/api/station/gateway/inverterPage', {
        params: { query: { stationId, pageNum: 1, pageSize: ALL } },
      }),
  });
}

export function invalidateSettings(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: root });
}

export const settingsApi = {
  createRule: (body: AlarmRuleBody): Promise<AlarmRule> => api.POST('/api/alarmRule', { body }),
  updateRule: (id: number, body: AlarmRuleBody): Promise<AlarmRule> =>
    api.PUT('/api/alarmRule/{id}', { params: { path: { id } }, body }),
  removeRule: (id: number): Promise<null> => api.DELETE('/api/alarmRule/{id}', { params: { path: { id } } }),
  createWindow: (body: MaintenanceWindowBody): Promise<MaintenanceWindow> =>
    api.POST('/api/maintenanceWindow', { body }),
  updateWindow: (id: number, body: MaintenanceWindowBody): Promise<MaintenanceWindow> =>
    api.PUT('/api/maintenanceWindow/{id}', { params: { path: { id } }, body }),
  removeWindow: (id: number): Promise<null> =>
    api.DELETE('/api/maintenanceWindow/{id}', { params: { path: { id } } }),
};
