// Calls of the station's Remote settings tab (docs/remote.md "Screens"; contracts api/remote.ts): the
// loggers and devices to pick from, a register map, register reads and writes, storage, forwarding, AC
// coupling and factory reset. Each remote call answers with the device's result or, when the device has
// not answered within the wait, with its commands so far (followed by features/commands useFollowedCommands).
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  Limits,
  type AcCoupleBody,
  type AcCoupleSetting,
  type DeviceType,
  type FactoryResetBody,
  type RegisterReadAnswer,
  type RegisterReadBody,
  type RegisterWriteAnswer,
  type RegisterWriteBody,
  type RemoteOutcome,
  type RemoteRegisterMap,
  type StorageSettings,
  type StorageSettingsBody,
} from '@sunfleet/contracts';
import { queryClient } from '../../lib/queryClient';
import { api, type ApiData } from '../../lib/request';
import type { ForwardingConfig, ForwardingSettings } from './forwarding';

/** What the tab works on: a logger (its own register map, forwarding) or a device behind one. */
export type RemoteTarget =
  | { kind: 'gateway'; id: number; sn: string; model: string }
  | {
      kind: 'device';
      id: number;
      sn: string;
      model: string;
      deviceType: DeviceType;
      gatewayId: number;
      /** The device's site switch gives control to the installation: the cloud does not write to it. */
      localControl: boolean;
    };

/** The target as the API names it: `{deviceId}` or `{gatewayId}`. */
export function targetRef(target: RemoteTarget): { deviceId: number } | { gatewayId: number } {
  return target.kind === 'gateway' ? { gatewayId: target.id } : { deviceId: target.id };
}

/** `g12` / `d34`: the target in the page's query, so a link (and a reload) keeps it. */
export function targetParam(target: RemoteTarget): string {
  return `${target.kind === 'gateway' ? 'g' : 'd'}${String(target.id)}`;
}

export function isTarget(target: RemoteTarget, param: string | null): boolean {
  return param === targetParam(target);
}

export const remoteKeys = {
  all: ['remote'] as const,
  targets: (stationId: number) => ['remote', 'targets', stationId] as const,
  map: (target: RemoteTarget) => ['remote', 'map', targetParam(target)] as const,
  storage: (deviceId: number) => ['remote', 'storage', deviceId] as const,
  forwarding: (gatewayId: number) => ['remote', 'forwarding', gatewayId] as const,
  acCouple: (deviceId: number) => ['remote', 'acCouple', deviceId] as const,
};

/** The loggers of the station, then its devices (SN order as the lists answer). */
export function useStationTargets(stationId: number): UseQueryResult<RemoteTarget[]> {
  return useQuery({
    queryKey: remoteKeys.targets(stationId),
    queryFn: async () => {
      const page = { pageNum: 1, pageSize: Limits.pageSizeMax };
      const [gateways, devices] = await Promise.all([
        api.GET('/api/station/{id}/gateway/page', { params: { path: { id: stationId }, query: page } }),
        api.GET('/api/station/gateway/inverterPage', { params: { query: { ...page, stationId } } }),
      ]);
      return [
        ...gateways.list.map((g): RemoteTarget => ({ kind: 'gateway', id: g.id, sn: g.sn, model: g.model })),
        ...devices.list.map((d): RemoteTarget => ({
          kind: 'device',
          id: d.id,
          sn: d.sn,
          model: d.model,
          deviceType: d.deviceType,
          gatewayId: d.gatewayId,
          localControl: d.localControl,
        })),
      ];
    },
  });
}

/** The target's registers by its protocol definition (nothing is read from the device). */
export function useRegisterMap(target: RemoteTarget, enabled: boolean): UseQueryResult<RemoteRegisterMap> {
  return useQuery({
    queryKey: remoteKeys.map(target),
    queryFn: () => api.GET('/api/remote/registers', { params: { query: targetRef(target) } }),
    enabled,
  });
}

/**
 * A battery's storage settings. Reading them asks the device for its mode now, so this may take up to the
 * remote wait; it is not read again on its own.
 */
export function useStorage(deviceId: number): UseQueryResult<StorageSettings> {
  return useQuery({
    queryKey: remoteKeys.storage(deviceId),
    queryFn: ({ signal }) =>
      api.GET('/api/remote/storage/{deviceId}', { params: { path: { deviceId } }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useForwarding(gatewayId: number): UseQueryResult<ForwardingSettings> {
  return useQuery({
    queryKey: remoteKeys.forwarding(gatewayId),
    queryFn: () => api.GET('/api/remote/forwarding/{gatewayId}', { params: { path: { gatewayId } } }),
  });
}

export function useAcCouple(deviceId: number): UseQueryResult<AcCoupleSetting | null> {
  return useQuery({
    queryKey: remoteKeys.acCouple(deviceId),
    queryFn: () =>
      api.GET('/api/station/gateway/inverter/acCouple/{id}', { params: { path: { id: deviceId } } }),
  });
}

export const remoteApi = {
  read: (body: RegisterReadBody): Promise<RegisterReadAnswer> =>
    api.POST('/api/remote/register/read', { body }),
  write: (body: RegisterWriteBody): Promise<RegisterWriteAnswer> =>
    api.POST('/api/remote/register/write', { body }),
  setStorage: (deviceId: number, body: StorageSettingsBody): Promise<StorageSettings> =>
    api.PUT('/api/remote/storage/{deviceId}', { params: { path: { deviceId } }, body }),
  setForwarding: (
    gatewayId: number,
    body: ForwardingConfig,
  ): Promise<ApiData<'put', '/api/remote/forwarding/{gatewayId}'>> =>
    api.PUT('/api/remote/forwarding/{gatewayId}', { params: { path: { gatewayId } }, body }),
  factoryReset: (body: FactoryResetBody): Promise<RemoteOutcome> =>
    api.POST('/api/remote/factoryReset', { body }),
  setAcCouple: (body: AcCoupleBody): Promise<AcCoupleSetting> =>
    api.PUT('/api/station/gateway/inverter/acCouple', { body }),
  releaseAcCouple: (deviceId: number): Promise<AcCoupleSetting> =>
    api.PUT('/api/station/gateway/inverter/acCouple/{id}', { params: { path: { id: deviceId } } }),
};

/** After a change sent to a device: its settings (and the command lists) read again. */
export function invalidateRemote(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: remoteKeys.all });
}
