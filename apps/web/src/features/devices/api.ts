import { keepPreviousData, skipToken, useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  DEVICE_STATUS_CODES,
  type DeviceDetail,
  type DeviceHistory,
  type DeviceLatest,
  type DeviceRollup,
  type DeviceStatus,
  type GatewayDetail,
  type GatewayListItem,
  type GatewayStatus,
  type PacketLoss,
  type StationDeviceItem,
} from '@sunfleet/contracts';
import { useLive } from '../../lib/live';
import { queryClient } from '../../lib/queryClient';
import { cleanFilters, type PageData, type PageState } from '../../lib/paging';
import { api, download, type ApiQuery, type DownloadedFile } from '../../lib/request';

// Devices console (Step 3): the device and logger lists of /station/gateway/inverterPage and
// /station/gateway/page, the device detail of /device/{id} with its latest values, history and XLSX
// export, the logger detail of /gateway/{id} with rename and packet loss, and logger binding.

export type {
  DeviceDetail,
  DeviceGroup,
  DeviceHistory,
  DeviceLatest,
  DeviceMeasure,
  DeviceRollup,
  GatewayDetail,
  GatewayListItem,
  PacketLoss,
} from '@sunfleet/contracts';

/** Device types GET /station/gateway/inverterPage lists (loggers have their own list). */
export type ListedDeviceType = NonNullable<
  ApiQuery<'get', '/api/station/gateway/inverterPage'>['deviceType']
>;

/** One row of GET /station/gateway/inverterPage. */
export type DeviceListItem = StationDeviceItem;

/** A logger row: the gateways list item (it already carries the station). */
export type LoggerListItem = GatewayListItem;

export interface StationOption {
  id: number;
  name: string;
}

export interface DeviceFilters {
  sn?: string;
  status?: DeviceStatus;
  stationId?: number;
}

export interface LoggerFilters {
  sn?: string;
  status?: GatewayStatus;
  stationId?: number;
}

/** How often a detail page polls while its live stream is not connected. */
export const LIVE_REFRESH_MS = 15_000;

export const deviceKeys = {
  all: ['devices'] as const,
  devices: (deviceType: ListedDeviceType, filters: DeviceFilters, page: PageState) =>
    ['devices', 'list', deviceType, filters, page] as const,
  loggers: (filters: LoggerFilters, page: PageState) => ['devices', 'loggers', filters, page] as const,
  stations: (name: string) => ['devices', 'stations', name] as const,
  device: (id: number) => ['devices', 'device', id] as const,
  latest: (id: number) => ['devices', 'latest', id] as const,
  history: (id: number, from: number, to: number, columns: string) =>
    ['devices', 'history', id, from, to, columns] as const,
  gateway: (id: number) => ['devices', 'gateway', id] as const,
  day: (id: number, date: string) => ['devices', 'day', id, date] as const,
  openAlarms: (id: number) => ['devices', 'openAlarms', id] as const,
  loss: (id: number, startDate: string, endDate: string) =>
    ['devices', 'loss', id, startDate, endDate] as const,
};

export function invalidateDevices(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: deviceKeys.all });
}

export function useDevicePage(
  deviceType: ListedDeviceType,
  filters: DeviceFilters,
  page: PageState,
): UseQueryResult<PageData<DeviceListItem>> {
  return useQuery({
    queryKey: deviceKeys.devices(deviceType, filters, page),
    queryFn: () =>
      api.GET('/api/station/gateway/inverterPage', {
        params: { query: { ...cleanFilters({ ...filters }), deviceType, ...page } },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useLoggerPage(
  filters: LoggerFilters,
  page: PageState,
): UseQueryResult<PageData<LoggerListItem>> {
  return useQuery({
    queryKey: deviceKeys.loggers(filters, page),
    queryFn: () =>
      api.GET('/api/station/gateway/page', {
        params: { query: { ...cleanFilters({ ...filters }), ...page } },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Stations for the filters and the bind dialog, by part of the name (at most 200). */
export function useStationOptions(name: string): UseQueryResult<StationOption[]> {
  return useQuery({
    queryKey: deviceKeys.stations(name),
    queryFn: () => api.GET('/api/station/simple/list', { params: { query: cleanFilters({ name }) } }),
    placeholderData: keepPreviousData,
  });
}

export function useDevice(id: number): UseQueryResult<DeviceDetail> {
  return useQuery({
    queryKey: deviceKeys.device(id),
    queryFn: () => api.GET('/api/device/{id}', { params: { path: { id } } }),
    enabled: id > 0,
  });
}

/**
 * The newest values of a device. Pushed by the live stream (GET /api/live) while it is connected; polled
 * every LIVE_REFRESH_MS while it is not (connecting, retrying or refused).
 */
export function useDeviceLatest(id: number): UseQueryResult<DeviceLatest> {
  const state = useLive(id > 0 ? { deviceId: id } : null, (event) => {
    if (event.type === 'latest' && event.data.deviceId === id) {
      const { ts, values } = event.data;
      queryClient.setQueryData<DeviceLatest>(deviceKeys.latest(id), (old) =>
        old === undefined ? old : { ...old, ts, values },
      );
    } else if (event.type === 'status' && event.data.kind === 'DEVICE' && event.data.id === id) {
      const { status, rest } = event.data;
      if (isDeviceStatus(status))
        queryClient.setQueryData<DeviceLatest>(deviceKeys.latest(id), (old) =>
          old === undefined ? old : { ...old, status, rest },
        );
    }
  });
  return useQuery({
    queryKey: deviceKeys.latest(id),
    queryFn: () => api.GET('/api/device/{id}/latest', { params: { path: { id } } }),
    enabled: id > 0,
    refetchInterval: state === 'live' ? false : LIVE_REFRESH_MS,
    staleTime: 0,
  });
}

const isDeviceStatus = (value: string): value is DeviceStatus =>
  (DEVICE_STATUS_CODES as readonly string[]).includes(value);

/** Stored readings between two instants (epoch ms); `columns` empty means every telemetry column. */
export function useDeviceHistory(
  id: number,
  range: { from: number; to: number } | null,
  columns: readonly string[] = [],
): UseQueryResult<DeviceHistory> {
  const joined = columns.join(',');
  return useQuery({
    queryKey: deviceKeys.history(id, range?.from ?? 0, range?.to ?? 0, joined),
    queryFn:
      id <= 0 || range === null
        ? skipToken
        : () =>
            api.GET('/api/device/{id}/history', {
              params: {
                path: { id },
                query: { from: range.from, to: range.to, columns: joined === '' ? undefined : joined },
              },
            }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The XLSX of the chosen measures (register keys) between two instants (epoch ms), its header in the
 * user's language; no measures means every measure the device stores in its own column.
 */
export function exportDeviceHistory(
  id: number,
  range: { from: number; to: number },
  measures: readonly string[],
  fallbackName: string,
): Promise<DownloadedFile> {
  return download('/api/device/{id}/history/export', fallbackName, {
    params: {
      path: { id },
      query: {
        from: range.from,
        to: range.to,
        measures: measures.length === 0 ? undefined : measures.join(','),
      },
    },
  });
}

/** How often the figures that come from rollups and alarms are read again while a page is open. */
export const FIGURES_REFRESH_MS = 60_000;

/** One local day's rollup of a device (energy, charge, discharge of the station's day `date`). */
export function useDeviceDay(id: number, date: string): UseQueryResult<DeviceRollup> {
  return useQuery({
    queryKey: deviceKeys.day(id, date),
    queryFn: () =>
      api.GET('/api/device/{id}/rollup', {
        params: { path: { id }, query: { period: 'day', from: date, to: date } },
      }),
    enabled: id > 0,
    refetchInterval: FIGURES_REFRESH_MS,
  });
}

/** How many alarm records (not events) of a device are still open; needs alarm:view. */
export function useOpenAlarmCount(id: number, enabled: boolean): UseQueryResult<number> {
  return useQuery({
    queryKey: deviceKeys.openAlarms(id),
    queryFn: async () =>
      (
        await api.GET('/api/alarm/page', {
          params: { query: { deviceId: id, open: true, kind: 'ALARM', pageNum: 1, pageSize: 1 } },
        })
      ).total,
    enabled: enabled && id > 0,
    refetchInterval: FIGURES_REFRESH_MS,
  });
}

/**
 * A logger with its devices; with `live`, reloaded when the live stream reports a status change and
 * polled while the stream is not connected.
 */
export function useGateway(id: number, live = true): UseQueryResult<GatewayDetail> {
  const state = useLive(live && id > 0 ? { gatewayId: id } : null, (event) => {
    if (event.type === 'status') void queryClient.invalidateQueries({ queryKey: deviceKeys.gateway(id) });
  });
  return useQuery({
    queryKey: deviceKeys.gateway(id),
    queryFn: () => api.GET('/api/gateway/{id}', { params: { path: { id } } }),
    enabled: id > 0,
    refetchInterval: !live || state === 'live' ? false : LIVE_REFRESH_MS,
  });
}

/** Packet loss per UTC day, both dates inclusive (YYYY-MM-DD). */
export function usePacketLoss(
  gatewayId: number,
  startDate: string,
  endDate: string,
): UseQueryResult<PacketLoss> {
  return useQuery({
    queryKey: deviceKeys.loss(gatewayId, startDate, endDate),
    queryFn: () =>
      api.GET('/api/station/lossPacket/gateway/data', {
        params: { query: { gatewayId, startDate, endDate } },
      }),
    enabled: gatewayId > 0,
  });
}

export const gatewayApi = {
  rename: (gatewayId: number, name: string): Promise<unknown> =>
    api.PUT('/api/gateway/name', { body: { gatewayId, name } }),
  bind: (stationId: number, sn: string): Promise<{ id: number }> =>
    api.POST('/api/gateway/bind', { body: { stationId, sn } }),
};
