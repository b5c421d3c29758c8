// Third-party receivers for protocol forwarding tests: a plain MQTT broker (Aedes, no authentication —
// someone else's broker, not the cloud's) recording what is published on it, and a TCP server recording
// one line per message. The HTTP receiver is support/webhook-receiver.ts.
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Aedes } from 'aedes';

export interface Received {
  /** MQTT: the topic; TCP: the peer. */
  where: string;
  body: string;
}

export interface Receiver {
  received: Received[];
  port: number;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function closeServer(server: Server, sockets: Set<Socket>): Promise<void> {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** An MQTT broker anyone may publish to; records every client publish. */
export async function startMqttReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const aedes = await Aedes.createBroker({ maxClientsIdLength: 64 });
  aedes.on('publish', (packet, client) => {
    if (client) received.push({ where: packet.topic, body: packet.payload.toString() });
  });
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    aedes.handle(socket);
  });
  const port = await listen(server);
  return {
    received,
    port,
    close: async () => {
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await closeServer(server, sockets);
    },
  };
}

/** A TCP server recording each line it is sent. */
export async function startTcpReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    let rest = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) received.push({ where: socket.remoteAddress ?? '', body: line });
    });
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  const port = await listen(server);
  return { received, port, close: () => closeServer(server, sockets) };
}
