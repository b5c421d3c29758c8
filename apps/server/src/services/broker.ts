import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client, type PublishPacket, type Subscription } from 'aedes';
import mqtt from 'mqtt';
import type { Logger } from 'pino';
import { parseUplinkTopic } from '@sunfleet/contracts';
import { isAddressInUse, PortInUseError } from '../lib/listen.js';
import { throttled } from '../lib/throttled-log.js';
import { mayAccess, principalOf, type MqttPrincipal } from '../modules/gateways/acl.js';
import type { Downlink, UplinkHandler } from './mqtt-types.js';

export type BrokerState = 'up' | 'down' | 'disabled';

export interface Broker {
  state(): BrokerState;
  /** The port the embedded broker listens on (null for an external broker). */
  port(): number | null;
  /** Cloud → logger messages (commands); null when this process has no broker connection. */
  downlink: Downlink | null;
  /** Drops a logger's connection (credential rotated, logger deleted). No-op for external brokers. */
  disconnect(sn: string): void;
  close(): Promise<void>;
}

/** Checks a logger's credential (client id = username = SN, password = its secret). */
export interface LoggerDirectory {
  authenticate(sn: string, password: Buffer): Promise<boolean>;
}

/** Why a connection was refused (CONNACK 3.1.1 return codes). */
const refusal = (returnCode: 3 | 4 | 5, message: string): AuthenticateError =>
  // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment -- aedes types it as a const enum, which isolatedModules cannot import
  Object.assign(new Error(message), { returnCode });

const asLogger = (sn: string): MqttPrincipal => ({ kind: 'logger', sn });

/** True when a logger with this SN may subscribe to `topic`: only below its own `down/` prefix. */
export function mayLoggerSubscribe(sn: string, topic: string): boolean {
  return mayAccess(asLogger(sn), 'subscribe', topic);
}

/**
 * Reports logger authentications that failed for want of the registry (database down or too busy): each
 * is refused with CONNACK 3 "server unavailable", which a logger answers by retrying after its back-off.
 * In a connection storm they come by the thousand: the first of a burst is logged at once, the rest
 * counted and logged as one line per `everyMs`.
 */
export function authFailureLog(
  log: Pick<Logger, 'error'>,
  everyMs = 10_000,
): (sn: string, err: unknown) => void {
  const report = throttled<{ sn: string; err: unknown }>(
    ({ sn, err }, refused, withinMs) =>
      log.error(
        { err, sn, refused, ...(withinMs === null ? {} : { withinMs }) },
        'logger authentication failed: the registry did not answer; refused as server unavailable, the logger retries',
      ),
    everyMs,
  );
  return (sn, err) => report({ sn, err });
}

/**
 * The embedded broker (Aedes, MQTT 3.1.1) on MQTT_PORT. Each logger authenticates with client id =
 * username = SN and its own secret; it may publish only under `sf/v1/{SN}/up/` and subscribe only under
 * `sf/v1/{SN}/down/`. Uplink messages are handed to `onUplink` before the PUBACK: Aedes sends the PUBACK
 * only after authorizePublish calls back, so a message is acknowledged once the ingest has committed it.
 * When the ingest rejects (database unavailable), the connection is closed without a PUBACK and the
 * logger redelivers the message after reconnecting.
 */
export async function startEmbeddedBroker(opts: {
  port: number;
  host: string;
  log: Logger;
  directory: LoggerDirectory;
  onUplink: UplinkHandler;
}): Promise<Broker> {
  const log = opts.log.child({ component: 'broker' });
  const authFailed = authFailureLog(log);
  const aedes = await Aedes.createBroker({
    // Aedes only checks client id length for MQTT 3.1; SNs are at most 32 characters.
    maxClientsIdLength: 32,
    authenticate: (client, username, password, done) => {
      const sn = client.id;
      // Only loggers connect here (the server publishes in-process): client id = user name = SN.
      if (principalOf(username, sn, null)?.kind !== 'logger' || password === undefined) {
        done(refusal(4, 'bad user name or password'), false);
        return;
      }
      opts.directory.authenticate(sn, password).then(
        (allowed) => (allowed ? done(null, true) : done(refusal(4, 'bad user name or password'), false)),
        (err: unknown) => {
          authFailed(sn, err);
          done(refusal(3, 'server unavailable'), false);
        },
      );
    },
    authorizePublish: (client: Client | null, packet: PublishPacket, done) => {
      if (client === null) return done(null); // the server's own publishes
      // The shared rule (acl.ts), and here also a known message kind: the embedded broker is the ingest's
      // doorstep, so an unknown kind is refused at once (behind an external broker the ingest
      // dead-letters it instead).
      const parsed = parseUplinkTopic(packet.topic);
      if (!mayAccess(asLogger(client.id), 'publish', packet.topic) || parsed?.sn !== client.id) {
        log.warn({ sn: client.id, topic: packet.topic }, 'publish outside the logger prefix refused');
        return done(new Error('topic not allowed'));
      }
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      opts.onUplink({ sn: client.id, topic: packet.topic, payload }).then(
        () => done(null),
        (err: unknown) => {
          log.warn({ sn: client.id, err }, 'uplink not stored; the logger will redeliver');
          done(new Error('not stored, retry'));
        },
      );
    },
    authorizeSubscribe: (client: Client | null, sub: Subscription, done) => {
      if (client === null || !mayLoggerSubscribe(client.id, sub.topic)) {
        log.warn({ sn: client?.id, topic: sub.topic }, 'subscription outside the logger prefix refused');
        return done(null, null);
      }
      done(null, sub);
    },
    // Deliveries are checked too (defence in depth behind the subscription check): a logger only ever
    // receives messages below its own `down/`.
    authorizeForward: (client, packet) =>
      mayAccess(asLogger(client.id), 'read', packet.topic) ? packet : null,
  });
  const server: Server = createServer((socket) => aedes.handle(socket));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) =>
      reject(isAddressInUse(err) ? new PortInUseError('MQTT_PORT', opts.port) : err),
    );
    server.listen(opts.port, opts.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  log.info({ port }, 'embedded MQTT broker listening');
  let open = true;
  const downlink: Downlink = {
    publish: (topic, payload) =>
      new Promise<void>((resolve, reject) => {
        if (!open) return reject(new Error('broker closed'));
        aedes.publish(
          { cmd: 'publish', topic, payload, qos: 1, retain: false, dup: false },
          (err?: Error | null) => (err ? reject(err) : resolve()),
        );
      }),
  };
  return {
    state: () => (open && server.listening ? 'up' : 'down'),
    port: () => port,
    downlink,
    disconnect: (sn) => {
      const clients = (aedes as unknown as { clients: Record<string, Client | undefined> }).clients;
      const client = clients[sn];
      client?.close();
    },
    close: async () => {
      open = false;
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The server's client of an external broker (Mosquitto, EMQX) given by MQTT_URL: used for downlink
 * publishes and health. The ingest consumes with its own shared-subscription connections
 * (services/ingest-consumer.ts). Reconnects on its own.
 */
export async function connectExternalBroker(opts: { url: string; log: Logger }): Promise<Broker> {
  const client = mqtt.connect(opts.url, {
    clientId: `sunfleet-server-${randomBytes(6).toString('hex')}`,
    reconnectPeriod: 2_000,
    connectTimeout: 5_000,
    protocolVersion: 5,
  });
  client.on('error', (err) => opts.log.warn({ err: err.message }, 'external MQTT broker error'));
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 5_000);
    client.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  opts.log.info({ connected: client.connected }, 'external MQTT broker client started');
  return {
    state: () => (client.connected ? 'up' : 'down'),
    port: () => null,
    downlink: {
      publish: async (topic, payload) => {
        if (!client.connected) throw new Error('external broker not connected');
        await client.publishAsync(topic, payload, { qos: 1 });
      },
    },
    disconnect: () => undefined,
    close: () => client.endAsync(true),
  };
}

export const noBroker: Broker = {
  state: () => 'disabled',
  port: () => null,
  downlink: null,
  disconnect: () => undefined,
  close: () => Promise.resolve(),
};
