// The ingest behind an external broker (Mosquitto): consumers in one shared subscription group take the
// loggers' messages, acknowledge each after it is stored, and together store every message once.
// Runs only when TEST_MQTT_URL points at a broker that allows anonymous clients.
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uplinkTopic } from '@sunfleet/contracts';
import { startIngestConsumers, type IngestConsumers } from '../src/services/ingest-consumer.js';
import { registerTestLogger } from './support/loggers.js';
import { DATABASES } from './helpers.js';
import { waitFor } from './support/poll.js';
import {
  count,
  deviceSn,
  hello,
  queryRows,
  sql,
  startIngestWorld,
  type IngestWorld,
} from './ingest-support.js';

const MQTT_URL = process.env.TEST_MQTT_URL;
const MESSAGES = 300;

describe.skipIf(!MQTT_URL).each(DATABASES)('ingest consumers on an external broker (%s)', (kind) => {
  let world: IngestWorld;
  let consumers: IngestConsumers;
  let publisher: mqtt.MqttClient;
  let sn: string;
  const inverter = deviceSn('SFI3A');
  const tag = randomBytes(4).toString('hex');
  // Only this test's logger: other suites publish on the same broker at the same time, and their
  // messages would queue ahead of ours (the flaky consumer once spent its 30 s on them).
  const ownUplinks = () => `sf/v1/${sn}/up/#`;

  beforeAll(async () => {
    world = await startIngestWorld(kind);
    sn = (await registerTestLogger(world.db)).sn;
    consumers = await startIngestConsumers({
      url: MQTT_URL!,
      consumers: 2,
      handler: world.service.handle,
      log: pino({ level: 'silent' }),
      // Our own group and ids: parallel test runs on the same broker must not take our messages.
      shareGroup: `sunfleet-ingest-test-${tag}`,
      clientIdPrefix: `sunfleet-ingest-test-${tag}`,
      sessionExpirySeconds: 60,
      topicFilter: ownUplinks(),
    });
    publisher = await mqtt.connectAsync(MQTT_URL!, { clientId: `sunfleet-test-pub-${tag}` });
  }, 120_000);
  afterAll(async () => {
    await publisher?.endAsync();
    await consumers?.close();
    await world?.close();
  });

  it('stores messages published under a logger topic, each once, across two consumers', async () => {
    expect(consumers.connected()).toBe(2);
    await publisher.publishAsync(
      uplinkTopic(sn, 'hello'),
      JSON.stringify(hello([{ sn: inverter, type: 'INVERTER', model: 'SF-INV-3P-10K' }])),
      { qos: 1 },
    );
    // A shared subscription does not order messages between consumers: telemetry waits for the hello.
    await waitFor(async () => (await count(world.db, 'devices')) === 1, 'the hello', 60_000);

    const base = Date.now() - 3_600_000;
    await Promise.all(
      Array.from({ length: MESSAGES }, (_, seq) =>
        publisher.publishAsync(
          uplinkTopic(sn, 'telemetry'),
          JSON.stringify({
            v: 1,
            seq,
            readings: [{ dev: inverter, ts: base + seq * 1000, values: { W: seq } }],
          }),
          { qos: 1 },
        ),
      ),
    );
    await waitFor(
      async () => (await count(world.db, 'gateway_seq_seen')) === MESSAGES,
      'every message stored',
      60_000,
    );
    expect(await count(world.db, 'telemetry')).toBe(MESSAGES);
    const [dups] = await queryRows<{ n: number }>(
      world.db,
      sql`select coalesce(sum(duplicates), 0)::int as n from gateway_seq_seen`,
    );
    expect(dups?.n).toBe(0);
    expect(await count(world.db, 'ingest_dead_letters')).toBe(0);
  }, 120_000);

  it('drops the connection without acknowledging when the handler rejects, and gets the message again', async () => {
    // A consumer of its own whose handler fails the first delivery (as when the database is down).
    const seen: string[] = [];
    const flaky = await startIngestConsumers({
      url: MQTT_URL!,
      consumers: 1,
      handler: async (message) => {
        seen.push(message.topic);
        if (seen.length === 1) throw new Error('database unavailable');
        await world.service.handle(message);
      },
      log: pino({ level: 'silent' }),
      shareGroup: `sunfleet-ingest-flaky-${tag}`,
      clientIdPrefix: `sunfleet-ingest-flaky-${tag}`,
      sessionExpirySeconds: 60,
      topicFilter: ownUplinks(),
    });
    try {
      const ts = Date.now() - 7_200_000;
      await publisher.publishAsync(
        uplinkTopic(sn, 'telemetry'),
        JSON.stringify({ v: 1, seq: 10_000, readings: [{ dev: inverter, ts, values: { W: 1 } }] }),
        { qos: 1 },
      );
      // Both groups get the message: the healthy one stores it at once; the flaky one only on redelivery.
      await waitFor(() => seen.length >= 2, 'the redelivery', 30_000).catch((err: unknown) => {
        throw new Error(`${String(err)}; deliveries seen: ${JSON.stringify(seen)}`);
      });
      expect(seen).toEqual([uplinkTopic(sn, 'telemetry'), uplinkTopic(sn, 'telemetry')]);
      expect(await count(world.db, 'gateway_seq_seen', 'seq = 10000')).toBe(1);
      expect(await count(world.db, 'telemetry', `ts = to_timestamp(${ts / 1000})`)).toBe(1);
    } finally {
      await flaky.close();
    }
  }, 60_000);

  it('keeps a message on an unknown topic level as a dead letter', async () => {
    const topic = `sf/v1/${sn}/up/nonsense`;
    await publisher.publishAsync(topic, '{}', { qos: 1 });
    const where = `reason = 'unknown-topic' and topic = '${topic}'`;
    await waitFor(
      async () => (await count(world.db, 'ingest_dead_letters', where)) > 0,
      'the dead letter',
      60_000,
    );
    const [row] = await queryRows<{ gatewaySn: string | null; size: number; payload: string }>(
      world.db,
      sql.raw(
        `select gateway_sn as "gatewaySn", size, payload_b64 as payload from ingest_dead_letters where ${where}`,
      ),
    );
    expect(row).toEqual({ gatewaySn: sn, size: 2, payload: Buffer.from('{}').toString('base64') });
    expect(await count(world.db, 'ingest_dead_letters', where)).toBe(1);
  });
});
