// Fixtures of the alarm rule tests: devices of real catalogue models (so readings map to typed columns
// through their protocol definitions) and readings stored as the ingest stores them — the telemetry row
// encoded by the ingest's RowEncoder and inserted through json_to_recordset (its PGlite path), plus the
// device_latest row of the ingest's follow-up (stations-support setLatest).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { deviceModels, devices, protocolDefinitions } from '../src/db/schema.js';
import { COLUMN_LIST, RECORD_TYPES, RowEncoder } from '../src/modules/ingest/telemetry.encode.js';
import { WideRowMapper } from '@sunfleet/domain';
import { setLatest } from './stations-support.js';

/** A device of the built-in model `model` (e.g. SF-INV-3P-50K) on logger `gatewayId`. */
export async function addModelDevice(db: Db, gatewayId: number, model: string, sn: string): Promise<number> {
  const [m] = await db
    .select({ id: deviceModels.id, type: deviceModels.deviceType })
    .from(deviceModels)
    .where(eq(deviceModels.model, model));
  if (!m) throw new Error(`no model ${model}`);
  const rows = await db
    .insert(devices)
    .values({ gatewayId, sn, deviceType: m.type, model, modelId: m.id, unitId: 1 })
    .returning({ id: devices.id });
  const row = rows[0];
  if (!row) throw new Error('device not created');
  return row.id;
}

/** Stores one reading of a device at `at` as the ingest does: the telemetry row and device_latest. */
export async function storeReading(
  db: Db,
  deviceId: number,
  at: Date,
  values: Record<string, number | null>,
): Promise<void> {
  const [device] = await db
    .select({ gatewayId: devices.gatewayId, registers: protocolDefinitions.registers })
    .from(devices)
    .innerJoin(deviceModels, eq(deviceModels.id, devices.modelId))
    .innerJoin(protocolDefinitions, eq(protocolDefinitions.id, deviceModels.definitionId))
    .where(eq(devices.id, deviceId));
  if (!device) throw new Error(`no device ${deviceId} with a definition`);
  const encoded = new RowEncoder('json').encode(
    new WideRowMapper(device.registers),
    deviceId,
    at.getTime(),
    device.gatewayId,
    false,
    values,
  );
  await db.execute(sql`select telemetry_ensure_partition(${`${at.toISOString().slice(0, 7)}-01`}::date)`);
  const columns = sql.raw(COLUMN_LIST);
  await db.execute(
    sql`insert into telemetry (${columns})
      select ${columns} from json_to_recordset(${`[${encoded}]`}::json) as x(${sql.raw(RECORD_TYPES)})
      on conflict (device_id, ts) do nothing`,
  );
  await setLatest(db, deviceId, at, values);
}
