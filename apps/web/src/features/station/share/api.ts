import { skipToken, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type {
  ChartDimension,
  ElectricityChartData,
  PowerChartData,
  ShareLink,
  ShareLinkCreateBody,
  ShareLinkUpdateBody,
  StationShareView,
  StationWeather,
} from '@sunfleet/contracts';
import { queryClient } from '../../../lib/queryClient';
import { api } from '../../../lib/request';

// Share links (Step 3): the station's links (list, create, revoke, delete) for signed-in users, and the
// public view of a link. Every public call goes to a URL ending in /share, which the request layer
// sends without an Authorization header (SPEC §6).

export type { ShareLink, StationShareView } from '@sunfleet/contracts';

const linksKey = (stationId: number) => ['shareLinks', stationId] as const;

export function useShareLinks(stationId: number, enabled = true): UseQueryResult<ShareLink[]> {
  return useQuery({
    queryKey: linksKey(stationId),
    queryFn: () => api.GET('/api/shareLink/list', { params: { query: { stationId } } }),
    enabled,
  });
}

export const shareLinksApi = {
  create: (body: ShareLinkCreateBody): Promise<ShareLink> => api.POST('/api/shareLink', { body }),
  update: (body: ShareLinkUpdateBody): Promise<ShareLink> => api.PUT('/api/shareLink', { body }),
  remove: (id: number): Promise<null> => api.DELETE('/api/shareLink/{id}', { params: { path: { id } } }),
  invalidate: (stationId: number): Promise<void> =>
    queryClient.invalidateQueries({ queryKey: linksKey(stationId) }),
};

const publicKey = (token: string, ...rest: unknown[]) => ['stationShare', token, ...rest] as const;

/** A refused token (4004) is final: no retries. */
const noRetry = { retry: false } as const;

export function useSharedStation(token: string): UseQueryResult<StationShareView> {
  return useQuery({
    queryKey: publicKey(token),
    queryFn: () => api.GET('/api/station/share', { params: { query: { token } } }),
    enabled: token !== '',
    ...noRetry,
  });
}

export function useSharedPowerChart(token: string, date: string | undefined): UseQueryResult<PowerChartData> {
  return useQuery({
    queryKey: publicKey(token, 'power', date),
    queryFn:
      token === '' || date === undefined
        ? skipToken
        : () => api.GET('/api/station/powerChartData/share', { params: { query: { token, date } } }),
    ...noRetry,
  });
}

export function useSharedEnergyChart(
  token: string,
  dimension: ChartDimension,
  date: string | undefined,
): UseQueryResult<ElectricityChartData> {
  return useQuery({
    queryKey: publicKey(token, 'energy', dimension, date),
    queryFn:
      token === '' || date === undefined
        ? skipToken
        : () =>
            api.GET('/api/station/electricityChartData/share', {
              params: { query: { token, dimension, date } },
            }),
    ...noRetry,
  });
}

export function useSharedWeather(token: string): UseQueryResult<StationWeather> {
  return useQuery({
    queryKey: publicKey(token, 'weather'),
    queryFn: () => api.GET('/api/station/weather/share', { params: { query: { token } } }),
    enabled: token !== '',
    ...noRetry,
  });
}
