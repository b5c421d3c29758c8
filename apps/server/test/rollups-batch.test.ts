// The rollup worker's batches: many stations (in several time zones) per transaction give the rollups
// each station gets alone; two workers draining side by side, while the ingest keeps writing, give the
// same buckets without a deadlock; a station that cannot be recomputed does not hold back the others.
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../src/db/client.js';
import { queryRows } from '../src/db/client.js';
import {
  curveRanges,
  mergeRanges,
  RollupWorker,
  withinBudget,
} from '../src/modules/rollups/rollup.worker.js';
import { DATABASES, freshDatabase, type TestDatabase } from './helpers.js';
import {
  addDevice,
  clearTelemetry,
  random,
  snapshot,
  writeBatch,
  type Snapshot,
  type TestReading,
} from './rollups-support.js';
import { createTestStation, registerTestLogger } from './support/loggers.js';
import { waitFor } from './support/poll.js';

const MIN = 60_000;
const ZONES = ['Europe/Berlin', 'Asia/Kolkata', 'America/New_York', 'Australia/Adelaide', null] as const;

interface Site {
  stationId: number | null;
  gatewayId: number;
  devices: { id: number; type: 'INVERTER' | 'METER' | 'BATTERY' }[];
}

/** A worker whose warnings and errors are kept, so a failed (or deadlocked) batch shows. */
function loggedWorker(database: Database): { worker: RollupWorker; problems: string[] } {
  const problems: string[] = [];
  const log = pino(
    { level: 'warn' },
    { write: (line: string) => problems.push((JSON.parse(line) as { msg: string }).msg) },
  );
  return { worker: new RollupWorker({ database, log }), problems };
}

/** The database with its transactions counted: one per round of a drain. */
function counted(database: Database): { database: Database; transactions: () => number } {
  let n = 0;
  const db = new Proxy(database.db, {
    get(target, key, receiver): unknown {
      if (key === 'transaction') {
        return (...args: Parameters<Db['transaction']>) => {
          n += 1;
          return target.transaction(...args);
        };
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { database: { ...database, db }, transactions: () => n };
}

/** 8 hours of readings every 5 minutes across local midnight for every device of the sites. */
function readingsOf(sites: readonly Site[]): { site: Site; deviceId: number; readings: TestReading[] }[] {
  const rnd = random(11);
  const start = Date.parse('2026-07-31T10:00:00Z');
  return sites.flatMap((site) =>
    site.devices.map((device) => {
      let counter = 1_000 + Math.round(rnd() * 1_000);
      const readings: TestReading[] = [];
      for (let i = 0; i < 8 * 12; i++) {
        counter += Math.round(rnd() * 300);
        const ts = start + i * 5 * MIN;
        if (device.type === 'INVERTER')
          readings.push({ ts, power: Math.round(rnd() * 4000), energy: counter });
        else if (device.type === 'METER')
          readings.push({ ts, power: 100, import: counter, export: counter / 2 });
        else readings.push({ ts, power: -50, charge: counter, discharge: counter / 3 });
      }
      return { site, deviceId: device.id, readings };
    }),
  );
}

/** Writes the readings in batches of `size`, minute by minute across all devices, as loggers upload. */
async function writeAll(
  db: Db,
  all: ReturnType<typeof readingsOf>,
  size: number,
  between: () => Promise<unknown> = async () => undefined,
): Promise<void> {
  const steps = Math.max(...all.map((a) => a.readings.length));
  for (let i = 0; i < steps; i += size)
    for (const { site, deviceId, readings } of all) {
      await writeBatch(db, site.gatewayId, deviceId, readings.slice(i, i + size));
      await between();
    }
}

const rowsOf = (snap: Snapshot, keep: (row: Record<string, unknown>) => boolean): Snapshot =>
  Object.fromEntries(Object.entries(snap).map(([table, rows]) => [table, rows.filter(keep)]));

describe.each(DATABASES)('rollup batches on %s', (kind) => {
  let tdb: TestDatabase;
  let db: Db;
  let sites: Site[];

  beforeAll(async () => {
    tdb = await freshDatabase(kind);
    db = tdb.database.db;
    sites = [];
    for (const zone of ZONES) {
      const station = zone === null ? null : await createTestStation(db, { companyId: 3, timeZone: zone });
      const logger = await registerTestLogger(db, { stationId: station?.id ?? null, companyId: 3 });
      const types =
        zone === null ? (['INVERTER'] as const) : (['INVERTER', 'INVERTER', 'METER', 'BATTERY'] as const);
      const devices = [];
      for (const [i, type] of types.entries())
        devices.push({ id: await addDevice(db, logger.id, type, `B${i}-${logger.sn}`), type });
      sites.push({ stationId: station?.id ?? null, gatewayId: logger.id, devices });
    }
  });
  afterAll(() => tdb.drop());

  it('recomputes several stations in several time zones in one transaction as each would be alone', async () => {
    const all = readingsOf(sites);
    await clearTelemetry(db);
    await writeAll(db, all, 6);
    const { database, transactions } = counted(tdb.database);
    const { worker, problems } = loggedWorker(database);
    expect(await worker.drainOnce()).toBe(all.length * 16);
    // One batch, then the round that finds the queue empty.
    expect(transactions()).toBe(2);
    expect(problems).toEqual([]);
    const together = await snapshot(db);
    // 8 hours of 4 stations' devices plus the unbound inverter: every device has its hours.
    expect(together.rollup_device_hour!.length).toBeGreaterThanOrEqual(all.length * 8);
    // Each station's hours follow its own zone: Kolkata (+05:30) and Adelaide (+09:30) start on the half hour.
    const halfHours = await queryRows<{ zone: string; half: boolean }>(
      db,
      sql`select s.time_zone as zone, bool_and(extract(minute from h.bucket) = 30) as half
          from rollup_station_hour h join stations s on s.id = h.station_id group by 1`,
    );
    expect(Object.fromEntries(halfHours.map((r) => [r.zone, r.half]))).toEqual({
      'Europe/Berlin': false,
      'Asia/Kolkata': true,
      'America/New_York': false,
      'Australia/Adelaide': true,
    });

    for (const site of sites) {
      await clearTelemetry(db);
      await writeAll(
        db,
        all.filter((a) => a.site === site),
        6,
      );
      await new RollupWorker({ database: tdb.database, log: pino({ level: 'silent' }) }).drainOnce();
      const devices = new Set<unknown>(site.devices.map((d) => d.id));
      const mine = (row: Record<string, unknown>): boolean =>
        'station_id' in row ? row.station_id === site.stationId : devices.has(row.device_id);
      expect(await snapshot(db)).toEqual(rowsOf(together, mine));
    }
  }, 120_000);

  it('splits a batch whose backlogs exceed its device-hours over several rounds of the same drain', async () => {
    // Each station's 8 hours arrive as one upload per device: 4 devices × 9 device-hours a station.
    const all = readingsOf(sites.filter((site) => site.stationId !== null));
    await clearTelemetry(db);
    await writeAll(db, all, 96);
    await new RollupWorker({ database: tdb.database, log: pino({ level: 'silent' }) }).drainOnce();
    const reference = await snapshot(db);
    await clearTelemetry(db);
    await writeAll(db, all, 96);
    const { database, transactions } = counted(tdb.database);
    const worker = new RollupWorker({
      database,
      log: pino({ level: 'silent' }),
      batch: { stations: 4, deviceHours: 40 },
    });
    expect(await worker.drainOnce()).toBe(all.length);
    // One station a round, then the round that finds the queue empty.
    expect(transactions()).toBe(5);
    expect(await snapshot(db)).toEqual(reference);
  });

  // Several workers only ever share a PostgreSQL database (one per server copy); on PGlite one process runs
  // one worker over one connection.
  it.runIf(kind === 'postgres')(
    'two workers draining while the ingest writes give the buckets one worker gives, without a deadlock',
    async () => {
      // Two hours, in batches of three readings: 8 queue entries a device.
      const all = readingsOf(sites).map((a) => ({ ...a, readings: a.readings.slice(0, 24) }));
      await clearTelemetry(db);
      await writeAll(db, all, 6);
      await new RollupWorker({ database: tdb.database, log: pino({ level: 'silent' }) }).drainOnce();
      const reference = await snapshot(db);

      await clearTelemetry(db);
      const a = loggedWorker(tdb.database);
      const b = loggedWorker(tdb.database);
      let drained = 0;
      // One pair of drains at a time, started as soon as the previous pair is done, while the writing goes on.
      const pair: { draining: Promise<void> | null } = { draining: null };
      await writeAll(db, all, 3, () => {
        pair.draining ??= Promise.all([a.worker.drainOnce(), b.worker.drainOnce()]).then(([x, y]) => {
          drained += x + y;
          pair.draining = null;
        });
        return Promise.resolve();
      });
      await pair.draining;
      const [x, y] = await Promise.all([a.worker.drainOnce(), b.worker.drainOnce()]);
      drained += x + y;
      const [left] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from rollup_dirty`);
      expect(left?.n).toBe(0);
      expect(drained).toBe(all.length * 8);
      expect([...a.problems, ...b.problems]).toEqual([]);
      expect(await snapshot(db)).toEqual(reference);
    },
    120_000,
  );

  it('a station that cannot be recomputed stays queued; the other stations of its batch are recomputed', async () => {
    await clearTelemetry(db);
    const broken = await createTestStation(db, { companyId: 3, timeZone: 'Mars/Olympus_Mons' });
    const logger = await registerTestLogger(db, { stationId: broken.id, companyId: 3 });
    const inverter = await addDevice(db, logger.id, 'INVERTER', `BROKEN-${logger.sn}`);
    const ts = Date.parse('2026-08-02T10:00:00Z');
    await writeBatch(db, logger.id, inverter, [{ ts, energy: 1 }]);
    for (const site of sites)
      await writeBatch(db, site.gatewayId, site.devices[0]!.id, [
        { ts, energy: 1000 },
        { ts: ts + 5 * MIN, energy: 1500 },
      ]);
    const { worker, problems } = loggedWorker(tdb.database);
    expect(await worker.drainOnce()).toBe(sites.length);
    expect(problems).toEqual([
      'rollup batch failed; retrying its stations one by one',
      'rollup recomputation failed; left queued',
    ]);
    const left = await queryRows<{ device_id: number }>(db, sql`select device_id from rollup_dirty`);
    expect(left).toEqual([{ device_id: inverter }]);
    const energy = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from rollup_device_day where energy_kwh = 0.5`,
    );
    expect(energy[0]?.n).toBe(sites.length);
    await db.execute(sql`delete from rollup_dirty`);
    await db.execute(sql`update stations set time_zone = 'UTC' where id = ${broken.id}`);
  });
});

describe.runIf(DATABASES.includes('postgres'))('rollup station locks on postgres', () => {
  let tdb: TestDatabase;

  beforeAll(async () => {
    tdb = await freshDatabase('postgres');
  });
  afterAll(() => tdb.drop());

  it('leaves a station another writer holds for the end of the drain, recomputes the others first, then waits for it', async () => {
    const db = tdb.database.db;
    const inverters = [];
    for (const zone of ['Europe/Berlin', 'Asia/Kolkata']) {
      const station = await createTestStation(db, { companyId: 3, timeZone: zone });
      const logger = await registerTestLogger(db, { stationId: station.id, companyId: 3 });
      const deviceId = await addDevice(db, logger.id, 'INVERTER', `LOCK-${logger.sn}`);
      const ts = Date.parse('2026-08-03T10:00:00Z');
      await writeBatch(db, logger.id, deviceId, [
        { ts, energy: 1000 },
        { ts: ts + 5 * MIN, energy: 1500 },
      ]);
      inverters.push({ stationId: station.id, deviceId });
    }
    const [held, free] = inverters as [(typeof inverters)[number], (typeof inverters)[number]];
    const hours = async (deviceId: number): Promise<number> =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from rollup_device_hour where device_id = ${deviceId}`,
        )
      )[0]?.n ?? -1;
    // Another writer (an old worker, say) holds the first station's lock.
    const holder = await tdb.database.pgPool!.connect();
    try {
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock(7272, $1)', [held.stationId]);
      const { worker, problems } = loggedWorker(tdb.database);
      const drained = worker.drainOnce();
      // Until the worker waits for that lock: it has done everything else by then.
      await waitFor(async () => {
        const { rows } = await holder.query<{ n: number }>(
          `select count(*)::int as n from pg_locks
           where locktype = 'advisory' and not granted and classid = 7272 and objid = $1`,
          [held.stationId],
        );
        return (rows[0]?.n ?? 0) > 0;
      }, 'the worker to wait for the held station');
      expect(await hours(free.deviceId)).toBeGreaterThan(0);
      expect(await hours(held.deviceId)).toBe(0);
      await holder.query('commit');
      expect(await drained).toBe(2);
      expect(await hours(held.deviceId)).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    } finally {
      holder.release();
    }
  });
});

describe('curveRanges', () => {
  it("takes each station's 5-minute buckets from its devices' first to last new reading, merged when they touch", () => {
    expect(
      curveRanges([
        { stationId: 1, fromTs: '2026-06-01T10:03:00.000000Z', toTs: '2026-06-01T10:07:00.000000Z' },
        { stationId: 1, fromTs: '2026-06-01T10:10:00.000000Z', toTs: '2026-06-01T10:10:00.000000Z' },
        { stationId: 1, fromTs: '2026-06-01T11:00:00.000000Z', toTs: '2026-06-01T11:01:00.000000Z' },
        { stationId: null, fromTs: '2026-06-01T10:00:00.000000Z', toTs: '2026-06-01T12:00:00.000000Z' },
        { stationId: 2, fromTs: '2026-06-01T10:04:59.999000Z', toTs: '2026-06-01T10:05:00.000000Z' },
      ]),
    ).toEqual([
      { stationId: 1, first: '2026-06-01T10:00:00.000Z', last: '2026-06-01T10:10:00.000Z' },
      { stationId: 1, first: '2026-06-01T11:00:00.000Z', last: '2026-06-01T11:00:00.000Z' },
      { stationId: 2, first: '2026-06-01T10:00:00.000Z', last: '2026-06-01T10:05:00.000Z' },
    ]);
  });
});

describe('withinBudget', () => {
  const work = (deviceId: number, stationId: number | null, hours: number) => ({
    deviceId,
    stationId,
    gone: false,
    timeZone: 'UTC',
    ids: [deviceId],
    fromTs: '2026-06-01T00:00:00.000000Z',
    toTs: new Date(Date.parse('2026-06-01T00:00:00Z') + hours * 3_600_000).toISOString(),
  });
  // Station 10: two devices of 2 hours (3 device-hours each); station 20: one of 10 hours; device 5 unbound.
  const claimed = [work(1, 10, 2), work(2, 10, 2), work(3, 20, 10), work(5, null, 0)];
  const devicesOf = (budget: number) => withinBudget([10, 20, -5], claimed, budget).map((w) => w.deviceId);

  it('takes the owners in picked order while their spans fit, and always the first', () => {
    expect(devicesOf(8)).toEqual([1, 2]);
    expect(devicesOf(18)).toEqual([1, 2, 3, 5]);
    expect(devicesOf(17)).toEqual([1, 2, 3]);
    expect(devicesOf(1)).toEqual([1, 2]);
  });
});

describe('mergeRanges', () => {
  it("merges a station's overlapping day ranges, keeps other stations' and disjoint ranges apart", () => {
    expect(
      mergeRanges([
        { stationId: 2, first: '2026-06-03', last: '2026-06-03' },
        { stationId: 1, first: '2026-06-01', last: '2026-06-02' },
        { stationId: 1, first: '2026-06-02', last: '2026-06-02' },
        { stationId: 1, first: '2026-06-04', last: '2026-06-05' },
        { stationId: 2, first: '2026-06-01', last: '2026-06-03' },
      ]),
    ).toEqual([
      { stationId: 1, first: '2026-06-01', last: '2026-06-02' },
      { stationId: 1, first: '2026-06-04', last: '2026-06-05' },
      { stationId: 2, first: '2026-06-01', last: '2026-06-03' },
    ]);
  });
});
