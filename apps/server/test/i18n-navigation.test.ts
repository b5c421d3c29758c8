import { LANGUAGE_KEYS, NAVIGATION } from '@sunfleet/contracts';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/bootstrap/seed.js';
import { translations, users } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/password.js';
import { paths } from '../src/paths.js';
import { bearer, createTestApp, oneDatabase, type TestApp } from './helpers.js';

describe.each(oneDatabase())('language lists and navigation on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('serves the translation table of each language publicly, with the same keys in all four', async () => {
    const keySets: string[][] = [];
    for (const key of LANGUAGE_KEYS) {
      const res = await t.app.inject({ method: 'GET', url: `/api/language/${key}/list` });
      const body = res.json<{ status: number; data: { language: string; data: Record<string, string> } }>();
      expect(body.status).toBe(200);
      expect(body.data.language).toBe(key);
      expect(Object.keys(body.data.data).length).toBeGreaterThan(50);
      keySets.push(Object.keys(body.data.data).sort());
    }
    for (const set of keySets) expect(set).toEqual(keySets[0]);
    const de = await t.app.inject({ method: 'GET', url: '/api/language/DE/list' });
    const deTable = de.json<{ data: { data: Record<string, string> } }>().data.data;
    expect(deTable['route.stationList']).toBe('Anlagenliste');
    expect(deTable.WrongUsernameOrPassword).toBe('Falscher Benutzername oder falsches Passwort');
    for (const title of NAVIGATION.map((n) => n.title)) expect(keySets[0]).toContain(title);
  });

  it('rejects an unknown language key with 4000', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/language/FR/list' });
    expect(res.json()).toMatchObject({ status: 4000, data: [{ field: 'params.key', rule: 'rule.enum' }] });
  });

  it('keeps a translation an administrator edited when the server starts again', async () => {
    await t.database.db
      .update(translations)
      .set({ value: 'Anlagen' })
      .where(and(eq(translations.language, 'DE'), eq(translations.key, 'route.stationList')));
    await seed(t.database.db, {
      adminUsername: 'admin',
      adminPassword: 'whatever-unused',
      dataDir: null,
      localesRoot: paths.locales,
      log: pino({ level: 'silent' }),
    });
    const de = await t.app.inject({ method: 'GET', url: '/api/language/DE/list' });
    expect(de.json()).toMatchObject({ data: { data: { 'route.stationList': 'Anlagen' } } });
  });

  it('builds the navigation from the active role: an owner sees monitoring, not administration', async () => {
    await t.database.db.insert(users).values({
      username: 'owner1',
      passwordHash: await hashPassword('Owner#Pass1'),
      companyId: 2,
      roleId: 5,
    });
    const token = await t.login('owner1', 'Owner#Pass1');
    const res = await t.app.inject({ method: 'GET', url: '/api/routes', headers: bearer(token) });
    const entries = res.json<{
      data: {
        data: { path: string; component: string; meta: { title: string }; children: { path: string }[] }[];
      };
    }>().data.data;
    const all = entries.flatMap((e) => [e.path, ...e.children.map((c) => c.path)]);
    expect(all).toEqual(
      expect.arrayContaining([
        '/index',
        '/stationSystem',
        '/createStation',
        '/deviceAll',
        '/alarm',
        '/bigScreen',
      ]),
    );
    for (const hidden of [
      '/organization',
      '/organization/account',
      '/system/log',
      '/deviceConfig/protocol',
      '/operation/firmware',
    ]) {
      expect(all).not.toContain(hidden);
    }
    // Parents without a permission of their own disappear when none of their children is left.
    expect(entries.find((e) => e.path === '/system')).toBeUndefined();
    expect(entries.find((e) => e.path === '/station')?.children.map((c) => c.path)).toEqual([
      '/stationList'.replace('List', 'System'),
      '/createStation',
      '/station/detail/:id',
      '/statistics',
    ]);
  });

  it('gives role 41 the big screen and the home page only', async () => {
    await t.database.db.insert(users).values({
      username: 'wall',
      passwordHash: await hashPassword('Wall#Pass12'),
      companyId: 2,
      roleId: 41,
    });
    const token = await t.login('wall', 'Wall#Pass12');
    const res = await t.app.inject({ method: 'GET', url: '/api/routes', headers: bearer(token) });
    const paths = res.json<{ data: { data: { path: string }[] } }>().data.data.map((e) => e.path);
    expect(paths).toEqual(['/index', '/bigScreen', '/revealBigScreen', '/softwareVersion', '/feedback']);
    const info = await t.app.inject({ method: 'GET', url: '/api/info', headers: bearer(token) });
    expect(info.json()).toMatchObject({ data: { roleId: 41, perms: ['home:view', 'bigScreen'] } });
  });
});
