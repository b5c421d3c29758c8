// Logger isolation over real MQTT against the embedded broker: each logger authenticates with its own
// secret and reaches only its own topics; rotating a secret drops the live connection.
import { commandTopic, uplinkTopic } from '@sunfleet/contracts';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/lib/clock.js';
import { GatewaysService } from '../src/modules/gateways/gateways.service.js';
import type { Caller } from '../src/modules/organisation/access.js';
import type { Broker } from '../src/services/broker.js';
import type { UplinkMessage } from '../src/services/mqtt-types.js';
import { freshDatabase, oneDatabase, type TestDatabase } from './helpers.js';
import { closed, grantedQos, nextMessage, REFUSED } from './broker-support.js';
import { connectLogger, registerTestLogger, startTestBroker, type TestLogger } from './support/loggers.js';

const platform: Caller = {
  session: {
    sessionId: 0,
    userId: 1,
    roleId: 1,
    username: 'admin',
    companyId: 1,
    permissions: ['*'],
    guest: false,
  },
  scope: { kind: 'platform', userId: 1, companyId: 1 },
};

describe.each(oneDatabase())('embedded broker security on %s', (kind) => {
  let database: TestDatabase;
  let broker: Broker;
  let url: string;
  let a: TestLogger;
  let b: TestLogger;
  const uplinks: UplinkMessage[] = [];
  const clients: MqttClient[] = [];

  const connect = async (logger: { sn: string; secret: string }, options = {}): Promise<MqttClient> => {
    const client = await connectLogger(url, logger, options);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    database = await freshDatabase(kind);
    a = await registerTestLogger(database.database.db, { companyId: 1 });
    b = await registerTestLogger(database.database.db, { companyId: 1 });
    broker = await startTestBroker(database.database.db, (uplink) => {
      uplinks.push(uplink);
      return Promise.resolve();
    });
    url = `mqtt://127.0.0.1:${broker.port()}`;
  });
  afterAll(async () => {
    for (const client of clients) client.end(true);
    await broker.close();
    await database.drop();
  });

  it('lets a registered logger in with its own secret, and nobody else', async () => {
    const client = await connect(a);
    expect(client.connected).toBe(true);
    client.end(true);
    const refused = (
      options: Parameters<typeof connectLogger>[2],
      logger: { sn: string; secret: string } = a,
    ) => expect(connectLogger(url, logger, options)).rejects.toThrow(REFUSED);
    await refused({ password: b.secret });
    await refused({ password: '' });
    await refused({}, { sn: 'NOSUCHLOGGER', secret: a.secret });
    // Client id must equal the user name (= SN): A cannot connect as B's session, nor B with A's name.
    await refused({ clientId: b.sn });
    await refused({ username: b.sn, password: b.secret });
  });

  it('delivers a logger’s own uplink to the ingest, tagged with its SN', async () => {
    const client = await connect(a);
    await client.publishAsync(uplinkTopic(a.sn, 'hello'), '{"v":1}', { qos: 1 });
    expect(uplinks.at(-1)).toMatchObject({ sn: a.sn, topic: uplinkTopic(a.sn, 'hello') });
    client.end(true);
  });

  it('drops a logger that publishes under another logger’s prefix; the ingest never sees it', async () => {
    const client = await connect(a);
    const before = uplinks.length;
    const gone = closed(client);
    client.publish(uplinkTopic(b.sn, 'telemetry'), '{"forged":true}', { qos: 1 });
    await gone;
    expect(uplinks.slice(before)).toEqual([]);
    for (const topic of [
      `sf/v1/${a.sn}/down/cmd`,
      'sf/v1/other/telemetry',
      `sf/v1/${a.sn}/up/unknown-kind`,
    ]) {
      const again = await connect(a);
      const dropped = closed(again);
      again.publish(topic, 'x', { qos: 1 });
      await dropped;
    }
    expect(uplinks.slice(before)).toEqual([]);
  });

  it('refuses subscriptions outside the logger’s own down/ and delivers it only its own commands', async () => {
    const clientA = await connect(a);
    const clientB = await connect(b);
    const refusedFilters = [
      commandTopic(b.sn),
      `sf/v1/${b.sn}/down/#`,
      'sf/v1/+/down/#',
      '#',
      `sf/v1/${a.sn}/up/#`,
    ];
    for (const filter of refusedFilters) expect(await grantedQos(clientA, filter), filter).toBe(128);
    expect(await grantedQos(clientA, `sf/v1/${a.sn}/down/#`)).toBe(1);
    expect(await grantedQos(clientB, `sf/v1/${b.sn}/down/#`)).toBe(1);
    const receivedByA: string[] = [];
    clientA.on('message', (topic) => receivedByA.push(topic));
    const toB = nextMessage(clientB);
    await broker.downlink?.publish(commandTopic(b.sn), Buffer.from('{"for":"B"}'));
    expect(await toB).toEqual({ topic: commandTopic(b.sn), payload: '{"for":"B"}' });
    // A's own command goes out after B's through the same broker: once it is in, B's would have been too.
    const toA = nextMessage(clientA);
    await broker.downlink?.publish(commandTopic(a.sn), Buffer.from('{"for":"A"}'));
    expect(await toA).toEqual({ topic: commandTopic(a.sn), payload: '{"for":"A"}' });
    expect(receivedByA).toEqual([commandTopic(a.sn)]);
    clientA.end(true);
    clientB.end(true);
  });

  it('drops the live connection when the secret is rotated; the old secret is refused after', async () => {
    const gateways = new GatewaysService(database.database.db, systemClock, {
      disconnect: (sn) => broker.disconnect(sn),
      serverUsername: null,
    });
    const client = await connect(a);
    const gone = closed(client);
    const rotated = await gateways.rotateSecret(platform, a.id);
    await gone;
    await expect(connectLogger(url, a)).rejects.toThrow(REFUSED);
    const fresh = await connect({ sn: a.sn, secret: rotated.password });
    expect(fresh.connected).toBe(true);
    fresh.end(true);
  });
});
