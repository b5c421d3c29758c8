import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { StationIndexStats, StationLocation } from '@sunfleet/contracts';
import { areaKeys } from '../../lib/queryClient';
import { api } from '../../lib/request';

// Home's figures and map (its alarms: components/alarms). Kept under the station area's key: a station write refreshes them.

const homeKeys = {
  locations: [...areaKeys.station, 'locations'] as const,
  indexStats: (currency: string | undefined) =>
    [...areaKeys.station, 'indexStats', currency ?? 'own'] as const,
};

export function useStationLocations(): UseQueryResult<StationLocation[]> {
  return useQuery({
    queryKey: homeKeys.locations,
    queryFn: () => api.GET('/api/station/locations'),
  });
}

/** Home figures in `currency` (the server converts with its exchange rates); undefined = server default. */
export function useIndexStats(currency: string | undefined): UseQueryResult<StationIndexStats> {
  return useQuery({
    queryKey: homeKeys.indexStats(currency),
    queryFn: () => api.GET('/api/station/stats/index', { params: { query: { currency } } }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}
