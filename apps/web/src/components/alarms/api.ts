import { keepPreviousData, skipToken, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { AlarmDetail, AlarmItem, DeviceHistory } from '@sunfleet/contracts';
import type { PageData } from '../../lib/paging';
import { useAlarmStreamLive } from '../../lib/alarmLive';
import { areaKeys, queryClient, sessionKeys } from '../../lib/queryClient';
import { api, type ApiQuery } from '../../lib/request';

// The alarm calls every alarm screen shares (docs/alarms.md "Alarm list screen"): the page, one alarm,
// its earlier occurrences, the device's power around its start, and the life-cycle actions. Every query
// sits under areaKeys.alarm, so an action refreshes the list, the station Alarm tab, Home and the drawer.

export type AlarmPageQuery = ApiQuery<'get', '/api/alarm/page'>;

/**
 * How often an open alarm list reads again while its tab is shown and the alarm stream
 * (lib/alarmLive.ts) is down; while it is open, its events make the lists read again.
 */
export const ALARM_REFRESH_MS = 60_000;

export const alarmKeys = {
  page: (scope: string, query: AlarmPageQuery) => [...areaKeys.alarm, 'page', scope, query] as const,
  detail: (id: number) => [...areaKeys.alarm, 'detail', id] as const,
  earlier: (id: number) => [...areaKeys.alarm, 'earlier', id] as const,
  power: (id: number) => [...areaKeys.alarm, 'power', id] as const,
};

/** A page of alarms; `scope` names the screen (list, station tab, home) so their caches stay apart. */
export function useAlarmPage(
  scope: string,
  query: AlarmPageQuery,
  refetchInterval: number | false = ALARM_REFRESH_MS,
): UseQueryResult<PageData<AlarmItem>> {
  const live = useAlarmStreamLive();
  return useQuery({
    queryKey: alarmKeys.page(scope, query),
    queryFn: () => api.GET('/api/alarm/page', { params: { query } }),
    placeholderData: keepPreviousData,
    refetchInterval: live ? false : refetchInterval,
  });
}

export function useAlarmDetail(id: number | null): UseQueryResult<AlarmDetail> {
  return useQuery({
    queryKey: alarmKeys.detail(id ?? 0),
    queryFn: id === null ? skipToken : () => api.GET('/api/alarm/{id}', { params: { path: { id } } }),
  });
}

/** How many earlier occurrences the drawer lists. */
export const EARLIER_COUNT = 10;

/** The same code on the same device (or logger) that started before this alarm, newest first. */
export function earlierQuery(alarm: AlarmItem): AlarmPageQuery {
  return {
    pageNum: 1,
    pageSize: EARLIER_COUNT,
    code: alarm.code,
    gatewayId: alarm.gatewayId,
    ...(alarm.deviceId === null ? { deviceType: 'GATEWAY' as const } : { deviceId: alarm.deviceId }),
    to: alarm.startedAt,
  };
}

export function useEarlierOccurrences(alarm: AlarmItem | undefined): UseQueryResult<PageData<AlarmItem>> {
  return useQuery({
    queryKey: alarmKeys.earlier(alarm?.id ?? 0),
    queryFn:
      alarm === undefined
        ? skipToken
        : () => api.GET('/api/alarm/page', { params: { query: earlierQuery(alarm) } }),
  });
}

/** The drawer's chart spans this long before and after the alarm's start. */
export const POWER_WINDOW_MS = 2 * 3600_000;

/** The window of the drawer's chart: two hours either side of the start, never past `now`. */
export function powerWindow(startedAt: number, now: number): { from: number; to: number } {
  const from = startedAt - POWER_WINDOW_MS;
  return { from, to: Math.max(from + 1, Math.min(now, startedAt + POWER_WINDOW_MS)) };
}

/** The device's active power around the alarm's start (/device/{id}/history, as the inverter page). */
export function usePowerAround(alarm: AlarmItem | undefined): UseQueryResult<DeviceHistory> {
  const deviceId = alarm?.deviceId ?? null;
  return useQuery({
    queryKey: alarmKeys.power(alarm?.id ?? 0),
    queryFn:
      alarm === undefined || deviceId === null
        ? skipToken
        : () =>
            api.GET('/api/device/{id}/history', {
              params: {
                path: { id: deviceId },
                query: { ...powerWindow(alarm.startedAt, Date.now()), columns: 'power_w' },
              },
            }),
  });
}

/** After an action: every alarm list and detail, and the unread count of the bell (in /api/info). */
export async function invalidateAlarms(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: areaKeys.alarm }),
    queryClient.invalidateQueries({ queryKey: sessionKeys.info }),
  ]);
}

export const alarmActions = {
  acknowledge: (ids: number[], note: string): Promise<{ changed: number }> =>
    api.POST('/api/alarm/ack', { body: note.trim() === '' ? { ids } : { ids, note: note.trim() } }),
  clear: (ids: number[], reason: string): Promise<{ changed: number }> =>
    api.POST('/api/alarm/clear', { body: { ids, reason: reason.trim() } }),
  read: (ids: number[]): Promise<{ changed: number }> => api.POST('/api/alarm/read', { body: { ids } }),
};

/** Snooze alarms until an instant (epoch ms, later than now): no escalation or reminder meanwhile. */
export const snoozeAlarms = (ids: number[], until: number): Promise<{ changed: number }> =>
  api.POST('/api/alarm/snooze', { body: { ids, until } });
