import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../src/db/schema.js';
import { createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { as, countRows, DEMO_PASSWORD, setPasswords } from './organisation-fixtures.js';

interface Role {
  id: number;
  name: string;
  nameKey: string | null;
  visibility: string;
  disabled: boolean;
  permissions: string[];
  companyId: number | null;
  builtIn: boolean;
  userCount: number;
}
type Page<T> = { total: number; list: T[] };

describe.each(oneDatabase())('roles and the permission catalogue on %s', (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let distributor: ReturnType<typeof as>;
  let installer1: ReturnType<typeof as>;
  let installer2: ReturnType<typeof as>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await setPasswords(t, ['demo.distributor', 'demo.installer1', 'demo.installer2', 'demo.owner1']);
    admin = as(t, await t.login());
    distributor = as(t, await t.login('demo.distributor', DEMO_PASSWORD));
    installer1 = as(t, await t.login('demo.installer1', DEMO_PASSWORD));
    installer2 = as(t, await t.login('demo.installer2', DEMO_PASSWORD));
  });
  afterAll(() => t.close());

  const roleIds = (page: { data: Page<Role> }) => page.data.list.map((r) => r.id);
  const role = (body: Record<string, unknown>) => ({ visibility: 'PRIVATE', roleType: 'MANAGER', ...body });

  it('shows each caller their subtree’s roles and the public ones handed down', async () => {
    expect(roleIds(await admin.get<Page<Role>>('/role/page'))).toEqual([1, 2, 3, 4, 5, 6, 41]);
    const builtIn = await distributor.get<Page<Role>>('/role/page');
    expect(roleIds(builtIn)).toEqual([2, 5]);
    expect(builtIn.data.list[0]).toMatchObject({ builtIn: true, nameKey: 'role.manager', companyId: null });
    // Holders are counted within reach: the distributor sees its own managers, not the platform's.
    expect(builtIn.data.list[0]?.userCount).toBe(3);
    const open = await distributor.post<{ id: number }>(
      '/role',
      role({ name: 'Field lead', visibility: 'PUBLIC', permissions: ['home:view'] }),
    );
    const internal = await distributor.post<{ id: number }>(
      '/role',
      role({ name: 'Back office', permissions: ['home:view'] }),
    );
    const helios = await installer1.post<{ id: number }>(
      '/role',
      role({ name: 'Helios crew', permissions: ['station:view'] }),
    );
    expect(open.data.id).toBeGreaterThanOrEqual(1000);
    expect(roleIds(await distributor.get<Page<Role>>('/role/page'))).toEqual([
      2,
      5,
      open.data.id,
      internal.data.id,
      helios.data.id,
    ]);
    expect(roleIds(await installer1.get<Page<Role>>('/role/page'))).toEqual([
      2,
      5,
      open.data.id,
      helios.data.id,
    ]);
    expect(roleIds(await installer2.get<Page<Role>>('/role/page'))).toEqual([2, 5, open.data.id]);
    expect((await installer2.get(`/role/${helios.data.id}`)).status).toBe(4004);
    expect((await installer2.get(`/role/${internal.data.id}`)).status).toBe(4004);
    const custom = await installer1.get<Role>(`/role/${helios.data.id}`);
    expect(custom.data).toMatchObject({ name: 'Helios crew', nameKey: null, builtIn: false, companyId: 3 });
    // Options: what the caller may give a user of that company.
    const options = await distributor.get<{ id: number }[]>('/role/options?companyId=3');
    expect(options.data.map((r) => r.id)).toEqual([2, 5, open.data.id, helios.data.id]);
    expect((await installer1.get<{ id: number }[]>('/role/options')).data.map((r) => r.id)).toEqual([
      2,
      5,
      open.data.id,
      helios.data.id,
    ]);
    expect((await installer1.get('/role/options?companyId=4')).status).toBe(4004);
    // An internal role serves its own company only.
    expect(
      await distributor.post('/user', {
        username: 'bo.clerk',
        password: DEMO_PASSWORD,
        roleId: internal.data.id,
        companyId: 3,
      }),
    ).toMatchObject({ status: 4000, enMsg: 'RoleNotAssignable' });
  });

  it('refuses unknown codes, codes the creator lacks, the wildcard from a non-holder and duplicate names', async () => {
    const before = await countRows(t, 'roles');
    const unknown = await distributor.post(
      '/role',
      role({ name: 'X', permissions: ['home:view', 'root:all'] }),
    );
    expect(unknown).toMatchObject({ status: 4000, enMsg: 'UnknownPermission' });
    expect(unknown.data).toEqual([expect.objectContaining({ field: 'body.permissions.1' })]);
    expect(
      await distributor.post('/role', role({ name: 'X', permissions: ['systemSettings:view'] })),
    ).toMatchObject({
      status: 4003,
      enMsg: 'PermissionNotHeld',
    });
    expect(await distributor.post('/role', role({ name: 'X', permissions: ['*'] }))).toMatchObject({
      status: 4003,
    });
    expect(await distributor.post('/role', role({ name: 'field LEAD', permissions: [] }))).toMatchObject({
      status: 4009,
      enMsg: 'RoleNameAlreadyExists',
    });
    expect(await distributor.post('/role', role({ name: ' ', permissions: [] }))).toMatchObject({
      status: 4000,
      enMsg: 'rule.cannotBeBlank',
    });
    expect(
      await distributor.post('/role', role({ name: 'X', roleType: 'ROOT', permissions: [] })),
    ).toMatchObject({
      status: 4000,
      enMsg: 'rule.enum',
    });
    expect(
      await distributor.post('/role', role({ name: 'X', remark: 'r'.repeat(201), permissions: [] })),
    ).toMatchObject({
      status: 4000,
      enMsg: 'rule.tooLong',
    });
    expect(await countRows(t, 'roles')).toBe(before);
  });

  it('stores grouping codes without requiring them to be held, in catalogue order', async () => {
    const res = await distributor.post<{ id: number }>(
      '/role',
      role({
        name: 'Ordered',
        permissions: [
          'station:create',
          'menu:station',
          'station:view',
          'section:stationList',
          'station:view',
        ],
      }),
    );
    const stored = await distributor.get<Role>(`/role/${res.data.id}`);
    expect(stored.data.permissions).toEqual([
      'menu:station',
      'station:view',
      'section:stationList',
      'station:create',
    ]);
    const star = await admin.post<{ id: number }>(
      '/role',
      role({ name: 'Everything', permissions: ['home:view', '*'] }),
    );
    expect((await admin.get<Role>(`/role/${star.data.id}`)).data.permissions).toEqual(['*']);
  });

  it('a role’s new permissions reach its holders at once; built-in roles can only be switched off and on', async () => {
    const crew = await distributor.post<{ id: number }>(
      '/role',
      role({ name: 'Crew', visibility: 'PUBLIC', permissions: ['home:view'] }),
    );
    const created = await installer1.post<{ id: number }>('/user', {
      username: 'crew.member',
      password: DEMO_PASSWORD,
      roleId: crew.data.id,
      companyId: 3,
    });
    expect(created.status).toBe(200);
    const member = as(t, await t.login('crew.member', DEMO_PASSWORD));
    expect((await member.get<{ perms: string[] }>('/info')).data.perms).toEqual(['home:view']);
    // Only the owning subtree manages a role, never a company below it.
    expect(
      await installer1.put('/role', { id: crew.data.id, ...role({ name: 'Crew', permissions: [] }) }),
    ).toMatchObject({
      status: 4003,
      enMsg: 'RoleNotManageable',
    });
    expect(
      (
        await distributor.put('/role', {
          id: crew.data.id,
          ...role({ name: 'Crew', visibility: 'PUBLIC', permissions: ['home:view', 'alarm:view'] }),
        })
      ).status,
    ).toBe(200);
    expect((await member.get<{ perms: string[] }>('/info')).data.perms).toEqual(['home:view', 'alarm:view']);
    expect(await distributor.del(`/role/${crew.data.id}`)).toMatchObject({
      status: 4000,
      enMsg: 'RoleInUse',
    });

    const manager = {
      name: 'Manager',
      visibility: 'PUBLIC',
      roleType: 'MANAGER',
      permissions: [] as string[],
    };
    const [stored] = await t.database.db.select().from(roles).where(eq(roles.id, 2));
    manager.permissions = stored!.permissions;
    expect(await distributor.put('/role', { id: 2, ...manager, disabled: true })).toMatchObject({
      status: 4003,
    });
    expect(await admin.put('/role', { id: 2, ...manager, name: 'Boss' })).toMatchObject({
      status: 4000,
      enMsg: 'BuiltInRoleReadOnly',
    });
    expect(await admin.del('/role/2')).toMatchObject({ status: 4000, enMsg: 'BuiltInRoleReadOnly' });
    expect(
      await admin.put('/role', {
        id: 1,
        name: 'Administrator',
        visibility: 'PRIVATE',
        roleType: 'ADMINISTRATOR',
        permissions: ['*'],
        disabled: true,
      }),
    ).toMatchObject({
      status: 4000,
      enMsg: 'CannotEditOwnRole',
    });
    const deploy = await admin.get<Role>('/role/4');
    expect(
      (
        await admin.put('/role', {
          id: 4,
          name: 'Operations',
          visibility: 'PRIVATE',
          roleType: 'DEPLOY',
          permissions: deploy.data.permissions,
          disabled: true,
        })
      ).status,
    ).toBe(200);
    expect((await admin.get<Role>('/role/4')).data.disabled).toBe(true);
  });

  it('deletes unused custom roles, and a company’s roles with the company', async () => {
    const spare = await installer1.post<{ id: number }>('/role', role({ name: 'Spare', permissions: [] }));
    expect((await installer2.del(`/role/${spare.data.id}`)).status).toBe(4004);
    expect((await installer1.del(`/role/${spare.data.id}`)).status).toBe(200);
    expect((await installer1.get(`/role/${spare.data.id}`)).status).toBe(4004);

    const sub = await distributor.post<{ id: number }>('/company', {
      type: 'INSTALLER',
      parentId: 2,
      name: 'Short-lived',
    });
    const boss = await distributor.post<{ id: number }>('/user', {
      username: 'short.boss',
      password: DEMO_PASSWORD,
      roleId: 2,
      companyId: sub.data.id,
    });
    const own = await as(t, await t.login('short.boss', DEMO_PASSWORD)).post<{ id: number }>(
      '/role',
      role({ name: 'Temp', permissions: [] }),
    );
    expect(own.status).toBe(200);
    expect((await distributor.put('/user', { id: boss.data.id, roleId: 2, companyId: 2 })).status).toBe(200);
    expect((await distributor.del(`/company/${sub.data.id}`)).status).toBe(200);
    const left = await t.database.db.select().from(roles).where(eq(roles.id, own.data.id));
    expect(left).toEqual([]);
  });
});
