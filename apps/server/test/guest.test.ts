import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, oneDatabase, type TestApp } from './helpers.js';

describe.each(oneDatabase())('guest login on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('logs in as the read-only guest of the demo company; every write answers 4003', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login/guest' });
    const token = res.json<{ data: { token: string } }>().data.token;
    const info = await t.app.inject({ method: 'GET', url: '/api/info', headers: bearer(token) });
    expect(info.json()).toMatchObject({
      status: 200,
      data: {
        username: 'guest',
        companyId: 2,
        companyName: 'Sunfleet Demo (simulated)',
        guest: true,
        platform: false,
        roleTypeEnum: { key: 'GUEST' },
      },
    });

    const write = await t.app.inject({
      method: 'POST',
      url: '/api/columnOption',
      headers: bearer(token),
      payload: { page: 'stationList', columns: ['name'] },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ status: 4003, enMsg: 'GuestReadOnly' });
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      const other = await t.app.inject({
        method,
        url: '/api/columnOption',
        headers: bearer(token),
        payload: {},
      });
      expect(other.json<{ status: number }>().status, method).not.toBe(200);
    }
    const after = await t.app.inject({ method: 'GET', url: '/api/info', headers: bearer(token) });
    expect(after.json()).toMatchObject({ data: { columnOption: {} } });

    const routes = await t.app.inject({ method: 'GET', url: '/api/routes', headers: bearer(token) });
    const paths = JSON.stringify(routes.json());
    expect(paths).toContain('/stationSystem');
    expect(paths).not.toContain('/organization/account');
    expect(paths).not.toContain('/createStation');

    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(logout.json()).toMatchObject({ status: 200 });
  });

  it('is refused when the operator turns guest login off', async () => {
    const off = await createTestApp(kind, { env: { GUEST_LOGIN: 'false' } });
    const res = await off.app.inject({ method: 'POST', url: '/api/login/guest' });
    expect(res.json()).toMatchObject({ status: 4003 });
    const config = await off.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ data: { guestLogin: false } });
    await off.close();
  });
});
