import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type {
  AlarmItem,
  AlarmLevel,
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
// loggers, devices and meters, alarms and event subscriptions (contracts stations.ts, station-charts.ts,
// station-devices.ts, telemetry.ts).

export type {
  AlarmItem,
  AlarmLevel,
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
    queryFn: () => api.get<StationDetail>(`/station/${id}`),
    enabled,
    retry: (count, error) => !(error instanceof ApiError && error.kind === 'status') && count < 2,
  });
}

export function useStationStats(stationId: number): UseQueryResult<StationStats> {
  return useQuery({
    queryKey: keyOf(stationId, 'stats'),
    queryFn: () => api.get<StationStats>('/station/stats', { stationId }),
    refetchInterval: STATS_REFRESH_MS,
  });
}

export function usePowerChart(stationId: number, date: string | undefined): UseQueryResult<PowerChartData> {
  return useQuery({
    queryKey: keyOf(stationId, 'power', date),
    enabled: date !== undefined,
    queryFn: () => api.get<PowerChartData>('/station/powerChartData', { stationId, date }),
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
    enabled: date !== undefined,
    queryFn: () =>
      api.get<ElectricityChartData>('/station/electricityChartData', { stationId, dimension, date }),
    placeholderData: keepPreviousData,
  });
}

export function useWeather(stationId: number): UseQueryResult<StationWeather> {
  return useQuery({
    queryKey: keyOf(stationId, 'weather'),
    queryFn: () => api.get<StationWeather>('/station/weather', { stationId }),
    staleTime: 10 * 60_000,
  });
}

export function useStationGateways(
  stationId: number,
  page: PageState,
): UseQueryResult<PageData<StationGateway>> {
  return useQuery({
    queryKey: keyOf(stationId, 'gateways', page),
    queryFn: () => api.get<PageData<StationGateway>>(`/station/${stationId}/gateway/page`, { ...page }),
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
      api.get<PageData<StationDevice>>('/station/gateway/inverterPage', {
        ...page,
        stationId,
        deviceType: 'INVERTER',
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
      api.get<PageData<StationDevice>>(`/station/${stationId}/electricityMeter/page`, { ...page }),
    placeholderData: keepPreviousData,
  });
}

export function useStationAlarms(
  stationId: number,
  page: PageState,
  filters: { level?: AlarmLevel; open?: boolean },
): UseQueryResult<PageData<AlarmItem>> {
  return useQuery({
    queryKey: keyOf(stationId, 'alarms', page, filters),
    queryFn: () => api.get<PageData<AlarmItem>>('/alarm/page', { ...page, ...filters, stationId }),
    placeholderData: keepPreviousData,
  });
}

export function useSubscriptions(stationId: number): UseQueryResult<StationSubscription[]> {
  return useQuery({
    queryKey: keyOf(stationId, 'subscriptions'),
    queryFn: () => api.get<StationSubscription[]>(`/station/${stationId}/subscription`),
  });
}

/** Marks one station's detail data stale; the shown parts refetch. */
export function invalidateStation(stationId: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: keyOf(stationId) });
}

export const stationDetailApi = {
  follow: (id: number): Promise<unknown> => api.post(`/station/${id}/concern`),
  unfollow: (id: number): Promise<unknown> => api.put(`/station/${id}/unconcern`),
  bindLogger: (stationId: number, sn: string): Promise<{ id: number }> =>
    api.post<{ id: number }>('/gateway/bind', { stationId, sn }),
  createSubscription: (stationId: number, body: SubscriptionCreateBody): Promise<unknown> =>
    api.post(`/station/${stationId}/subscription`, body),
  updateSubscription: (id: number, body: SubscriptionCreateBody): Promise<unknown> =>
    api.put('/station/subscription', { id, ...body }),
  removeSubscription: (id: number): Promise<unknown> => api.delete(`/station/subscription/${id}`),
};
