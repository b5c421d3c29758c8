import { keepPreviousData, skipToken, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type {
  ChartDimension,
  ElectricityChartData,
  GatewayListItem,
  PowerChartData,
  StationDetail,
  StationDeviceItem,
  StationFlow,
  StationStats,
  StationSubscription,
  StationWeather,
  SubscriptionCreateBody,
} from '@sunfleet/contracts';
import { queryClient } from '../../lib/queryClient';
import type { PageData, PageState } from '../../lib/paging';
import { ApiError, api } from '../../lib/request';

// Calls of the station detail screen (Step 3): the station, its live figures, charts and weather, its
// loggers, devices and meters and event subscriptions (alarms: components/alarms) (contracts stations.ts, station-charts.ts,
// station-devices.ts, telemetry.ts).

export type {
  ElectricityChartData as EnergyChartData,
  PowerChartData,
  StationDetail,
  StationStats,
  StationSubscription as Subscription,
  StationWeather as WeatherData,
  SubscriptionCreateBody as SubscriptionInput,
};
export type EnergyDimension = ChartDimension;
export type EnergyFlowData = StationFlow;
export type EnergyFigures = ElectricityChartData['totals'];
export type StationDevice = StationDeviceItem;
export type StationGateway = GatewayListItem & { stationName?: string | null };

const root = ['station-detail'] as const;
/** Query key of one station's detail data (`rest` narrows it to one part, e.g. 'stats'). */
export const keyOf = (stationId: number, ...rest: unknown[]): unknown[] => [...root, stationId, ...rest];

/** How often the overview refetches its figures besides the live stream (the stream may be cut). */
export const STATS_REFRESH_MS = 60_000;

export function useStation(id: number, enabled = true): UseQueryResult<StationDetail> {
  return useQuery({
    queryKey: keyOf(id, 'station'),
    queryFn: () => api.GET('/api/station/{id}', { params: { path: { id } } }),
    enabled,
    retry: (count, error) => !(error instanceof ApiError && error.kind === 'status') && count < 2,
  });
}

export function useStationStats(stationId: number): UseQueryResult<StationStats> {
  return useQuery({
    queryKey: keyOf(stationId, 'stats'),
    queryFn: () => api.GET('/api/station/stats', { params: { query: { stationId } } }),
    refetchInterval: STATS_REFRESH_MS,
  });
}

export function usePowerChart(stationId: number, date: string | undefined): UseQueryResult<PowerChartData> {
  return useQuery({
    queryKey: keyOf(stationId, 'power', date),
    queryFn:
      date === undefined
        ? skipToken
        : () => api.GET('/api/station/powerChartData', { params: { query: { stationId, date } } }),
    placeholderData: keepPreviousData,
  });
}

export function useEnergyChart(
  stationId: number,
  dimension: EnergyDimension,
  date: string | undefined,
): UseQueryResult<ElectricityChartData> {
  return useQuery({
    queryKey: keyOf(stationId, 'energy', dimension, date),
    queryFn:
      date === undefined
        ? skipToken
        : () =>
            api.GET('/api/station/electricityChartData', {
              params: { query: { stationId, dimension, date } },
            }),
    placeholderData: keepPreviousData,
  });
}

export function useWeather(stationId: number): UseQueryResult<StationWeather> {
  return useQuery({
    queryKey: keyOf(stationId, 'weather'),
    queryFn: () => api.GET('/api/station/weather', { params: { query: { stationId } } }),
    staleTime: 10 * 60_000,
  });
}

export function useStationGateways(
  stationId: number,
  page: PageState,
): UseQueryResult<PageData<StationGateway>> {
  return useQuery({
    queryKey: keyOf(stationId, 'gateways', page),
    queryFn: () =>
      api.GET('/api/station/{id}/gateway/page', { params: { path: { id: stationId }, query: page } }),
    placeholderData: keepPreviousData,
  });
}

export function useStationInverters(
  stationId: number,
  page: PageState,
): UseQueryResult<PageData<StationDevice>> {
  return useQuery({
    queryKey: keyOf(stationId, 'inverters', page),
    queryFn: () =>
      api.GET('/api/station/gateway/inverterPage', {
        params: { query: { ...page, stationId, deviceType: 'INVERTER' } },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useStationBatteries(
  stationId: number,
  page: PageState,
): UseQueryResult<PageData<StationDevice>> {
  return useQuery({
    queryKey: keyOf(stationId, 'batteries', page),
    queryFn: () =>
      api.GET('/api/station/gateway/inverterPage', {
        params: { query: { ...page, stationId, deviceType: 'BATTERY' } },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useStationMeters(
  stationId: number,
  page: PageState,
): UseQueryResult<PageData<StationDevice>> {
  return useQuery({
    queryKey: keyOf(stationId, 'meters', page),
    queryFn: () =>
      api.GET('/api/station/{id}/electricityMeter/page', {
        params: { path: { id: stationId }, query: page },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSubscriptions(stationId: number): UseQueryResult<StationSubscription[]> {
  return useQuery({
    queryKey: keyOf(stationId, 'subscriptions'),
    queryFn: () => api.GET('/api/station/{id}/subscription', { params: { path: { id: stationId } } }),
  });
}

/** Marks one station's detail data stale; the shown parts refetch. */
export function invalidateStation(stationId: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: keyOf(stationId) });
}

export const stationDetailApi = {
  follow: (id: number): Promise<unknown> =>
    api.POST('/api/station/{id}/concern', { params: { path: { id } } }),
  unfollow: (id: number): Promise<unknown> =>
    api.PUT('/api/station/{id}/unconcern', { params: { path: { id } } }),
  bindLogger: (stationId: number, sn: string): Promise<{ id: number }> =>
    api.POST('/api/gateway/bind', { body: { stationId, sn } }),
  createSubscription: (stationId: number, body: SubscriptionCreateBody): Promise<unknown> =>
    api.POST('/api/station/{id}/subscription', { params: { path: { id: stationId } }, body }),
  updateSubscription: (id: number, body: SubscriptionCreateBody): Promise<unknown> =>
    api.PUT('/api/station/subscription', { body: { id, ...body } }),
  removeSubscription: (id: number): Promise<unknown> =>
    api.DELETE('/api/station/subscription/{id}', { params: { path: { id } } }),
};
