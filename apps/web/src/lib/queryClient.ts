import { QueryClient } from '@tanstack/react-query';

/**
 * Shared TanStack Query client. No automatic retries: the request layer already toasts every failure,
 * and a retry would toast it again. No refetch on focus: the console refreshes on navigation.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

/** Query keys of the session: user info and the permitted routes, fetched once per login (SPEC §4). */
export const sessionKeys = {
  all: ['session'] as const,
  info: ['session', 'info'] as const,
  routes: ['session', 'routes'] as const,
};

export const configKey = ['config'] as const;

/**
 * Query-key areas whose data more than one feature shows. A write invalidates its whole area, so a query
 * another feature keeps under the same area (Home's station figures, the company picker, reference
 * pickers) refreshes with it.
 */
export const areaKeys = {
  org: ['org'] as const,
  station: ['station'] as const,
  /** Alarm lists and details: the alarm list, the station Alarm tab and Home's latest alarms. */
  alarm: ['alarm'] as const,
  currencies: ['system', 'reference', 'currency'] as const,
};
