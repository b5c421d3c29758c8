import { keepPreviousData, skipToken, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ManagedUser, StationDefaults, TimeZone } from '@sunfleet/contracts';
import { areaKeys, queryClient } from '../../lib/queryClient';
import { cleanFilters, type PageData, type PageState } from '../../lib/paging';
import { api, multipart } from '../../lib/request';

// The Stations API of Step 3 (docs/api.md, contracts/api/stations.ts): list, create/update/delete, rename,
// assign, follow, photos, pickers. Every answer is already cut to the caller's scope (Home's figures and
// map: features/home/api.ts, under the same key area).

export type {
  StationSummary,
  StationDetail,
  StationCreateBody,
  StationUpdateBody,
  StationAssignBody,
  StationLocation,
  StationIndexStats,
  StationType,
  StationPicture,
  GridType,
} from '@sunfleet/contracts';
import type {
  StationAssignBody,
  StationCreateBody,
  StationDetail,
  StationPicture,
  StationSummary,
  StationStatus,
  StationType,
  StationUpdateBody,
} from '@sunfleet/contracts';

export interface StationFilters {
  name?: string;
  type?: StationType;
  status?: StationStatus;
  /** Only stations the caller follows. */
  concern?: boolean;
}

export const stationKeys = {
  all: areaKeys.station,
  list: (filters: StationFilters, page: PageState) => ['station', 'list', filters, page] as const,
  detail: (id: number) => ['station', 'detail', id] as const,
  timeZones: ['station', 'timeZones'] as const,
  defaults: (longitude: number, latitude: number) => ['station', 'defaults', longitude, latitude] as const,
  owners: (companyId: number | undefined, keyword: string) =>
    ['station', 'owners', companyId ?? 'own', keyword] as const,
};

/** After a write every station view may have changed (lists, counts, Home figures, the map). */
export function invalidateStations(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: stationKeys.all });
}

export function useStations(
  filters: StationFilters,
  page: PageState,
): UseQueryResult<PageData<StationSummary>> {
  return useQuery({
    queryKey: stationKeys.list(filters, page),
    queryFn: () =>
      api.GET('/api/station/list', {
        params: {
          query: {
            ...cleanFilters({ name: filters.name, type: filters.type, status: filters.status }),
            ...(filters.concern === true ? { concern: true } : {}),
            ...page,
          },
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useStation(id: number | undefined): UseQueryResult<StationDetail> {
  return useQuery({
    queryKey: stationKeys.detail(id ?? 0),
    queryFn: id === undefined ? skipToken : () => api.GET('/api/station/{id}', { params: { path: { id } } }),
    staleTime: 0,
  });
}

export function useTimeZones(): UseQueryResult<TimeZone[]> {
  return useQuery({
    queryKey: stationKeys.timeZones,
    queryFn: async () =>
      (await api.GET('/api/timezone/page', { params: { query: { pageNum: 1, pageSize: 100 } } })).list,
    staleTime: 5 * 60_000,
  });
}

/**
 * What the form proposes for a position (zone, currency, price: GET /station/defaults); nothing is asked
 * without a position.
 */
export function useStationDefaults(
  position: { longitude: number; latitude: number } | undefined,
): UseQueryResult<StationDefaults> {
  return useQuery({
    queryKey: stationKeys.defaults(position?.longitude ?? 0, position?.latitude ?? 0),
    queryFn:
      position === undefined
        ? skipToken
        : () => api.GET('/api/station/defaults', { params: { query: position } }),
    staleTime: 5 * 60_000,
  });
}

/**
 * Site-owner accounts (role type USER) an administrator may associate with a station, searched by name
 * within a company (default: all within reach).
 */
export function useOwnerAccounts(
  companyId: number | undefined,
  keyword: string,
  enabled = true,
): UseQueryResult<ManagedUser[]> {
  return useQuery({
    queryKey: stationKeys.owners(companyId, keyword),
    queryFn: async () =>
      (
        await api.GET('/api/user/page', {
          params: {
            query: { ...cleanFilters({ keyword }), companyId, disabled: false, pageNum: 1, pageSize: 100 },
          },
        })
      ).list.filter((user) => user.roleType === 'USER'),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export const stationApi = {
  create: (body: StationCreateBody): Promise<{ id: number }> => api.POST('/api/station', { body }),
  update: (body: StationUpdateBody): Promise<unknown> => api.PUT('/api/station', { body }),
  remove: (id: number): Promise<unknown> => api.DELETE('/api/station/{id}', { params: { path: { id } } }),
  rename: (id: number, name: string): Promise<unknown> =>
    api.PUT('/api/station/name', { body: { id, name } }),
  assign: (body: StationAssignBody): Promise<unknown> => api.POST('/api/station/assign', { body }),
  follow: (id: number): Promise<unknown> =>
    api.POST('/api/station/{id}/concern', { params: { path: { id } } }),
  unfollow: (id: number): Promise<unknown> =>
    api.PUT('/api/station/{id}/unconcern', { params: { path: { id } } }),
  uploadPhoto: (file: File): Promise<StationPicture> =>
    api.POST('/api/station/photo', { body: { file }, bodySerializer: multipart }),
};
