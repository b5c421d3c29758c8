import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import { BigScreenLimits, type BigScreenData, type BigScreenShowcase } from '@sunfleet/contracts';
import { areaKeys } from '../../lib/queryClient';
import { api } from '../../lib/request';

// The big screen's summary (kept under the station area's key: a station write refreshes it) and its
// showcase switch.

const keys = {
  summary: (zoneOffset: number) => [...areaKeys.station, 'bigScreen', zoneOffset] as const,
  showcase: ['bigScreen', 'showcase'] as const,
};

/**
 * The summary, read again every BigScreenLimits.refreshMs. A failure toasts (SPEC §8, by the API client)
 * and the screen keeps the figures it has.
 */
export function useBigScreen(zoneOffset: number): UseQueryResult<BigScreenData> {
  return useQuery({
    queryKey: keys.summary(zoneOffset),
    queryFn: () => api.GET('/api/bigScreen', { params: { query: { zoneOffset } } }),
    refetchInterval: BigScreenLimits.refreshMs,
    refetchIntervalInBackground: true,
    retry: false,
  });
}

/** Switches the demonstration figures (platform administrators; the server refuses anyone else). */
export function useSetShowcase(): UseMutationResult<BigScreenShowcase, Error, boolean> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (showcase: boolean) => api.PUT('/api/bigScreen/showcase', { body: { showcase } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...areaKeys.station, 'bigScreen'] }),
  });
}
