import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/password.js';
import { companySubtree, resolveScope } from '../src/modules/tenancy/scope.js';
import { bearer, createTestApp, oneDatabase, type TestApp } from './helpers.js';

describe.each(oneDatabase())('tenancy scope, audit trail and role switching on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const hash = await hashPassword('Demo#Pass-2026');
    for (const username of ['demo.distributor', 'demo.installer1', 'demo.owner1']) {
      await t.database.db.update(users).set({ passwordHash: hash }).where(eq(users.username, username));
    }
  });
  afterAll(() => t.close());

  const session = async (username: string) => {
    const [u] = await t.database.db.select().from(users).where(eq(users.username, username));
    return {
      sessionId: 0,
      userId: u!.id,
      roleId: u!.roleId,
      username,
      companyId: u!.companyId,
      permissions: [],
      guest: u!.roleId === 6,
    };
  };

  it('seeds the demo tree: a distributor with two installers and their owners', async () => {
    expect((await companySubtree(t.database.db, 2)).sort()).toEqual([2, 3, 4]);
    expect(await companySubtree(t.database.db, 3)).toEqual([3]);
    expect((await companySubtree(t.database.db, 1)).sort()).toEqual([1, 2, 3, 4]);
  });

  it('gives each kind of principal its scope', async () => {
    const db = t.database.db;
    expect(await resolveScope(db, await session('admin'))).toMatchObject({ kind: 'platform' });
    const distributor = await resolveScope(db, await session('demo.distributor'));
    expect(distributor.kind).toBe('subtree');
    expect(distributor.kind === 'subtree' && [...distributor.companyIds].sort()).toEqual([2, 3, 4]);
    expect(await resolveScope(db, await session('demo.installer1'))).toMatchObject({
      kind: 'subtree',
      companyIds: [3],
    });
    expect(await resolveScope(db, await session('demo.owner1'))).toMatchObject({
      kind: 'self',
      companyId: 3,
    });
    expect(await resolveScope(db, await session('guest'))).toMatchObject({ kind: 'subtree' });
  });

  it('records every write with who, what, from where and the result — failures too', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.1.2.3',
      payload: { username: 'demo.owner1', password: 'wrong-one' },
    });
    const token = await t.login('demo.owner1', 'Demo#Pass-2026');
    await t.app.inject({
      method: 'POST',
      url: '/api/columnOption',
      headers: bearer(token),
      payload: { page: 'p', columns: ['a'] },
    });
    const rows = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(3);
    expect(rows.map((r) => [r.action, r.status, r.username])).toEqual([
      ['POST /api/columnOption', 200, 'demo.owner1'],
      ['session.login', 200, null],
      ['session.login', 4000, null],
    ]);
    expect(rows[2]).toMatchObject({ clientAddress: '10.1.2.3', detail: { username: 'demo.owner1' } });
    expect(JSON.stringify(rows)).not.toContain('wrong-one');
  });

  it('refuses to update, delete or truncate audit rows, even for the application', async () => {
    const db = t.database.db;
    // Drizzle wraps the database error; the trigger's message is in its cause.
    const refusal = async (statement: ReturnType<typeof sql>) => {
      const error = await db.execute(statement).then(
        () => null,
        (e: unknown) => e as { message: string; cause?: { message?: string } },
      );
      return `${error?.message ?? 'no error'} ${error?.cause?.message ?? ''}`;
    };
    expect(await refusal(sql`update audit_log set status = 200`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from audit_log`)).toMatch(/append-only/);
    expect(await refusal(sql`truncate audit_log`)).toMatch(/append-only/);
    expect((await db.select().from(auditLog)).length).toBeGreaterThan(0);
  });

  it('switches role on the server: a new session for a granted role, the old token ends with 102011', async () => {
    const token = await t.login();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/role/switch',
      headers: bearer(token),
      payload: { roleId: 41 },
    });
    expect(refused.json()).toMatchObject({ status: 4004 });
    const [admin] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
    await t.database.db.execute(sql`insert into user_roles (user_id, role_id) values (${admin!.id}, 41)`);
    const switched = await t.app.inject({
      method: 'POST',
      url: '/api/role/switch',
      headers: bearer(token),
      payload: { roleId: 41 },
    });
    const next = switched.json<{ status: number; data: { token: string } }>();
    expect(next.status).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/info', headers: bearer(token) })).json(),
    ).toMatchObject({ status: 102011 });
    const routes = await t.app.inject({
      method: 'GET',
      url: '/api/routes',
      headers: bearer(next.data.token),
    });
    expect(routes.json<{ data: { data: { path: string }[] } }>().data.data.map((r) => r.path)).not.toContain(
      '/organization',
    );
    const info = await t.app.inject({ method: 'GET', url: '/api/info', headers: bearer(next.data.token) });
    expect(info.json()).toMatchObject({ data: { roleId: 41, perms: ['home:view', 'bigScreen'] } });
  });
});
