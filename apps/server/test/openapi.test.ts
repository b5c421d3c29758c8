import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderOpenApiDocument } from '../src/openapi-doc.js';
import { paths } from '../src/paths.js';
import { VERSION } from '../src/server.js';
import { createTestApp, type TestApp } from './helpers.js';

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('matches the checked-in docs/openapi.json (run `npm run gen` after changing the API)', async () => {
    const generated = await renderOpenApiDocument(VERSION);
    const checkedIn = readFileSync(paths.openapiDoc, 'utf8');
    expect(JSON.parse(checkedIn)).toEqual(JSON.parse(generated));
  });

  it('documents every API route with its envelope and is served at /api/openapi.json and /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json<{
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/api/login',
      '/api/login/guest',
      '/api/logout',
      '/api/info',
      '/api/routes',
      '/api/columnOption',
      '/api/config',
      '/api/health',
      '/api/language/{key}/list',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
      for (const op of Object.values(doc.paths[path] ?? {}))
        expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200']));
    }
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('marks every operation as needing the session token except the routes declared public', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json<{ paths: Record<string, Record<string, { security?: unknown }>> }>();
    const open: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(operations)) {
        if (operation.security === undefined) open.push(`${method.toUpperCase()} ${path}`);
        // Operations a key may call accept either credential (api-keys.test.ts checks which ones).
        else
          expect(operation.security, `${method} ${path}`).toEqual(
            'x-api-key-scopes' in operation ? [{ bearer: [] }, { apiKey: [] }] : [{ bearer: [] }],
          );
      }
    expect(open.sort()).toEqual(
      [
        'POST /api/login',
        'POST /api/login/guest',
        'GET /api/language/{key}/list',
        'POST /api/find/code',
        'POST /api/find/user/register',
        'POST /api/find/signUp',
        'POST /api/find/password',
        'POST /api/find/name',
        'GET /api/file/{id}',
        'POST /api/mqtt/emqx/auth',
        'POST /api/mqtt/emqx/acl',
        'POST /api/mqtt/goauth/user',
        'POST /api/mqtt/goauth/superuser',
        'POST /api/mqtt/goauth/acl',
        'GET /api/station/powerChartData/share',
        'GET /api/station/electricityChartData/share',
        'GET /api/station/weather/share',
        'GET /api/station/share',
        'GET /api/subscription/unsubscribe',
        'POST /api/subscription/unsubscribe',
        'GET /api/config',
        'GET /api/health',
        'GET /api/firmware/download/{token}',
        'GET /api/appRelease/current',
        'GET /api/appRelease/download/{id}',
        'POST /api/clientError',
      ].sort(),
    );
    // And the document says what the server does: an operation it shows as protected refuses no token.
    const info = await t.app.inject({ method: 'GET', url: '/api/info' });
    expect(info.json()).toMatchObject({ status: 4001 });
  });
});
