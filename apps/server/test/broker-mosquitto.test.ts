// A real Mosquitto, configured with the passwd and acl files `cli.js mqtt:mosquitto-files` writes:
// loggers authenticate with the registry's stored hashes and stay inside their own topics.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commandTopic, uplinkTopic } from '@sunfleet/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeMosquittoFiles, type ServerMqttUser } from '../src/modules/gateways/mosquitto-files.js';
import { closed, nextMessage, REFUSED } from './broker-support.js';
import { DATABASES, freshDatabase, type TestDatabase } from './helpers.js';
import { mosquittoInstalled, startMosquitto, type MosquittoProcess } from './support/mosquitto-process.js';
import { connectLogger, registerTestLogger, type TestLogger } from './support/loggers.js';

const SERVER: ServerMqttUser = { username: 'sunfleet-server', password: 'server-secret-0123456789abcdef' };

describe.skipIf(!mosquittoInstalled())(
  'Mosquitto with the generated passwd and acl files (skipped: /usr/sbin/mosquitto is not installed)',
  () => {
    describe.each(DATABASES)('registry on %s', (kind) => {
      let database: TestDatabase;
      let dir: string;
      let mosquitto: MosquittoProcess;
      let loggerUrl: string;
      let serverUrl: string;
      let a: TestLogger;
      let b: TestLogger;
      const clients: MqttClient[] = [];

      const connect = async (logger: { sn: string; secret: string }, options: mqtt.IClientOptions = {}) => {
        const client = await connectLogger(loggerUrl, logger, options);
        clients.push(client);
        return client;
      };
      const connectServer = async (clientId: string): Promise<MqttClient> => {
        const client = await mqtt.connectAsync(serverUrl, {
          clientId,
          username: SERVER.username,
          password: SERVER.password,
          reconnectPeriod: 0,
        });
        clients.push(client);
        return client;
      };
      const regenerate = async () => writeMosquittoFiles(database.database.db, dir, SERVER);

      beforeAll(async () => {
        database = await freshDatabase(kind);
        a = await registerTestLogger(database.database.db, { companyId: 1 });
        b = await registerTestLogger(database.database.db, { companyId: 1 });
        dir = await mkdtemp(join(tmpdir(), 'sunfleet-mosquitto-'));
        await regenerate();
        mosquitto = await startMosquitto({ dir });
        loggerUrl = mosquitto.loggerUrl;
        serverUrl = `mqtt://127.0.0.1:${mosquitto.serverPort}`;
      });
      afterAll(async () => {
        for (const client of clients) client.end(true);
        await mosquitto?.stop();
        await database.drop();
        await rm(dir, { recursive: true, force: true });
      });

      it('writes private files with the registry’s hashes and one rule block per logger', async () => {
        const passwd = await readFile(join(dir, 'passwd'), 'utf8');
        const acl = await readFile(join(dir, 'acl'), 'utf8');
        expect((await stat(join(dir, 'passwd'))).mode & 0o777).toBe(0o600);
        expect((await stat(join(dir, 'acl'))).mode & 0o777).toBe(0o600);
        expect(passwd).toMatch(new RegExp(`^${a.sn}:\\$7\\$101\\$`, 'm'));
        expect(passwd).toMatch(/^sunfleet-server:\$7\$/m);
        expect(passwd).not.toContain(a.secret);
        expect(passwd).not.toContain(SERVER.password);
        expect(acl).toContain(
          `user ${a.sn}\ntopic write sf/v1/${a.sn}/up/#\ntopic read sf/v1/${a.sn}/down/#\n`,
        );
        expect(acl).toContain('user sunfleet-server\ntopic write sf/v1/+/down/#\ntopic read sf/v1/+/up/#\n');
      });

      it('lets a logger in with its own secret and refuses wrong or unknown credentials', async () => {
        const client = await connect(a);
        expect(client.connected).toBe(true);
        await expect(connectLogger(loggerUrl, { sn: a.sn, secret: b.secret })).rejects.toThrow(REFUSED);
        await expect(connectLogger(loggerUrl, { sn: 'NOSUCHLOGGER', secret: a.secret })).rejects.toThrow(
          REFUSED,
        );
        await expect(connectLogger(loggerUrl, { sn: a.sn, secret: '' })).rejects.toThrow(REFUSED);
        client.end(true);
      });

      it('keeps a logger out of another logger’s uplink: the ingest sees its own message only', async () => {
        const ingest = await connectServer('sunfleet-ingest-test-0');
        await ingest.subscribeAsync('$share/sunfleet-ingest/sf/v1/+/up/#', { qos: 1 });
        const received: string[] = [];
        ingest.on('message', (topic, payload) => received.push(`${topic} ${payload.toString()}`));
        const own = nextMessage(ingest);
        const client = await connect(a);
        // The forged message goes first: once the own one has arrived, the forged one would have too.
        // (MQTT 3.1.1 cannot refuse a publish: Mosquitto acknowledges it and drops it.)
        await client.publishAsync(uplinkTopic(b.sn, 'telemetry'), 'forged', { qos: 1 });
        await client.publishAsync(uplinkTopic(a.sn, 'telemetry'), 'own', { qos: 1 });
        expect(await own).toEqual({ topic: uplinkTopic(a.sn, 'telemetry'), payload: 'own' });
        expect(received).toEqual([`${uplinkTopic(a.sn, 'telemetry')} own`]);
        client.end(true);
        ingest.end(true);
      });

      it('delivers a logger only its own commands, whatever it subscribes to', async () => {
        const clientA = await connect(a);
        const clientB = await connect(b);
        const receivedByA: string[] = [];
        clientA.on('message', (topic, payload) => receivedByA.push(`${topic} ${payload.toString()}`));
        // Mosquitto 2 grants any subscription and enforces `read` on delivery instead.
        for (const filter of [`sf/v1/${b.sn}/down/#`, 'sf/v1/+/down/#', '#', `sf/v1/${a.sn}/down/#`]) {
          await clientA.subscribeAsync(filter, { qos: 1 }).catch(() => undefined);
        }
        await clientB.subscribeAsync(`sf/v1/${b.sn}/down/#`, { qos: 1 });
        const server = await connectServer('sunfleet-server-test');
        const toB = nextMessage(clientB);
        await server.publishAsync(commandTopic(b.sn), 'for B', { qos: 1 });
        expect(await toB).toEqual({ topic: commandTopic(b.sn), payload: 'for B' });
        const toA = nextMessage(clientA);
        await server.publishAsync(commandTopic(a.sn), 'for A', { qos: 1 });
        await toA;
        expect(receivedByA).toEqual([`${commandTopic(a.sn)} for A`]);
        // A logger publishing into another logger's down/ reaches nobody either.
        await clientA.publishAsync(commandTopic(b.sn), 'forged command', { qos: 1 }).catch(() => undefined);
        const toBAgain = nextMessage(clientB);
        await server.publishAsync(commandTopic(b.sn), 'for B again', { qos: 1 });
        expect(await toBAgain).toEqual({ topic: commandTopic(b.sn), payload: 'for B again' });
        clientA.end(true);
        clientB.end(true);
        server.end(true);
      });

      it('does not let one logger take over another’s session by client id', async () => {
        const clientB = await connect(b);
        const clientA = await connect(a, { clientId: b.sn });
        expect(clientA.connected).toBe(true);
        const stillB = nextMessage(clientB);
        await clientB.subscribeAsync(`sf/v1/${b.sn}/down/#`, { qos: 1 });
        const server = await connectServer('sunfleet-server-test-2');
        await server.publishAsync(commandTopic(b.sn), 'still here', { qos: 1 });
        expect((await stillB).payload).toBe('still here');
        expect(clientB.connected).toBe(true);
        clientA.end(true);
        clientB.end(true);
        server.end(true);
      });

      it('picks up newly registered loggers and rotated secrets after regenerating and SIGHUP', async () => {
        const c = await registerTestLogger(database.database.db, { companyId: 1 });
        await expect(connectLogger(loggerUrl, c)).rejects.toThrow(REFUSED);
        const result = await regenerate();
        expect(result.loggers).toBe(3);
        await mosquitto.reload();
        const client = await connect(c);
        expect(client.connected).toBe(true);
        const gone = closed(client);
        client.end(true);
        await gone;
      });
    });
  },
);
