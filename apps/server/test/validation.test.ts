// Request validation: JSON bodies are validated without type coercion (a null must stay null, a string
// must not become a number); query strings and paths are coerced, since they only carry text.
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

describe('request validation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      extend: (app) => {
        app.post(
          '/api/validation-probe',
          {
            config: { public: true, audit: false },
            schema: {
              body: Type.Object({
                limit: Type.Union([Type.Number(), Type.Null()]),
                note: Type.Union([Type.String(), Type.Null()]),
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
              querystring: Type.Object({ days: Type.Integer(), tags: Type.Array(Type.String()) }),
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
  });
  afterAll(() => t.close());

  it('keeps a null in a body null instead of coercing it to 0 or ""', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/validation-probe',
      payload: { limit: null, note: null },
    });
    expect(res.json()).toMatchObject({ status: 200, data: { limit: null, note: null } });
  });

  it('refuses a number sent as text in a body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/validation-probe',
      payload: { limit: '12', note: 'x' },
    });
    expect(res.json()).toMatchObject({ status: 4000 });
  });

  it('still coerces path and query text to the declared types', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/validation-probe/7?days=3&tags=a' });
    expect(res.json()).toMatchObject({
      status: 200,
      data: { params: { id: 7 }, query: { days: 3, tags: ['a'] } },
    });
  });
});
