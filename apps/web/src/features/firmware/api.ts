// Calls of the Firmware release screen (docs/firmware.md; contracts api/firmware.ts): the library page,
// the trusted public key, an upload with its progress, and deleting an image.
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { DeviceType, FirmwarePublicKeyView, FirmwareView } from '@sunfleet/contracts';
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
