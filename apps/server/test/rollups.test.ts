import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../src/db/client.js';
import { stations } from '../src/db/schema.js';
import { eq } from 'drizzle-orm';
import { DATABASES, freshDatabase, type TestDatabase } from './helpers.js';
import {
  addDevice,
  chunks,
  clearTelemetry,
  random,
  shuffle,
  snapshot,
  worker,
  writeBatch,
  type Snapshot,
  type TestReading,
} from './rollups-support.js';
import { createTestStation, registerTestLogger } from './support/loggers.js';
import { mergeSpans } from '../src/modules/rollups/rollup.worker.js';

const MIN = 60_000;
const HOUR = 60 * MIN;

interface Fleet {
  stationId: number;
  gatewayId: number;
  inverterA: number;
  inverterB: number;
  meter: number;
  battery: number;
}

/** 30 hours of readings every 10 minutes for four devices, crossing local midnight and a month end. */
function fleetReadings(fleet: Fleet): { deviceId: number; reading: TestReading }[] {
  const rnd = random(42);
  const start = Date.parse('2026-05-31T20:00:00Z');
  const out: { deviceId: number; reading: TestReading }[] = [];
  const counters = { a: 1_000_000, b: 500_000, imp: 20_000, exp: 30_000, cha: 4_000, dis: 3_000 };
  for (let i = 0; i < 30 * 6; i++) {
    const ts = start + i * 10 * MIN;
    counters.a += Math.round(rnd() * 400);
    // Inverter B is replaced half-way: its counter restarts near zero.
    counters.b = i === 90 ? 120 : counters.b + Math.round(rnd() * 300);
    counters.imp += Math.round(rnd() * 100);
    counters.exp += Math.round(rnd() * 150);
    counters.cha += Math.round(rnd() * 50);
    counters.dis += Math.round(rnd() * 60);
    out.push(
      { deviceId: fleet.inverterA, reading: { ts, power: Math.round(rnd() * 4000), energy: counters.a } },
      { deviceId: fleet.inverterB, reading: { ts, power: Math.round(rnd() * 3000), energy: counters.b } },
      {
        deviceId: fleet.meter,
        // A meter's own energy register must not count as station production.
        reading: {
          ts,
          power: 100,
          energy: counters.imp + counters.exp,
          import: counters.imp,
          export: counters.exp,
        },
      },
      { deviceId: fleet.battery, reading: { ts, power: -50, charge: counters.cha, discharge: counters.dis } },
    );
  }
  return out;
}

describe.each(DATABASES)('rollups on %s', (kind) => {
  let tdb: TestDatabase;
  let db: Db;
  let fleet: Fleet;

  beforeAll(async () => {
    tdb = await freshDatabase(kind);
    db = tdb.database.db;
    const station = await createTestStation(db, {
      companyId: 3,
      timeZone: 'Europe/Berlin',
      capacityKwp: 8,
      price: 0.25,
      currency: 'CHF',
    });
    const logger = await registerTestLogger(db, { stationId: station.id, companyId: 3 });
    fleet = {
      stationId: station.id,
      gatewayId: logger.id,
      inverterA: await addDevice(db, logger.id, 'INVERTER', `INVA-${kind}`),
      inverterB: await addDevice(db, logger.id, 'INVERTER', `INVB-${kind}`),
      meter: await addDevice(db, logger.id, 'METER', `MTR-${kind}`),
      battery: await addDevice(db, logger.id, 'BATTERY', `BAT-${kind}`),
    };
  });
  afterAll(() => tdb.drop());

  /** Writes the batches (each a list of one device's readings), draining after every `drainEvery`. */
  async function play(
    batches: { deviceId: number; readings: TestReading[] }[],
    drainEvery: number,
  ): Promise<Snapshot> {
    await clearTelemetry(db);
    const w = worker(tdb.database);
    let n = 0;
    for (const batch of batches) {
      await writeBatch(db, fleet.gatewayId, batch.deviceId, batch.readings);
      if (++n % drainEvery === 0) await w.drainOnce();
    }
    await w.drainOnce();
    const left = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from rollup_dirty`);
    expect(left[0]?.n).toBe(0);
    return snapshot(db);
  }

  /** Per device, batches of `size` consecutive readings in the given order. */
  function batchesOf(items: { deviceId: number; reading: TestReading }[], size: number) {
    const byDevice = new Map<number, TestReading[]>();
    for (const { deviceId, reading } of items)
      byDevice.set(deviceId, [...(byDevice.get(deviceId) ?? []), reading]);
    const perDevice = [...byDevice].map(([deviceId, readings]) =>
      chunks(readings, size).map((r) => ({ deviceId, readings: r })),
    );
    // Interleave devices the way one logger's messages would arrive.
    const out: { deviceId: number; readings: TestReading[] }[] = [];
    for (let i = 0; i < Math.max(...perDevice.map((p) => p.length)); i++)
      for (const p of perDevice) {
        const batch = p[i];
        if (batch) out.push(batch);
      }
    return out;
  }

  it('gives identical rollups for in-order, reversed, shuffled+duplicated and outage+backlog arrival', async () => {
    const all = fleetReadings(fleet);
    const reference = await play(batchesOf(all, 10_000), 1);
    // 20:00Z … 01:50Z readings fill the hours 19:00Z … 01:00Z: 31 hours on 3 local days.
    expect(reference.rollup_device_hour!.length).toBe(4 * 31);
    expect(reference.rollup_station_day!.length).toBe(3);

    // In-order batches are the live part of the outage case below.
    expect(await play(batchesOf([...all].reverse(), 12), 1)).toEqual(reference);

    const rnd = random(7);
    const shuffled = shuffle(all, rnd);
    // Random groups of 24 readings, split per device, each repeating a few readings sent before.
    const withDuplicates = chunks(shuffled, 24).flatMap((chunk, i) => {
      const repeats = shuffled.slice(0, i * 24).filter(() => rnd() < 0.01);
      return [fleet.inverterA, fleet.inverterB, fleet.meter, fleet.battery].map((deviceId) => ({
        deviceId,
        readings: [...chunk, ...repeats].filter((x) => x.deviceId === deviceId).map((x) => x.reading),
      }));
    });
    expect(await play(withDuplicates, 5)).toEqual(reference);

    const outageFrom = Date.parse('2026-06-01T09:00:00Z');
    const outageTo = Date.parse('2026-06-01T15:00:00Z');
    const inOutage = (x: { reading: TestReading }) => x.reading.ts >= outageFrom && x.reading.ts < outageTo;
    const live = batchesOf(
      all.filter((x) => !inOutage(x)),
      12,
    );
    const backlog = batchesOf(all.filter(inOutage), 50);
    expect(await play([...live, ...backlog], 1)).toEqual(reference);
  }, 180_000);

  it('counts each device type into the station measure it belongs to, with yield, income and currency', async () => {
    const all = fleetReadings(fleet);
    await play(batchesOf(all, 12), 1);
    // Expected from the counters sent: sums of the positive steps per device.
    const positiveSteps = (deviceId: number, pick: (r: TestReading) => number | null | undefined): number => {
      const values = all.filter((x) => x.deviceId === deviceId).map((x) => pick(x.reading) ?? 0);
      let total = 0;
      for (let i = 1; i < values.length; i++) total += Math.max(0, values[i]! - values[i - 1]!);
      return total / 1000;
    };
    const energy =
      positiveSteps(fleet.inverterA, (r) => r.energy) + positiveSteps(fleet.inverterB, (r) => r.energy);
    const months = await queryRows<Record<string, number | string>>(
      db,
      sql`select month::text as month, energy_kwh, import_kwh, export_kwh, charge_kwh, discharge_kwh,
                 yield_kwh_kwp, income, currency
          from rollup_station_month where station_id = ${fleet.stationId} order by month`,
    );
    // 2026-05-31T20:00Z is 22:00 in Berlin: the first hours belong to May, the rest to June.
    expect(months.map((m) => m.month)).toEqual(['2026-05-01', '2026-06-01']);
    const sum = (key: string) => months.reduce((s, m) => s + Number(m[key]), 0);
    expect(sum('energy_kwh')).toBeCloseTo(energy, 9);
    expect(sum('import_kwh')).toBeCloseTo(
      positiveSteps(fleet.meter, (r) => r.import),
      9,
    );
    expect(sum('export_kwh')).toBeCloseTo(
      positiveSteps(fleet.meter, (r) => r.export),
      9,
    );
    expect(sum('charge_kwh')).toBeCloseTo(
      positiveSteps(fleet.battery, (r) => r.charge),
      9,
    );
    expect(sum('discharge_kwh')).toBeCloseTo(
      positiveSteps(fleet.battery, (r) => r.discharge),
      9,
    );
    for (const m of months) {
      expect(Number(m.yield_kwh_kwp)).toBeCloseTo(Number(m.energy_kwh) / 8, 9);
      expect(Number(m.income)).toBeCloseTo(Number(m.energy_kwh) * 0.25, 9);
      expect(m.currency).toBe('CHF');
    }
    // Peak: the highest per-minute sum of both inverters' power in the hour.
    const hour = Date.parse('2026-06-01T10:00:00Z');
    const inHour = all.filter(
      (x) =>
        x.reading.ts > hour &&
        x.reading.ts <= hour + HOUR &&
        x.deviceId !== fleet.meter &&
        x.deviceId !== fleet.battery,
    );
    const perTs = new Map<number, number>();
    for (const x of inHour) perTs.set(x.reading.ts, (perTs.get(x.reading.ts) ?? 0) + (x.reading.power ?? 0));
    const [peak] = await queryRows<{ peak_power_w: number }>(
      db,
      sql`select peak_power_w from rollup_station_hour where station_id = ${fleet.stationId}
          and bucket = ${new Date(hour).toISOString()}::timestamptz`,
    );
    expect(peak?.peak_power_w).toBe(Math.max(...perTs.values()));
  });

  it('a capacity of 0 gives no yield', async () => {
    await db.update(stations).set({ capacityKwp: 0 }).where(eq(stations.id, fleet.stationId));
    await play(batchesOf(fleetReadings(fleet).slice(0, 40), 12), 1);
    const rows = await queryRows<{ y: number | null }>(
      db,
      sql`select yield_kwh_kwp as y from rollup_station_day where station_id = ${fleet.stationId}`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.y === null)).toBe(true);
    await db.update(stations).set({ capacityKwp: 8 }).where(eq(stations.id, fleet.stationId));
  });

  it('two workers draining side by side give the same rollups as one', async () => {
    const all = fleetReadings(fleet);
    const reference = await play(batchesOf(all, 10_000), 1);
    await clearTelemetry(db);
    for (const batch of batchesOf(all, 6))
      await writeBatch(db, fleet.gatewayId, batch.deviceId, batch.readings);
    const [a, b] = [worker(tdb.database), worker(tdb.database)];
    const counts = await Promise.all([a.drainOnce(), b.drainOnce(), a.drainOnce()]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(batchesOf(all, 6).length);
    expect(await snapshot(db)).toEqual(reference);
  });
});

describe.each(DATABASES)('rollup semantics on %s', (kind) => {
  let tdb: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    tdb = await freshDatabase(kind);
    db = tdb.database.db;
  });
  afterAll(() => tdb.drop());

  async function inverterIn(timeZone: string | null): Promise<{ gatewayId: number; deviceId: number }> {
    const station = timeZone === null ? null : await createTestStation(db, { companyId: 3, timeZone });
    const logger = await registerTestLogger(db, { stationId: station?.id ?? null, companyId: 3 });
    return { gatewayId: logger.id, deviceId: await addDevice(db, logger.id, 'INVERTER', `INV-${logger.sn}`) };
  }

  const hours = (deviceId: number) =>
    queryRows<{ bucket: string; energy_kwh: number; samples: number }>(
      db,
      sql`select to_char(bucket at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as bucket, energy_kwh, samples
          from rollup_device_hour where device_id = ${deviceId} order by bucket`,
    );
  const days = (deviceId: number) =>
    queryRows<{ day: string; energy_kwh: number; samples: number }>(
      db,
      sql`select day::text as day, energy_kwh, samples from rollup_device_day where device_id = ${deviceId} order by day`,
    );

  it('a decreasing counter contributes nothing for that step; a reading closes the hour before it', async () => {
    const { gatewayId, deviceId } = await inverterIn(null);
    const at = (hhmm: string) => Date.parse(`2026-03-10T${hhmm}:00Z`);
    await writeBatch(db, gatewayId, deviceId, [
      { ts: at('00:05'), energy: 1000 },
      { ts: at('00:10'), energy: 2000 },
      { ts: at('00:15'), energy: 50 },
      { ts: at('00:20'), energy: 550 },
      { ts: at('01:00'), energy: 1550 },
      { ts: at('01:05'), energy: 1600 },
    ]);
    await worker(tdb.database).drainOnce();
    expect(await hours(deviceId)).toEqual([
      // 00:10 +1000, 00:15 reset 0, 00:20 +500, 01:00 +1000 (the 01:00 reading closes the 00:00 hour).
      { bucket: '2026-03-10T00:00Z', energy_kwh: 2.5, samples: 5 },
      { bucket: '2026-03-10T01:00Z', energy_kwh: 0.05, samples: 1 },
    ]);
  });

  it('a backlog reading between stored ones moves energy to its own hour', async () => {
    const { gatewayId, deviceId } = await inverterIn(null);
    const at = (hhmm: string) => Date.parse(`2026-03-11T${hhmm}:00Z`);
    const w = worker(tdb.database);
    await writeBatch(db, gatewayId, deviceId, [{ ts: at('10:00'), energy: 1000 }]);
    await writeBatch(db, gatewayId, deviceId, [{ ts: at('12:00'), energy: 3000 }]);
    await w.drainOnce();
    expect((await hours(deviceId)).map((h) => [h.bucket, h.energy_kwh])).toEqual([
      ['2026-03-11T09:00Z', 0],
      ['2026-03-11T11:00Z', 2],
    ]);
    await writeBatch(db, gatewayId, deviceId, [{ ts: at('11:00'), energy: 2000 }]);
    await w.drainOnce();
    expect((await hours(deviceId)).map((h) => [h.bucket, h.energy_kwh])).toEqual([
      ['2026-03-11T09:00Z', 0],
      ['2026-03-11T10:00Z', 1],
      ['2026-03-11T11:00Z', 1],
    ]);
  });

  it('follows a half-hour time zone: Asia/Kolkata days start at 18:30 UTC', async () => {
    const { gatewayId, deviceId } = await inverterIn('Asia/Kolkata');
    const readings: TestReading[] = [];
    // 17:00Z … 20:00Z every 5 minutes, +100 Wh each.
    for (let i = 0; i <= 36; i++)
      readings.push({ ts: Date.parse('2026-04-01T17:00:00Z') + i * 5 * MIN, energy: i * 100 });
    await writeBatch(db, gatewayId, deviceId, readings);
    await worker(tdb.database).drainOnce();
    const h = await hours(deviceId);
    expect(h.map((x) => x.bucket)).toEqual([
      '2026-04-01T16:30Z',
      '2026-04-01T17:30Z',
      '2026-04-01T18:30Z',
      '2026-04-01T19:30Z',
    ]);
    // Readings at 17:00…18:30Z (19, the first without a predecessor) close hours of 1 April local.
    expect(await days(deviceId)).toEqual([
      { day: '2026-04-01', energy_kwh: 1.8, samples: 19 },
      { day: '2026-04-02', energy_kwh: 1.8, samples: 18 },
    ]);
  });

  it('a DST day has 25 hours: Europe/Berlin on 2026-10-25', async () => {
    const { gatewayId, deviceId } = await inverterIn('Europe/Berlin');
    const readings: TestReading[] = [];
    // Local 24 Oct 23:00 CEST (21:00Z) … 26 Oct 01:00 CET (00:00Z), every 15 minutes, +100 Wh each.
    const start = Date.parse('2026-10-24T21:00:00Z');
    for (let i = 0; i <= 27 * 4; i++) readings.push({ ts: start + i * 15 * MIN, energy: 10_000 + i * 100 });
    await writeBatch(db, gatewayId, deviceId, readings);
    await worker(tdb.database).drainOnce();
    const d = await days(deviceId);
    expect(d.map((x) => x.day)).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
    const dstDay = d[1]!;
    expect(dstDay.samples).toBe(100);
    expect(dstDay.energy_kwh).toBeCloseTo(10, 9);
    const dayHours = await queryRows<{ local: string; n: number }>(
      db,
      sql`select to_char(bucket at time zone 'Europe/Berlin', 'HH24:MI') as local, count(*)::int as n
          from rollup_device_hour where device_id = ${deviceId}
          and (bucket at time zone 'Europe/Berlin')::date = '2026-10-25' group by 1 order by 1`,
    );
    expect(dayHours.reduce((s, r) => s + r.n, 0)).toBe(25);
    // Both 02:00 hours exist as separate buckets, each with four readings.
    expect(dayHours.find((r) => r.local === '02:00')?.n).toBe(2);
    const [month] = await queryRows<{ energy_kwh: number }>(
      db,
      sql`select energy_kwh from rollup_device_month where device_id = ${deviceId}`,
    );
    expect(month?.energy_kwh).toBeCloseTo(108 * 0.1, 9);
  });

  it('leaves a device that cannot be recomputed queued, and recomputes the others', async () => {
    const broken = await inverterIn('Mars/Olympus_Mons');
    const fine = await inverterIn('UTC');
    const ts = Date.parse('2026-03-12T10:00:00Z');
    await writeBatch(db, broken.gatewayId, broken.deviceId, [{ ts, energy: 1 }]);
    await writeBatch(db, fine.gatewayId, fine.deviceId, [
      { ts, energy: 1000 },
      { ts: ts + 5 * MIN, energy: 1500 },
    ]);
    expect(await worker(tdb.database).drainOnce()).toBe(1);
    expect((await hours(fine.deviceId)).map((h) => h.energy_kwh)).toEqual([0, 0.5]);
    const left = await queryRows<{ device_id: number }>(db, sql`select device_id from rollup_dirty`);
    expect(left).toEqual([{ device_id: broken.deviceId }]);
    await db.execute(sql`delete from rollup_dirty`);
  });
});

describe('mergeSpans', () => {
  const span = (start: string, end: string) => ({
    start: `2026-06-01T${start}:00:00.000000Z`,
    end: `2026-06-01T${end}:00:00.000000Z`,
    firstDay: '2026-06-01',
    lastDay: '2026-06-01',
  });
  it('merges overlapping and adjacent hour spans of a station, keeps distant ones apart', () => {
    expect(mergeSpans([span('04', '06'), span('01', '02'), span('03', '03'), span('09', '09')])).toEqual([
      span('01', '06'),
      span('09', '09'),
    ]);
  });
});
