// What the server says about the session: the user's info, the permitted routes and the public
// configuration, loaded once and shared by the shell and every screen; and the logout.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ConfigData, InfoData, RouteEntry } from '@sunfleet/contracts';
import { useAlarmStreamLive } from './alarmLive';
import { api } from './request';
import { configKey, queryClient, sessionKeys } from './queryClient';
import { hasSession, resetSession } from './session';
import { clearLanguageTable } from './storage';

export function fetchInfo(): Promise<InfoData> {
  return api.GET('/api/info');
}

export async function fetchRoutes(): Promise<RouteEntry[]> {
  const result = await api.GET('/api/routes');
  return result.data;
}

export function fetchConfig(): Promise<ConfigData> {
  return api.GET('/api/config');
}

/**
 * Logout of SPEC §4 and the shell: the stored language table is cleared, the server revokes the token,
 * then token, user info, routes and tabs are dropped locally whether or not the call succeeded.
 */
export async function logout(): Promise<void> {
  clearLanguageTable();
  try {
    if (hasSession()) await api.POST('/api/logout');
  } finally {
    resetSession();
  }
}

const sessionQueryOptions = {
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
} as const;

/** Info of the logged-in user; loaded once by the guard, read by the shell. */
export function useInfo(enabled = true): UseQueryResult<InfoData> {
  return useQuery({ queryKey: sessionKeys.info, queryFn: fetchInfo, enabled, ...sessionQueryOptions });
}

/**
 * How often the shell reads /api/info again for the bell's unread alarm count while the tab's alarm
 * stream (/api/live/alarms, lib/alarmLive.ts) is down — it sets the count itself while it is open — and
 * only while the tab is visible (TanStack Query pauses intervals in background tabs); read again at once
 * after an alarm action (components/alarms invalidateAlarms).
 */
export const INFO_REFRESH_MS = 60_000;

/** The user's info, read again every INFO_REFRESH_MS while the alarm stream is down (the top bar's bell). */
export function usePolledInfo(): UseQueryResult<InfoData> {
  const live = useAlarmStreamLive();
  return useQuery({
    queryKey: sessionKeys.info,
    queryFn: fetchInfo,
    ...sessionQueryOptions,
    refetchInterval: live ? false : INFO_REFRESH_MS,
  });
}

/** The permitted navigation entries; loaded once by the guard. */
export function useRouteEntries(enabled = true): UseQueryResult<RouteEntry[]> {
  return useQuery({ queryKey: sessionKeys.routes, queryFn: fetchRoutes, enabled, ...sessionQueryOptions });
}

/** Public configuration: servers, languages, app download, guest login. */
export function useConfig(): UseQueryResult<ConfigData> {
  return useQuery({ queryKey: configKey, queryFn: fetchConfig, staleTime: 5 * 60_000 });
}

/** Replaces the cached user info (e.g. after saving a column choice). */
export function setCachedInfo(update: (info: InfoData) => InfoData): void {
  queryClient.setQueryData<InfoData>(sessionKeys.info, (info) => (info === undefined ? info : update(info)));
}
