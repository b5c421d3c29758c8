import { AUDIT_EXPORT_MAX_ROWS } from '@sunfleet/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, roles, users } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/password.js';
import { bearer, createTestApp, oneDatabase, type TestApp } from './helpers.js';

const PASSWORD = 'Demo#Pass-2026';
const PEOPLE = [
  'demo.distributor',
  'demo.installer1',
  'demo.installer2',
  'demo.owner1',
  'demo.owner2',
  'demo.owner3',
];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Entry {
  id: number;
  at: string;
  userId: number | null;
  username: string | null;
  companyId: number | null;
  action: string;
  targetId: string | null;
  status: number;
}
interface Answer<T = unknown> {
  status: number;
  enMsg: string;
  data: T;
}

/** The time `seconds` after 2021-01-01 as the export writes it. */
const utcText = (seconds: number): string =>
  new Date(Date.parse('2021-01-01T00:00:00Z') + seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');

describe.each(oneDatabase())('audit log listing and export on %s', (kind) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  const id: Record<string, number> = {};

  const page = async (who: string, query = ''): Promise<Answer<{ total: number; list: Entry[] }>> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/log/page?pageSize=200${query}`,
      headers: bearer(token[who]!),
    });
    return res.json();
  };
  const exportFile = (who: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/log/export${query}`, headers: bearer(token[who]!) });
  const readWorkbook = async (bytes: Buffer): Promise<ExcelJS.Workbook> => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    return workbook;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.database.db;
    // Owners cannot see the log by default: give two of them a role that can, to check they see only their own.
    await db.insert(roles).values({
      id: 901,
      name: 'Owner with log',
      nameKey: 'role.user',
      roleType: 'USER',
      permissions: ['log:view', 'log:export'],
    });
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(inArray(users.username, PEOPLE));
    await db
      .update(users)
      .set({ roleId: 901 })
      .where(inArray(users.username, ['demo.owner1', 'demo.owner2']));
    for (const u of await db.select().from(users)) id[u.username] = u.id;
    token.admin = await t.login();
    for (const username of PEOPLE) {
      token[username] = await t.login(username, PASSWORD);
      // One write each, recorded with their user and company.
      await t.app.inject({
        method: 'POST',
        url: '/api/columnOption',
        headers: bearer(token[username]),
        payload: { page: 'audit-test', columns: [username] },
      });
    }
    await t.app.inject({
      method: 'POST',
      url: '/api/columnOption',
      headers: bearer(token.admin),
      payload: { page: 'audit-test', columns: ['admin'] },
    });
    // Rows with known times and results, for the filters.
    await db.insert(auditLog).values([
      {
        at: new Date('2020-01-01T00:00:00Z'),
        userId: id['demo.installer1'],
        username: 'demo.installer1',
        companyId: 3,
        action: 'company.create',
        targetType: 'company',
        targetId: '77',
        status: 200,
      },
      {
        at: new Date('2020-01-02T00:00:00Z'),
        userId: id['demo.installer1'],
        username: 'demo.installer1',
        companyId: 3,
        action: 'company.update',
        targetType: 'company',
        targetId: '77',
        status: 4000,
      },
      {
        at: new Date('2020-01-03T00:00:00Z'),
        userId: id['demo.installer1'],
        username: 'demo.installer1',
        companyId: 3,
        action: 'companyLogo.upload',
        targetType: 'company',
        targetId: '77',
        status: 200,
      },
    ]);
  });
  afterAll(() => t.close());

  it('shows the platform every row, newest first', async () => {
    const answer = await page('admin');
    expect(answer.status).toBe(200);
    const [count] = await t.database.db.select({ n: sql`count(*)`.mapWith(Number) }).from(auditLog);
    expect(answer.data.total).toBe(count!.n);
    const times = answer.data.list.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(answer.data.list.map((e) => e.username)).toEqual(expect.arrayContaining(['admin', 'demo.owner3']));
  });

  it('shows a distributor its own subtree, an installer its company, an owner only their own rows', async () => {
    const usernames = async (who: string) => new Set((await page(who)).data.list.map((e) => e.username));
    const companies = async (who: string) => new Set((await page(who)).data.list.map((e) => e.companyId));
    expect(await companies('demo.distributor')).toEqual(new Set([2, 3, 4]));
    expect(await usernames('demo.distributor')).not.toContain('admin');
    expect(await companies('demo.installer1')).toEqual(new Set([3]));
    expect(await usernames('demo.installer1')).toEqual(
      new Set(['demo.installer1', 'demo.owner1', 'demo.owner2']),
    );
    expect(await usernames('demo.installer2')).toEqual(new Set(['demo.installer2', 'demo.owner3']));
    const own = await page('demo.owner1');
    expect(own.data.total).toBeGreaterThan(0);
    expect(own.data.list.every((e) => e.userId === id['demo.owner1'])).toBe(true);
    // Asking for someone else's rows by id answers nothing rather than their rows.
    expect((await page('demo.installer1', `&userId=${id['demo.installer2']}`)).data.total).toBe(0);
    expect((await page('demo.owner1', `&userId=${id['demo.owner2']}`)).data.total).toBe(0);
  });

  it('refuses callers without log:view, and anonymous ones', async () => {
    expect(await page('demo.owner3')).toMatchObject({ status: 4003 });
    expect((await t.app.inject({ method: 'GET', url: '/api/log/page' })).json()).toMatchObject({
      status: 4001,
    });
    expect((await exportFile('demo.owner3')).json()).toMatchObject({ status: 4003 });
    const guest = (await t.app.inject({ method: 'POST', url: '/api/login/guest' })).json<
      Answer<{ token: string }>
    >();
    token.guest = guest.data.token;
    expect(await page('guest')).toMatchObject({ status: 4003 });
  });

  it('filters by action or area, user, status, time range and keyword', async () => {
    const actions = async (query: string) => (await page('admin', query)).data.list.map((e) => e.action);
    expect(await actions('&action=company')).toEqual(['company.update', 'company.create']);
    expect(await actions('&action=company.create')).toEqual(['company.create']);
    expect(await actions('&action=company&status=4000')).toEqual(['company.update']);
    expect(await actions('&from=2020-01-02T00:00:00Z&to=2020-01-03T00:00:00Z')).toEqual(['company.update']);
    expect(await actions('&keyword=companyLogo')).toEqual(['companyLogo.upload']);
    expect(await actions('&keyword=%25_')).toEqual([]);
    const mine = await page('admin', `&userId=${id['demo.owner2']}`);
    expect(mine.data.list.map((e) => e.username)).toEqual(['demo.owner2']);
    const paged = await t.app.inject({
      method: 'GET',
      url: '/api/log/page?pageSize=1&pageNum=2&action=company',
      headers: bearer(token.admin!),
    });
    expect(paged.json()).toMatchObject({ data: { total: 2, list: [{ action: 'company.create' }] } });
  });

  it('rejects bad filters with a clear 4000', async () => {
    const cases: [string, string, string][] = [
      ['&from=2020-01-03T00:00:00Z&to=2020-01-01T00:00:00Z', 'LogTimeRangeInvalid', 'querystring.from'],
      ['&from=yesterday', 'rule.format', 'querystring.from'],
      ['&status=abc', 'rule.type', 'querystring.status'],
      ['&userId=0', 'rule.range', 'querystring.userId'],
      [`&keyword=${'x'.repeat(101)}`, 'rule.tooLong', 'querystring.keyword'],
    ];
    for (const [query, rule, field] of cases) {
      const answer = await page('admin', query);
      expect(answer, query).toMatchObject({ status: 4000, enMsg: rule });
      expect(answer.data).toContainEqual(expect.objectContaining({ field, rule }));
    }
    const tooBig = await t.app.inject({
      method: 'GET',
      url: '/api/log/page?pageSize=201',
      headers: bearer(token.admin!),
    });
    expect(tooBig.json()).toMatchObject({ status: 4000, enMsg: 'rule.range' });
  });

  it('exports the filtered rows as XLSX with a header row, and records who exported', async () => {
    const res = await exportFile('demo.installer1', '?keyword=company');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{8}-\d{6}\.xlsx"$/,
    );
    const workbook = await readWorkbook(res.rawPayload);
    expect(workbook.worksheets).toHaveLength(1);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Time (UTC)',
      'User name',
      'User ID',
      'Company ID',
      'Action',
      'Object type',
      'Object ID',
      'Result',
      'Client address',
      'Request ID',
      'Details',
    ]);
    expect(sheet.rowCount).toBe(4);
    const rows = [2, 3, 4].map((n) => sheet.getRow(n));
    expect(rows.map((r) => r.getCell(5).value)).toEqual([
      'companyLogo.upload',
      'company.update',
      'company.create',
    ]);
    expect(rows.map((r) => r.getCell(8).value)).toEqual([200, 4000, 200]);
    expect(rows[0]!.getCell(1).value).toBe('2020-01-03 00:00:00');
    const [recorded] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'log.export'));
    expect(recorded).toMatchObject({
      username: 'demo.installer1',
      companyId: 3,
      status: 200,
      detail: { rows: 3, total: 3, capped: false, filters: { keyword: 'company' } },
    });
  });

  it('exports only the caller’s scope, in their language', async () => {
    await t.database.db.update(users).set({ language: 'DE' }).where(eq(users.id, id['demo.owner2']!));
    const res = await exportFile('demo.owner2');
    const sheet = (await readWorkbook(res.rawPayload)).worksheets[0]!;
    expect(sheet.name).toBe('Protokoll');
    expect(sheet.getRow(1).getCell(2).value).toBe('Benutzername');
    const names = new Set<unknown>();
    sheet.eachRow((row, n) => {
      if (n > 1) names.add(row.getCell(2).value);
    });
    expect(names).toEqual(new Set(['demo.owner2']));
  });

  it(`caps an export at ${AUDIT_EXPORT_MAX_ROWS} rows, newest first, and says so in the file`, async () => {
    await t.database.db.execute(sql`
      insert into audit_log (at, user_id, username, company_id, action, status)
      select timestamptz '2021-01-01T00:00:00Z' + n * interval '1 second', ${id.admin}, 'admin', 1, 'bulk.test', 200
      from generate_series(1, ${AUDIT_EXPORT_MAX_ROWS + 5}) as n`);
    const res = await exportFile('admin', '?action=bulk');
    const workbook = await readWorkbook(res.rawPayload);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Notes', 'Audit log']);
    expect(workbook.worksheets[0]!.getCell('A1').value).toContain(
      `newest ${AUDIT_EXPORT_MAX_ROWS} of ${AUDIT_EXPORT_MAX_ROWS + 5}`,
    );
    const sheet = workbook.worksheets[1]!;
    expect(sheet.rowCount).toBe(AUDIT_EXPORT_MAX_ROWS + 1);
    // Newest first: the five oldest rows (seconds 1 to 5) are the ones left out.
    expect(sheet.getRow(2).getCell(1).value).toBe(utcText(AUDIT_EXPORT_MAX_ROWS + 5));
    expect(sheet.getRow(AUDIT_EXPORT_MAX_ROWS + 1).getCell(1).value).toBe(utcText(6));
  }, 120_000);
});
