// Hostile and broken input over MQTT from an authenticated logger: every malformed message is
// acknowledged, kept as a dead letter with its reason and counted, nothing of it is stored, the
// connection and the process stay up, and the valid traffic in between is stored completely.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UplinkKind } from '@sunfleet/contracts';
import type { DeadLetterReason } from '../src/modules/ingest/reasons.js';
import { DATABASES, type DatabaseKind } from './helpers.js';
import {
  connectTestLogger,
  count,
  deviceSn,
  hello,
  queryRows,
  rawBlocks,
  sql,
  startIngestWorld,
  type IngestWorld,
  type TestLoggerClient,
} from './ingest-support.js';

// The volume run (10,000, Step 6) goes to PostgreSQL, the database a fleet at scale runs on; PGlite gets a
// fifth of it, which still holds every kind of malformed message and a 1 MB payload. When the run has no
// PostgreSQL, PGlite takes the volume.
const malformedCount = (kind: DatabaseKind): number =>
  Number(
    process.env.INGEST_MALFORMED_COUNT ??
      (kind === 'pglite' && DATABASES.includes('postgres') ? 2_000 : 10_000),
  );
const VALID_EVERY = 50;
const IN_FLIGHT = 32;

interface Case {
  kind: UplinkKind;
  body: Buffer | string | object;
  reason: DeadLetterReason;
}

describe.each(DATABASES)('ingest refuses malformed input (%s)', (kind) => {
  let world: IngestWorld;
  let logger: TestLoggerClient;
  const inverter = deviceSn('SFI3A');
  const noDefinition = 'ZZUNKNOWN' + deviceSn('');
  const foreign = deviceSn('SFM3');

  beforeAll(async () => {
    world = await startIngestWorld(kind);
    logger = await connectTestLogger(world);
    const other = await connectTestLogger(world);
    await other.publish('hello', hello([{ sn: foreign, type: 'METER', model: 'SF-MTR-3P' }]));
    await other.client.endAsync();
    await logger.publish(
      'hello',
      hello([
        { sn: inverter, type: 'INVERTER', model: 'SF-INV-3P-10K' },
        { sn: noDefinition, type: 'INVERTER', model: 'NOBODY-KNOWS-ME' },
      ]),
    );
  }, 120_000);
  afterAll(async () => {
    await logger.client.endAsync();
    await world.close();
  });

  const MALFORMED = malformedCount(kind);

  it(`keeps ${MALFORMED} malformed messages as dead letters and stores all valid readings`, async () => {
    const now = Date.now();
    const raw = await rawBlocks(world.definitions, 'INVERTER', 'SF-INV-3P-10K', { W: 1000, WH: 5 });
    const valid = (seq: number): object => ({
      v: 1,
      seq,
      readings: Array.from({ length: 5 }, (_, i) => ({
        dev: inverter,
        ts: now - 86_400_000 + (seq * 5 + i) * 1000,
        // `constructor` is a legal measure key and must stay an ordinary value.
        values: { W: seq, constructor: i },
        ...(i === 0 ? { raw } : {}),
      })),
    });
    const reading = (dev: string, ts = now - 60_000): object => ({ dev, ts, values: { W: 1 } });
    const telemetry = (...readings: object[]): object => ({ v: 1, seq: 1, readings });
    const goodJson = JSON.stringify(telemetry(reading(inverter)));
    const big = Buffer.alloc(1024 * 1024, 0x20);

    const makers: ((i: number) => Case)[] = [
      // Invalid UTF-8 up front, then noise: never JSON.
      (i) => ({
        kind: 'telemetry',
        body: Buffer.concat([Buffer.from([0xff]), randomBytes(1 + (i % 200))]),
        reason: 'invalid-json',
      }),
      (i) => ({
        kind: 'telemetry',
        body: goodJson.slice(0, 1 + (i % (goodJson.length - 2))),
        reason: 'invalid-json',
      }),
      () => ({
        kind: 'telemetry',
        body: { v: 1, seq: '7', readings: [reading(inverter)] },
        reason: 'schema',
      }),
      () => ({ kind: 'hello', body: { ...hello([]), uploadInterval: 'often' }, reason: 'schema' }),
      () => ({
        kind: 'alarm',
        body: {
          v: 1,
          alarms: [{ id: 'x', dev: inverter, kind: 'ALARM', code: -1, level: 'URGENT', start: now }],
        },
        reason: 'schema',
      }),
      () => ({
        kind: 'telemetry',
        body: `{"v":1,"seq":1,"readings":[${JSON.stringify(reading(inverter))}],"__proto__":{"polluted":true}}`,
        reason: 'schema',
      }),
      () => ({
        kind: 'cmd/res',
        body: `{"v":1,"id":"5b2f7c1e-0d7a-4c43-9d0e-8f1d7e1a9b20","state":"DONE","result":{"__proto__":{"polluted":true}}}`,
        reason: 'schema',
      }),
      () => ({
        kind: 'telemetry',
        body: `{"v":1,"seq":1,"readings":[{"dev":"${inverter}","ts":${now},"values":{"W":NaN}}]}`,
        reason: 'invalid-json',
      }),
      () => ({
        kind: 'telemetry',
        body: `{"v":1,"seq":1,"readings":[{"dev":"${inverter}","ts":${now},"values":{"W":Infinity}}]}`,
        reason: 'invalid-json',
      }),
      () => ({
        kind: 'telemetry',
        body: `{"v":1,"seq":1,"readings":[{"dev":"${inverter}","ts":${now},"values":{"W":1e400}}]}`,
        reason: 'not-finite',
      }),
      () => ({ kind: 'telemetry', body: telemetry(reading(inverter, 0)), reason: 'timestamp-out-of-range' }),
      () => ({
        kind: 'telemetry',
        body: telemetry(reading(inverter, Date.UTC(2100, 0, 1))),
        reason: 'timestamp-out-of-range',
      }),
      (i) => ({
        kind: 'telemetry',
        body: telemetry(reading(inverter), reading(`NOPE${i}`)),
        reason: 'unknown-device',
      }),
      () => ({ kind: 'telemetry', body: telemetry(reading(foreign)), reason: 'foreign-device' }),
      () => ({
        kind: 'alarm',
        body: {
          v: 1,
          alarms: [{ id: 'a1', dev: foreign, kind: 'ALARM', code: 1, level: 'URGENT', start: now }],
        },
        reason: 'foreign-device',
      }),
      () => ({
        kind: 'telemetry',
        body: telemetry({ dev: inverter, ts: now, raw: [{ address: 40_000, hex: '12345' }] }),
        reason: 'schema',
      }),
      () => ({
        kind: 'telemetry',
        body: telemetry({ dev: inverter, ts: now, raw: [{ address: 65_535, hex: '00010002' }] }),
        reason: 'decode-error',
      }),
      () => ({
        kind: 'telemetry',
        body: telemetry({ dev: inverter, ts: now, raw: [{ address: 10, hex: '0001' }] }),
        reason: 'decode-error',
      }),
      () => ({
        kind: 'telemetry',
        body: telemetry({ dev: noDefinition, ts: now, raw: [{ address: 40_000, hex: '0001' }] }),
        reason: 'no-definition',
      }),
    ];
    const cases: Case[] = [];
    for (let i = 0; i < MALFORMED; i++) {
      // A handful of 1 MB payloads (each is a full megabyte through the broker).
      if (i % 2_000 === 1_000) cases.push({ kind: 'telemetry', body: big, reason: 'payload-too-large' });
      else cases.push(makers[i % makers.length]!(i));
    }
    const expected = new Map<string, number>();
    for (const c of cases) expected.set(c.reason, (expected.get(c.reason) ?? 0) + 1);

    // Interleave valid messages and publish with a bounded number in flight.
    const queue: { kind: UplinkKind; body: Buffer | string | object }[] = [];
    let seq = 0;
    for (const [i, c] of cases.entries()) {
      if (i % VALID_EVERY === 0) queue.push({ kind: 'telemetry', body: valid(++seq) });
      queue.push(c);
    }
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < queue.length) {
          const item = queue[next++]!;
          await logger.publish(item.kind, item.body);
        }
      }),
    );

    const stored = await queryRows<{ reason: string; n: number }>(
      world.db,
      sql`select reason, count(*)::int as n from ingest_dead_letters group by reason order by reason`,
    );
    expect(Object.fromEntries(stored.map((r) => [r.reason, r.n]))).toEqual(
      Object.fromEntries([...expected].sort()),
    );
    // Counted as well as kept.
    const metric = await world.service.metrics.registry
      .getSingleMetric('sunfleet_ingest_dead_letters_total')
      ?.get();
    const counted = Object.fromEntries((metric?.values ?? []).map((v) => [String(v.labels.reason), v.value]));
    expect(counted).toEqual(Object.fromEntries(expected));
    // What is kept of a dead letter: size, hash, a bounded copy.
    const [large] = await queryRows<{
      size: number;
      truncated: boolean;
      kept: number;
      sha256: string;
      detail: string;
    }>(
      world.db,
      sql`select size, truncated, length(decode(payload_b64, 'base64'))::int as kept, sha256, detail
          from ingest_dead_letters where reason = 'payload-too-large' limit 1`,
    );
    expect(large).toMatchObject({ size: 1024 * 1024, truncated: true, kept: 64 * 1024 });
    expect(large?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const [schema] = await queryRows<{ detail: string }>(
      world.db,
      sql`select detail from ingest_dead_letters where reason = 'schema' and topic like '%/telemetry' and detail like '%seq%' limit 1`,
    );
    expect(schema?.detail).toContain('/seq must be integer');

    // All valid readings stored, nothing of the malformed ones.
    expect(await count(world.db, 'telemetry')).toBe(seq * 5);
    const [latest] = await queryRows<{ values: Record<string, unknown> }>(
      world.db,
      sql`select values from device_latest`,
    );
    expect(latest?.values.constructor).toBe(4);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await count(world.db, 'alarms')).toBe(0);
    // The logger was never disconnected (no redelivery was ever asked for).
    expect(logger.client.connected).toBe(true);
    const messages = await world.service.metrics.registry
      .getSingleMetric('sunfleet_ingest_messages_total')
      ?.get();
    expect((messages?.values ?? []).filter((v) => v.labels.result === 'retry')).toEqual([]);
  }, 600_000);
});
