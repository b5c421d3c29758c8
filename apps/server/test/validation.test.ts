// Request validation: JSON bodies are validated without type coercion (a null must stay null, a string
// must not become a number or a boolean); query strings and paths are coerced, since they only carry text.
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { as, countRows } from './organisation-fixtures.js';

describe('request validation', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      extend: (app) => {
        app.post(
          '/api/validation-probe',
          {
            config: { public: true, audit: false },
            schema: {
              body: Type.Object({
                limit: Type.Union([Type.Null(), Type.Number()]),
                note: Type.Union([Type.Null(), Type.String()]),
                count: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
                flag: Type.Optional(Type.Boolean()),
              }),
            },
          },
          async (request) => ({ status: 200, enMsg: 'OperationSuccess', data: request.body }),
        );
        app.get(
          '/api/validation-probe/:id',
          {
            config: { public: true },
            schema: {
              params: Type.Object({ id: Type.Integer() }),
              querystring: Type.Object({
                days: Type.Integer(),
                tags: Type.Array(Type.String()),
                on: Type.Optional(Type.Boolean()),
              }),
            },
          },
          async (request) => ({
            status: 200,
            enMsg: 'OperationSuccess',
            data: { params: request.params, query: request.query },
          }),
        );
      },
    });
    admin = as(t, await t.login());
  });
  afterAll(() => t.close());

  const probe = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/validation-probe', payload });

  it('keeps a null in a body null instead of coercing it to 0 or ""', async () => {
    const res = await probe({ limit: null, note: null, count: null });
    expect(res.json()).toMatchObject({ status: 200, data: { limit: null, note: null, count: null } });
  });

  it('keeps numbers, texts and booleans of a body as sent', async () => {
    const res = await probe({ limit: 0, note: '', count: 3, flag: false });
    expect(res.json()).toMatchObject({ status: 200, data: { limit: 0, note: '', count: 3, flag: false } });
  });

  it('refuses a number or a boolean sent as text in a body, naming the field', async () => {
    for (const [payload, field] of [
      [{ limit: '12', note: 'x' }, 'limit'],
      [{ limit: 1, note: 'x', count: '3' }, 'count'],
      [{ limit: 1, note: 'x', flag: 'true' }, 'flag'],
      [{ limit: 1, note: 7 }, 'note'],
    ] as const) {
      const body = (await probe(payload)).json<{ status: number; data: { field: string }[] }>();
      expect(body.status, JSON.stringify(payload)).toBe(4000);
      expect(body.data.map((e) => e.field)).toContain(`body.${field}`);
    }
  });

  it('still coerces path and query text to the declared types', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/validation-probe/7?days=3&tags=a&on=true' });
    expect(res.json()).toMatchObject({
      status: 200,
      data: { params: { id: 7 }, query: { days: 3, tags: ['a'], on: true } },
    });
  });

  it('applies to the real routes: an id sent as text is refused and nothing is stored', async () => {
    const before = await countRows(t, 'companies');
    const refused = await admin.post('/company', { type: 'INSTALLER', parentId: '2', name: 'Text Parent' });
    expect(refused.status).toBe(4000);
    expect(await countRows(t, 'companies')).toBe(before);
    const created = await admin.post('/company', { type: 'INSTALLER', parentId: 2, name: 'Number Parent' });
    expect(created.status).toBe(200);
    // Query parameters of real routes keep arriving as text and are still read as numbers.
    const page = await admin.get<{ total: number }>('/company/page?pageNum=1&pageSize=5&keyword=Number');
    expect(page).toMatchObject({ status: 200, data: { total: 1 } });
  });
});
