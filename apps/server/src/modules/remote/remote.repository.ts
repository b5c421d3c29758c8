// SQL of the remote operations: the device (or logger) a call addresses, inside the caller's reach, with its
// protocol definition; and what the cloud last sent as storage and forwarding settings, with the state of
// the command that carried it.
import type { CommandState, RegisterDefinition } from '@sunfleet/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  commands,
  deviceModels,
  devices,
  forwardingSettings,
  gateways,
  protocolDefinitions,
  storageSettings,
} from '../../db/schema.js';
import { deviceInScope, gatewayInScope, idInScope } from '../tenancy/device-scope.js';
import type { Scope } from '../tenancy/scope.js';

/** The logger's own register map when its model names none (docs/protocol.md §8). */
export const LOGGER_DEFINITION_CODE = 'sunfleet-logger';

export interface RemoteDefinition {
  code: string;
  registers: readonly RegisterDefinition[];
}

/** What a remote operation addresses: a device behind a logger, or the logger itself (deviceId null). */
export interface RemoteTarget {
  gatewayId: number;
  deviceId: number | null;
  sn: string;
  deviceType: 'GATEWAY' | 'INVERTER' | 'METER' | 'BATTERY' | 'WEATHER_STATION';
  /** The device's site switch (hello `localControl`): the cloud does not change it. */
  localControl: boolean;
  definition: RemoteDefinition | null;
}

/** A stored setting with the command that carried it. */
export interface SentSetting<T> {
  value: T;
  commandId: string | null;
  state: CommandState | null;
  error: string | null;
  updatedAt: Date;
}

export class RemoteRepository {
  constructor(private readonly db: Db) {}

  /** The device, if the caller may reach it (a foreign one answers like a missing one). */
  async device(scope: Scope, deviceId: number): Promise<RemoteTarget | null> {
    const rows = await this.db
      .select({
        gatewayId: devices.gatewayId,
        sn: devices.sn,
        deviceType: devices.deviceType,
        localControl: devices.localControl,
        code: protocolDefinitions.code,
        registers: protocolDefinitions.registers,
      })
      .from(devices)
      .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
      .leftJoin(protocolDefinitions, eq(protocolDefinitions.id, deviceModels.definitionId))
      .where(idInScope(devices.id, deviceId, deviceInScope(scope)));
    const row = rows[0];
    if (!row) return null;
    return {
      gatewayId: row.gatewayId,
      deviceId,
      sn: row.sn,
      deviceType: row.deviceType,
      localControl: row.localControl,
      definition:
        row.code === null || row.registers === null ? null : { code: row.code, registers: row.registers },
    };
  }

  /** The logger, if the caller may reach it, with its own register map (its model's, else the built-in one). */
  async gateway(scope: Scope, gatewayId: number): Promise<RemoteTarget | null> {
    const rows = await this.db
      .select({ sn: gateways.sn, model: gateways.model })
      .from(gateways)
      .where(idInScope(gateways.id, gatewayId, gatewayInScope(scope)));
    const row = rows[0];
    if (!row) return null;
    const byModel = await this.db
      .select({ code: protocolDefinitions.code, registers: protocolDefinitions.registers })
      .from(deviceModels)
      .innerJoin(protocolDefinitions, eq(protocolDefinitions.id, deviceModels.definitionId))
      .where(and(eq(deviceModels.deviceType, 'GATEWAY'), eq(deviceModels.model, row.model)));
    const definition =
      byModel[0] ??
      (
        await this.db
          .select({ code: protocolDefinitions.code, registers: protocolDefinitions.registers })
          .from(protocolDefinitions)
          .where(eq(protocolDefinitions.code, LOGGER_DEFINITION_CODE))
      )[0] ??
      null;
    return {
      gatewayId,
      deviceId: null,
      sn: row.sn,
      deviceType: 'GATEWAY',
      localControl: false,
      definition,
    };
  }

  async storage(deviceId: number): Promise<SentSetting<{ mode: number; periods: unknown[] }> | null> {
    const rows = await this.db
      .select({
        mode: storageSettings.mode,
        periods: storageSettings.periods,
        commandId: storageSettings.commandId,
        state: commands.state,
        error: commands.error,
        updatedAt: storageSettings.updatedAt,
      })
      .from(storageSettings)
      .leftJoin(commands, eq(commands.id, storageSettings.commandId))
      .where(eq(storageSettings.deviceId, deviceId));
    const row = rows[0];
    if (!row) return null;
    return {
      value: { mode: row.mode, periods: row.periods },
      commandId: row.commandId,
      state: row.state,
      error: row.error,
      updatedAt: row.updatedAt,
    };
  }

  async saveStorage(values: {
    deviceId: number;
    mode: number;
    periods: unknown[];
    commandId: string;
    userId: number;
    at: Date;
  }): Promise<void> {
    const set = {
      mode: values.mode,
      periods: values.periods,
      commandId: values.commandId,
      updatedByUserId: values.userId,
      updatedAt: values.at,
    };
    await this.db
      .insert(storageSettings)
      .values({ deviceId: values.deviceId, ...set })
      .onConflictDoUpdate({ target: storageSettings.deviceId, set });
  }

  async forwarding(gatewayId: number): Promise<SentSetting<Record<string, unknown>> | null> {
    const rows = await this.db
      .select({
        config: forwardingSettings.config,
        commandId: forwardingSettings.commandId,
        state: commands.state,
        error: commands.error,
        updatedAt: forwardingSettings.updatedAt,
      })
      .from(forwardingSettings)
      .leftJoin(commands, eq(commands.id, forwardingSettings.commandId))
      .where(eq(forwardingSettings.gatewayId, gatewayId));
    const row = rows[0];
    if (!row) return null;
    return {
      value: row.config,
      commandId: row.commandId,
      state: row.state,
      error: row.error,
      updatedAt: row.updatedAt,
    };
  }

  async saveForwarding(values: {
    gatewayId: number;
    config: Record<string, unknown>;
    commandId: string;
    userId: number;
    at: Date;
  }): Promise<void> {
    const set = {
      config: values.config,
      commandId: values.commandId,
      updatedByUserId: values.userId,
      updatedAt: values.at,
    };
    await this.db
      .insert(forwardingSettings)
      .values({ gatewayId: values.gatewayId, ...set })
      .onConflictDoUpdate({ target: forwardingSettings.gatewayId, set });
  }
}
