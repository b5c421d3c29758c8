// The logger's MQTT side (MQTT.js): connect as client id = user name = SN with the secret, subscribe to
// the command topic and publish hello after every connect, then drain the journal with QoS 1, at most 16
// messages in flight. A PUBACK is the only proof of delivery: only then does a message leave the journal.
//
// MQTT.js would resend unacknowledged messages from its in-memory store by itself after a reconnect, and
// before hello. We take them out of its store when the connection drops and resend them from the journal
// instead, so the order after every connect is: subscribe, hello, then the journal — live messages
// (created during this connection) interleaved one-for-one with the backlog (older ones, flagged
// `backlog: true`), each oldest first. Reconnects back off from 1 s doubling to 60 s (docs/protocol.md §4),
// each wait drawn between half and all of that (jitter): loggers dropped together (a broker restart) do not
// all come back in the same instant, and a fleet started together can spread its first connects too
// (`start(delayMs)`).
import { EventEmitter } from 'node:events';
import mqtt, { type MqttClient } from 'mqtt';
import { commandTopic, uplinkTopic, type HelloMessage } from '@sunfleet/contracts';
import type { Journal, JournalEntry } from './journal.js';

export interface UplinkOptions {
  url: string;
  sn: string;
  secret: string;
  /** 4 = MQTT 3.1.1 (default), 5 = MQTT 5. */
  protocolVersion?: 4 | 5;
  keepaliveS?: number;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  maxInFlight?: number;
  connectTimeoutMs?: number;
  /** Uniform draws in [0, 1) for the reconnect jitter (default Math.random; tests pass their own). */
  random?: () => number;
}

export interface UplinkHooks {
  hello(): HelloMessage;
  onCommand(payload: Buffer): void;
}

export interface UplinkEvents {
  /** Connected and hello acknowledged. */
  ready: [];
  offline: [];
  /** A journal message was acknowledged. */
  delivered: [entry: JournalEntry, text: string];
  /** The journal is empty and nothing is in flight. */
  drained: [];
  error: [error: Error];
}

const BACKLOG_KINDS: ReadonlySet<string> = new Set(['telemetry', 'alarm']);

/** A reconnect wait of `backoffMs` with jitter: between half and all of it, by a uniform draw in [0, 1). */
export function jitteredDelay(backoffMs: number, draw: number): number {
  return backoffMs * (0.5 + 0.5 * Math.min(Math.max(draw, 0), 1));
}

/** The payload with `backlog: true` (kept in its place among the keys). */
export function asBacklog(text: string): string {
  const payload = JSON.parse(text) as Record<string, unknown>;
  return JSON.stringify({ ...payload, backlog: true });
}

export class Uplink extends EventEmitter<UplinkEvents> {
  private readonly opts: Required<UplinkOptions>;
  private readonly journal: Journal;
  private readonly hooks: UplinkHooks;
  private client: MqttClient | null = null;
  /** Journal id → MQTT message id of the messages awaiting their PUBACK. */
  private readonly inFlight = new Map<number, number>();
  /** Bumped on every connect and close: callbacks of an older connection are ignored. */
  private generation = 0;
  private isReady = false;
  private stopping = false;
  private rebooting = false;
  private backoffMs: number;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private startTimer: NodeJS.Timeout | null = null;
  /** Ids from here on were created during this connection (live); below are the backlog. */
  private liveFloor = 0;
  private liveCursor = 0;
  private backlogCursor = 0;
  private preferBacklog = false;
  private connects = 0;

  constructor(opts: UplinkOptions, journal: Journal, hooks: UplinkHooks) {
    super();
    this.opts = {
      protocolVersion: 4,
      keepaliveS: 60,
      reconnectMinMs: 1_000,
      reconnectMaxMs: 60_000,
      maxInFlight: 16,
      connectTimeoutMs: 10_000,
      random: Math.random,
      ...opts,
    };
    this.journal = journal;
    this.hooks = hooks;
    this.backoffMs = this.opts.reconnectMinMs;
  }

  get ready(): boolean {
    return this.isReady;
  }

  get inFlightCount(): number {
    return this.inFlight.size;
  }

  /** Successful connections so far. */
  get connectCount(): number {
    return this.connects;
  }

  /** Connects now, or after `delayMs` (a fleet spreading its first connects); reconnects by itself. */
  start(delayMs = 0): void {
    if (this.client || this.startTimer) return;
    if (delayMs > 0) {
      this.startTimer = setTimeout(() => {
        this.startTimer = null;
        if (!this.stopping) this.start();
      }, delayMs);
      return;
    }
    const o = this.opts;
    const client = mqtt.connect(o.url, {
      clientId: o.sn,
      username: o.sn,
      password: o.secret,
      protocolVersion: o.protocolVersion,
      keepalive: o.keepaliveS,
      clean: true,
      reconnectPeriod: 0,
      connectTimeout: o.connectTimeoutMs,
      resubscribe: false,
      queueQoSZero: false,
    });
    this.client = client;
    client.on('connect', () => this.onConnect(client));
    client.on('close', () => this.onClose(client));
    client.on('message', (topic, payload) => {
      if (topic === commandTopic(o.sn)) this.hooks.onCommand(payload);
    });
    // A forced end while stopping fails what is still pending with "Connection closed": that is the stop
    // asked for, not a fault to report.
    client.on('error', (error) => {
      if (!this.stopping) this.emit('error', error);
    });
  }

  private onConnect(client: MqttClient): void {
    this.generation++;
    this.connects++;
    this.backoffMs = this.opts.reconnectMinMs;
    this.liveFloor = this.journal.nextId;
    this.liveCursor = this.liveFloor;
    this.backlogCursor = 0;
    this.preferBacklog = false;
    const generation = this.generation;
    client.subscribe(commandTopic(this.opts.sn), { qos: 1 }, (error) => {
      if (error && generation === this.generation && !this.stopping) this.emit('error', error);
    });
    client.publish(
      uplinkTopic(this.opts.sn, 'hello'),
      JSON.stringify(this.hooks.hello()),
      { qos: 1 },
      (error) => {
        if (generation !== this.generation || error) return;
        this.isReady = true;
        this.emit('ready');
        this.pump();
      },
    );
  }

  private onClose(client: MqttClient): void {
    const wasReady = this.isReady;
    this.isReady = false;
    this.generation++;
    // Out of MQTT.js's store: these go again from the journal, after the next hello.
    for (const messageId of this.inFlight.values()) client.removeOutgoingMessage(messageId);
    this.inFlight.clear();
    if (wasReady) this.emit('offline');
    if (this.stopping || this.rebooting || this.reconnectTimer) return;
    const delay = jitteredDelay(this.backoffMs, this.opts.random());
    this.backoffMs = Math.min(this.backoffMs * 2, this.opts.reconnectMaxMs);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopping && !this.rebooting) client.reconnect();
    }, delay);
  }

  /** New messages in the journal. */
  kick(): void {
    this.pump();
  }

  private pump(): void {
    const client = this.client;
    if (!client || !this.isReady) return;
    while (this.inFlight.size < this.opts.maxInFlight) {
      const entry = this.next();
      if (!entry) break;
      this.send(client, entry);
    }
    this.checkDrained();
  }

  /** The next message to send: live and backlog take turns, each oldest first. */
  private next(): JournalEntry | undefined {
    const live = this.journal.firstPendingFrom(this.liveCursor);
    const backlog = this.journal.firstPendingFrom(this.backlogCursor, this.liveFloor);
    let entry: JournalEntry | undefined;
    if (live && backlog) entry = this.preferBacklog ? backlog : live;
    else entry = live ?? backlog;
    if (!entry) return undefined;
    if (entry === backlog) {
      this.backlogCursor = entry.id + 1;
      this.preferBacklog = false;
    } else {
      this.liveCursor = entry.id + 1;
      this.preferBacklog = true;
    }
    return entry;
  }

  private send(client: MqttClient, entry: JournalEntry): void {
    const generation = this.generation;
    const text =
      entry.id < this.liveFloor && BACKLOG_KINDS.has(entry.kind) ? asBacklog(entry.text) : entry.text;
    client.publish(uplinkTopic(this.opts.sn, entry.kind), text, { qos: 1 }, (error) => {
      if (generation !== this.generation) return;
      this.inFlight.delete(entry.id);
      if (error) {
        // Refused while the connection stays up (an MQTT 5 reason code): try again a little later.
        this.rewind(entry.id);
        return;
      }
      this.journal.ack(entry.id);
      this.emit('delivered', entry, text);
      this.pump();
    });
    this.inFlight.set(entry.id, client.getLastMessageId() ?? -1);
  }

  private rewind(id: number): void {
    if (id < this.liveFloor) this.backlogCursor = Math.min(this.backlogCursor, id);
    else this.liveCursor = Math.min(this.liveCursor, id);
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.pump();
    }, this.opts.reconnectMinMs);
  }

  private checkDrained(): void {
    if (this.isReady && this.inFlight.size === 0 && this.journal.size === 0) this.emit('drained');
  }

  /** Publishes a fresh hello now (the devices or their firmware changed); not journaled. */
  sendHello(): void {
    const client = this.client;
    if (!client || !this.isReady) return;
    client.publish(uplinkTopic(this.opts.sn, 'hello'), JSON.stringify(this.hooks.hello()), { qos: 1 });
  }

  /** Resolves at the next `ready` (at once when ready). */
  async whenReady(): Promise<void> {
    if (this.isReady) return;
    await new Promise<void>((resolve) => this.once('ready', () => resolve()));
  }

  /** Resolves when everything in the journal is delivered. */
  async whenDrained(): Promise<void> {
    if (this.isReady && this.inFlight.size === 0 && this.journal.size === 0) return;
    await new Promise<void>((resolve) => this.once('drained', () => resolve()));
  }

  /**
   * A reboot: drops the connection, stays offline for `offlineMs`, connects again; resolves once the new
   * hello is acknowledged.
   */
  async restart(offlineMs: number): Promise<void> {
    const client = this.client;
    if (!client || this.stopping) return;
    this.rebooting = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const ready = new Promise<void>((resolve) => this.once('ready', () => resolve()));
    await client.endAsync(true);
    await new Promise((resolve) => setTimeout(resolve, offlineMs));
    this.rebooting = false;
    if (this.stopping) return;
    client.reconnect();
    await ready;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.startTimer) clearTimeout(this.startTimer);
    this.reconnectTimer = null;
    this.retryTimer = null;
    this.startTimer = null;
    const client = this.client;
    this.client = null;
    if (client) await client.endAsync(true);
    this.isReady = false;
  }
}
