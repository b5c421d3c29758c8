// An embedded Aedes broker for the simulator's tests, standing in for the cloud's ingest: every uplink is
// seen by the `authorizePublish` hook, which "commits" it (records it, then lets Aedes send the PUBACK) —
// or, while `hold` is set, keeps it without an answer, as an ingest does whose database is down. The
// broker can be stopped and started again on the same port; what it committed survives that.
import { createServer, type Server, type Socket } from 'node:net';
import { Aedes, type PublishPacket } from 'aedes';

export interface Uplink {
  topic: string;
  /** The message kind after `up/` (hello, telemetry, alarm, cmd/res, firmware). */
  kind: string;
  payload: Record<string, unknown>;
}

export class TestBroker {
  private portNumber: number;
  /** Messages whose PUBACK the broker sent, in arrival order (across restarts). */
  readonly committed: Uplink[] = [];
  /** Messages that arrived while held, never acknowledged. */
  readonly withheld: Uplink[] = [];
  /** While true, uplinks get no PUBACK. */
  hold = false;
  private aedes: Aedes | null = null;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  private constructor(port: number) {
    this.portNumber = port;
  }

  /** Starts a broker on a free port (or on `port`). */
  static async start(port = 0): Promise<TestBroker> {
    const broker = new TestBroker(port);
    await broker.open();
    return broker;
  }

  get port(): number {
    return this.portNumber;
  }

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`;
  }

  private async open(): Promise<void> {
    const aedes = await Aedes.createBroker({
      maxClientsIdLength: 64,
      authorizePublish: (client, packet, done) => {
        if (client === null) return done(null);
        const topic = packet.topic;
        const uplink: Uplink = {
          topic,
          kind: topic.split('/').slice(4).join('/'),
          payload: JSON.parse(packet.payload.toString()) as Record<string, unknown>,
        };
        if (this.hold) {
          this.withheld.push(uplink);
          return; // no callback: no PUBACK, ever
        }
        this.committed.push(uplink);
        done(null);
      },
    });
    const server = createServer((socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      aedes.handle(socket);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.portNumber, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (typeof address === 'object' && address !== null) this.portNumber = address.port;
    this.aedes = aedes;
    this.server = server;
  }

  /** Publishes to a logger (QoS 1), e.g. a command. */
  async publish(topic: string, payload: unknown): Promise<void> {
    const aedes = this.aedes;
    if (!aedes) throw new Error('broker stopped');
    const packet: PublishPacket = {
      cmd: 'publish',
      topic,
      payload: Buffer.from(JSON.stringify(payload)),
      qos: 1,
      retain: false,
      dup: false,
    };
    await new Promise<void>((resolve, reject) =>
      aedes.publish(packet, (error) => (error ? reject(error) : resolve())),
    );
  }

  /** Stops like a crashed broker: every connection is cut, held messages are never answered. */
  async stop(): Promise<void> {
    const aedes = this.aedes;
    const server = this.server;
    this.aedes = null;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (aedes) await new Promise<void>((resolve) => aedes.close(() => resolve()));
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** A new broker on the same port. */
  async restart(): Promise<void> {
    await this.stop();
    this.hold = false;
    await this.open();
  }

  of(kind: string): Record<string, unknown>[] {
    return this.committed.filter((u) => u.kind === kind).map((u) => u.payload);
  }
}
