// Reads of one device within the caller's scope: the device with its logger, station, model and the
// register map of the model's protocol definition; the display groups; and raw readings of chosen measures.
import type { RegisterDefinition } from '@sunfleet/contracts';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { mpptInUseChannels } from './mppt-in-use-sql.js';
import {
  deviceModels,
  devices,
  displayGroups,
  gateways,
  protocolDefinitions,
  stations,
  translations,
  users,
} from '../../db/schema.js';
import { deviceInScope, idInScope } from '../tenancy/device-scope.js';
import type { Scope } from '../tenancy/scope.js';

export interface DeviceRow {
  id: number;
  sn: string;
  name: string | null;
  deviceType: 'GATEWAY' | 'INVERTER' | 'METER' | 'BATTERY' | 'WEATHER_STATION';
  model: string;
  unitId: number;
  /** The logger reports the device under local control (hello `localControl`). */
  localControl: boolean;
  manufacturer: string | null;
  /** The device's model id, else the model matched by type and name (devices registered before it). */
  modelId: number | null;
  firmware: string | null;
  ratedPower: number | null;
  lastSeenAt: Date | null;
  gatewayId: number;
  gatewaySn: string;
  stationId: number | null;
  stationName: string | null;
  timeZone: string | null;
  mpptChannels: number | null;
  registers: RegisterDefinition[] | null;
}

/** Where the values of one measure are stored in a telemetry row. */
export type MeasureSource =
  | { kind: 'column'; column: string }
  | { kind: 'mppt'; column: string; channel: number }
  | { kind: 'extra'; key: string };

export interface Reading {
  ts: number;
  values: (number | string | null)[];
}

/** A stored value as the sheet shows it: numbers and text as they are, anything else as JSON text. */
const cell = (v: unknown): number | string | null =>
  v === null || v === undefined
    ? null
    : typeof v === 'number' || typeof v === 'string'
      ? v
      : JSON.stringify(v);

export class DevicesRepository {
  constructor(private readonly db: Db) {}

  async device(scope: Scope, id: number): Promise<DeviceRow | null> {
    const modelOf = sql`coalesce(${devices.modelId}, (select m.id from device_models m
      where m.device_type = ${devices.deviceType} and m.model = ${devices.model}))`;
    const rows = await this.db
      .select({
        id: devices.id,
        sn: devices.sn,
        name: devices.name,
        deviceType: devices.deviceType,
        model: devices.model,
        unitId: devices.unitId,
        localControl: devices.localControl,
        manufacturer: sql<string | null>`nullif(${deviceModels.manufacturer}, '')`,
        modelId: deviceModels.id,
        firmware: devices.firmware,
        ratedPower: devices.ratedPower,
        lastSeenAt: devices.lastSeenAt,
        gatewayId: gateways.id,
        gatewaySn: gateways.sn,
        stationId: gateways.stationId,
        stationName: stations.name,
        timeZone: stations.timeZone,
        mpptChannels: deviceModels.mpptChannels,
        registers: protocolDefinitions.registers,
      })
      .from(devices)
      .innerJoin(gateways, eq(gateways.id, devices.gatewayId))
      .leftJoin(stations, eq(stations.id, gateways.stationId))
      .leftJoin(deviceModels, sql`${deviceModels.id} = ${modelOf}`)
      .leftJoin(protocolDefinitions, eq(protocolDefinitions.id, deviceModels.definitionId))
      .where(idInScope(devices.id, id, deviceInScope(scope)));
    return rows[0] ?? null;
  }

  /** The caller's chosen language (EN when unknown). */
  async languageOf(userId: number): Promise<string> {
    const rows = await this.db.select({ language: users.language }).from(users).where(eq(users.id, userId));
    return rows[0]?.language ?? 'EN';
  }

  /** Texts of `keys` in `language`, falling back to English, then to nothing. */
  async texts(language: string, keys: readonly string[]): Promise<Map<string, string>> {
    const result = new Map<string, string>();
    if (keys.length === 0) return result;
    const rows = await this.db
      .select({ language: translations.language, key: translations.key, value: translations.value })
      .from(translations)
      .where(and(inArray(translations.language, [language, 'EN']), inArray(translations.key, [...keys])));
    for (const row of rows) if (row.language === 'EN') result.set(row.key, row.value);
    for (const row of rows) if (row.language === language) result.set(row.key, row.value);
    return result;
  }

  async displayGroups(): Promise<{ key: string; nameKey: string; sort: number }[]> {
    return this.db
      .select({ key: displayGroups.key, nameKey: displayGroups.nameKey, sort: displayGroups.sort })
      .from(displayGroups)
      .orderBy(asc(displayGroups.sort), asc(displayGroups.key));
  }

  /**
   * MPPT channels (1…channels) with a voltage or current above zero in any reading since `since`,
   * ascending: the inputs that have strings connected.
   */
  async mpptInUse(deviceId: number, channels: number, since: Date): Promise<number[]> {
    if (channels <= 0) return [];
    const rows = await queryRows<{ channel: number }>(
      this.db,
      sql`${mpptInUseChannels(sql`${deviceId}::int`, sql`${channels}::int`, sql`${since.toISOString()}::timestamptz`)}
          order by 1`,
    );
    return rows.map((r) => r.channel);
  }

  /**
   * Stored readings of a device in [from, to], oldest first, at most `limit` rows, each with the values
   * of `sources` in order. Column names come from the TelemetryColumns allow-list (via the register
   * map's checked `column`), channels are integers and jsonb keys are bound parameters.
   */
  async readings(
    deviceId: number,
    from: number,
    to: number,
    sources: readonly MeasureSource[],
    limit: number,
  ): Promise<Reading[]> {
    const select: SQL[] = sources.map((source, i) => {
      const alias = sql.raw(`"m${i}"`);
      switch (source.kind) {
        case 'column':
          return sql`${sql.identifier(source.column)}::float8 as ${alias}`;
        case 'mppt':
          return sql`${sql.identifier(source.column)}[${sql.raw(String(Math.trunc(source.channel)))}] as ${alias}`;
        case 'extra':
          return sql`extra -> ${source.key} as ${alias}`;
      }
    });
    const columns = select.length === 0 ? sql`` : sql`, ${sql.join(select, sql`, `)}`;
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`select (extract(epoch from ts) * 1000)::float8 as ms__${columns} from telemetry
          where device_id = ${deviceId} and ts >= ${new Date(from).toISOString()}::timestamptz
            and ts <= ${new Date(to).toISOString()}::timestamptz
          order by ts limit ${limit}`,
    );
    return rows.map((r) => ({
      ts: Number(r.ms__),
      values: sources.map((_, i) => cell(r[`m${i}`])),
    }));
  }
}
