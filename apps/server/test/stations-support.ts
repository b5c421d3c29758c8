// Fixtures of the station API tests: a device of a real catalogue model (so device_latest values are read
// through its protocol definition's register keys) and readings written the way the ingest writes them.
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { deviceLatest, deviceModels, devices, roles } from '../src/db/schema.js';
import { Perm } from '@sunfleet/contracts';

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

/** Stores the newest decoded values of a device (as the ingest's follow-up statement does). */
export async function setLatest(
  db: Db,
  deviceId: number,
  at: Date,
  values: Record<string, number | string | null>,
): Promise<void> {
  await db
    .insert(deviceLatest)
    .values({ deviceId, ts: at, values })
    .onConflictDoUpdate({ target: deviceLatest.deviceId, set: { ts: at, values } });
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
