// Fixtures of the station API tests: a device of a real catalogue model (so device_latest values are read
// through its protocol definition's register keys) and readings written the way the ingest writes them.
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { deviceLatest, deviceModels, devices, protocolDefinitions, roles } from '../src/db/schema.js';
import { RowEncoder } from '../src/modules/ingest/telemetry.encode.js';
import { Perm } from '@sunfleet/contracts';
import { WideRowMapper } from '@sunfleet/domain';

/** Gives a device the first catalogue model of its type that has a protocol definition. */
export async function useCatalogueModel(
  db: Db,
  deviceId: number,
  type: 'INVERTER' | 'METER' | 'BATTERY',
): Promise<void> {
  const [model] = await db
    .select({ id: deviceModels.id, model: deviceModels.model })
    .from(deviceModels)
    .where(and(eq(deviceModels.deviceType, type), isNotNull(deviceModels.definitionId)))
    .orderBy(deviceModels.id)
    .limit(1);
  if (!model) throw new Error(`no catalogue model for ${type}`);
  await db.update(devices).set({ modelId: model.id, model: model.model }).where(eq(devices.id, deviceId));
}

/**
 * Stores the newest decoded values of a device as the ingest's follow-up statement does: the values, and
 * the typed facts the ingest derives from them through the device model's protocol definition.
 */
export async function setLatest(
  db: Db,
  deviceId: number,
  at: Date,
  values: Record<string, number | string | null>,
): Promise<void> {
  const [device] = await db
    .select({ type: devices.deviceType, registers: protocolDefinitions.registers })
    .from(devices)
    .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
    .leftJoin(protocolDefinitions, eq(protocolDefinitions.id, deviceModels.definitionId))
    .where(eq(devices.id, deviceId));
  if (!device) throw new Error(`no device ${deviceId}`);
  const encoder = new RowEncoder('json');
  encoder.encode(new WideRowMapper(device.registers ?? []), deviceId, at.getTime(), 0, false, values);
  const f = encoder.facts(device.type);
  const facts = {
    powerW: f.powerW,
    energyTodayWh: f.energyTodayWh,
    energyTotalWh: f.energyTotalWh,
    socPct: f.socPct,
    stateCode: f.stateCode,
    producing: f.producing,
  };
  await db
    .insert(deviceLatest)
    .values({ deviceId, ts: at, values, ...facts })
    .onConflictDoUpdate({ target: deviceLatest.deviceId, set: { ts: at, values, ...facts } });
}

/**
 * The seed gives managers station:create only; Step 3's write routes need update/delete/assign too.
 * Until the lead's seed grants them, the tests grant them to the manager role (id 2).
 */
export async function grantStationWrites(db: Db): Promise<void> {
  const [role] = await db.select({ permissions: roles.permissions }).from(roles).where(eq(roles.id, 2));
  const permissions = [
    ...new Set([...(role?.permissions ?? []), Perm.stationUpdate, Perm.stationDelete, Perm.stationAssign]),
  ];
  await db.update(roles).set({ permissions }).where(eq(roles.id, 2));
}
