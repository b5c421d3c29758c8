// The HTTP endpoints EMQX and mosquitto-go-auth call to authenticate and authorise MQTT clients.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLoggerModel, LOGGER_MODEL, withoutRequestId } from './gateways-fixtures.js';
import { bearer, createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { registerTestLogger, type TestLogger } from './support/loggers.js';

const SECRET = 'a'.repeat(16) + 'B'.repeat(16) + '-shared';
const SERVER_USER = 'sunfleet-server';
const SERVER_PASSWORD = 'server-password-0123456789';

describe.each(oneDatabase())('MQTT auth endpoints for external brokers on %s', (kind) => {
  let t: TestApp;
  let a: TestLogger;
  let b: TestLogger;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: {
        MQTT_AUTH_SECRET: SECRET,
        MQTT_URL: `mqtt://${SERVER_USER}:${encodeURIComponent(SERVER_PASSWORD)}@broker.internal:1884`,
      },
    });
    a = await registerTestLogger(t.database.db, { companyId: 1 });
    b = await registerTestLogger(t.database.db, { companyId: 1 });
  });
  afterAll(() => t.close());

  const post = async (
    url: string,
    payload: Record<string, unknown>,
    headers: Record<string, string> = { 'x-sunfleet-mqtt-auth': SECRET },
  ) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/mqtt/${url}`, headers, payload });
    return { http: res.statusCode, body: res.body, json: res.json<Record<string, unknown>>() };
  };
  const emqxAuth = async (clientid: string, username: string, password: string): Promise<unknown> =>
    (await post('emqx/auth', { clientid, username, password })).json.result;
  const emqxAcl = async (who: string, topic: string, action: string, clientid = who): Promise<unknown> =>
    (await post('emqx/acl', { clientid, username: who, topic, action })).json.result;
  const goAcl = async (who: string, topic: string, acc: number, clientid = who): Promise<number> =>
    (await post('goauth/acl', { username: who, clientid, topic, acc })).http;

  it('answers 4004, like a missing object, without the shared secret', async () => {
    const body = { clientid: a.sn, username: a.sn, password: a.secret };
    const attempts: Record<string, string>[] = [
      {},
      { 'x-sunfleet-mqtt-auth': 'wrong' },
      { 'x-sunfleet-mqtt-auth': `${SECRET}x` },
    ];
    for (const headers of attempts) {
      for (const url of ['emqx/auth', 'emqx/acl', 'goauth/user', 'goauth/superuser', 'goauth/acl']) {
        const res = await post(url, body, headers);
        expect(res.http, url).toBe(404);
        expect(withoutRequestId(res.body)).toEqual({
          status: 4004,
          enMsg: 'TheDataDoesNotExist',
          data: null,
          requestId: null,
        });
      }
    }
    // Not configured at all: absent too, whatever is presented.
    const bare = await createTestApp(kind);
    try {
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/mqtt/emqx/auth',
        headers: { 'x-sunfleet-mqtt-auth': SECRET },
        payload: body,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 4004, enMsg: 'TheDataDoesNotExist' });
    } finally {
      await bare.close();
    }
  });

  it('EMQX authentication: a logger with its own secret, the server user; nobody else', async () => {
    expect(await emqxAuth(a.sn, a.sn, a.secret)).toBe('allow');
    expect(await emqxAuth(a.sn, a.sn, b.secret)).toBe('deny');
    expect(await emqxAuth(a.sn, a.sn, '')).toBe('deny');
    expect(await emqxAuth('NOSUCHLOGGER', 'NOSUCHLOGGER', a.secret)).toBe('deny');
    // Client id must equal the user name, so a logger cannot take over another's session.
    expect(await emqxAuth(b.sn, a.sn, a.secret)).toBe('deny');
    expect(await emqxAuth('sunfleet-ingest-host-1-0', SERVER_USER, SERVER_PASSWORD)).toBe('allow');
    expect(await emqxAuth('sunfleet-ingest-host-1-0', SERVER_USER, a.secret)).toBe('deny');
    const res = await post('emqx/auth', { clientid: a.sn, username: a.sn, password: a.secret });
    expect(res.http).toBe(200);
    expect(res.json).toEqual({ result: 'allow' });
  });

  it('EMQX authorisation follows the shared rule', async () => {
    expect(await emqxAcl(a.sn, `sf/v1/${a.sn}/up/telemetry`, 'publish')).toBe('allow');
    expect(await emqxAcl(a.sn, `sf/v1/${b.sn}/up/telemetry`, 'publish')).toBe('deny');
    expect(await emqxAcl(a.sn, `sf/v1/${a.sn}/down/cmd`, 'publish')).toBe('deny');
    expect(await emqxAcl(a.sn, `sf/v1/${a.sn}/down/#`, 'subscribe')).toBe('allow');
    expect(await emqxAcl(a.sn, `sf/v1/${b.sn}/down/#`, 'subscribe')).toBe('deny');
    expect(await emqxAcl(a.sn, 'sf/v1/+/down/#', 'subscribe')).toBe('deny');
    expect(await emqxAcl(a.sn, '#', 'subscribe')).toBe('deny');
    expect(await emqxAcl(a.sn, `sf/v1/${a.sn}/up/#`, 'subscribe')).toBe('deny');
    expect(await emqxAcl(a.sn, `sf/v1/${a.sn}/up/telemetry`, 'all')).toBe('deny');
    expect(await emqxAcl(a.sn, `sf/v1/${a.sn}/up/telemetry`, 'publish', b.sn)).toBe('deny');
    expect(await emqxAcl(SERVER_USER, `sf/v1/${a.sn}/down/cmd`, 'publish', 'sunfleet-server-1')).toBe(
      'allow',
    );
    expect(await emqxAcl(SERVER_USER, `sf/v1/${a.sn}/up/telemetry`, 'publish', 'sunfleet-server-1')).toBe(
      'deny',
    );
    expect(await emqxAcl(SERVER_USER, '$share/sunfleet-ingest/sf/v1/+/up/#', 'subscribe', 'x')).toBe('allow');
    expect(await emqxAcl(SERVER_USER, 'sf/v1/+/up/#', 'subscribe', 'x')).toBe('allow');
    expect(await emqxAcl(SERVER_USER, '$share/other/sf/v1/+/up/#', 'subscribe', 'x')).toBe('deny');
    expect(await emqxAcl(SERVER_USER, 'sf/v1/+/down/#', 'subscribe', 'x')).toBe('deny');
    expect(await emqxAcl('someone', `sf/v1/${a.sn}/up/telemetry`, 'publish')).toBe('deny');
  });

  it('never registers a logger under the server user’s name', async () => {
    await ensureLoggerModel(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/gateway/register',
      headers: bearer(await t.login()),
      payload: { sn: SERVER_USER, model: LOGGER_MODEL },
    });
    expect(res.json()).toMatchObject({ status: 4009, enMsg: 'gateway.snExists' });
  });

  it('mosquitto-go-auth: 200 allows, 403 refuses; the secret may come as its User-Agent', async () => {
    const user = async (username: string, password: string, clientid = username): Promise<number> =>
      (await post('goauth/user', { username, password, clientid })).http;
    expect(await user(a.sn, a.secret)).toBe(200);
    expect(await user(a.sn, b.secret)).toBe(403);
    expect(await user(a.sn, a.secret, b.sn)).toBe(403);
    expect(await user(SERVER_USER, SERVER_PASSWORD, 'sunfleet-server-1')).toBe(200);
    expect(await user(SERVER_USER, 'nope', 'sunfleet-server-1')).toBe(403);
    expect((await post('goauth/superuser', { username: SERVER_USER })).http).toBe(200);
    expect((await post('goauth/superuser', { username: a.sn })).http).toBe(403);

    expect(await goAcl(a.sn, `sf/v1/${a.sn}/up/hello`, 2)).toBe(200);
    expect(await goAcl(a.sn, `sf/v1/${b.sn}/up/hello`, 2)).toBe(403);
    expect(await goAcl(a.sn, `sf/v1/${a.sn}/down/#`, 4)).toBe(200);
    expect(await goAcl(a.sn, `sf/v1/${b.sn}/down/#`, 4)).toBe(403);
    expect(await goAcl(a.sn, `sf/v1/${a.sn}/down/cmd`, 1)).toBe(200);
    expect(await goAcl(a.sn, `sf/v1/${b.sn}/down/cmd`, 1)).toBe(403);
    expect(await goAcl(a.sn, `sf/v1/${a.sn}/down/cmd`, 3)).toBe(403); // read yes, write no
    expect(await goAcl(a.sn, `sf/v1/${a.sn}/up/hello`, 0)).toBe(403);
    expect(await goAcl(SERVER_USER, `$share/sunfleet-ingest/sf/v1/+/up/#`, 4, 'ingest-1')).toBe(200);
    expect(await goAcl(SERVER_USER, `sf/v1/${a.sn}/up/telemetry`, 1, 'ingest-1')).toBe(200);
    expect(await goAcl(SERVER_USER, `sf/v1/${a.sn}/down/cmd`, 2, 'server-1')).toBe(200);

    const viaAgent = await post(
      'goauth/user',
      { username: a.sn, password: a.secret, clientid: a.sn },
      { 'user-agent': `sunfleet-mqtt-auth/${SECRET}` },
    );
    expect(viaAgent.http).toBe(200);
    const wrongAgent = await post(
      'goauth/user',
      { username: a.sn, password: a.secret, clientid: a.sn },
      { 'user-agent': 'mosquitto-2.0' },
    );
    expect(wrongAgent.http).toBe(404);
  });
});
