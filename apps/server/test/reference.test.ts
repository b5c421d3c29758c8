import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, currencies, regions, roles, users } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/password.js';
import { seedReferenceData } from '../src/modules/reference/reference-seed.js';
import { bearer, createTestApp, oneDatabase, type TestApp } from './helpers.js';

const PASSWORD = 'Demo#Pass-2026';

interface Answer<T = unknown> {
  status: number;
  enMsg: string;
  data: T;
}

describe.each(oneDatabase())('currencies and regions on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let distributor: string;
  let owner: string;
  let guest: string;

  const call = async <T = unknown>(
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<Answer<T>> => {
    const res = await t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return res.json<Answer<T>>();
  };
  const currencyRows = () => t.database.db.select().from(currencies).orderBy(currencies.code);
  const regionRows = () => t.database.db.select().from(regions).orderBy(regions.id);

  beforeAll(async () => {
    t = await createTestApp(kind);
    const hash = await hashPassword(PASSWORD);
    for (const username of ['demo.distributor', 'demo.owner1']) {
      await t.database.db.update(users).set({ passwordHash: hash }).where(eq(users.username, username));
    }
    admin = await t.login();
    distributor = await t.login('demo.distributor', PASSWORD);
    owner = await t.login('demo.owner1', PASSWORD);
    const res = await t.app.inject({ method: 'POST', url: '/api/login/guest' });
    guest = res.json<Answer<{ token: string }>>().data.token;
  });
  afterAll(() => t.close());

  it('seeds major currencies per USD and the product regions, once', async () => {
    const page = await call<{ total: number; list: { code: string; exchangeRate: number }[] }>(
      owner,
      'GET',
      '/api/currency/page?pageSize=200',
    );
    expect(page.status).toBe(200);
    const rates = Object.fromEntries(page.data.list.map((c) => [c.code, c.exchangeRate]));
    expect(rates.USD).toBe(1);
    expect(rates.EUR).toBeGreaterThan(0.7);
    expect(rates.EUR).toBeLessThan(1.1);
    expect(rates.CNY).toBeGreaterThan(6);
    expect(page.data.total).toBe(page.data.list.length);
    const regionPage = await call<{ list: { name: string; areaCode: string; currencyCode: string }[] }>(
      guest,
      'GET',
      '/api/region/page',
    );
    expect(regionPage.data.list).toContainEqual(
      expect.objectContaining({ name: 'China', areaCode: '+86', currencyCode: 'CNY' }),
    );
    expect(regionPage.data.list).toContainEqual(
      expect.objectContaining({ name: 'United States', currencyCode: 'USD', temperatureUnit: 'F' }),
    );
    // A second start adds nothing, and a row an administrator deleted stays deleted.
    const before = (await regionRows()).length;
    await t.database.db.delete(regions).where(eq(regions.name, 'France'));
    expect(await seedReferenceData(t.database.db, pino({ level: 'silent' }))).toEqual([]);
    expect((await regionRows()).length).toBe(before - 1);
  });

  it('searches and pages currencies', async () => {
    const page = await call<{ total: number; list: { code: string }[] }>(
      admin,
      'GET',
      '/api/currency/page?keyword=dollar&pageSize=2&pageNum=2',
    );
    expect(page.data.total).toBeGreaterThanOrEqual(5);
    expect(page.data.list).toHaveLength(2);
    const literal = await call<{ total: number }>(admin, 'GET', '/api/currency/page?keyword=%25');
    expect(literal.data.total).toBe(0);
  });

  it('creates, changes and deletes a currency, recording each write', async () => {
    const created = await call(admin, 'POST', '/api/currency', {
      code: 'vnd',
      name: 'Vietnamese Dong',
      exchangeRate: 26100,
    });
    expect(created).toMatchObject({
      status: 200,
      data: { code: 'VND', name: 'Vietnamese Dong', exchangeRate: 26100, regionCount: 0 },
    });
    const updated = await call(admin, 'PUT', '/api/currency', {
      code: 'VND',
      name: ' Dong ',
      exchangeRate: 26000.5,
    });
    expect(updated).toMatchObject({
      status: 200,
      data: { code: 'VND', name: 'Dong', exchangeRate: 26000.5 },
    });
    expect(await call(admin, 'DELETE', '/api/currency/vnd')).toMatchObject({ status: 200, data: null });
    expect((await currencyRows()).map((c) => c.code)).not.toContain('VND');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetType, 'currency'));
    expect(audit.map((a) => [a.action, a.targetId, a.status])).toEqual([
      ['currency.create', 'VND', 200],
      ['currency.update', 'VND', 200],
      ['currency.delete', 'VND', 200],
    ]);
  });

  it('rejects every bad currency and stores nothing', async () => {
    const before = await currencyRows();
    const cases: [unknown, string, string][] = [
      [{ code: 'ABCDEF', name: 'Too long', exchangeRate: 1 }, 'rule.currencyTooLong', 'body.code'],
      [{ code: '', name: 'Empty', exchangeRate: 1 }, 'rule.required', 'body.code'],
      [{ code: 'A B', name: 'Space', exchangeRate: 1 }, 'rule.format', 'body.code'],
      [{ code: 'ABC', name: '   ', exchangeRate: 1 }, 'rule.required', 'body.name'],
      [{ code: 'ABC', name: 'x'.repeat(65), exchangeRate: 1 }, 'rule.tooLong', 'body.name'],
      [{ code: 'ABC', name: 'Zero', exchangeRate: 0 }, 'rule.range', 'body.exchangeRate'],
      [{ code: 'ABC', name: 'Negative', exchangeRate: -2 }, 'rule.range', 'body.exchangeRate'],
      [{ code: 'ABC', name: 'Text', exchangeRate: 'seven' }, 'rule.type', 'body.exchangeRate'],
      [{ code: 'ABC', name: 'Missing' }, 'rule.required', 'body.exchangeRate'],
      [{ code: 'ABC', name: 'Extra', exchangeRate: 1, admin: true }, 'rule.unknownField', 'body.admin'],
    ];
    for (const [payload, rule, field] of cases) {
      const answer = await call(admin, 'POST', '/api/currency', payload);
      expect(answer, JSON.stringify(payload)).toMatchObject({ status: 4000, enMsg: rule });
      expect(answer.data).toContainEqual(expect.objectContaining({ field, rule }));
    }
    expect(
      await call(admin, 'POST', '/api/currency', { code: 'usd', name: 'Again', exchangeRate: 1 }),
    ).toMatchObject({
      status: 4009,
      enMsg: 'AlreadyExists',
    });
    expect(
      await call(admin, 'PUT', '/api/currency', { code: 'XYZ', name: 'Nope', exchangeRate: 1 }),
    ).toMatchObject({
      status: 4004,
      enMsg: 'TheDataDoesNotExist',
    });
    expect(await call(admin, 'DELETE', '/api/currency/XYZ')).toMatchObject({ status: 4004 });
    expect(await currencyRows()).toEqual(before);
  });

  it('refuses to delete a currency a region uses', async () => {
    const answer = await call(admin, 'DELETE', '/api/currency/EUR');
    expect(answer).toMatchObject({ status: 4000, enMsg: 'CurrencyInUse', data: [{ field: 'params.code' }] });
    expect((await currencyRows()).map((c) => c.code)).toContain('EUR');
  });

  it('creates, changes and deletes a region whose currency exists', async () => {
    const created = await call<{ id: number }>(admin, 'POST', '/api/region', {
      name: 'Spain',
      areaCode: '34',
      currencyCode: 'eur',
      temperatureUnit: 'C',
      price: 0.28,
    });
    expect(created).toMatchObject({
      status: 200,
      data: { name: 'Spain', areaCode: '+34', currencyCode: 'EUR', currencyName: 'Euro', price: 0.28 },
    });
    const id = created.data.id;
    const updated = await call(admin, 'PUT', '/api/region', {
      id,
      name: 'España',
      areaCode: '+34',
      currencyCode: 'USD',
      temperatureUnit: 'F',
      price: 0,
    });
    expect(updated).toMatchObject({
      status: 200,
      data: { id, name: 'España', currencyCode: 'USD', price: 0 },
    });
    expect(
      (
        await call<{ list: { code: string; regionCount: number }[] }>(
          admin,
          'GET',
          '/api/currency/page?keyword=USD',
        )
      ).data.list[0],
    ).toMatchObject({
      regionCount: 2,
    });
    expect(await call(admin, 'DELETE', `/api/region/${id}`)).toMatchObject({ status: 200 });
    expect(await call(admin, 'DELETE', `/api/region/${id}`)).toMatchObject({ status: 4004 });
  });

  it('rejects every bad region and stores nothing', async () => {
    const before = await regionRows();
    const good = { name: 'Japan', areaCode: '+81', currencyCode: 'JPY', temperatureUnit: 'C', price: 31 };
    const cases: [unknown, string, string][] = [
      [{ ...good, currencyCode: 'XXX' }, 'CurrencyDoesNotExist', 'body.currencyCode'],
      [{ ...good, currencyCode: 'TOOLONG' }, 'CurrencyDoesNotExist', 'body.currencyCode'],
      [{ ...good, areaCode: '+12345' }, 'rule.format', 'body.areaCode'],
      [{ ...good, areaCode: 'abc' }, 'rule.format', 'body.areaCode'],
      [{ ...good, temperatureUnit: 'K' }, 'rule.enum', 'body.temperatureUnit'],
      [{ ...good, price: -0.1 }, 'rule.range', 'body.price'],
      [{ ...good, price: 1e7 }, 'rule.range', 'body.price'],
      [{ ...good, name: '' }, 'rule.required', 'body.name'],
      [{ ...good, name: '  ' }, 'rule.required', 'body.name'],
      [{ ...good, id: 1 }, 'rule.unknownField', 'body.id'],
    ];
    for (const [payload, rule, field] of cases) {
      const answer = await call(admin, 'POST', '/api/region', payload);
      expect(answer, JSON.stringify(payload)).toMatchObject({ status: 4000, enMsg: rule });
      expect(answer.data).toContainEqual(expect.objectContaining({ field, rule }));
    }
    expect(await call(admin, 'POST', '/api/region', { ...good, name: 'china' })).toMatchObject({
      status: 4009,
    });
    const china = before.find((r) => r.name === 'China');
    expect(
      await call(admin, 'PUT', '/api/region', { ...good, id: china!.id, currencyCode: 'XXX' }),
    ).toMatchObject({
      status: 4000,
      enMsg: 'CurrencyDoesNotExist',
    });
    expect(await call(admin, 'PUT', '/api/region', { ...good, id: 999999 })).toMatchObject({ status: 4004 });
    expect(await call(admin, 'DELETE', '/api/region/abc')).toMatchObject({ status: 4000 });
    expect(await regionRows()).toEqual(before);
  });

  it('lets every logged-in user read, but only the platform with reference:update write', async () => {
    const body = { code: 'ZZZ', name: 'Test', exchangeRate: 1 };
    expect((await t.app.inject({ method: 'GET', url: '/api/currency/page' })).json()).toMatchObject({
      status: 4001,
    });
    expect(await call(owner, 'POST', '/api/currency', body)).toMatchObject({ status: 4003 });
    expect(await call(distributor, 'POST', '/api/currency', body)).toMatchObject({ status: 4003 });
    expect(await call(guest, 'POST', '/api/currency', body)).toMatchObject({
      status: 4003,
      enMsg: 'GuestReadOnly',
    });
    expect(await call(distributor, 'DELETE', '/api/currency/USD')).toMatchObject({ status: 4003 });
    // Even holding reference:update, a distributor's staff cannot change data every tenant shares.
    await t.database.db.insert(roles).values({
      id: 900,
      name: 'Reference editor',
      nameKey: 'role.manager',
      roleType: 'MANAGER',
      permissions: ['reference:update'],
    });
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'demo.distributor'));
    await t.database.db.update(users).set({ roleId: 900 }).where(eq(users.id, user!.id));
    const editor = await t.login('demo.distributor', PASSWORD);
    expect(await call(editor, 'POST', '/api/currency', body)).toMatchObject({ status: 4003 });
    expect(await call(editor, 'DELETE', '/api/region/1')).toMatchObject({ status: 4003 });
    await t.database.db.update(users).set({ roleId: user!.roleId }).where(eq(users.id, user!.id));
    expect((await currencyRows()).map((c) => c.code)).not.toContain('ZZZ');
  });
});
