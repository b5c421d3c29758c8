import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies } from '../src/db/schema.js';
import { createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { as, countRows, DEMO_PASSWORD, setPasswords } from './organisation-fixtures.js';

interface Company {
  id: number;
  parentId: number | null;
  parentName: string | null;
  type: string;
  name: string;
  authorizationCode: string | null;
  userCount: number;
  childCount: number;
}
interface TreeNode {
  id: number;
  name: string;
  children: TreeNode[];
}
type Page<T> = { total: number; list: T[] };

describe.each(oneDatabase())('companies on %s', (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let distributor: ReturnType<typeof as>;
  let installer: ReturnType<typeof as>;
  let owner: ReturnType<typeof as>;
  let guest: ReturnType<typeof as>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await setPasswords(t, ['demo.distributor', 'demo.installer1', 'demo.owner1']);
    admin = as(t, await t.login());
    distributor = as(t, await t.login('demo.distributor', DEMO_PASSWORD));
    installer = as(t, await t.login('demo.installer1', DEMO_PASSWORD));
    owner = as(t, await t.login('demo.owner1', DEMO_PASSWORD));
    const res = await t.app.inject({ method: 'POST', url: '/api/login/guest' });
    guest = as(t, res.json<{ data: { token: string } }>().data.token);
  });
  afterAll(() => t.close());

  const ids = (page: { data: Page<Company> }) => page.data.list.map((c) => c.id);

  it('lists only the companies of the caller’s subtree', async () => {
    expect(ids(await admin.get<Page<Company>>('/company/page'))).toEqual([1, 2, 3, 4]);
    expect(ids(await distributor.get<Page<Company>>('/company/page'))).toEqual([2, 3, 4]);
    const mine = await installer.get<Page<Company>>('/company/page');
    expect(mine.data).toMatchObject({ total: 1, list: [{ id: 3, parentId: 2, type: 'INSTALLER' }] });
    expect(ids(await distributor.get<Page<Company>>('/company/page?type=INSTALLER&parentId=2'))).toEqual([
      3, 4,
    ]);
    expect(ids(await distributor.get<Page<Company>>('/company/page?keyword=alpine'))).toEqual([4]);
    // A typed % is a character, not a wildcard.
    expect((await distributor.get<Page<Company>>('/company/page?keyword=%25')).data.total).toBe(0);
    const paged = await admin.get<Page<Company>>('/company/page?pageNum=2&pageSize=3');
    expect(paged.data).toMatchObject({ total: 4, list: [{ id: 4 }] });
  });

  it('gives counts and the superior’s name', async () => {
    const demo = await distributor.get<Company>('/company/2');
    expect(demo.data).toMatchObject({ id: 2, parentName: 'Sunfleet', userCount: 2, childCount: 2 });
  });

  it('answers a company of another tenant exactly like a missing one', async () => {
    const foreign = await installer.get('/company/4');
    const missing = await installer.get('/company/999999');
    expect(foreign.status).toBe(4004);
    const withoutRequestId = (body: string): unknown => ({ ...JSON.parse(body), requestId: null }) as unknown;
    expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
    expect(foreign.enMsg).toBe('TheDataDoesNotExist');
  });

  it('builds the reachable tree', async () => {
    const tree = await distributor.get<TreeNode[]>('/company/tree');
    expect(tree.data).toHaveLength(1);
    expect(tree.data[0]).toMatchObject({ id: 2, children: [{ id: 3 }, { id: 4 }] });
    const whole = await admin.get<TreeNode[]>('/company/tree');
    expect(whole.data[0]).toMatchObject({ id: 1, children: [{ id: 2, children: [{ id: 3 }, { id: 4 }] }] });
  });

  it('keeps owners and the guest out', async () => {
    expect((await owner.get('/company/page')).status).toBe(4003);
    expect((await guest.get('/company/3')).status).toBe(4003);
    const write = await guest.post('/company', { type: 'INSTALLER', parentId: 2, name: 'Guest Co' });
    expect(write).toMatchObject({ status: 4003, enMsg: 'GuestReadOnly' });
  });

  it('creates an installer under the caller’s company, with a generated authorization code, audited', async () => {
    const created = await distributor.post<{ id: number }>('/company', {
      type: 'INSTALLER',
      parentId: 2,
      name: '  Sunny Roofs  ',
      phone: '+49 (30) 123-456',
    });
    expect(created.status).toBe(200);
    const company = await distributor.get<Company>(`/company/${created.data.id}`);
    expect(company.data).toMatchObject({ name: 'Sunny Roofs', parentId: 2, type: 'INSTALLER', userCount: 0 });
    expect(company.data.authorizationCode).toMatch(/^[A-Z2-9]{10}$/);
    const [row] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({
      action: 'company.create',
      targetId: String(created.data.id),
      username: 'demo.distributor',
      status: 200,
    });
  });

  it('refuses bad input with a clear 4000 and stores nothing', async () => {
    const before = await countRows(t, 'companies');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ type: 'INSTALLER', parentId: 2, name: '   ' }, 'rule.cannotBeBlank', 'body.name'],
      [{ type: 'INSTALLER', parentId: 2, name: 'x'.repeat(101) }, 'rule.tooLong', 'body.name'],
      [{ type: 'INSTALLER', parentId: 2, name: 'A', phone: 'call me' }, 'CompanyPhoneInvalid', 'body.phone'],
      [
        { type: 'INSTALLER', parentId: 2, name: 'A', authorizationCode: 'a b' },
        'AuthorizationCodeInvalid',
        'body.authorizationCode',
      ],
      [{ type: 'PLATFORM', parentId: 2, name: 'A' }, 'rule.enum', 'body.type'],
      [{ type: 'INSTALLER', parentId: 0, name: 'A' }, 'rule.range', 'body.parentId'],
      [{ type: 'INSTALLER', parentId: 2, name: 'A', tenantId: 1 }, 'rule.unknownField', 'body.tenantId'],
      [{ type: 'INSTALLER', parentId: 3, name: 'Under installer' }, 'CompanyParentInvalid', 'body.parentId'],
    ];
    for (const [body, rule, field] of cases) {
      const res = await admin.post('/company', body);
      expect(res, JSON.stringify(body)).toMatchObject({ status: 4000, enMsg: rule });
      expect(res.data).toEqual(expect.arrayContaining([expect.objectContaining({ field, rule })]));
    }
    expect(await countRows(t, 'companies')).toBe(before);
  });

  it('refuses a superior outside the caller’s reach as missing, and duplicate authorization codes', async () => {
    const before = await countRows(t, 'companies');
    expect((await installer.post('/company', { type: 'INSTALLER', parentId: 2, name: 'Up' })).status).toBe(
      4004,
    );
    expect(
      (await distributor.post('/company', { type: 'DISTRIBUTOR', parentId: 1, name: 'Up' })).status,
    ).toBe(4004);
    await admin.put('/company', {
      id: 4,
      type: 'INSTALLER',
      parentId: 2,
      name: 'Alpine Solar Service (simulated)',
      authorizationCode: 'ALPINE-1',
    });
    const dup = await distributor.post('/company', {
      type: 'INSTALLER',
      parentId: 2,
      name: 'Dup',
      authorizationCode: 'alpine-1',
    });
    expect(dup).toMatchObject({ status: 4009, enMsg: 'AuthorizationCodeAlreadyExists' });
    expect(await countRows(t, 'companies')).toBe(before);
  });

  it('updates, keeps the authorization code when left out, and guards the tree', async () => {
    const base = { type: 'INSTALLER', parentId: 2, name: 'Alpine Solar' };
    expect((await distributor.put('/company', { id: 4, ...base })).status).toBe(200);
    const after = await distributor.get<Company>('/company/4');
    expect(after.data).toMatchObject({ name: 'Alpine Solar', authorizationCode: 'ALPINE-1', phone: null });
    // A distributor cannot move below one of its own installers, nor promote its own company.
    expect(
      await admin.put('/company', { id: 2, type: 'DISTRIBUTOR', parentId: 3, name: 'Demo' }),
    ).toMatchObject({
      status: 4000,
      enMsg: 'CompanyParentInvalid',
    });
    expect(
      await installer.put('/company', { id: 3, type: 'DISTRIBUTOR', parentId: 2, name: 'Helios' }),
    ).toMatchObject({
      status: 4000,
      enMsg: 'OwnCompanyFixed',
    });
    expect(
      await admin.put('/company', { id: 2, type: 'INSTALLER', parentId: 1, name: 'Demo' }),
    ).toMatchObject({
      status: 4000,
      enMsg: 'CompanyTypeInvalid',
    });
    expect(await admin.put('/company', { id: 1, type: 'DISTRIBUTOR', parentId: 1, name: 'X' })).toMatchObject(
      {
        status: 4000,
        enMsg: 'PlatformCompanyFixed',
      },
    );
    // Moving to a superior outside reach looks like a missing company.
    expect((await distributor.put('/company', { id: 4, ...base, parentId: 1 })).status).toBe(4004);
    const [row] = await t.database.db.select().from(companies).where(eq(companies.id, 4));
    expect(row).toMatchObject({ parentId: 2, name: 'Alpine Solar', type: 'INSTALLER' });
  });

  it('deletes only empty companies, together with their own roles', async () => {
    expect(await distributor.del('/company/3')).toMatchObject({ status: 4000, enMsg: 'CompanyNotEmpty' });
    expect(await admin.del('/company/2')).toMatchObject({ status: 4000, enMsg: 'CompanyNotEmpty' });
    const created = await distributor.post<{ id: number }>('/company', {
      type: 'DISTRIBUTOR',
      parentId: 2,
      name: 'Sub',
    });
    const id = created.data.id;
    expect((await installer.del(`/company/${id}`)).status).toBe(4004);
    expect((await distributor.del(`/company/${id}`)).status).toBe(200);
    expect((await distributor.get(`/company/${id}`)).status).toBe(4004);
    expect((await owner.del('/company/3')).status).toBe(4003);
  });
});
