import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { as, countRows, DEMO_PASSWORD, setPasswords, userIdOf } from './organisation-fixtures.js';

interface User {
  id: number;
  username: string;
  email: string | null;
  areaCode: string | null;
  mobile: string | null;
  roleId: number;
  roleName: string;
  roleNameKey: string | null;
  roleType: string;
  companyId: number;
  companyName: string;
  disabled: boolean;
}
type Page<T> = { total: number; list: T[] };
const NEW_PASSWORD = 'New#Pass-2026';

describe.each(oneDatabase())('account management on %s', (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let distributor: ReturnType<typeof as>;
  let installer: ReturnType<typeof as>;
  let owner1Id: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await setPasswords(t, [
      'demo.distributor',
      'demo.installer1',
      'demo.installer2',
      'demo.owner1',
      'demo.owner2',
    ]);
    admin = as(t, await t.login());
    distributor = as(t, await t.login('demo.distributor', DEMO_PASSWORD));
    installer = as(t, await t.login('demo.installer1', DEMO_PASSWORD));
    owner1Id = await userIdOf(t, 'demo.owner1');
  });
  afterAll(() => t.close());

  const names = (page: { data: Page<User> }) => page.data.list.map((u) => u.username);

  it('lists the accounts of the caller’s subtree only, with filters', async () => {
    const all = names(await distributor.get<Page<User>>('/user/page?pageSize=200'));
    expect(all).toEqual(
      expect.arrayContaining(['demo.distributor', 'guest', 'demo.installer2', 'demo.owner3']),
    );
    expect(all).not.toContain('admin');
    expect(names(await installer.get<Page<User>>('/user/page')).sort()).toEqual([
      'demo.installer1',
      'demo.owner1',
      'demo.owner2',
    ]);
    expect(names(await distributor.get<Page<User>>('/user/page?companyId=4&roleId=5'))).toEqual([
      'demo.owner3',
    ]);
    expect(names(await installer.get<Page<User>>('/user/page?keyword=OWNER1'))).toEqual(['demo.owner1']);
    // A filter on someone else's company finds nothing rather than their people.
    expect((await installer.get<Page<User>>('/user/page?companyId=4')).data.total).toBe(0);
    const one = await installer.get<User>(`/user/${owner1Id}`);
    expect(one.data).toMatchObject({ roleId: 5, roleType: 'USER', roleNameKey: 'role.user', companyId: 3 });
    expect((await installer.get(`/user/${await userIdOf(t, 'demo.owner3')}`)).status).toBe(4004);
    expect((await as(t, await t.login('demo.owner1', DEMO_PASSWORD)).get('/user/page')).status).toBe(4003);
  });

  it('creates an account that can log in, normalising the dialling code', async () => {
    const res = await installer.post<{ id: number }>('/user', {
      username: 'helios.tech',
      password: DEMO_PASSWORD,
      email: 'Tech@Helios.example',
      areaCode: '+49',
      mobile: '15112345678',
      roleId: 5,
      companyId: 3,
      description: 'Roof crew',
    });
    expect(res.status).toBe(200);
    const user = await installer.get<User>(`/user/${res.data.id}`);
    expect(user.data).toMatchObject({ username: 'helios.tech', areaCode: '49', mobile: '15112345678' });
    await t.login('4915112345678', DEMO_PASSWORD);
    await t.login('tech@helios.example', DEMO_PASSWORD);
  });

  it('refuses taken user names, emails and mobile numbers with 4009', async () => {
    const before = await countRows(t, 'users');
    const base = { password: DEMO_PASSWORD, roleId: 5, companyId: 3 };
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'Helios.Tech' }, 'UsernameAlreadyExists'],
      [{ username: 'fresh.one', email: 'TECH@helios.example' }, 'EmailAlreadyExists'],
      [{ username: 'fresh.two', areaCode: '+49', mobile: '15112345678' }, 'MobileNoAlreadyExists'],
    ];
    for (const [body, key] of cases)
      expect(await installer.post('/user', { ...base, ...body })).toMatchObject({ status: 4009, enMsg: key });
    // Someone else's user name or email in an update is refused the same way.
    expect(
      await installer.put('/user', { id: owner1Id, email: 'tech@helios.example', roleId: 5, companyId: 3 }),
    ).toMatchObject({ status: 4009, enMsg: 'EmailAlreadyExists' });
    // Keeping one's own email, user name or number is no conflict.
    const tech = await userIdOf(t, 'helios.tech');
    const keep = { id: tech, email: 'tech@helios.example', areaCode: '49', mobile: '15112345678' };
    expect((await installer.put('/user', { ...keep, roleId: 5, companyId: 3 })).status).toBe(200);
    expect(await countRows(t, 'users')).toBe(before);
  });

  it('refuses every bad field with its own rule key and stores nothing', async () => {
    const before = await countRows(t, 'users');
    const base = { username: 'new.user', password: DEMO_PASSWORD, roleId: 5, companyId: 3 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ password: 'Aa1#' }, 'rule.passwordLength', 'body.password'],
      [{ password: 'alllowercase1#' }, 'rule.passwordStrength', 'body.password'],
      [{ email: 'not-an-email' }, 'rule.emailInvalid', 'body.email'],
      [{ areaCode: '86', mobile: '123456789' }, 'rule.mobileInvalid', 'body.mobile'],
      [{ areaCode: '', mobile: '13800000000' }, 'rule.mobileInvalid', 'body.mobile'],
      [{ description: 'x'.repeat(61) }, 'rule.userDescriptionTooLong', 'body.description'],
      [{ username: '13800000000' }, 'UsernameInvalid', 'body.username'],
      [{ username: 'ab' }, 'UsernameInvalid', 'body.username'],
      [{ roleId: 'five' }, 'rule.type', 'body.roleId'],
      [{ companyId: undefined }, 'rule.required', 'body.companyId'],
    ];
    for (const [patch, rule, field] of cases) {
      const res = await installer.post('/user', { ...base, ...patch });
      expect(res, JSON.stringify(patch)).toMatchObject({ status: 4000, enMsg: rule });
      expect(res.data).toEqual(expect.arrayContaining([expect.objectContaining({ field, rule })]));
    }
    const several = await installer.post('/user', { ...base, email: 'bad', description: 'y'.repeat(70) });
    expect((several.data as { field: string }[]).map((f) => f.field)).toEqual([
      'body.email',
      'body.description',
    ]);
    expect(await countRows(t, 'users')).toBe(before);
  });

  it('hands out only roles the caller may give, to companies within reach', async () => {
    const before = await countRows(t, 'users');
    const base = { username: 'role.probe', password: DEMO_PASSWORD, companyId: 3 };
    // Private built-in roles are invisible below the platform: like a missing role.
    expect((await installer.post('/user', { ...base, roleId: 1 })).status).toBe(4004);
    expect((await installer.post('/user', { ...base, roleId: 3 })).status).toBe(4004);
    expect((await installer.post('/user', { ...base, roleId: 5, companyId: 4 })).status).toBe(4004);
    expect((await installer.post('/user', { ...base, roleId: 5, companyId: 999 })).status).toBe(4004);
    // A platform role granting what a manager lacks cannot be handed out by that manager.
    const wide = await admin.post<{ id: number }>('/role', {
      name: 'Wide',
      visibility: 'PUBLIC',
      roleType: 'MANAGER',
      permissions: ['systemSettings:view', 'home:view'],
    });
    expect(await distributor.post('/user', { ...base, roleId: wide.data.id })).toMatchObject({
      status: 4003,
      enMsg: 'PermissionNotHeld',
    });
    expect(await countRows(t, 'users')).toBe(before);
  });

  it('moving a user or changing their role ends their sessions; a description does not', async () => {
    const token = await t.login('demo.owner2', DEMO_PASSWORD);
    const id = await userIdOf(t, 'demo.owner2');
    expect((await distributor.put('/user', { id, roleId: 5, companyId: 3, description: 'VIP' })).status).toBe(
      200,
    );
    expect((await as(t, token).get('/info')).status).toBe(200);
    expect((await distributor.put('/user', { id, roleId: 5, companyId: 4 })).status).toBe(200);
    expect((await as(t, token).get('/info')).status).toBe(102011);
    const again = await t.login('demo.owner2', DEMO_PASSWORD);
    expect((await distributor.put('/user', { id, roleId: 2, companyId: 4 })).status).toBe(200);
    expect((await as(t, again).get('/info')).status).toBe(102011);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ companyId: 4, roleId: 2, description: null });
    // The installer of company 3 no longer reaches them.
    expect((await installer.put('/user', { id, roleId: 5, companyId: 3 })).status).toBe(4004);
  });

  it('nobody locks themselves out', async () => {
    const me = await userIdOf(t, 'demo.installer1');
    expect(await installer.put(`/user/${me}/disable`)).toMatchObject({
      status: 4000,
      enMsg: 'CannotDisableYourself',
    });
    expect(await installer.put('/user', { id: me, roleId: 5, companyId: 3 })).toMatchObject({
      status: 4000,
      enMsg: 'CannotChangeOwnRoleOrCompany',
    });
    expect(await installer.put(`/user/${me}/resetPassword`, { password: NEW_PASSWORD })).toMatchObject({
      status: 4000,
      enMsg: 'CannotResetOwnPassword',
    });
    expect(
      (await installer.put('/user', { id: me, roleId: 2, companyId: 3, description: 'Boss' })).status,
    ).toBe(200);
  });

  it('disabling ends all sessions and stops logins; enabling lets them back in', async () => {
    const token = await t.login('demo.owner1', DEMO_PASSWORD);
    expect((await installer.put(`/user/${owner1Id}/disable`)).status).toBe(200);
    expect((await as(t, token).get('/info')).status).toBe(102011);
    await expect(t.login('demo.owner1', DEMO_PASSWORD)).rejects.toThrow();
    expect((await installer.get<Page<User>>('/user/page?disabled=true')).data.list.map((u) => u.id)).toEqual([
      owner1Id,
    ]);
    expect((await installer.put(`/user/${owner1Id}/enable`)).status).toBe(200);
    await t.login('demo.owner1', DEMO_PASSWORD);
  });

  it('resetting a password checks its strength and ends all sessions', async () => {
    const token = await t.login('demo.owner1', DEMO_PASSWORD);
    expect(await installer.put(`/user/${owner1Id}/resetPassword`, { password: 'weak' })).toMatchObject({
      status: 4000,
      enMsg: 'rule.passwordLength',
    });
    expect((await as(t, token).get('/info')).status).toBe(200);
    expect((await installer.put(`/user/${owner1Id}/resetPassword`, { password: NEW_PASSWORD })).status).toBe(
      200,
    );
    expect((await as(t, token).get('/info')).status).toBe(102011);
    await t.login('demo.owner1', NEW_PASSWORD);
    expect((await installer.put('/user/999999/resetPassword', { password: NEW_PASSWORD })).status).toBe(4004);
  });

  it('nobody takes over an account holding permissions they lack', async () => {
    const dev = await admin.post<{ id: number }>('/user', {
      username: 'platform.dev',
      password: DEMO_PASSWORD,
      roleId: 3,
      companyId: 2,
    });
    expect(dev.status).toBe(200);
    expect(
      await distributor.put(`/user/${dev.data.id}/resetPassword`, { password: NEW_PASSWORD }),
    ).toMatchObject({
      status: 4003,
      enMsg: 'UserNotManageable',
    });
    expect((await distributor.put(`/user/${dev.data.id}/disable`)).status).toBe(4003);
    await t.login('platform.dev', DEMO_PASSWORD);
  });
});
