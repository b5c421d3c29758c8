// Test world of the ingest: a fresh database with the built-in device registry, the ingest service with
// recording hooks, the embedded broker on a free port handing uplinks to it, and helpers to publish as a
// logger and to read back what was stored.
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { uplinkTopic, type UplinkKind } from '@sunfleet/contracts';
import { encodeValues, wordsToHex } from '@sunfleet/domain';
import { queryRows, type Database, type Db } from '../src/db/client.js';
import { seedDeviceRegistry } from '../src/bootstrap/seed-devices.js';
import { IngestService, type IngestDeps } from '../src/modules/ingest/ingest.service.js';
import { DefinitionCache } from '../src/modules/registry/definitions.cache.js';
import type { Broker } from '../src/services/broker.js';
import { freshDatabase, type DatabaseKind } from './helpers.js';
import { connectLogger, registerTestLogger, startTestBroker, type TestLogger } from './support/loggers.js';
import { sql } from 'drizzle-orm';

export interface IngestWorld {
  database: Database;
  db: Db;
  service: IngestService;
  broker: Broker;
  url: string;
  definitions: DefinitionCache;
  hooks: { committed: number; results: unknown[]; firmware: unknown[]; failCommands: Error | null };
  close(): Promise<void>;
}

export async function startIngestWorld(
  kind: DatabaseKind,
  options: Partial<
    Pick<IngestDeps, 'batch' | 'faults' | 'applicationName' | 'now' | 'unknownDeviceGraceMs'>
  > = {},
): Promise<IngestWorld> {
  const { database, drop } = await freshDatabase(kind);
  await seedDeviceRegistry(database.db);
  const definitions = new DefinitionCache(database.db);
  const hooks: IngestWorld['hooks'] = { committed: 0, results: [], firmware: [], failCommands: null };
  const service = new IngestService({
    database,
    definitions,
    log: pino({ level: 'silent' }),
    hooks: {
      onCommitted: () => {
        hooks.committed += 1;
      },
      commandResult: async (_gatewayId, message) => {
        if (hooks.failCommands) throw hooks.failCommands;
        hooks.results.push(message);
      },
      firmwareProgress: async (_gatewayId, message) => {
        hooks.firmware.push(message);
      },
    },
    ...options,
  });
  const broker = await startTestBroker(database.db, service.handle);
  return {
    database,
    db: database.db,
    service,
    broker,
    url: `mqtt://127.0.0.1:${broker.port() ?? 0}`,
    definitions,
    hooks,
    close: async () => {
      await broker.close();
      await service.close();
      await drop();
    },
  };
}

export interface TestLoggerClient extends TestLogger {
  client: MqttClient;
  publish(kind: UplinkKind, body: unknown): Promise<void>;
}

/** A registered logger connected to the world's broker; `publish` resolves on the PUBACK. */
export async function connectTestLogger(
  world: IngestWorld,
  options: Parameters<typeof connectLogger>[2] = {},
): Promise<TestLoggerClient> {
  const logger = await registerTestLogger(world.db);
  const client = await connectLogger(world.url, logger, options);
  return {
    ...logger,
    client,
    publish: async (kind, body) => {
      const payload = Buffer.isBuffer(body)
        ? body
        : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
      await client.publishAsync(uplinkTopic(logger.sn, kind), payload, { qos: 1 });
    },
  };
}

let serial = 0;
/** A device SN with the built-in rule prefix of its model (SFI3A → SF-INV-3P-10K, SFM3 → SF-MTR-3P…). */
export const deviceSn = (prefix: string): string =>
  `${prefix}${process.pid.toString(36).toUpperCase()}X${(serial++).toString().padStart(5, '0')}`;

export function hello(
  devices: { sn: string; type: string; model: string; unitId?: number; ratedPower?: number }[],
) {
  return {
    v: 1,
    model: 'SF-LOGGER-4G',
    firmware: '2.4.1',
    mac: '02:1a:2b:3c:4d:5e',
    signal: -67,
    uploadInterval: 60,
    devices: devices.map((d, i) => ({ unitId: i + 1, ...d })),
  };
}

/** Raw blocks of `values` encoded with the registers of a model (as a logger would read them). */
export async function rawBlocks(
  definitions: DefinitionCache,
  type: 'INVERTER' | 'METER' | 'BATTERY' | 'WEATHER_STATION',
  model: string,
  values: Record<string, number | string | null>,
): Promise<{ address: number; hex: string }[]> {
  const resolved = await definitions.resolveModel(type, model, '');
  if (!resolved) throw new Error(`model ${model} not seeded`);
  const registers = await definitions.registersForModel(resolved.id);
  if (!registers) throw new Error(`model ${model} has no definition`);
  return encodeValues(registers, values).map((b) => ({ address: b.address, hex: wordsToHex(b.words) }));
}

export async function count(db: Db, table: string, where = 'true'): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql.raw(`select count(*)::int as n from ${table} where ${where}`),
  );
  return rows[0]?.n ?? 0;
}

export { queryRows, sql };
