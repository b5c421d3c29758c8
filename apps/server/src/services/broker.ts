import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import type { Logger } from 'pino';
import { isAddressInUse, PortInUseError } from '../lib/listen.js';

export type BrokerState = 'up' | 'down' | 'disabled';

export interface Broker {
  state(): BrokerState;
  /** The port the embedded broker listens on (null for an external broker). */
  port(): number | null;
  close(): Promise<void>;
}

/** Decides whether a connecting MQTT client may log in. Logger credentials arrive with Step 2b. */
export type MqttAuthenticator = (
  clientId: string,
  username: string | undefined,
  password: Buffer | undefined,
) => Promise<boolean>;

/** No client is known until loggers are registered: every connection is refused as not authorised. */
export const refuseAll: MqttAuthenticator = () => Promise.resolve(false);

/**
 * The embedded broker (Aedes) on MQTT_PORT. It refuses any client the authenticator does not accept, so
 * an instance without registered loggers accepts nobody.
 */
export async function startEmbeddedBroker(opts: {
  port: number;
  host: string;
  log: Logger;
  authenticate: MqttAuthenticator;
}): Promise<Broker> {
  const aedes = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      opts.authenticate(client.id, username, password).then(
        (allowed) => {
          if (allowed) return done(null, true);
          const error = Object.assign(new Error('not authorised'), { returnCode: 5 });
          done(error, false);
        },
        (err: unknown) => {
          opts.log.error({ err }, 'mqtt authentication failed');
          done(Object.assign(new Error('server unavailable'), { returnCode: 3 }), false);
        },
      );
    },
  });
  const server: Server = createServer((socket) => aedes.handle(socket));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) =>
      reject(isAddressInUse(err) ? new PortInUseError('MQTT_PORT', opts.port) : err),
    );
    server.listen(opts.port, opts.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  opts.log.info({ port }, 'embedded MQTT broker listening');
  let open = true;
  return {
    state: () => (open && server.listening ? 'up' : 'down'),
    port: () => port,
    close: async () => {
      open = false;
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A client of an external broker (Mosquitto, EMQX) given by MQTT_URL; reconnects on its own. */
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
    close: () => client.endAsync(true),
  };
}

export const noBroker: Broker = { state: () => 'disabled', port: () => null, close: () => Promise.resolve() };
