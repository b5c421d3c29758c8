// The ingest's side of an external broker (Mosquitto, EMQX): N MQTT 5 connections with persistent
// sessions. A message is acknowledged only after the handler resolved (stored or dead-lettered): MQTT.js
// sends the PUBACK when `handleMessage` calls back, and handles one message at a time per connection.
// When the handler rejects (database unavailable) the connection is dropped without a PUBACK and opened
// again, so the broker delivers the message again from the persistent session.
//
// Two ways to share the messages out (INGEST_SUBSCRIPTION, docs/operations.md):
// - `plain` (one ingest copy, the default): every connection holds an ordinary subscription to all
//   uplinks and stores the loggers of its own partition (a hash of the SN), acknowledging the others at
//   once. Brokers restore ordinary subscriptions of persistent sessions after a restart and queue for them
//   while the ingest is away, so no uplink published between the broker's return and the ingest's
//   reconnect is lost; one logger's messages are stored in the order they came.
// - `shared` (several ingest copies): the connections of every copy join one shared subscription group
//   and the broker gives each message to one of them. Mosquitto 2.0.11 does not deliver to a shared
//   subscription restored after its restart until the client subscribes again, and drops what is
//   published meanwhile (docs/chaos.md "Broker restarts").
import { hostname } from 'node:os';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import { INGEST_SHARE_GROUP, INGEST_TOPIC_FILTER } from '@sunfleet/contracts';
import { throttled } from '../lib/throttled-log.js';
import type { UplinkHandler } from './mqtt-types.js';

export interface IngestConsumers {
  close(): Promise<void>;
  /** Connections currently up. */
  connected(): number;
}

export type IngestSubscription = 'plain' | 'shared';

export interface IngestConsumerOptions {
  url: string;
  consumers: number;
  /** How the connections share the messages out (see the file comment; default `shared`). */
  subscription?: IngestSubscription;
  handler: UplinkHandler;
  log: Logger;
  /** Shared subscription group (tests use their own so parallel runs do not steal each other's messages). */
  shareGroup?: string;
  /** Client id prefix; default `sunfleet-ingest-<hostname>-<pid>`. */
  clientIdPrefix?: string;
  /** Broker-side session lifetime after a disconnect, seconds (default 3600). */
  sessionExpirySeconds?: number;
  /**
   * Topic filter inside the share group (default every logger's uplinks). Tests narrow it to their own
   * logger: other suites publish on the same broker, and their messages would queue ahead of the test's.
   */
  topicFilter?: string;
}

/**
 * Reconnect pause, ms. Short on purpose: with `shared` subscriptions, after a Mosquitto (2.0.11) restart
 * uplinks reach nobody until an ingest connection subscribes again; loggers wait at least 1 s before
 * reconnecting (docs/protocol.md), so the ingest should be back first (docs/chaos.md "Broker restarts").
 */
const RECONNECT_MS = 100;
/** Pause before taking messages again after the handler failed (the database is unavailable), ms. */
const RETRY_AFTER_FAILURE_MS = 1_000;

/**
 * The connection (0…n−1) that stores a logger's messages with `plain` subscriptions: FNV-1a of the SN, so
 * every copy of the same code agrees and one logger always lands on the same connection.
 */
export function partitionOf(sn: string, n: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < sn.length; i++) {
    hash ^= sn.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % n;
}

class Consumer {
  private client: MqttClient | null = null;
  private closing = false;
  private busy: Promise<void> | null = null;
  private restartTimer: NodeJS.Timeout | null = null;
  private subscribed: () => void = () => undefined;
  /** Resolves once the first subscription is granted (messages published after that reach us). */
  readonly ready = new Promise<void>((resolve) => (this.subscribed = resolve));

  constructor(
    private readonly clientId: string,
    private readonly opts: IngestConsumerOptions,
    private readonly log: Logger,
    /** With `plain` subscriptions: this connection's partition and how many there are. */
    private readonly partition: { index: number; of: number },
    /** Shared by the process's connections: a broker outage is one line per interval, not ten a second. */
    private readonly connectionError: (message: string) => void,
  ) {}

  isConnected(): boolean {
    return this.client?.connected ?? false;
  }

  start(): void {
    const client = mqtt.connect(this.opts.url, {
      clientId: this.clientId,
      protocolVersion: 5,
      clean: false,
      properties: { sessionExpiryInterval: this.opts.sessionExpirySeconds ?? 3_600 },
      reconnectPeriod: RECONNECT_MS,
      // MQTT.js would skip our SUBSCRIBE when the broker says the session is present; we send it anyway.
      resubscribe: false,
      connectTimeout: 5_000,
    });
    this.client = client;
    const group = this.opts.shareGroup ?? INGEST_SHARE_GROUP;
    const topics = this.opts.topicFilter ?? INGEST_TOPIC_FILTER;
    const plain = this.opts.subscription === 'plain';
    const filter = plain ? topics : `$share/${group}/${topics}`;
    client.on('connect', () => {
      // Subscribe on every connect, even to a session the broker says it kept: the session may have
      // expired, and Mosquitto restores a persistent session's shared subscription from its file without
      // delivering to it again until the client subscribes anew (a SUBSCRIBE to a present subscription
      // only replaces it, keeping what is queued for it).
      client.subscribe(filter, { qos: 1 }, (err) => {
        if (err) this.log.error({ err: err.message }, 'ingest subscription failed');
        else this.subscribed();
      });
    });
    client.on('error', (err) => this.connectionError(err.message));
    client.handleMessage = (packet: IPublishPacket, done) => {
      if (this.closing || client !== this.client) return; // never acknowledged: the broker keeps it
      const topic = packet.topic;
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      // The broker's ACL lets a logger publish only below its own SN, so the topic names the logger.
      const sn = topic.split('/')[2] ?? '';
      // Another connection of this process stores this logger's messages (`plain`): acknowledged at once.
      if (plain && partitionOf(sn, this.partition.of) !== this.partition.index) {
        done();
        return;
      }
      const work = this.opts.handler({ sn, topic, payload }).then(
        () => {
          if (client === this.client) done();
        },
        (err: unknown) => {
          this.log.warn({ err, topic }, 'uplink not stored; dropping the connection so it is redelivered');
          this.restart(client);
        },
      );
      const tracked: Promise<void> = work.finally(() => {
        if (this.busy === tracked) this.busy = null;
      });
      this.busy = tracked;
    };
  }

  /** Drops the connection without acknowledging and opens a new one after a pause. */
  private restart(client: MqttClient): void {
    if (client !== this.client) return;
    this.client = null;
    client.end(true);
    if (this.closing) return;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (!this.closing) this.start();
    }, RETRY_AFTER_FAILURE_MS);
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.restartTimer !== null) clearTimeout(this.restartTimer);
    // The message in hand is finished and acknowledged first; later ones stay with the broker.
    await this.busy?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    if (client) await client.endAsync(false).catch(() => client.end(true));
  }
}

export async function startIngestConsumers(opts: IngestConsumerOptions): Promise<IngestConsumers> {
  const log = opts.log.child({ component: 'ingest-consumer' });
  const prefix = opts.clientIdPrefix ?? `sunfleet-ingest-${hostname()}-${process.pid}`;
  const n = Math.max(1, opts.consumers);
  const connectionError = throttled<string>((err, errors, withinMs) =>
    log.warn({ err, errors, ...(withinMs === null ? {} : { withinMs }) }, 'ingest MQTT connection error'),
  );
  const consumers = Array.from(
    { length: n },
    (_, i) => new Consumer(`${prefix}-${i}`, opts, log, { index: i, of: n }, connectionError),
  );
  for (const consumer of consumers) consumer.start();
  // Wait until each is subscribed, or a timeout: an unreachable broker must not block the start (the
  // clients keep reconnecting on their own and /api/health reports them).
  await Promise.all(
    consumers.map(
      (consumer) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 5_000);
          void consumer.ready.then(() => {
            clearTimeout(timer);
            resolve();
          });
        }),
    ),
  );
  log.info(
    {
      consumers: consumers.length,
      subscription: opts.subscription ?? 'shared',
      connected: consumers.filter((c) => c.isConnected()).length,
    },
    'ingest consumers started',
  );
  return {
    connected: () => consumers.filter((c) => c.isConnected()).length,
    close: async () => {
      await Promise.all(consumers.map((c) => c.close()));
    },
  };
}
