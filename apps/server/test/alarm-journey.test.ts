// Step 5a end to end, as an operator meets it: a logger reports a fault over MQTT → one alarm, worded by the
// fault-code catalogue → one mail through a real SMTP listener in the subscriber's language → acknowledged
// in the API (no mail) → cleared by the device → one clear mail; nothing is ever sent twice.
import { uplinkTopic } from '@sunfleet/contracts';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DefinitionCache } from '../src/modules/registry/definitions.cache.js';
import { IngestService } from '../src/modules/ingest/ingest.service.js';
import type { Broker } from '../src/services/broker.js';
import { bearer, createTestApp, DATABASES, type TestApp } from './helpers.js';
import { deviceSn, hello } from './ingest-support.js';
import { notificationWorker, type TestWorker } from './notifications-support.js';
import {
  connectLogger,
  createTestStation,
  registerTestLogger,
  startTestBroker,
  type TestLogger,
} from './support/loggers.js';
import { startSmtp, mailSubject, mailText, type TestSmtp } from './support/smtp.js';

interface AlarmRow {
  id: number;
  state: string;
  known: boolean;
  description: string | null;
  clearedBy: string | null;
  ackNote: string | null;
}

describe.each(DATABASES)('an alarm from fault to clear on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let broker: Broker;
  let ingest: IngestService;
  let worker: TestWorker;
  let logger: TestLogger;
  let client: MqttClient;
  let token: string;
  let stationId: number;
  const inverter = deviceSn('SFI3A');
  const mails = () => smtp.received.filter((m) => m.to.includes('leitstand@example.com'));

  const api = async (
    method: 'GET' | 'POST',
    url: string,
    body?: object,
  ): Promise<{ status: number; data: unknown }> =>
    (
      await t.app.inject({
        method,
        url: `/api${url}`,
        headers: bearer(token),
        ...(body ? { payload: body } : {}),
      })
    ).json<{ status: number; data: unknown }>();
  const alarmsOfStation = async (): Promise<AlarmRow[]> =>
    ((await api('GET', `/alarm/page?stationId=${String(stationId)}`)).data as { list: AlarmRow[] }).list;
  /** Publishes as the logger; the broker acknowledges once the ingest has committed. */
  const publish = (body: object): Promise<unknown> =>
    client.publishAsync(uplinkTopic(logger.sn, kindOf(body)), JSON.stringify(body), { qos: 1 });
  const kindOf = (body: object): 'hello' | 'alarm' => ('alarms' in body ? 'alarm' : 'hello');
  const fault = (end: number | null) => ({
    v: 1,
    alarms: [
      {
        id: 'JOURNEY-1',
        dev: inverter,
        kind: 'ALARM',
        code: 2031,
        level: 'IMPORTANT',
        message: 'OVP-AC',
        start: t.clock.now().getTime() - 60_000,
        end,
      },
    ],
  });

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, {
      env: {
        SMTP_URL: smtp.url,
        PUBLIC_URL: 'https://solar.example.com',
        MAIL_FROM: 'alarms@solar.example.com',
      },
    });
    token = await t.login();
    stationId = (await createTestStation(t.database.db, { companyId: 2, timeZone: 'Europe/Berlin' })).id;
    logger = await registerTestLogger(t.database.db, { stationId, companyId: 2 });
    ingest = new IngestService({
      database: t.database,
      definitions: new DefinitionCache(t.database.db),
      log: pino({ level: 'silent' }),
      // This journey sends no telemetry, commands or firmware: nothing for these hooks to do.
      hooks: {
        onCommitted: () => undefined,
        commandResult: () => Promise.resolve(),
        firmwareProgress: () => Promise.resolve(),
      },
      now: () => t.clock.now().getTime(),
    });
    broker = await startTestBroker(t.database.db, ingest.handle);
    client = await connectLogger(`mqtt://127.0.0.1:${String(broker.port())}`, logger);
    await publish(hello([{ sn: inverter, type: 'INVERTER', model: 'SF-INV-3P-10K' }]));
    const sub = await api('POST', `/station/${String(stationId)}/subscription`, {
      subject: 'Leitstand',
      notifyType: 'REAL_TIME',
      email: 'leitstand@example.com',
      language: 'DE',
    });
    expect(sub.status).toBe(200);
    worker = notificationWorker(t);
  });
  afterAll(async () => {
    await client.endAsync();
    await broker.close();
    await worker.close();
    await t.close();
    await smtp.close();
  });

  it('raises one alarm and mails it once, in German, with the catalogue text', async () => {
    await publish(fault(null));
    await publish(fault(null)); // the logger repeats itself: still one alarm
    const [alarm, ...others] = await alarmsOfStation();
    expect(others).toEqual([]);
    expect(alarm).toMatchObject({ state: 'OPEN', known: true, description: 'Grid overvoltage' });
    await worker.worker.runOnce();
    await worker.worker.runOnce();
    expect(mails()).toHaveLength(1);
    expect(mailSubject(mails()[0]!.raw)).toContain('Netzüberspannung (2031)');
    expect(mailText(mails()[0]!.raw)).toContain('Ursache:');
  });

  it('acknowledges with a note (no mail), then the device clears it: one clear mail', async () => {
    const [alarm] = await alarmsOfStation();
    expect(
      await api('POST', '/alarm/ack', { ids: [alarm!.id], note: 'Netzbetreiber informiert' }),
    ).toMatchObject({
      status: 200,
    });
    expect((await alarmsOfStation())[0]).toMatchObject({
      state: 'ACKNOWLEDGED',
      ackNote: 'Netzbetreiber informiert',
    });
    await worker.worker.runOnce();
    expect(mails()).toHaveLength(1);

    t.clock.advance(30);
    await publish(fault(t.clock.now().getTime() - 1_000));
    expect((await alarmsOfStation())[0]).toMatchObject({ state: 'CLEARED', clearedBy: 'DEVICE' });
    await worker.worker.runOnce();
    await worker.worker.runOnce();
    expect(mails()).toHaveLength(2);
    expect(mailText(mails()[1]!.raw)).toContain('Netzüberspannung (2031)');
    // A late repeat of the open record does not reopen it, and mails nothing.
    await publish(fault(null));
    await worker.worker.runOnce();
    expect((await alarmsOfStation())[0]).toMatchObject({ state: 'CLEARED' });
    expect(mails()).toHaveLength(2);
  });
});
