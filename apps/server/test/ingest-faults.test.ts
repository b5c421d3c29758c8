// The database connection dropping while batches are in flight: on PostgreSQL the ingest's backends are
// terminated for real; on PGlite (one in-process connection) the writer's fault seam fails commits. The
// logger's messages are retried or redelivered, and in the end every reading is stored exactly once.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from './helpers.js';
import {
  connectTestLogger,
  count,
  deviceSn,
  hello,
  queryRows,
  sql,
  startIngestWorld,
  type IngestWorld,
  type TestLoggerClient,
} from './ingest-support.js';

const MESSAGES = 400;
const READINGS = 10;
const IN_FLIGHT = 16;

/** Fails like a dropped connection (SQLSTATE 57P01, what pg_terminate_backend produces). */
const dropped = (): Error =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

describe.each(DATABASES)('ingest survives a dropped database connection (%s)', (kind) => {
  let world: IngestWorld;
  let logger: TestLoggerClient;
  let reconnects = 0;
  const inverter = deviceSn('SFI3A');
  const applicationName = `sf-ingest-test-${randomBytes(4).toString('hex')}`;
  // PGlite: the first three commit attempts fail (a whole batch given up: redelivery), then every
  // third attempt fails (retried inside the writer) until the fault is switched off.
  let attempts = 0;
  let faulty = true;

  beforeAll(async () => {
    world = await startIngestWorld(kind, {
      applicationName,
      ...(kind === 'pglite'
        ? {
            faults: {
              beforeCommit: () => {
                attempts += 1;
                if (faulty && (attempts <= 3 || attempts % 3 === 0)) throw dropped();
              },
            },
          }
        : {}),
    });
    logger = await connectTestLogger(world, { reconnectPeriod: 100 });
    logger.client.on('connect', () => (reconnects += 1));
    faulty = false;
    await logger.publish('hello', hello([{ sn: inverter, type: 'INVERTER', model: 'SF-INV-3P-10K' }]));
    faulty = true;
  }, 120_000);
  afterAll(async () => {
    await logger.client.endAsync(true);
    await world.close();
  });

  it('stores every reading exactly once after retries and redeliveries', async () => {
    const base = Date.now() - 2 * 86_400_000;
    let killed = 0;
    let stopKilling = false;
    const killer =
      kind === 'postgres'
        ? (async () => {
            const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
            await admin.connect();
            try {
              while (!stopKilling) {
                const res = await admin.query<{ ok: boolean }>(
                  'select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = $1',
                  [applicationName],
                );
                killed += res.rows.filter((r) => r.ok).length;
                await new Promise((resolve) => setTimeout(resolve, 5));
              }
            } finally {
              await admin.end();
            }
          })()
        : Promise.resolve();

    let next = 0;
    const publishing = Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < MESSAGES) {
          const seq = next++;
          await logger.publish('telemetry', {
            v: 1,
            seq,
            readings: Array.from({ length: READINGS }, (_, i) => ({
              dev: inverter,
              ts: base + (seq * READINGS + i) * 1000,
              values: { W: seq, WH: seq * READINGS + i },
            })),
          });
          // Half way through the faults stop, so the run ends (PostgreSQL: after some kills).
          if (seq === MESSAGES / 2) {
            if (kind === 'pglite') faulty = false;
          }
        }
      }),
    );
    if (kind === 'postgres') {
      // Keep killing until a good number of in-flight transactions died, then let the rest through.
      const deadline = Date.now() + 20_000;
      while (killed < 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      stopKilling = true;
    }
    await publishing;
    stopKilling = true;
    await killer;

    expect(await count(world.db, 'telemetry')).toBe(MESSAGES * READINGS);
    const [distinct] = await queryRows<{ n: number }>(
      world.db,
      sql`select count(distinct (device_id, ts))::int as n from telemetry`,
    );
    expect(distinct?.n).toBe(MESSAGES * READINGS);
    expect(await count(world.db, 'gateway_seq_seen')).toBe(MESSAGES);
    expect(await count(world.db, 'ingest_dead_letters')).toBe(0);
    // Every new reading is covered by a rollup work entry.
    const [uncovered] = await queryRows<{ n: number }>(
      world.db,
      sql`select count(*)::int as n from telemetry t
          where not exists (select 1 from rollup_dirty r where r.device_id = t.device_id and t.ts between r.from_ts and r.to_ts)`,
    );
    expect(uncovered?.n).toBe(0);
    if (process.env.INGEST_DEBUG) {
      const m = await world.service.metrics.registry.getSingleMetric('sunfleet_ingest_messages_total')?.get();
      console.log({ killed, reconnects, attempts, messages: m?.values });
    }
    if (kind === 'postgres') {
      expect(killed).toBeGreaterThan(0);
    } else {
      expect(attempts).toBeGreaterThan(3);
      // The first batch was given up after three tries: the broker dropped the logger, which redelivered.
      expect(reconnects).toBeGreaterThan(0);
    }
  }, 300_000);
});
