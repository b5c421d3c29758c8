// Helpers of the rollup tests: readings written the way the ingest writes them (rows + one rollup_dirty
// entry spanning the rows actually inserted), and a snapshot of every rollup table to compare runs.
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { queryRows, type Db } from '../src/db/client.js';
import type { Database } from '../src/db/client.js';
import { devices } from '../src/db/schema.js';
import { RollupWorker } from '../src/modules/rollups/rollup.worker.js';
import type { DeviceType } from '@sunfleet/contracts';
import { isProducing } from '@sunfleet/domain';

export interface TestReading {
  ts: number;
  power?: number | null;
  energy?: number | null;
  charge?: number | null;
  discharge?: number | null;
  import?: number | null;
  export?: number | null;
}

export async function addDevice(
  db: Db,
  gatewayId: number,
  type: 'INVERTER' | 'METER' | 'BATTERY',
  sn: string,
): Promise<number> {
  const rows = await db
    .insert(devices)
    .values({ gatewayId, sn, deviceType: type, model: `TEST-${type}`, unitId: 1 })
    .returning({ id: devices.id });
  const row = rows[0];
  if (!row) throw new Error('device not created');
  return row.id;
}

const ensured = new WeakMap<Db, Set<string>>();

/**
 * Inserts one batch like the ingest: ON CONFLICT DO NOTHING, the newest reading's typed facts in
 * device_latest, then one queue entry over what was new.
 */
export async function writeBatch(
  db: Db,
  gatewayId: number,
  deviceId: number,
  readings: readonly TestReading[],
): Promise<number> {
  if (readings.length === 0) return 0;
  const known = ensured.get(db) ?? new Set<string>();
  ensured.set(db, known);
  for (const r of readings) {
    const month = new Date(r.ts).toISOString().slice(0, 7);
    if (known.has(month)) continue;
    await db.execute(sql`select telemetry_ensure_partition(${`${month}-01`}::date)`);
    known.add(month);
  }
  return db.transaction(async (tx) => {
    const values = readings.map(
      (r) =>
        sql`(${deviceId}::int, ${new Date(r.ts).toISOString()}::timestamptz, ${gatewayId}::int,
             ${r.power ?? null}::float8, ${r.energy ?? null}::float8, ${r.charge ?? null}::float8,
             ${r.discharge ?? null}::float8, ${r.import ?? null}::float8, ${r.export ?? null}::float8)`,
    );
    const inserted = await queryRows<{ ms: number }>(
      tx,
      sql`insert into telemetry (device_id, ts, gateway_id, power_w, energy_total_wh, charge_total_wh,
            discharge_total_wh, import_total_wh, export_total_wh)
          values ${sql.join(values, sql`, `)}
          on conflict (device_id, ts) do nothing
          returning (extract(epoch from ts) * 1000)::float8 as ms`,
    );
    if (inserted.length === 0) return 0;
    const times = inserted.map((r) => r.ms);
    // The newest reading's typed facts, as the ingest's follow-up keeps them (only ever moving forward).
    const newestMs = Math.max(...times);
    const newest = readings.find((r) => r.ts === newestMs);
    const [device] = await queryRows<{ device_type: DeviceType }>(
      tx,
      sql`select device_type from devices where id = ${deviceId}`,
    );
    const powerW = newest?.power ?? null;
    const producing = isProducing({ deviceType: device?.device_type ?? 'INVERTER', powerW, stateCode: null });
    await tx.execute(sql`insert into device_latest as l (device_id, ts, values, power_w, energy_total_wh, producing)
      values (${deviceId}, ${new Date(newestMs).toISOString()}::timestamptz,
        ${JSON.stringify(powerW === null ? {} : { W: powerW })}::jsonb, ${powerW}::float8,
        ${newest?.energy ?? null}::float8, ${producing})
      on conflict (device_id) do update set ts = excluded.ts, values = excluded.values,
        power_w = excluded.power_w, energy_total_wh = excluded.energy_total_wh, producing = excluded.producing
      where l.ts < excluded.ts`);
    await tx.execute(
      sql`insert into rollup_dirty (device_id, from_ts, to_ts) values (${deviceId},
          ${new Date(Math.min(...times)).toISOString()}::timestamptz, ${new Date(Math.max(...times)).toISOString()}::timestamptz)`,
    );
    return inserted.length;
  });
}

export function worker(database: Database): RollupWorker {
  return new RollupWorker({ database, log: pino({ level: 'silent' }) });
}

export type Snapshot = Record<string, Record<string, unknown>[]>;

const TABLES = {
  rollup_device_hour: 'device_id, bucket',
  rollup_device_day: 'device_id, day',
  rollup_device_month: 'device_id, month',
  rollup_station_hour: 'station_id, bucket',
  rollup_station_day: 'station_id, day',
  rollup_station_month: 'station_id, month',
  rollup_station_5m: 'station_id, bucket',
} as const;

/** Every rollup row, keys as text, in key order. */
export async function snapshot(db: Db): Promise<Snapshot> {
  const result: Snapshot = {};
  for (const [table, key] of Object.entries(TABLES)) {
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql.raw(`select * from ${table} order by ${key}`),
    );
    result[table] = rows.map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])),
    );
  }
  return result;
}

export async function clearTelemetry(db: Db): Promise<void> {
  for (const table of ['telemetry', 'rollup_dirty', ...Object.keys(TABLES)])
    await db.execute(sql.raw(`delete from ${table}`));
}

/** A seeded pseudo-random generator, so a shuffled order is the same on every run. */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

export function shuffle<T>(items: readonly T[], rnd: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
