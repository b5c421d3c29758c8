// Calls of the IV curve screens (docs/iv-curves.md; contracts api/iv.ts, api/pv-strings.ts): the task list
// and one task (read again while it scans), starting a scan, the station's inverters and conditions now,
// the per-station auto-scan switch, and the export of a task's points.
import { keepPreviousData, skipToken, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type {
  IvAutoScanView,
  IvConditions,
  IvScanBody,
  IvTaskView,
  StationDeviceItem,
} from '@sunfleet/contracts';
import { FOLLOW_POLL_MS } from '../../components/commands/api';
import type { PageData, PageState } from '../../lib/paging';
import { queryClient } from '../../lib/queryClient';
import { api, download, type DownloadedFile } from '../../lib/request';

export const ivKeys = {
  all: ['iv'] as const,
  page: (page: PageState, stationId: number | undefined) => ['iv', 'page', page, stationId ?? 0] as const,
  task: (id: string) => ['iv', 'task', id] as const,
  inverters: (stationId: number) => ['iv', 'inverters', stationId] as const,
  conditions: (stationId: number) => ['iv', 'conditions', stationId] as const,
  autoScan: (stationId: number) => ['iv', 'autoScan', stationId] as const,
};

/** The list of tasks; read again while one of them is scanning. */
export function useIvTasks(
  page: PageState,
  stationId: number | undefined,
): UseQueryResult<PageData<IvTaskView>> {
  return useQuery({
    queryKey: ivKeys.page(page, stationId),
    queryFn: () =>
      api.GET('/api/iv/task/page', {
        params: { query: stationId === undefined ? page : { ...page, stationId } },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.list.some((task) => task.state === 'SCANNING') === true ? FOLLOW_POLL_MS : false,
  });
}

/** One task with every inverter's curves; read again while an inverter has not answered. */
export function useIvTask(id: string | null): UseQueryResult<IvTaskView> {
  return useQuery({
    queryKey: ivKeys.task(id ?? ''),
    queryFn: id === null ? skipToken : () => api.GET('/api/iv/task/{id}', { params: { path: { id } } }),
    refetchInterval: (q) => (q.state.data?.state === 'SCANNING' ? FOLLOW_POLL_MS : false),
  });
}

/** Sends iv.scan to the chosen inverters; answers the task once they answered (or after the wait). */
export async function startIvScan(body: IvScanBody): Promise<IvTaskView> {
  const task = await api.POST('/api/iv/scan', { body });
  queryClient.setQueryData(ivKeys.task(task.id), task);
  void queryClient.invalidateQueries({ queryKey: [...ivKeys.all, 'page'] });
  return task;
}

/** The station's inverters (at most 100: a task takes 50). */
export function useStationInverters(stationId: number | undefined): UseQueryResult<StationDeviceItem[]> {
  return useQuery({
    queryKey: ivKeys.inverters(stationId ?? 0),
    queryFn:
      stationId === undefined
        ? skipToken
        : async () =>
            (
              await api.GET('/api/station/gateway/inverterPage', {
                params: { query: { stationId, deviceType: 'INVERTER', pageNum: 1, pageSize: 100 } },
              })
            ).list,
  });
}

/** The irradiance and local time at the station now (SPEC §9 warnings); read again every minute. */
export function useIvConditions(stationId: number | undefined): UseQueryResult<IvConditions> {
  return useQuery({
    queryKey: ivKeys.conditions(stationId ?? 0),
    queryFn:
      stationId === undefined
        ? skipToken
        : () => api.GET('/api/iv/conditions', { params: { query: { stationId } } }),
    refetchInterval: 60_000,
  });
}

export function useAutoScan(stationId: number | undefined): UseQueryResult<IvAutoScanView> {
  return useQuery({
    queryKey: ivKeys.autoScan(stationId ?? 0),
    queryFn:
      stationId === undefined
        ? skipToken
        : () => api.GET('/api/iv/autoScan/{stationId}', { params: { path: { stationId } } }),
  });
}

export async function setAutoScan(stationId: number, enabled: boolean): Promise<IvAutoScanView> {
  const view = await api.PUT('/api/iv/autoScan/{stationId}', {
    params: { path: { stationId } },
    body: { enabled },
  });
  queryClient.setQueryData(ivKeys.autoScan(stationId), view);
  return view;
}

export type IvExportFormat = 'xlsx' | 'csv';

export function exportIvTask(id: string, format: IvExportFormat): Promise<DownloadedFile> {
  return download('/api/iv/task/{id}/export', `iv-curves.${format}`, {
    params: { path: { id }, query: { format } },
  });
}
