// MQTT helpers shared by the broker security suites (embedded broker and Mosquitto).
import { createServer, type AddressInfo } from 'node:net';
import type { MqttClient } from 'mqtt';

/** The QoS the broker granted a subscription, 128 when it refused (MQTT.js rejects on 128). */
export async function grantedQos(client: MqttClient, filter: string): Promise<number | undefined> {
  try {
    const granted = await client.subscribeAsync(filter, { qos: 1 });
    return granted[0]?.qos;
  } catch (err) {
    const packet = (err as { packet?: { granted?: (number | { qos: number })[] } }).packet;
    const first = packet?.granted?.[0];
    if (first === undefined) throw err;
    return typeof first === 'number' ? first : first.qos;
  }
}

/** Resolves on the client's next 'close' (the broker dropped it). */
export const closed = (client: MqttClient): Promise<void> =>
  new Promise((resolve) => client.once('close', () => resolve()));

/** Resolves with the next message the client receives. */
export const nextMessage = (client: MqttClient): Promise<{ topic: string; payload: string }> =>
  new Promise((resolve) =>
    client.once('message', (topic, payload) => resolve({ topic, payload: payload.toString() })),
  );

/** A TCP port that was free a moment ago (for programs that cannot listen on port 0 and report it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const REFUSED = /Bad username or password|Not authorized/i;
