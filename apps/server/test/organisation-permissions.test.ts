import { LANGUAGE_KEYS, NAVIGATION, Perm, PERMISSION_TREE_CODES } from '@sunfleet/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { as, DEMO_PASSWORD, setPasswords, tenantDigest, userIdOf } from './organisation-fixtures.js';

interface Node {
  code: string;
  titleKey: string;
  level: number;
  children: Node[];
}

describe.each(oneDatabase())('permission catalogue, role switching and bad updates on %s', (kind) => {
  let t: TestApp;
  let distributor: ReturnType<typeof as>;
  let installer: ReturnType<typeof as>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await setPasswords(t, ['demo.distributor', 'demo.installer1', 'demo.owner1']);
    distributor = as(t, await t.login('demo.distributor', DEMO_PASSWORD));
    installer = as(t, await t.login('demo.installer1', DEMO_PASSWORD));
  });
  afterAll(() => t.close());

  it('serves a four-level tree with every permission code, every screen, and titles in four languages', async () => {
    const tree = await distributor.get<Node[]>('/permission/tree');
    const flat: Node[] = [];
    const walk = (nodes: Node[], level: number): void => {
      for (const n of nodes) {
        expect(n.level).toBe(level);
        flat.push(n);
        walk(n.children, level + 1);
      }
    };
    walk(tree.data, 1);
    expect(Math.max(...flat.map((n) => n.level))).toBe(4);
    const codes = flat.map((n) => n.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(PERMISSION_TREE_CODES);
    expect(codes).toEqual(expect.arrayContaining(Object.values(Perm)));
    expect(codes).toEqual(expect.arrayContaining(NAVIGATION.flatMap((n) => (n.perm ? [n.perm] : []))));
    for (const language of LANGUAGE_KEYS) {
      const table = await distributor.get<{ data: Record<string, string> }>(`/language/${language}/list`);
      const missing = flat.filter((n) => !table.data.data[n.titleKey]).map((n) => n.titleKey);
      expect(missing, language).toEqual([]);
    }
  });

  it('switching to a granted role changes /api/routes', async () => {
    const id = await userIdOf(t, 'demo.owner1');
    await t.database.db.execute(sql`insert into user_roles (user_id, role_id) values (${id}, 2)`);
    const token = await t.login('demo.owner1', DEMO_PASSWORD);
    const paths = async (tk: string) =>
      (await as(t, tk).get<{ data: { path: string }[] }>('/routes')).data.data.map((r) => r.path);
    expect(await paths(token)).not.toContain('/organization');
    const switched = await as(t, token).post<{ token: string }>('/role/switch', { roleId: 2 });
    expect(await paths(switched.data.token)).toContain('/organization');
  });

  it('refuses bad updates with a clear 4000 and changes nothing', async () => {
    const owner = await userIdOf(t, 'demo.owner1');
    const role = await distributor.post<{ id: number }>('/role', {
      name: 'Editable',
      visibility: 'PRIVATE',
      roleType: 'MANAGER',
      permissions: ['home:view'],
    });
    const before = await tenantDigest(t);
    const user = { id: owner, roleId: 5, companyId: 3 };
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['/user', { ...user, email: 'nope' }, 'rule.emailInvalid', 'body.email'],
      ['/user', { ...user, areaCode: '86', mobile: '12' }, 'rule.mobileInvalid', 'body.mobile'],
      ['/user', { ...user, description: 'd'.repeat(61) }, 'rule.userDescriptionTooLong', 'body.description'],
      ['/user', { ...user, username: 'renamed' }, 'rule.unknownField', 'body.username'],
      ['/user', { ...user, id: 'x' }, 'rule.type', 'body.id'],
      ['/company', { id: 3, type: 'INSTALLER', parentId: 2, name: '' }, 'rule.required', 'body.name'],
      [
        '/company',
        { id: 3, type: 'INSTALLER', parentId: 2, name: 'H', phone: 'x' },
        'CompanyPhoneInvalid',
        'body.phone',
      ],
      [
        '/role',
        {
          id: role.data.id,
          name: 'Editable',
          visibility: 'PRIVATE',
          roleType: 'MANAGER',
          permissions: ['x:y'],
        },
        'UnknownPermission',
        'body.permissions.0',
      ],
      [
        '/role',
        { id: role.data.id, name: 'Editable', visibility: 'SECRET', roleType: 'MANAGER', permissions: [] },
        'rule.enum',
        'body.visibility',
      ],
    ];
    for (const [url, body, rule, field] of cases) {
      const who = url === '/company' ? installer : distributor;
      const res = await who.put(url, body);
      expect(res, `${url} ${JSON.stringify(body)}`).toMatchObject({ status: 4000, enMsg: rule });
      expect(res.data).toEqual(expect.arrayContaining([expect.objectContaining({ field, rule })]));
    }
    expect(await tenantDigest(t)).toEqual(before);
  });
});
