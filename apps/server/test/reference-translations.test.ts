import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/bootstrap/seed.js';
import { auditLog, translations, users } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/password.js';
import { paths } from '../src/paths.js';
import { bearer, createTestApp, oneDatabase, type TestApp } from './helpers.js';

const PASSWORD = 'Demo#Pass-2026';

interface Answer<T = unknown> {
  status: number;
  enMsg: string;
  data: T;
}
interface Row {
  key: string;
  EN: string | null;
  CN: string | null;
  DE: string | null;
  ITA: string | null;
}

describe.each(oneDatabase())('languages and the translation editor on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let distributor: string;

  const call = async <T = unknown>(
    token: string,
    method: 'GET' | 'PUT',
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
  const stored = () =>
    t.database.db.select().from(translations).orderBy(translations.language, translations.key);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.database.db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.username, 'demo.distributor'));
    admin = await t.login();
    distributor = await t.login('demo.distributor', PASSWORD);
  });
  afterAll(() => t.close());

  it('lists the four languages with their key, value, title and number of keys', async () => {
    const answer = await call<{ key: string; value: string; title: string; keyCount: number }[]>(
      distributor,
      'GET',
      '/api/language/list',
    );
    expect(answer.status).toBe(200);
    expect(answer.data.map((l) => [l.key, l.value])).toEqual([
      ['CN', 'ZH'],
      ['EN', 'EN'],
      ['DE', 'DE'],
      ['ITA', 'ITA'],
    ]);
    const counts = answer.data.map((l) => l.keyCount);
    expect(counts[0]).toBeGreaterThan(100);
    expect(new Set(counts).size).toBe(1);
  });

  it('pages the table one key per row, searching keys and texts of every language', async () => {
    const page = await call<{ total: number; list: Row[] }>(
      admin,
      'GET',
      '/api/translation/page?keyword=anlagenLISTE',
    );
    // A German text is found case-insensitively, and the row carries the key's text in every language.
    expect(page.data.list).toContainEqual({
      key: 'route.stationList',
      EN: 'Station list',
      CN: expect.any(String) as string,
      DE: 'Anlagenliste',
      ITA: expect.any(String) as string,
    });
    expect(page.data.total).toBe(page.data.list.length);
    for (const row of page.data.list) {
      expect(Object.values(row).join('\n').toLowerCase(), row.key).toContain('anlagenliste');
    }
    const second = await call<{ total: number; list: Row[] }>(
      admin,
      'GET',
      '/api/translation/page?pageNum=2&pageSize=5',
    );
    const first = await call<{ total: number; list: Row[] }>(
      admin,
      'GET',
      '/api/translation/page?pageSize=10',
    );
    expect(second.data.list).toEqual(first.data.list.slice(5, 10));
    expect(second.data.total).toBe(first.data.total);
    const keys = first.data.list.map((r) => r.key);
    expect(keys).toEqual([...keys].sort());
  });

  it('finds keys missing a text in some language', async () => {
    const complete = '/api/translation/page?missing=true&keyword=route.stationList';
    expect((await call<{ total: number }>(admin, 'GET', complete)).data.total).toBe(0);
    await t.database.db
      .insert(translations)
      .values({ language: 'EN', key: 'test.onlyEnglish', value: 'Only English' });
    const missing = await call<{ total: number; list: Row[] }>(
      admin,
      'GET',
      '/api/translation/page?missing=true&keyword=test.only',
    );
    expect(missing.data).toEqual({
      total: 1,
      list: [{ key: 'test.onlyEnglish', EN: 'Only English', CN: null, DE: null, ITA: null }],
    });
  });

  it('edits texts in all four languages, in one step, and keeps them across restarts', async () => {
    const answer = await call<Row>(admin, 'PUT', '/api/translation', {
      key: 'test.onlyEnglish',
      values: { CN: '仅英文', DE: 'Nur Englisch', ITA: 'Solo inglese' },
    });
    expect(answer).toMatchObject({
      status: 200,
      data: {
        key: 'test.onlyEnglish',
        EN: 'Only English',
        CN: '仅英文',
        DE: 'Nur Englisch',
        ITA: 'Solo inglese',
      },
    });
    await call(admin, 'PUT', '/api/translation', { key: 'route.stationList', values: { DE: 'Anlagen' } });
    await seed(t.database.db, {
      adminUsername: 'admin',
      adminPassword: 'unused',
      dataDir: null,
      localesRoot: paths.locales,
      log: pino({ level: 'silent' }),
    });
    const de = await t.app.inject({ method: 'GET', url: '/api/language/DE/list' });
    expect(de.json()).toMatchObject({
      data: { data: { 'route.stationList': 'Anlagen', 'test.onlyEnglish': 'Nur Englisch' } },
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'translation.update'));
    expect(audit[0]).toMatchObject({
      targetId: 'test.onlyEnglish',
      status: 200,
      detail: { values: { DE: 'Nur Englisch' } },
    });
  });

  it('rejects bad edits and changes nothing, not even the valid languages of the same request', async () => {
    const before = await stored();
    const cases: [unknown, string, string][] = [
      [{ key: 'no.such.key', values: { EN: 'x' } }, 'TranslationKeyUnknown', 'body.key'],
      [{ key: 'route.stationList', values: {} }, 'rule.required', 'body.values'],
      [{ key: 'route.stationList', values: { EN: 'ok', DE: '   ' } }, 'rule.required', 'body.values.DE'],
      [
        { key: 'route.stationList', values: { EN: 'ok', DE: 'x'.repeat(501) } },
        'rule.tooLong',
        'body.values.DE',
      ],
      [{ key: 'route.stationList', values: { FR: 'Liste' } }, 'rule.unknownField', 'body.values.FR'],
      [{ key: '', values: { EN: 'x' } }, 'rule.required', 'body.key'],
      [{ values: { EN: 'x' } }, 'rule.required', 'body.key'],
    ];
    for (const [payload, rule, field] of cases) {
      const answer = await call(admin, 'PUT', '/api/translation', payload);
      expect(answer, JSON.stringify(payload)).toMatchObject({ status: 4000, enMsg: rule });
      expect(answer.data).toContainEqual(expect.objectContaining({ field, rule }));
    }
    expect(await stored()).toEqual(before);
  });

  it('lets only the platform with translation:update edit, and hides the editor table from others', async () => {
    expect(
      await call(distributor, 'PUT', '/api/translation', { key: 'route.stationList', values: { EN: 'x' } }),
    ).toMatchObject({
      status: 4003,
    });
    expect(await call(distributor, 'GET', '/api/translation/page')).toMatchObject({ status: 4003 });
    expect((await t.app.inject({ method: 'GET', url: '/api/language/list' })).json()).toMatchObject({
      status: 4001,
    });
  });
});
