// Hardened edges: what an attacker sends answers a clear 4000 in the envelope, never 5000, never
// another object, and the audit trail keeps its row.
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FIELD_ERRORS } from '../src/plugins/envelope.plugin.js';
import { bearer, createTestApp, DATABASES, type TestApp } from './helpers.js';
import { countRows } from './organisation-fixtures.js';

interface Envelope {
  status: number;
  enMsg: string;
  data: { field: string; rule: string; message: string }[] | null;
}

describe.each(DATABASES)('hostile input on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login();
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...bearer(admin),
        ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });

  const refused = (res: { statusCode: number; json: () => unknown }, what: string) => {
    expect(res.statusCode, what).toBe(400);
    expect(res.json(), what).toMatchObject({ status: 4000 });
  };

  it('refuses ids and page numbers that are unbounded, infinite or not plain decimal digits', async () => {
    for (const id of [
      '9223372036854775808',
      '2147483648',
      '1e999',
      '9007199254740993',
      '0x10',
      '1e3',
      '%201',
      '1.5',
      '-0x1',
      '+1',
    ])
      refused(await send('GET', `/api/role/${id}`), `id ${id}`);
    for (const page of ['99999999999999999999', '1e999', '2147483648', '0x10', '1e3', '%201', 'Infinity'])
      refused(await send('GET', `/api/role/page?pageNum=${page}`), `pageNum ${page}`);
    for (const id of ['1e999', '9007199254740993', '2147483648', '-2147483649'])
      refused(
        await send(
          'PUT',
          '/api/role',
          `{"id":${id},"name":"X","roleType":"MANAGER","visibility":"PRIVATE","permissions":[]}`,
        ),
        `body id ${id}`,
      );
    // Plain digits still work.
    expect((await send('GET', '/api/role/1')).json()).toMatchObject({ status: 200, data: { id: 1 } });
    expect((await send('GET', '/api/role/page?pageNum=1')).json()).toMatchObject({ status: 200 });
  });

  it('refuses NUL in a path, a query, a body text or key and an upload name, and still records the attempt', async () => {
    const before = await countRows(t, 'audit_log');
    refused(await send('DELETE', '/api/role/1%00'), 'path');
    refused(await send('DELETE', '/api/currency/EU%00R'), 'path text');
    refused(await send('GET', '/api/role/page?name=a%00b'), 'query');
    refused(
      await send('POST', '/api/role', {
        name: 'a\u0000b',
        roleType: 'MANAGER',
        visibility: 'PRIVATE',
        permissions: [],
      }),
      'body',
    );
    refused(await send('POST', '/api/role', { 'x\u0000': 1 }), 'body key');
    const boundary = `----b${randomBytes(6).toString('hex')}`;
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/gateway/import',
      headers: { ...bearer(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.xlsx"\r\n` +
          `Content-Type: application/octet-stream\r\n\r\nPK\r\n--${boundary}--\r\n`,
      ),
    });
    refused(upload, 'upload name');
    expect(upload.json<Envelope>().data?.[0]?.field).toBe('body.file');
    // Every refused write is in the trail (the GET is not a write).
    expect(await countRows(t, 'audit_log')).toBe(before + 5);
  });

  it('fails the request when its audit row cannot be written', async () => {
    await t.database.db.execute(sql.raw('alter table audit_log rename to audit_log_away'));
    try {
      const res = await send('POST', '/api/role', {
        name: 'Unrecorded',
        roleType: 'MANAGER',
        visibility: 'PRIVATE',
        permissions: [],
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ status: 5000, data: null });
      // An answer that is already a refusal fails the same way rather than going unrecorded.
      const invalid = await send('POST', '/api/role', { name: '' });
      expect(invalid.json()).toMatchObject({ status: 5000 });
    } finally {
      await t.database.db.execute(sql.raw('alter table audit_log_away rename to audit_log'));
    }
  });

  it('answers Fastify’s own refusals in the envelope', async () => {
    const badUrl = await send('GET', '/api/role/%E0%A4%A');
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({ status: 4000, data: [{ field: 'url', rule: 'rule.format' }] });
    const longParam = await send('GET', `/api/role/${'1'.repeat(101)}`);
    expect(longParam.statusCode).toBe(400);
    expect(longParam.json()).toMatchObject({
      status: 4000,
      data: [{ field: 'params', rule: 'rule.tooLong' }],
    });
  });

  it('answers a 20 KB header in the envelope with 431', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ code: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: '/api/info', headers: { 'x-padding': 'x'.repeat(20 * 1024) } },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ code: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.code).toBe(431);
    expect(JSON.parse(answer.body)).toMatchObject({
      status: 4000,
      data: [{ field: 'headers', rule: 'rule.tooLong' }],
    });
  });

  it(`lists at most ${MAX_FIELD_ERRORS} failing fields and says how many more`, async () => {
    const body = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i]));
    const res = await send('POST', '/api/role', body);
    expect(res.statusCode).toBe(400);
    const answer = res.json<Envelope>();
    expect(answer.status).toBe(4000);
    expect(answer.data).toHaveLength(MAX_FIELD_ERRORS + 1);
    expect(answer.data?.at(-1)).toMatchObject({ field: 'body', rule: 'rule.tooMany' });
    expect(answer.data?.at(-1)?.message).toMatch(/^\d+ more failing field/);
    expect(res.body.length).toBeLessThan(5_000);
  });
});
