// Calls of the firmware screens (docs/firmware.md; contracts api/firmware.ts, api/upgrade.ts): the library
// page, the trusted public key, an upload with its progress, deleting an image; upgrade tasks — the list and
// one task (read again while under way), creating one and its controls.
import { keepPreviousData, skipToken, useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  ACTIVE_UPGRADE_DEVICE_STATES,
  OPEN_UPGRADE_TASK_STATES,
  type DeviceType,
  type FirmwarePublicKeyView,
  type FirmwareView,
  type UpgradeAction,
  type UpgradeTaskBody,
  type UpgradeTaskState,
  type UpgradeTaskView,
} from '@sunfleet/contracts';
import { FOLLOW_POLL_MS } from '../../components/commands/api';
import type { PageData, PageState } from '../../lib/paging';
import { queryClient } from '../../lib/queryClient';
import { api, postForm } from '../../lib/request';

export interface FirmwareFilters {
  deviceType?: DeviceType;
  q: string;
}

export const firmwareKeys = {
  all: ['firmware'] as const,
  page: (page: PageState, filters: FirmwareFilters) => ['firmware', 'page', page, filters] as const,
  publicKey: ['firmware', 'publicKey'] as const,
};

export function useFirmwarePage(
  page: PageState,
  filters: FirmwareFilters,
): UseQueryResult<PageData<FirmwareView>> {
  return useQuery({
    queryKey: firmwareKeys.page(page, filters),
    queryFn: () =>
      api.GET('/api/firmware/page', {
        params: {
          query: {
            ...page,
            ...(filters.deviceType === undefined ? {} : { deviceType: filters.deviceType }),
            ...(filters.q.trim() === '' ? {} : { q: filters.q.trim() }),
          },
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** The model names of a device type (Device protocol's catalogue), for the upload form's choices. */
export function useDeviceModelNames(
  deviceType: DeviceType | undefined,
  enabled: boolean,
): UseQueryResult<string[]> {
  return useQuery({
    queryKey: ['firmware', 'models', deviceType ?? ''],
    queryFn: async () =>
      deviceType === undefined
        ? []
        : (await api.GET('/api/deviceModel/list', { params: { query: { deviceType } } })).map((m) => m.model),
    enabled: enabled && deviceType !== undefined,
  });
}

export function useFirmwarePublicKey(): UseQueryResult<FirmwarePublicKeyView> {
  return useQuery({ queryKey: firmwareKeys.publicKey, queryFn: () => api.GET('/api/firmware/publicKey') });
}

/** What the upload form sends besides the file (empty optional fields are left out). */
export interface FirmwareUploadValues {
  deviceType: DeviceType;
  model: string;
  version: string;
  compatibleModels?: string[];
  minVersion?: string;
  notes?: string;
  signature?: string;
}

/** The multipart body: the text fields first, then the file as the part `file`. */
export function firmwareForm(values: FirmwareUploadValues, file: File): FormData {
  const form = new FormData();
  form.append('deviceType', values.deviceType);
  form.append('model', values.model);
  form.append('version', values.version.trim());
  const optional: [string, string | undefined][] = [
    ['compatibleModels', values.compatibleModels?.join(',')],
    ['minVersion', values.minVersion?.trim()],
    ['notes', values.notes?.trim()],
    ['signature', values.signature?.trim()],
  ];
  for (const [name, value] of optional) if (value !== undefined && value !== '') form.append(name, value);
  form.append('file', file, file.name);
  return form;
}

export async function uploadFirmware(
  values: FirmwareUploadValues,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<FirmwareView> {
  const image = (await postForm('/api/firmware', firmwareForm(values, file), onProgress)) as FirmwareView;
  await queryClient.invalidateQueries({ queryKey: [...firmwareKeys.all, 'page'] });
  return image;
}

export async function deleteFirmware(id: string): Promise<void> {
  await api.DELETE('/api/firmware/{id}', { params: { path: { id } } });
  await queryClient.invalidateQueries({ queryKey: [...firmwareKeys.all, 'page'] });
}

export const upgradeKeys = {
  all: ['upgrade'] as const,
  page: (page: PageState, state: UpgradeTaskState | undefined) =>
    ['upgrade', 'page', page, state ?? ''] as const,
  task: (id: string) => ['upgrade', 'task', id] as const,
  images: ['upgrade', 'images'] as const,
  stationDevices: (stationId: number, deviceType: DeviceType) =>
    ['upgrade', 'stationDevices', stationId, deviceType] as const,
};

/** A task still has work: read it again while it is open or has devices under way. */
export function followed(task: UpgradeTaskView): boolean {
  return (
    OPEN_UPGRADE_TASK_STATES.includes(task.state) ||
    ACTIVE_UPGRADE_DEVICE_STATES.some((state) => task.counts[state] > 0)
  );
}

export function useUpgradeTasks(
  page: PageState,
  state: UpgradeTaskState | undefined,
): UseQueryResult<PageData<UpgradeTaskView>> {
  return useQuery({
    queryKey: upgradeKeys.page(page, state),
    queryFn: () =>
      api.GET('/api/upgrade/task/page', {
        params: { query: state === undefined ? page : { ...page, state } },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some(followed) === true ? FOLLOW_POLL_MS : false),
  });
}

export function useUpgradeTask(id: string | null): UseQueryResult<UpgradeTaskView> {
  return useQuery({
    queryKey: upgradeKeys.task(id ?? ''),
    queryFn: id === null ? skipToken : () => api.GET('/api/upgrade/task/{id}', { params: { path: { id } } }),
    refetchInterval: (q) => (q.state.data !== undefined && followed(q.state.data) ? FOLLOW_POLL_MS : false),
  });
}

export async function controlUpgrade(id: string, action: UpgradeAction): Promise<UpgradeTaskView> {
  const task = await api.POST('/api/upgrade/task/{id}/{action}', { params: { path: { id, action } } });
  queryClient.setQueryData(upgradeKeys.task(id), task);
  void queryClient.invalidateQueries({ queryKey: [...upgradeKeys.all, 'page'] });
  return task;
}

export async function createUpgrade(body: UpgradeTaskBody): Promise<UpgradeTaskView> {
  const task = await api.POST('/api/upgrade/task', { body });
  queryClient.setQueryData(upgradeKeys.task(task.id), task);
  void queryClient.invalidateQueries({ queryKey: [...upgradeKeys.all, 'page'] });
  return task;
}

/** The library's images for the task form (the newest 100). */
export function useUpgradeImages(): UseQueryResult<FirmwareView[]> {
  return useQuery({
    queryKey: upgradeKeys.images,
    queryFn: async () =>
      (await api.GET('/api/firmware/page', { params: { query: { pageNum: 1, pageSize: 100 } } })).list,
  });
}

/** What the task form picks from: a device behind a logger, or a logger itself. */
export interface PickableDevice {
  id: number;
  sn: string;
  model: string;
}

/** A station's devices of one type, or its loggers for a logger image (at most 100), to pick from. */
export function useStationDevices(
  stationId: number | undefined,
  deviceType: DeviceType | undefined,
): UseQueryResult<PickableDevice[]> {
  const load = async (station: number, type: DeviceType): Promise<PickableDevice[]> =>
    type === 'GATEWAY'
      ? (
          await api.GET('/api/station/gateway/page', {
            params: { query: { stationId: station, pageNum: 1, pageSize: 100 } },
          })
        ).list
      : (
          await api.GET('/api/station/gateway/inverterPage', {
            params: { query: { stationId: station, deviceType: type, pageNum: 1, pageSize: 100 } },
          })
        ).list;
  return useQuery({
    queryKey: upgradeKeys.stationDevices(stationId ?? 0, deviceType ?? 'INVERTER'),
    queryFn:
      stationId === undefined || deviceType === undefined ? skipToken : () => load(stationId, deviceType),
  });
}
