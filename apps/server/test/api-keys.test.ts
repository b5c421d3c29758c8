// API keys (issue 19, docs/api-keys.md): creation rules (nothing stored on bad input), the key shown once
// and stored as a hash, and a key as a caller: its company's reach, its scopes, its allow-list of
// operations, revocation and expiry (4001), its rate (4029 with Retry-After), last use and the audit trail.
import { createHash } from 'node:crypto';
import { API_KEY_SCOPES, ApiKeyMessage, type ApiKeyCreated, type ApiKeyItem } from '@sunfleet/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditLog } from '../src/db/schema.js';
import { API_KEY_OPERATIONS } from '../src/modules/api-keys/api-key-operations.js';
import { listApiRoutes } from './authorization-matrix.support.js';
import { gatewayWorld, type GatewayWorld } from './gateways-fixtures.js';
import { as, DEMO_PASSWORD } from './organisation-fixtures.js';
import { bearer, createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { registerTestLogger } from './support/loggers.js';

interface KeyAnswer<T> {
  status: number;
  enMsg: string;
  data: T;
  http: number;
  headers: Record<string, unknown>;
  body: string;
}

const FUTURE = '2027-06-01T00:00:00.000Z';

describe.each(oneDatabase())('API keys on %s', (kind) => {
  let t: TestApp;
  let w: GatewayWorld;
  let adminToken: string;
  let gateway3: number;

  /** Calls the API with a key (and optionally a session token beside it). */
  const withKey = async <T = unknown>(
    key: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    extraHeaders: Record<string, string> = {},
  ): Promise<KeyAnswer<T>> => {
    const res = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: { 'x-api-key': key, ...extraHeaders },
      ...(payload === undefined ? {} : { payload }),
    });
    const envelope = res.json<Pick<KeyAnswer<T>, 'status' | 'enMsg' | 'data'>>();
    return { ...envelope, http: res.statusCode, headers: res.headers, body: res.body };
  };
  const keyCount = async (): Promise<number> => (await t.database.db.select().from(apiKeys)).length;
  const body = (over: Record<string, unknown> = {}) => ({
    name: 'Monitoring',
    companyId: 3,
    scopes: ['stations', 'devices', 'telemetry', 'alarms'],
    expiresAt: FUTURE,
    rateLimitPerMinute: 100,
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await gatewayWorld(t);
    adminToken = await t.login();
    gateway3 = (await registerTestLogger(t.database.db, { stationId: w.station3, companyId: 3 })).id;
  }, 120_000);
  afterAll(() => t.close());

  it('refuses bad creations with a clear error and stores nothing', async () => {
    const refusals: [Awaited<ReturnType<typeof w.admin.post>>, number, string | null][] = [
      [await w.installer1.post('/apiKey', body({ scopes: ['stations', 'everything'] })), 4000, null],
      [await w.installer1.post('/apiKey', body({ scopes: [] })), 4000, null],
      [await w.installer1.post('/apiKey', body({ scopes: ['alarms', 'alarms'] })), 4000, null],
      [await w.installer1.post('/apiKey', body({ name: '   ' })), 4000, ApiKeyMessage.nameRequired],
      [await w.installer1.post('/apiKey', body({ rateLimitPerMinute: 0 })), 4000, null],
      [
        await w.installer1.post('/apiKey', body({ expiresAt: '2026-05-31T00:00:00.000Z' })),
        4000,
        ApiKeyMessage.expiryInPast,
      ],
      // Another installer's company, and one that does not exist: the same 4004.
      [await w.installer1.post('/apiKey', body({ companyId: 4 })), 4004, null],
      [await w.admin.post('/apiKey', body({ companyId: 999_999 })), 4004, null],
      // A manager cannot hand a key commands they cannot send themselves.
      [await w.installer1.post('/apiKey', body({ scopes: ['commands'] })), 4003, ApiKeyMessage.scopeNotHeld],
      // Owners and the guest manage no keys.
      [await w.owner1.post('/apiKey', body()), 4003, null],
      [await w.guest.post('/apiKey', body()), 4003, null],
    ];
    for (const [answer, status, enMsg] of refusals) {
      expect(answer.status, answer.body).toBe(status);
      if (enMsg !== null) expect(answer.enMsg).toBe(enMsg);
    }
    expect(await keyCount()).toBe(0);
  });

  it('shows a key once, stores only its hash, and lists it within reach only', async () => {
    const created = await w.installer1.post<ApiKeyCreated>('/apiKey', body({ name: '  SCADA feed ' }));
    expect(created.status, created.body).toBe(200);
    const { key, apiKey } = created.data;
    expect(key).toMatch(/^sfk_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(key.slice(4), 'base64url')).toHaveLength(32);
    expect(apiKey).toMatchObject({
      name: 'SCADA feed',
      companyId: 3,
      hint: key.slice(-4),
      state: 'ACTIVE',
      createdBy: 'demo.installer1',
      lastUsedAt: null,
      expiresAt: FUTURE,
    });

    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row?.keyHash.equals(createHash('sha256').update(key).digest())).toBe(true);
    const dump = JSON.stringify(await t.database.db.execute(sql`select * from api_keys`), (_k, v: unknown) =>
      Buffer.isBuffer(v) ? v.toString('base64url') : v,
    );
    expect(dump).not.toContain(key.slice(4, 20));

    const page = await w.installer1.get<{ total: number; list: ApiKeyItem[] }>('/apiKey/page');
    expect(page.data.list.map((k) => k.id)).toContain(apiKey.id);
    expect(page.body).not.toContain(key.slice(4, 20));
    expect(
      (await w.distributor.get<{ list: ApiKeyItem[] }>('/apiKey/page')).data.list.map((k) => k.id),
    ).toContain(apiKey.id);
    expect((await w.installer2.get<{ total: number }>('/apiKey/page')).data.total).toBe(0);
    // The other installer cannot revoke it: 4004 like a missing key.
    expect((await w.installer2.del(`/apiKey/${apiKey.id}`)).status).toBe(4004);
    expect((await w.installer1.del('/apiKey/999999')).status).toBe(4004);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'apiKey.create'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ username: 'demo.installer1', targetId: String(apiKey.id), status: 200 });
    expect(JSON.stringify(audit?.detail)).not.toContain(key.slice(4, 20));
  });

  it("reads in scope with its company's reach, and 4004 for a foreign station", async () => {
    const { data } = await w.installer1.post<ApiKeyCreated>('/apiKey', body({ scopes: ['stations'] }));
    const own = await withKey<{ id: number }>(data.key, 'GET', `/station/${w.station3}`);
    expect(own.status, own.body).toBe(200);
    expect(own.data.id).toBe(w.station3);
    const foreign = await withKey(data.key, 'GET', `/station/${w.station4}`);
    expect(foreign.status).toBe(4004);
    const list = await withKey<{ list: { id: number }[] }>(data.key, 'GET', '/station/list?pageSize=200');
    expect(list.status, list.body).toBe(200);
    expect(list.data.list.map((s) => s.id)).toContain(w.station3);
    expect(list.data.list.map((s) => s.id)).not.toContain(w.station4);
    // In the allow-list but not in its scopes; not in the allow-list at all (key management, profile,
    // sessions): 4003 whatever the scopes.
    expect((await withKey(data.key, 'GET', '/alarm/page')).enMsg).toBe(ApiKeyMessage.scopeMissing);
    for (const [method, url] of [
      ['GET', '/apiKey/page'],
      ['GET', '/user/profile'],
      ['GET', '/info'],
      ['POST', '/logout'],
      ['PUT', '/station/name'],
    ] as const) {
      const answer = await withKey(data.key, method, url, method === 'GET' ? undefined : {});
      expect(answer.status, `${method} ${url}`).toBe(4003);
      expect(answer.enMsg).toBe(ApiKeyMessage.notForKeys);
    }
    // Each scope opens its own operations: loggers need `devices`, latest values `telemetry`.
    expect((await withKey(data.key, 'GET', `/gateway/${gateway3}`)).enMsg).toBe(ApiKeyMessage.scopeMissing);
    const devices = (
      await w.installer1.post<ApiKeyCreated>('/apiKey', body({ scopes: ['devices', 'telemetry'] }))
    ).data;
    const logger = await withKey<{ id: number }>(devices.key, 'GET', `/gateway/${gateway3}`);
    expect(logger.status, logger.body).toBe(200);
    expect(logger.data.id).toBe(gateway3);
    expect((await withKey(devices.key, 'GET', `/station/${w.station3}`)).status).toBe(4003);
    // The key is the whole credential: an admin's session beside it lends it nothing.
    const borrowed = await withKey(data.key, 'GET', '/apiKey/page', undefined, bearer(adminToken));
    expect(borrowed.status).toBe(4003);
  });

  it('answers 4003 to a write without the commands scope, and audits writes with the key as actor', async () => {
    const command = {
      gatewayId: gateway3,
      name: 'mode.set',
      params: { mode: 'auto' },
      ttlSeconds: 60,
      idempotencyKey: 'api-key-1',
    };
    const reader = (await w.installer1.post<ApiKeyCreated>('/apiKey', body({ name: 'Reader' }))).data;
    const refused = await withKey(reader.key, 'POST', '/gateway/command', command);
    expect(refused.status).toBe(4003);
    expect(refused.enMsg).toBe(ApiKeyMessage.scopeMissing);

    const writer = (
      await w.admin.post<ApiKeyCreated>('/apiKey', body({ name: 'Dispatcher', scopes: ['commands'] }))
    ).data;
    const sent = await withKey<{ id: string; gatewayId: number }>(
      writer.key,
      'POST',
      '/gateway/command',
      command,
    );
    expect(sent.status, sent.body).toBe(200);
    expect(sent.data.gatewayId).toBe(gateway3);
    const foreignLogger = (await registerTestLogger(t.database.db, { stationId: w.station4, companyId: 4 }))
      .id;
    const foreign = await withKey(writer.key, 'POST', '/gateway/command', {
      ...command,
      gatewayId: foreignLogger,
    });
    // Company 3's key does not reach company 4's logger, even with the scope.
    expect(foreign.status).toBe(4004);

    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'command.create'))
      .orderBy(auditLog.id);
    expect(rows.map((r) => [r.username, r.userId, r.companyId, r.status, r.detail?.apiKeyId])).toEqual([
      ['apiKey:Reader', null, 3, 4003, reader.apiKey.id],
      ['apiKey:Dispatcher', null, 3, 200, writer.apiKey.id],
      ['apiKey:Dispatcher', null, 3, 4004, writer.apiKey.id],
    ]);
  });

  it('answers 4029 with Retry-After past its rate, and again 200 in the next window', async () => {
    const { data } = await w.installer1.post<ApiKeyCreated>('/apiKey', body({ rateLimitPerMinute: 3 }));
    for (let i = 0; i < 3; i++)
      expect((await withKey(data.key, 'GET', `/station/${w.station3}`)).status).toBe(200);
    t.clock.advance(20);
    const limited = await withKey(data.key, 'GET', `/station/${w.station3}`);
    expect(limited.status).toBe(4029);
    expect(limited.http).toBe(429);
    expect(limited.headers['retry-after']).toBe('40');
    t.clock.advance(40);
    expect((await withKey(data.key, 'GET', `/station/${w.station3}`)).status).toBe(200);
  });

  it('records its last use at most once a minute', async () => {
    const { data } = await w.installer1.post<ApiKeyCreated>('/apiKey', body());
    const lastUse = async () =>
      (await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, data.apiKey.id)))[0]?.lastUsedAt ??
      null;
    await withKey(data.key, 'GET', '/alarm/page');
    const first = await lastUse();
    expect(first?.toISOString()).toBe(t.clock.now().toISOString());
    t.clock.advance(30);
    await withKey(data.key, 'GET', '/alarm/page');
    expect((await lastUse())?.toISOString()).toBe(first?.toISOString());
    t.clock.advance(31);
    await withKey(data.key, 'GET', '/alarm/page');
    expect((await lastUse())?.toISOString()).toBe(t.clock.now().toISOString());
    const page = await w.installer1.get<{ list: ApiKeyItem[] }>('/apiKey/page');
    expect(page.data.list.find((k) => k.id === data.apiKey.id)?.lastUsedAt).toBe(t.clock.now().toISOString());
  });

  it('answers 4001 once revoked or expired, and to unknown keys', async () => {
    const { data } = await w.installer1.post<ApiKeyCreated>('/apiKey', body());
    expect((await withKey(data.key, 'GET', `/station/${w.station3}`)).status).toBe(200);
    const revoked = await w.installer1.del<ApiKeyItem>(`/apiKey/${data.apiKey.id}`);
    expect(revoked.status, revoked.body).toBe(200);
    expect(revoked.data.state).toBe('REVOKED');
    expect((await withKey(data.key, 'GET', `/station/${w.station3}`)).status).toBe(4001);
    // Revoking again changes nothing.
    expect((await w.installer1.del<ApiKeyItem>(`/apiKey/${data.apiKey.id}`)).data.revokedAt).toBe(
      revoked.data.revokedAt,
    );
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'apiKey.revoke'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      username: 'demo.installer1',
      targetId: String(data.apiKey.id),
      status: 200,
    });

    const short = (
      await w.installer1.post<ApiKeyCreated>('/apiKey', body({ expiresAt: '2026-07-01T00:00:00.000Z' }))
    ).data;
    expect((await withKey(short.key, 'GET', `/station/${w.station3}`)).status).toBe(200);
    t.clock.advance(31 * 24 * 3600);
    expect((await withKey(short.key, 'GET', `/station/${w.station3}`)).status).toBe(4001);
    const installer1 = as(t, await t.login('demo.installer1', DEMO_PASSWORD));
    const expired = await installer1.get<{ list: ApiKeyItem[] }>('/apiKey/page?state=EXPIRED');
    expect(expired.data.list.map((k) => k.id)).toEqual([short.apiKey.id]);
    const revokedList = await installer1.get<{ list: ApiKeyItem[] }>('/apiKey/page?state=REVOKED');
    expect(revokedList.data.list.map((k) => k.id)).toEqual([data.apiKey.id]);

    for (const unknown of [`sfk_${'A'.repeat(43)}`, 'not-a-key', ''])
      expect((await withKey(unknown, 'GET', `/station/${w.station3}`)).status).toBe(4001);
  });

  it('the OpenAPI document says which operations a key may call, with the scope each needs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { security?: unknown; 'x-api-key-scopes'?: string[] }>>;
      components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
    }>();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-API-Key',
    });
    const marked: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(operations)) {
        const scopes = op['x-api-key-scopes'];
        if (scopes === undefined) continue;
        const fastifyUrl = path.replace(/\{(\w+)\}/g, ':$1');
        marked.push(`${method.toUpperCase()} ${fastifyUrl}`);
        expect(scopes).toEqual([API_KEY_OPERATIONS[`${method.toUpperCase()} ${fastifyUrl}`]]);
        expect(op.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
      }
    expect(marked.sort()).toEqual(Object.keys(API_KEY_OPERATIONS).sort());
    expect(doc.paths['/api/apiKey/page']?.get?.security).toEqual([{ bearer: [] }]);
    // Every entry of the allow-list is a route of the router (a renamed route would fail here).
    const routes = new Set(listApiRoutes(t.app).map((r) => `${r.method} ${r.url}`));
    for (const operation of Object.keys(API_KEY_OPERATIONS))
      expect(routes.has(operation), operation).toBe(true);
    for (const scope of API_KEY_SCOPES) expect(Object.values(API_KEY_OPERATIONS)).toContain(scope);
  });
});
