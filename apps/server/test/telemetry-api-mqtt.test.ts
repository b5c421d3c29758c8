// End to end over real MQTT: a logger says hello and uploads telemetry through the embedded broker into
// the ingest; the read API shows the readings as soon as the PUBACK arrives, and the rollup worker (kicked
// by the ingest) counts the day's energy once whatever the duplicates, order and backlog.
import { uplinkTopic, type UplinkKind } from '@sunfleet/contracts';
import { eq, sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../src/db/client.js';
import { devices } from '../src/db/schema.js';
import { IngestService } from '../src/modules/ingest/ingest.service.js';
import { DefinitionCache } from '../src/modules/registry/definitions.cache.js';
import { RollupWorker } from '../src/modules/rollups/rollup.worker.js';
import type { Broker } from '../src/services/broker.js';
import { createTestApp, DATABASES, type TestApp } from './helpers.js';
import { as } from './organisation-fixtures.js';
import { connectLogger, createTestStation, registerTestLogger, startTestBroker } from './support/loggers.js';

const MIN = 60_000;
/** 00:05 local (Europe/Berlin, UTC+2) on 1 June 2026 … 09:55 local, every 5 minutes. */
const FIRST = Date.parse('2026-05-31T22:05:00Z');
const COUNT = 120;

interface Reading {
  dev: string;
  ts: number;
  values: { W: number; WH: number };
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(DATABASES)('telemetry end to end over MQTT on %s', (kind) => {
  let t: TestApp;
  let db: Db;
  let rollups: RollupWorker;
  let ingest: IngestService;
  let broker: Broker;
  let client: MqttClient;
  let sn: string;
  let stationId: number;
  let deviceId: number;
  let admin: ReturnType<typeof as>;
  const inverterSn = `SFI1${kind.toUpperCase()}X00001`;
  const readings: Reading[] = [];

  const publish = (kindOf: UplinkKind, body: unknown): Promise<unknown> =>
    client.publishAsync(uplinkTopic(sn, kindOf), JSON.stringify(body), { qos: 1 });
  const batch = (seq: number, from: number, to: number, backlog = false): Promise<unknown> =>
    publish('telemetry', { v: 1, seq, ...(backlog ? { backlog } : {}), readings: readings.slice(from, to) });

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.database.db;
    admin = as(t, await t.login());
    const log = pino({ level: 'silent' });
    stationId = (
      await createTestStation(db, { companyId: 3, timeZone: 'Europe/Berlin', capacityKwp: 5, price: 0.3 })
    ).id;
    const logger = await registerTestLogger(db, { stationId, companyId: 3 });
    sn = logger.sn;
    rollups = new RollupWorker({ database: t.database, log, intervalMs: 500 });
    rollups.start();
    ingest = new IngestService({
      database: t.database,
      definitions: new DefinitionCache(db),
      hooks: {
        onCommitted: () => rollups.kick(),
        commandResult: () => Promise.resolve(),
        firmwareProgress: () => Promise.resolve(),
      },
      log,
      now: () => t.clock.now().getTime(),
    });
    broker = await startTestBroker(db, ingest.handle);
    client = await connectLogger(`mqtt://127.0.0.1:${broker.port() ?? 0}`, logger);
    // A counter that grows unevenly, as a real inverter's does.
    let wh = 2_345_000;
    for (let i = 0; i < COUNT; i++) {
      wh += 50 + ((i * 37) % 90);
      readings.push({ dev: inverterSn, ts: FIRST + i * 5 * MIN, values: { W: 1000 + i, WH: wh } });
    }
  });
  afterAll(async () => {
    client.end(true);
    await broker.close();
    await ingest.close();
    await rollups.stop();
    await t.close();
  });

  it('shows a reading through the API as soon as the logger has its PUBACK', async () => {
    await publish('hello', {
      v: 1,
      model: 'SF-LOGGER-4G',
      firmware: '2.4.1',
      mac: '02:1A:2B:3C:4D:5E',
      signal: -60,
      uploadInterval: 300,
      devices: [{ sn: inverterSn, type: 'INVERTER', model: 'SF-INV-1P-5K', unitId: 1 }],
    });
    const [device] = await db.select({ id: devices.id }).from(devices).where(eq(devices.sn, inverterSn));
    if (!device) throw new Error('hello did not register the inverter');
    deviceId = device.id;
    // The newest batch first (seq 10): its last reading is five minutes old on the test clock.
    await batch(10, 108, 120);
    // No waiting: the PUBACK is only sent after the rows are committed.
    const latest = await admin.get<{ ts: number; values: Record<string, unknown>; status: string }>(
      `/device/${deviceId}/latest`,
    );
    expect(latest.status).toBe(200);
    const newest = readings[COUNT - 1]!;
    expect(latest.data.ts).toBe(newest.ts);
    expect(latest.data.values).toMatchObject({ W: newest.values.W, WH: newest.values.WH });
    expect(latest.data.status).toBe('RUNNING');
  });

  it('counts the day’s energy once despite duplicated, out-of-order and backlog batches', async () => {
    // Batches of 12 readings with seq 1…10. Batch 10 is already in. Batches 6 and 7 are held back (an
    // outage) and arrive last as backlog; 4 comes before 3; 2 and 5 arrive twice.
    await batch(1, 0, 12);
    await batch(2, 12, 24);
    await batch(2, 12, 24);
    await batch(4, 36, 48);
    await batch(3, 24, 36);
    await batch(5, 48, 60);
    await batch(8, 84, 96);
    await batch(5, 48, 60);
    await batch(9, 96, 108);
    await batch(7, 72, 84, true);
    await batch(6, 60, 72, true);
    // One message repeating readings of several batches (a logger re-sending after a lost PUBACK).
    await publish('telemetry', { v: 1, seq: 11, readings: [readings[3], readings[50], readings[119]] });

    const expectedKwh = (readings[COUNT - 1]!.values.WH - readings[0]!.values.WH) / 1000;
    const dayEnergy = async (owner: 'device' | 'station'): Promise<number | undefined> => {
      const id = owner === 'device' ? deviceId : stationId;
      const res = await admin.get<{ rows: { bucket: string; energyKwh: number; income?: number }[] }>(
        `/${owner}/${id}/rollup?period=day&from=2026-06-01&to=2026-06-01`,
      );
      return res.data.rows[0]?.energyKwh;
    };
    await until(async () => {
      const left = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from rollup_dirty`);
      return left[0]?.n === 0 && (await dayEnergy('station')) !== undefined;
    }, 'the rollup worker');
    const [rows] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from telemetry`);
    expect(rows?.n).toBe(COUNT);
    expect(await dayEnergy('station')).toBeCloseTo(expectedKwh, 9);
    expect(await dayEnergy('device')).toBeCloseTo(expectedKwh, 9);
    const month = await admin.get<{ rows: { bucket: string; energyKwh: number; income: number }[] }>(
      `/station/${stationId}/rollup?period=month&from=2026-06-01&to=2026-06-30`,
    );
    expect(month.data.rows).toHaveLength(1);
    expect(month.data.rows[0]!.energyKwh).toBeCloseTo(expectedKwh, 9);
    expect(month.data.rows[0]!.income).toBeCloseTo(expectedKwh * 0.3, 9);
  });

  it('reports the held-back batches as received once they arrive, and the duplicates', async () => {
    const res = await admin.get<{
      days: { day: string; received: number; lost: number; duplicates: number }[];
      total: { received: number; lost: number; duplicates: number };
    }>(
      `/station/lossPacket/gateway/data?gatewayId=${(await queryRows<{ id: number }>(db, sql`select id from gateways where sn = ${sn}`))[0]?.id}&startDate=2026-05-31&endDate=2026-06-01`,
    );
    expect(res.status).toBe(200);
    expect(res.data.total).toEqual({ received: 11, expected: 11, lost: 0, duplicates: 2, lossRate: 0 });
  });
});
