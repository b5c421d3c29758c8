// Calls of an inverter's PV strings (docs/iv-curves.md "Strings (stored)"; contracts api/pv-strings.ts)
// and of its strings' IV history (api/iv.ts IvHistory): shared by the inverter's page and the New IV
// curve screen.
import { skipToken, useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { IvHistory, PvStringsBody, PvStringsView } from '@sunfleet/contracts';
import { queryClient } from '../../lib/queryClient';
import { api } from '../../lib/request';

export const pvStringKeys = {
  strings: (deviceId: number) => ['pvStrings', deviceId] as const,
  history: (deviceId: number) => ['pvStrings', 'ivHistory', deviceId] as const,
};

const readStrings = (id: number): Promise<PvStringsView> =>
  api.GET('/api/device/{id}/pvStrings', { params: { path: { id } } });

export function usePvStrings(deviceId: number | undefined): UseQueryResult<PvStringsView> {
  return useQuery({
    queryKey: pvStringKeys.strings(deviceId ?? 0),
    queryFn: deviceId === undefined ? skipToken : () => readStrings(deviceId),
  });
}

/** The stored strings of several inverters (the New IV curve screen's string choice). */
export function usePvStringsOf(deviceIds: readonly number[]): UseQueryResult<PvStringsView>[] {
  return useQueries({
    queries: deviceIds.map((id) => ({ queryKey: pvStringKeys.strings(id), queryFn: () => readStrings(id) })),
  });
}

/** Replaces every string of the inverter (the server checks all of them before storing any). */
export async function savePvStrings(deviceId: number, body: PvStringsBody): Promise<PvStringsView> {
  const view = await api.PUT('/api/device/{id}/pvStrings', { params: { path: { id: deviceId } }, body });
  queryClient.setQueryData(pvStringKeys.strings(deviceId), view);
  return view;
}

/** Every judged scan of each string of the inverter, oldest first. */
export function useIvHistory(deviceId: number): UseQueryResult<IvHistory> {
  return useQuery({
    queryKey: pvStringKeys.history(deviceId),
    queryFn: () => api.GET('/api/iv/history', { params: { query: { deviceId } } }),
  });
}
