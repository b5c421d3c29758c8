import { Status } from '@sunfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '../src/lib/errors.js';
import { bearer, createTestApp, DATABASES, type TestApp } from './helpers.js';

describe.each(DATABASES)('response envelope on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      // Routes that raise each error class through the same handler every capability uses.
      extend: (app) => {
        app.get('/api/test/exists', () => {
          throw Errors.exists();
        });
        app.get('/api/test/crash', () => {
          throw new Error(
            'select secret_column from users where password = $1 -- at Object.<anonymous> (/srv/app.js:1:1)',
          );
        });
      },
    });
    token = await t.login();
  });
  afterAll(() => t.close());

  const expectEnvelope = (
    res: { statusCode: number; json: () => unknown; body: string },
    http: number,
    status: number,
  ) => {
    expect(res.statusCode).toBe(http);
    const body = res.json() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(expect.arrayContaining(['data', 'enMsg', 'status']));
    expect(body.status).toBe(status);
    expect(typeof body.enMsg).toBe('string');
    return body;
  };

  it('wraps success as {status: 200, enMsg, data}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    const body = expectEnvelope(res, 200, 200);
    expect(body.enMsg).toBe('OperationSuccess');
    // The test server was not told its public address: the console uses the one it was opened at.
    expect((body.data as { publicUrl: unknown }).publicUrl).toBeNull();
  });

  it('maps schema failures to 4000 naming the rule and listing every failing field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: '', extra: 1 },
    });
    const body = expectEnvelope(res, 400, Status.INVALID_INPUT);
    expect(body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'body.password', rule: 'rule.required' }),
        expect.objectContaining({ field: 'body.username', rule: 'rule.required' }),
        expect.objectContaining({ field: 'body.extra', rule: 'rule.unknownField' }),
      ]),
    );
    expect(body.enMsg).toMatch(/^rule\./);
  });

  it('maps malformed JSON, wrong types, oversized bodies and wrong media types to 4000', async () => {
    const cases = [
      { payload: '{"username": "a", ', headers: { 'content-type': 'application/json' } },
      {
        payload: JSON.stringify({ username: 5, password: ['x'] }),
        headers: { 'content-type': 'application/json' },
      },
      {
        payload: JSON.stringify({ username: 'a'.repeat(2_000_000), password: 'x' }),
        headers: { 'content-type': 'application/json' },
      },
      { payload: '<xml/>', headers: { 'content-type': 'application/xml' } },
      { payload: '', headers: { 'content-type': 'application/json' } },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', ...c });
      expectEnvelope(res, 400, Status.INVALID_INPUT);
    }
  });

  it('answers 4001 without a session and 4004 for unknown API paths', async () => {
    expectEnvelope(await t.app.inject({ method: 'GET', url: '/api/info' }), 401, Status.NOT_LOGGED_IN);
    const missing = await t.app.inject({ method: 'GET', url: '/api/no/such/thing', headers: bearer(token) });
    expect(missing.json()).toMatchObject({ status: Status.NOT_FOUND, enMsg: 'TheDataDoesNotExist' });
  });

  it('maps 4009 and 5000, and never leaks internals of an unexpected error', async () => {
    const exists = await t.app.inject({ method: 'GET', url: '/api/test/exists', headers: bearer(token) });
    expectEnvelope(exists, 409, Status.ALREADY_EXISTS);
    const crash = await t.app.inject({ method: 'GET', url: '/api/test/crash', headers: bearer(token) });
    const body = expectEnvelope(crash, 500, Status.SERVER_ERROR);
    expect(body).toMatchObject({ enMsg: 'ServerError', data: null });
    expect(crash.body).not.toMatch(/select|secret|password|\.js:|at Object/i);
    expect(crash.headers['x-request-id']).toBe(body.requestId);
  });

  it('keeps a sane incoming request id and replaces a hostile one', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { 'x-request-id': 'trace-1234abcd' },
    });
    expect(kept.headers['x-request-id']).toBe('trace-1234abcd');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { 'x-request-id': 'x\n<script>' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe.each(DATABASES)('database outage on %s', (kind) => {
  it('answers 5003 and health reports the database down', async () => {
    const t = await createTestApp(kind);
    const token = await t.login();
    await t.database.close();
    const info = await t.app.inject({ method: 'GET', url: '/api/info', headers: bearer(token) });
    expect(info.statusCode).toBe(503);
    expect(info.json()).toMatchObject({
      status: Status.UNAVAILABLE,
      enMsg: 'ServiceUnavailable',
      data: null,
    });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: Status.UNAVAILABLE, data: { database: 'down' } });
    await t.close().catch(() => undefined);
  });
});
