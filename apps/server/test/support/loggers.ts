// Test factories for the device pipeline: stations, registered loggers with real credentials, an
// embedded broker on a free port, and MQTT.js loggers that connect to it.
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import type { Db } from '../../src/db/client.js';
import { gateways, stations } from '../../src/db/schema.js';
import { generateSecret, hashSecret } from '../../src/modules/gateways/credentials.js';
import { GatewayDirectory } from '../../src/modules/gateways/gateway-directory.js';
import { startEmbeddedBroker, type Broker } from '../../src/services/broker.js';
import type { UplinkHandler } from '../../src/services/mqtt-types.js';

let counter = 0;
const unique = (): string => `${process.pid.toString(36)}${(counter++).toString(36)}`.toUpperCase();

export interface TestStation {
  id: number;
}

export async function createTestStation(
  db: Db,
  values: Partial<typeof stations.$inferInsert> & { companyId: number },
): Promise<TestStation> {
  const rows = await db
    .insert(stations)
    .values({ name: `Station ${unique()}`, type: 'HOUSEHOLD_PV', capacityKwp: 10, price: 0.3, ...values })
    .returning({ id: stations.id });
  const row = rows[0];
  if (!row) throw new Error('station not created');
  return row;
}

export interface TestLogger {
  id: number;
  sn: string;
  secret: string;
}

/** Registers a logger the way the factory does (hashed secret), optionally bound to a station. */
export async function registerTestLogger(
  db: Db,
  values: { sn?: string; model?: string; stationId?: number | null; companyId?: number | null } = {},
): Promise<TestLogger> {
  const sn = values.sn ?? `TL${unique()}`.padEnd(10, '0');
  const secret = generateSecret();
  const rows = await db
    .insert(gateways)
    .values({
      sn,
      model: values.model ?? 'SF-LOGGER-4G',
      secretHash: hashSecret(secret),
      stationId: values.stationId ?? null,
      companyId: values.companyId ?? null,
      boundAt: values.stationId ? new Date() : null,
    })
    .returning({ id: gateways.id });
  const row = rows[0];
  if (!row) throw new Error('logger not registered');
  return { id: row.id, sn, secret };
}

/** The embedded broker on a free port, authenticating against the registry in `db`. */
export function startTestBroker(db: Db, onUplink: UplinkHandler): Promise<Broker> {
  return startEmbeddedBroker({
    port: 0,
    host: '127.0.0.1',
    log: pino({ level: 'silent' }),
    directory: new GatewayDirectory(db),
    onUplink,
  });
}

/** Connects as a logger; rejects with the broker's refusal. */
export async function connectLogger(
  url: string,
  logger: { sn: string; secret: string },
  options: mqtt.IClientOptions = {},
): Promise<MqttClient> {
  const client = mqtt.connect(url, {
    clientId: logger.sn,
    username: logger.sn,
    password: logger.secret,
    reconnectPeriod: 0,
    connectTimeout: 5_000,
    ...options,
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', (err) => {
      client.end(true);
      reject(err);
    });
  });
  return client;
}
