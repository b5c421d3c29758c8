// The ingest behind Mosquitto across a broker restart (docs/chaos.md "Broker restarts"): with `plain`
// subscriptions (INGEST_SUBSCRIPTION, the default for one ingest copy) an uplink that a logger publishes
// after the broker came back, while no ingest connection is there yet, waits in the ingest's persistent
// session and is stored once the ingest reconnects. Mosquitto 2.0.11 does not do that for a shared
// subscription (it drops such an uplink), which is why one copy does not use one.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uplinkTopic } from '@sunfleet/contracts';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeMosquittoFiles, type ServerMqttUser } from '../src/modules/gateways/mosquitto-files.js';
import { partitionOf, startIngestConsumers, type IngestConsumers } from '../src/services/ingest-consumer.js';
import { oneDatabase } from './helpers.js';
import { count, deviceSn, hello, startIngestWorld, type IngestWorld } from './ingest-support.js';
import { mosquittoInstalled, startMosquitto, type MosquittoProcess } from './support/mosquitto-process.js';
import { connectLogger, registerTestLogger, type TestLogger } from './support/loggers.js';
import { waitFor } from './support/poll.js';

const SERVER: ServerMqttUser = { username: 'sunfleet-server', password: 'server-secret-0123456789abcdef' };

describe.skipIf(!mosquittoInstalled()).each(oneDatabase())(
  'ingest across a Mosquitto restart (%s)',
  (kind) => {
    let world: IngestWorld;
    let dir: string;
    let mosquitto: MosquittoProcess;
    let loggers: TestLogger[];
    let consumers: IngestConsumers | null = null;
    const tag = randomBytes(4).toString('hex');
    const inverters = [deviceSn('SFI3A'), deviceSn('SFI3A'), deviceSn('SFI3A')];

    const startConsumers = (): Promise<IngestConsumers> =>
      startIngestConsumers({
        url: `mqtt://${SERVER.username}:${SERVER.password}@127.0.0.1:${mosquitto.serverPort}`,
        consumers: 2,
        subscription: 'plain',
        handler: world.service.handle,
        log: pino({ level: 'silent' }),
        // The same ids each time: the sessions (and what is queued for them) are resumed.
        clientIdPrefix: `ingest-restart-${tag}`,
        sessionExpirySeconds: 600,
      });
    const publishAs = async (index: number, seq: number, ts: number): Promise<void> => {
      const logger = loggers[index]!;
      const client: MqttClient = await connectLogger(mosquitto.loggerUrl, logger);
      try {
        if (seq === 1)
          await client.publishAsync(
            uplinkTopic(logger.sn, 'hello'),
            JSON.stringify(hello([{ sn: inverters[index]!, type: 'INVERTER', model: 'SF-INV-3P-10K' }])),
            { qos: 1 },
          );
        // Resolves on the broker's PUBACK: from here on the logger has forgotten the message.
        await client.publishAsync(
          uplinkTopic(logger.sn, 'telemetry'),
          JSON.stringify({ v: 1, seq, readings: [{ dev: inverters[index]!, ts, values: { W: seq * 100 } }] }),
          { qos: 1 },
        );
      } finally {
        await client.endAsync();
      }
    };

    beforeAll(async () => {
      world = await startIngestWorld(kind);
      // Serial numbers picked so that the loggers land on both connections' partitions.
      const sns: string[] = [];
      for (let i = 0; sns.length < inverters.length; i++) {
        const sn = `TLR${tag.toUpperCase()}${i}`;
        const covered = new Set(sns.map((x) => partitionOf(x, 2)));
        if (sns.length < inverters.length - 1 || covered.size === 2 || !covered.has(partitionOf(sn, 2)))
          sns.push(sn);
      }
      loggers = [];
      for (const sn of sns) loggers.push(await registerTestLogger(world.db, { sn }));
      dir = await mkdtemp(join(tmpdir(), 'sunfleet-restart-'));
      await writeMosquittoFiles(world.db, dir, SERVER);
      mosquitto = await startMosquitto({ dir, persistence: true });
    }, 60_000);
    afterAll(async () => {
      await consumers?.close();
      await mosquitto?.stop();
      await world?.close();
      await rm(dir, { recursive: true, force: true });
    });

    it('stores what loggers published after the restart and before the ingest was back, each once', async () => {
      // Both connections' sessions are exercised.
      expect(new Set(loggers.map((l) => partitionOf(l.sn, 2))).size).toBe(2);
      consumers = await startConsumers();
      expect(consumers.connected()).toBe(2);
      const t0 = Math.floor(Date.now() / 60_000) * 60_000 - 3_600_000;
      for (let i = 0; i < loggers.length; i++) await publishAs(i, 1, t0);
      await waitFor(
        async () => (await count(world.db, 'telemetry')) === loggers.length,
        'the first readings',
      );

      // The ingest goes away (its sessions stay), the broker restarts, the loggers publish before the
      // ingest is back: the broker acknowledges and must keep the messages for the ingest's sessions.
      await consumers.close();
      consumers = null;
      await mosquitto.stop();
      await mosquitto.start();
      for (let i = 0; i < loggers.length; i++) await publishAs(i, 2, t0 + 60_000);

      consumers = await startConsumers();
      await waitFor(
        async () => (await count(world.db, 'telemetry')) === 2 * loggers.length,
        'the readings published while the ingest was away',
      );
      expect(await count(world.db, 'gateway_seq_seen')).toBe(2 * loggers.length);
      expect(await count(world.db, 'gateway_seq_seen', 'duplicates > 0')).toBe(0);
      expect(await count(world.db, 'ingest_dead_letters')).toBe(0);
    }, 60_000);
  },
);
