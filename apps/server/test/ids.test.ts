// Ids are never handed out twice: not after a delete, not after the server starts again (the seed runs).
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/bootstrap/seed.js';
import { queryRows } from '../src/db/client.js';
import { paths } from '../src/paths.js';
import { createTestApp, DATABASES, type TestApp } from './helpers.js';
import { as } from './organisation-fixtures.js';

describe.each(DATABASES)('ids on %s', (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = as(t, await t.login());
  });
  afterAll(() => t.close());

  const restart = () =>
    seed(t.database.db, {
      adminUsername: t.config.adminUsername,
      adminPassword: 'unused-on-a-second-start',
      dataDir: null,
      localesRoot: paths.locales,
      log: pino({ level: 'silent' }),
    });

  const createRole = async (name: string): Promise<number> => {
    const res = await admin.post<{ id: number }>('/role', {
      name,
      roleType: 'MANAGER',
      visibility: 'PRIVATE',
      permissions: [],
    });
    expect(res.status, res.body).toBe(200);
    return res.data.id;
  };

  const createCompany = async (name: string): Promise<number> => {
    const res = await admin.post<{ id: number }>('/company', { type: 'DISTRIBUTOR', parentId: 1, name });
    expect(res.status, res.body).toBe(200);
    return res.data.id;
  };

  it('gives a new role a larger id than a deleted one, also after a restart', async () => {
    const first = await createRole('Short-lived');
    expect((await admin.del(`/role/${first}`)).status).toBe(200);
    const second = await createRole('Next');
    expect(second).toBeGreaterThan(first);
    expect((await admin.del(`/role/${second}`)).status).toBe(200);
    await restart();
    expect(await createRole('After restart')).toBeGreaterThan(second);
  });

  it('gives a new company a larger id than a deleted one, also after a restart', async () => {
    const first = await createCompany('Short-lived Co');
    expect((await admin.del(`/company/${first}`)).status).toBe(200);
    await restart();
    expect(await createCompany('After restart Co')).toBeGreaterThan(first);
  });

  it('never moves any sequence back when the server starts again', async () => {
    const positions = () =>
      queryRows<{ name: string; last: string | null }>(
        t.database.db,
        sql`select sequencename as name, last_value::text as last from pg_sequences
            where schemaname = current_schema() order by sequencename`,
      );
    // The newest company is gone: max(id) now lags behind its sequence.
    expect((await admin.del(`/company/${await createCompany('Gone Co')}`)).status).toBe(200);
    const before = await positions();
    expect(before.length).toBeGreaterThan(5);
    await restart();
    const after = await positions();
    for (const [i, row] of after.entries())
      expect(BigInt(row.last ?? 0), row.name).toBeGreaterThanOrEqual(BigInt(before[i]?.last ?? 0));
  });
});
