// A TCP proxy to put between a logger and an external broker, so a test can cut the connection (stop) and
// restore it (start) as a network outage would, without touching the broker.
import { connect, createServer, type Server, type Socket } from 'node:net';

export class TcpProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private portNumber: number;
  private readonly target: { host: string; port: number };

  constructor(target: { host: string; port: number }, port = 0) {
    this.target = target;
    this.portNumber = port;
  }

  get port(): number {
    return this.portNumber;
  }

  async start(): Promise<void> {
    const server = createServer((inbound) => {
      const outbound = connect(this.target);
      for (const socket of [inbound, outbound]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      inbound.pipe(outbound);
      outbound.pipe(inbound);
      inbound.on('close', () => outbound.destroy());
      outbound.on('close', () => inbound.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.portNumber, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (typeof address === 'object' && address !== null) this.portNumber = address.port;
    this.server = server;
  }

  /** Cuts every connection and stops listening. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
