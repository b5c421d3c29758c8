// Protocol forwarding: a copy of each live telemetry message (the same JSON the cloud gets) sent to a
// third party — an HTTP endpoint (POST application/json), an MQTT broker (a topic of its own, QoS 0), or a
// TCP listener (one JSON document per line) — at most once per `uploadInterval` seconds of simulated time.
// Best effort: nothing is buffered for it, failures are counted.
import { connect as connectTcp, type Socket } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import type { ForwardingConfig } from '../commands/types.js';

export interface ForwarderStats {
  sent: number;
  failed: number;
}

const HTTP_TIMEOUT_MS = 10_000;

export class Forwarder {
  private readonly sn: string;
  private config: ForwardingConfig | null = null;
  private lastTs = Number.NEGATIVE_INFINITY;
  private socket: Socket | null = null;
  private mqttClient: MqttClient | null = null;
  private readonly pending = new Set<Promise<void>>();
  readonly stats: ForwarderStats = { sent: 0, failed: 0 };

  constructor(sn: string) {
    this.sn = sn;
  }

  get current(): ForwardingConfig | null {
    return this.config;
  }

  /** A new destination (null: forwarding off). Open connections to the old one are closed. */
  configure(config: ForwardingConfig | null): void {
    this.closeConnections();
    this.config = config;
    this.lastTs = Number.NEGATIVE_INFINITY;
    // The broker connection is opened now, so the first copy does not wait for it.
    if (config?.protocol === 'MQTT' && config.url) this.mqttFor(config.url);
  }

  /** A telemetry message of simulated time `ts`, as JSON text. */
  forward(ts: number, text: string): void {
    const config = this.config;
    if (!config) return;
    if (config.uploadInterval !== undefined && ts - this.lastTs < config.uploadInterval * 1_000) return;
    this.lastTs = ts;
    switch (config.protocol) {
      case 'HTTP':
        this.track(this.postHttp(config.url ?? '', text));
        break;
      case 'MQTT':
        this.publishMqtt(config.url ?? '', text);
        break;
      case 'TCP':
        this.writeTcp(config.host ?? '', config.port ?? 0, text);
        break;
    }
  }

  private track(work: Promise<void>): void {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  private async postHttp(url: string, text: string): Promise<void> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: text,
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      if (response.ok) this.stats.sent++;
      else this.stats.failed++;
    } catch {
      this.stats.failed++;
    }
  }

  private mqttFor(url: string): MqttClient {
    if (this.mqttClient) return this.mqttClient;
    const parsed = new URL(url);
    const client = mqtt.connect(`${parsed.protocol}//${parsed.host}`, {
      clientId: `${this.sn}-fwd`,
      ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
      ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
      reconnectPeriod: 5_000,
      queueQoSZero: false,
    });
    client.on('error', () => undefined);
    this.mqttClient = client;
    return client;
  }

  private publishMqtt(url: string, text: string): void {
    const parsed = new URL(url);
    const topic = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || `sunfleet/${this.sn}/telemetry`;
    const client = this.mqttFor(url);
    if (!client.connected) {
      this.stats.failed++;
      return;
    }
    client.publish(topic, text, { qos: 0 }, (error) => {
      if (error) this.stats.failed++;
      else this.stats.sent++;
    });
  }

  private writeTcp(host: string, port: number, text: string): void {
    if (!this.socket || this.socket.destroyed) {
      const socket = connectTcp({ host, port });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        if (this.socket === socket) this.socket = null;
      });
      this.socket = socket;
    }
    this.socket.write(`${text}\n`, (error) => {
      if (error) this.stats.failed++;
      else this.stats.sent++;
    });
  }

  /** Waits for HTTP posts under way (tests). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Resolves once the MQTT destination is connected (tests; at once for other protocols). */
  async whenConnected(): Promise<void> {
    const client = this.mqttClient;
    if (!client || client.connected) return;
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
  }

  private closeConnections(): void {
    this.socket?.destroy();
    this.socket = null;
    this.mqttClient?.end(true);
    this.mqttClient = null;
  }

  async close(): Promise<void> {
    await this.idle();
    this.closeConnections();
  }
}
