import { RENEWED_TOKEN_HEADER, SessionPolicy, Status } from '@sunfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, userRoles, users } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/password.js';
import { SessionsRepository } from '../src/modules/auth/sessions.repository.js';
import { ADMIN_PASSWORD, bearer, createTestApp, oneDatabase, type TestApp } from './helpers.js';

describe.each(oneDatabase())('accounts and sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.database.db.insert(users).values({
      username: 'Olga.Owner',
      email: 'olga@example.com',
      mobileAreaCode: '49',
      mobile: '15123456789',
      passwordHash: await hashPassword('Owner#Pass1'),
      companyId: 2,
      roleId: 5,
    });
  });
  afterAll(() => t.close());

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  it('walks login → info → routes → logout, after which the same token gets 4001', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const { status, enMsg, data } = login.json<{
      status: number;
      enMsg: string;
      data: { token: string; expiresAt: string };
    }>();
    expect(status).toBe(200);
    expect(enMsg).toBe('OperationSuccess');
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(data.expiresAt)).toBeGreaterThan(t.clock.now().getTime());

    const info = await get('/api/info', data.token);
    expect(info.json()).toMatchObject({
      status: 200,
      data: {
        username: 'admin',
        companyId: 1,
        unreadAlarmCount: 0,
        perms: ['*'],
        roleId: 1,
        roleTypeEnum: { key: 'ADMINISTRATOR' },
        roleNameLang: { languageKey: 'role.administrator' },
        brandUrl: { thumbPath: null },
        avatarUrl: { thumbPath: null },
        guest: false,
        platform: true,
      },
    });

    const routes = await get('/api/routes', data.token);
    const entries = routes.json<{ data: { data: { path: string; children: { path: string }[] }[] } }>().data
      .data;
    const paths = entries.flatMap((e) => [e.path, ...e.children.map((c) => c.path)]);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/index',
        '/stationSystem',
        '/deviceAll',
        '/organization/account',
        '/bigScreen',
        '/station/detail/:id',
      ]),
    );

    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(data.token) });
    expect(logout.json()).toMatchObject({ status: 200 });
    const after = await get('/api/info', data.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ status: Status.NOT_LOGGED_IN, enMsg: 'NotLoggedIn', data: null });
  });

  it('accepts the email or the mobile number (with or without area code) as the login name', async () => {
    for (const username of ['olga@example.com', 'OLGA.OWNER', '15123456789', '+49 15123456789']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username, password: 'Owner#Pass1' },
      });
      expect(res.json<{ status: number }>().status, username).toBe(200);
    }
  });

  it('lists the roles a user may switch to, own role first, disabled ones left out', async () => {
    const [olga] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'Olga.Owner'));
    await t.database.db.insert(userRoles).values([
      { userId: olga!.id, roleId: 41 },
      { userId: olga!.id, roleId: 4 },
    ]);
    await t.database.db.update(roles).set({ disabled: true }).where(eq(roles.id, 4));
    const token = await t.login('olga@example.com', 'Owner#Pass1');
    const info = await get('/api/info', token);
    const data = info.json<{ data: { roleId: number; roles: { id: number; type: string }[] } }>().data;
    expect(data.roleId).toBe(5);
    expect(data.roles.map((r) => r.id)).toEqual([5, 41]);
    await t.database.db.update(roles).set({ disabled: false }).where(eq(roles.id, 4));
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'olga@example.com', password: 'nope-nope' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'nobody@example.com', password: 'nope-nope' },
    });
    const strip = (body: string) => {
      const { requestId: _r, ...rest } = JSON.parse(body) as Record<string, unknown>;
      return rest;
    };
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(strip(unknown.body)).toEqual(strip(wrong.body));
    expect(strip(wrong.body)).toEqual({ status: 4000, enMsg: 'WrongUsernameOrPassword', data: null });
  });

  it('throttles an account after 5 failures, even with the right password, with 4029', async () => {
    await t.database.db.insert(users).values({
      username: 'victim',
      passwordHash: await hashPassword('Victim#Pass1'),
      companyId: 2,
      roleId: 5,
    });
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: `10.9.0.${i}`,
        payload: { username: 'victim', password: 'bad' },
      });
      expect(res.json<{ status: number }>().status).toBe(4000);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.9.1.1',
      payload: { username: 'victim', password: 'Victim#Pass1' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ status: 4029, enMsg: 'TooManyLoginAttempts' });
    // An unknown account is throttled the same way, so throttling does not reveal which accounts exist.
    for (let i = 0; i < 5; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: `10.8.0.${i}`,
        payload: { username: 'ghost', password: 'bad' },
      });
    }
    const ghost = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.8.1.1',
      payload: { username: 'ghost', password: 'bad' },
    });
    expect(ghost.json()).toMatchObject({ status: 4029 });
    // The window passes: the right password works again.
    t.clock.advance(16 * 60);
    const later = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.9.1.1',
      payload: { username: 'victim', password: 'Victim#Pass1' },
    });
    expect(later.json()).toMatchObject({ status: 200 });
  });

  it('throttles a client address after 20 failures across accounts', async () => {
    for (let i = 0; i < 20; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.7.7.7',
        payload: { username: `spray${i}`, password: 'bad' },
      });
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.7.7.7',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(res.json()).toMatchObject({ status: 4029 });
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.7.7.8',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(elsewhere.json()).toMatchObject({ status: 200 });
  });

  it('renews a day-old token through the renewal header; the old one keeps working only for the grace period', async () => {
    const token = await t.login();
    t.clock.advance(SessionPolicy.renewAfterSeconds + 60);
    const renewed = await get('/api/info', token);
    expect(renewed.json()).toMatchObject({ status: 200 });
    const fresh = renewed.headers[RENEWED_TOKEN_HEADER];
    expect(typeof fresh).toBe('string');
    expect(fresh).not.toBe(token);
    const withNew = await get('/api/info', fresh as string);
    expect(withNew.json()).toMatchObject({ status: 200 });
    expect(withNew.headers[RENEWED_TOKEN_HEADER]).toBeUndefined();
    // A request that was already in flight with the old token still succeeds, without a second rotation.
    const inFlight = await get('/api/info', token);
    expect(inFlight.json()).toMatchObject({ status: 200 });
    expect(inFlight.headers[RENEWED_TOKEN_HEADER]).toBeUndefined();
    t.clock.advance(SessionPolicy.rotationGraceSeconds + 1);
    expect((await get('/api/info', token)).json()).toMatchObject({ status: 4001 });
    expect((await get('/api/info', fresh as string)).json()).toMatchObject({ status: 200 });
  });

  it('expires a session left unused for longer than its idle lifetime', async () => {
    const token = await t.login();
    t.clock.advance(SessionPolicy.idleTtlSeconds - 3600);
    expect((await get('/api/info', token)).json()).toMatchObject({ status: 200 });
    const next = (await get('/api/info', token)).headers[RENEWED_TOKEN_HEADER] as string | undefined;
    t.clock.advance(SessionPolicy.idleTtlSeconds + 1);
    expect((await get('/api/info', next ?? token)).json()).toMatchObject({ status: 4001 });
  });

  it('answers 102011 when the session was ended elsewhere', async () => {
    const token = await t.login('olga@example.com', 'Owner#Pass1');
    const olga = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'Olga.Owner'));
    await new SessionsRepository(t.database.db).revokeAllForUser(olga[0]!.id, t.clock.now());
    const res = await get('/api/info', token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: Status.SESSION_ENDED, enMsg: 'SessionEndedElsewhere' });
  });

  it('marks /api/info platform only for accounts of the platform company', async () => {
    await t.database.db.insert(users).values({
      username: 'tenant',
      passwordHash: await hashPassword('Tenant#Pass1'),
      companyId: 2,
      roleId: 5,
    });
    const token = await t.login('tenant', 'Tenant#Pass1');
    expect((await get('/api/info', token)).json()).toMatchObject({
      status: 200,
      data: { companyId: 2, guest: false, platform: false },
    });
  });

  it('refuses a disabled account at login and ends its live sessions', async () => {
    await t.database.db.insert(users).values({
      username: 'leaver',
      passwordHash: await hashPassword('Leaver#Pass1'),
      companyId: 2,
      roleId: 5,
    });
    const token = await t.login('leaver', 'Leaver#Pass1');
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.username, 'leaver'));
    expect((await get('/api/info', token)).json()).toMatchObject({ status: Status.SESSION_ENDED });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'leaver', password: 'Leaver#Pass1' },
    });
    expect(again.json()).toMatchObject({ status: 4000, enMsg: 'WrongUsernameOrPassword' });
  });

  it('accepts the token from the cookie, but not for a cross-site form post', async () => {
    const token = await t.login();
    const viaCookie = await t.app.inject({
      method: 'GET',
      url: '/api/info',
      headers: { cookie: `token=${token}` },
    });
    expect(viaCookie.json()).toMatchObject({ status: 200 });
    const formPost = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: `token=${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(formPost.json()).toMatchObject({ status: 4001 });
    expect((await get('/api/info', token)).json()).toMatchObject({ status: 200 });
  });

  it('keeps the console session in an HttpOnly cookie: set at login, sent back, dropped at logout or when refused', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: t.config.adminUsername, password: ADMIN_PASSWORD },
    });
    const token = login.json<{ data: { token: string } }>().data.token;
    const cookie = String(login.headers['set-cookie']);
    expect(cookie).toBe(`token=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Lax`);
    // Bearer keeps working for API clients.
    expect((await get('/api/info', token)).json()).toMatchObject({ status: 200 });
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: `token=${token}`, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(logout.json()).toMatchObject({ status: 200 });
    expect(String(logout.headers['set-cookie'])).toBe('token=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0');
    // A cookie whose session has ended is dropped with the refusal; a refused Bearer token sets nothing.
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/info',
      headers: { cookie: `token=${token}` },
    });
    expect(stale.json()).toMatchObject({ status: 4001 });
    expect(String(stale.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await get('/api/info', token)).headers['set-cookie']).toBeUndefined();
  });

  it('marks the session cookie Secure when the request came over HTTPS through a trusted proxy', async () => {
    const proxied = await createTestApp(kind, { env: { TRUST_PROXY: 'true' } });
    try {
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { username: proxied.config.adminUsername, password: ADMIN_PASSWORD },
      });
      expect(res.json()).toMatchObject({ status: 200 });
      expect(String(res.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      await proxied.close();
    }
  });

  it('rejects malformed tokens without a database hit and missing ones with 4001', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer short' },
      { authorization: 'Basic abc' },
      { authorization: `Bearer ${'x'.repeat(43)}` },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/info', headers });
      expect(res.json()).toMatchObject({ status: 4001, data: null });
    }
  });

  it('stores the column choice per page and returns it in info', async () => {
    const token = await t.login();
    const save = (page: string, columns: string[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/columnOption',
        headers: bearer(token),
        payload: { page, columns },
      });
    expect((await save('stationList', ['name', 'capacity', 'name'])).json()).toMatchObject({
      status: 200,
      data: { columnOption: { stationList: ['name', 'capacity'] } },
    });
    await save('deviceList', ['sn']);
    const info = await get('/api/info', token);
    expect(info.json()).toMatchObject({
      data: { columnOption: { stationList: ['name', 'capacity'], deviceList: ['sn'] } },
    });
    const bad = await save('bad page!', ['x']);
    expect(bad.json()).toMatchObject({ status: 4000, data: [{ field: 'body.page', rule: 'rule.format' }] });
  });
});
