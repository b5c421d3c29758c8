import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, users, verificationCodes } from '../src/db/schema.js';
import { createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { call, count, requestCode } from './security-support.js';

const PASSWORD = 'Solar#Reg-2026';

describe.each(oneDatabase())('registration and sign-up on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.database.db
      .update(users)
      .set({ email: 'taken@example.com', mobileAreaCode: '49', mobile: '15122222222' })
      .where(eq(users.username, 'demo.owner2'));
    await t.database.db
      .update(companies)
      .set({ authorizationCode: 'HELI-OS00-TEST-CODE' })
      .where(eq(companies.id, 3));
    await t.database.db
      .update(companies)
      .set({ authorizationCode: 'PLAT-FORM-CODE-0000' })
      .where(eq(companies.id, 1));
  });
  afterAll(() => t.close());

  const register = (payload: Record<string, unknown>, ip: string) =>
    call<{ userId: number; companyId: number; username: string }>(t, 'POST', '/api/find/user/register', {
      payload,
      ip,
    });
  const signUp = (payload: Record<string, unknown>, ip: string) =>
    call<{ userId: number; companyId: number }>(t, 'POST', '/api/find/signUp', { payload, ip });
  const form = (email: string, code: string) => ({
    merchantType: 'INSTALLER',
    companyName: 'Sunny Roofs Ltd',
    username: 'sunny.roofs',
    email,
    code,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  const stored = async () => [await count(t, companies), await count(t, users)];

  it('creates the company under the platform and its first manager, who can log in', async () => {
    const code = await requestCode(t, { scene: 'register', email: 'Boss@Sunny.example' }, { ip: '10.1.0.1' });
    const answer = await register(form('boss@sunny.example', code), '10.1.0.1');
    expect(answer).toMatchObject({ status: 200, data: { username: 'sunny.roofs' } });
    const [company] = await t.database.db
      .select()
      .from(companies)
      .where(eq(companies.id, answer.data.companyId));
    expect(company).toMatchObject({
      type: 'INSTALLER',
      parentId: 1,
      name: 'Sunny Roofs Ltd',
      simulated: false,
    });
    expect(company!.authorizationCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, answer.data.userId));
    expect(user).toMatchObject({
      roleId: 2,
      companyId: company!.id,
      email: 'boss@sunny.example',
      disabled: false,
    });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const token = await t.login('sunny.roofs', PASSWORD);
    expect((await call(t, 'GET', '/api/info', { token })).data).toMatchObject({
      companyId: company!.id,
      roleId: 2,
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'security.register'));
    expect(audit).toMatchObject({ status: 200, targetId: String(user!.id) });
    expect(JSON.stringify(audit)).not.toContain(PASSWORD);
    expect(JSON.stringify(audit)).not.toContain(code);
  });

  it('registers a distributor with a mobile number and keeps the number as the company phone', async () => {
    const code = await requestCode(
      t,
      { scene: 'register', areaCode: '+86', mobile: '13800000001' },
      { ip: '10.1.1.1' },
    );
    const answer = await register(
      {
        ...form('', code),
        email: undefined,
        areaCode: '+86',
        mobile: '13800000001',
        merchantType: 'DISTRIBUTOR',
        username: 'east.dist',
      },
      '10.1.1.1',
    );
    expect(answer.status).toBe(200);
    const [company] = await t.database.db
      .select()
      .from(companies)
      .where(eq(companies.id, answer.data.companyId));
    expect(company).toMatchObject({ type: 'DISTRIBUTOR', phone: '+86 13800000001' });
    expect((await t.login('13800000001', PASSWORD)).length).toBe(43);
  });

  it.each([
    [{ companyName: '' }, 'rule.cannotBeBlank', 'body.companyName'],
    [{ companyName: 'x'.repeat(101) }, 'security.companyNameTooLong', 'body.companyName'],
    [{ username: '' }, 'rule.cannotBeBlank', 'body.username'],
    [{ username: 'ab' }, 'security.usernameInvalid', 'body.username'],
    [{ username: '4915199999999' }, 'security.usernameInvalid', 'body.username'],
    [{ username: 'someone@example.com' }, 'security.usernameInvalid', 'body.username'],
    [{ email: '' }, 'rule.mobileOrEmailRequired', 'body.email'],
    [{ email: 'bad@' }, 'rule.emailInvalid', 'body.email'],
    [{ areaCode: '49', mobile: '15133333333' }, 'security.oneContactOnly', 'body.email'],
    [{ code: '12345' }, 'rule.verificationCodeInvalid', 'body.code'],
    [{ code: 'abcdef' }, 'rule.verificationCodeInvalid', 'body.code'],
    [{ password: 'Ab#1', confirmPassword: 'Ab#1' }, 'rule.passwordLength', 'body.password'],
    [{ password: 'alllower#123', confirmPassword: 'alllower#123' }, 'rule.passwordStrength', 'body.password'],
    [{ confirmPassword: 'Solar#Reg-2027' }, 'rule.passwordMismatch', 'body.confirmPassword'],
    [{ merchantType: 'PLATFORM' }, 'rule.enum', 'body.merchantType'],
    [{ companyId: 1 }, 'rule.unknownField', 'body.companyId'],
  ])('refuses %j with 4000 and creates nothing, leaving the code usable', async (change, enMsg, field) => {
    const email = `bad${Math.random().toString(36).slice(2, 8)}@example.com`;
    const code = await requestCode(t, { scene: 'register', email }, { ip: '10.1.2.1' });
    const before = await stored();
    const answer = await register({ ...form(email, code), username: 'bad.input', ...change }, '10.1.2.1');
    expect(answer).toMatchObject({ http: 400, status: 4000, enMsg });
    expect(answer.data).toEqual(expect.arrayContaining([expect.objectContaining({ field, rule: enMsg })]));
    expect(await stored()).toEqual(before);
    const [live] = await t.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.target, email));
    expect(live).toMatchObject({ consumedAt: null, attempts: 0 });
  });

  it('refuses a wrong code and counts the guess', async () => {
    const code = await requestCode(t, { scene: 'register', email: 'guess@example.com' }, { ip: '10.1.3.1' });
    const wrong = code === '000000' ? '000001' : '000000';
    const before = await stored();
    expect(await register(form('guess@example.com', wrong), '10.1.3.1')).toMatchObject({
      status: 4000,
      enMsg: 'security.codeInvalid',
    });
    expect(await stored()).toEqual(before);
    const [row] = await t.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.target, 'guess@example.com'));
    expect(row!.attempts).toBe(1);
  });

  it.each([
    [{ username: 'ADMIN' }, 'security.usernameAlreadyExists', 'body.username', { email: 'dup1@example.com' }],
    [{}, 'security.emailAlreadyExists', 'body.email', { email: 'TAKEN@example.com' }],
    [{}, 'MobileNoAlreadyExists', 'body.mobile', { areaCode: '+49', mobile: '15122222222' }],
  ])(
    'answers 4009 for a taken name or address (%j) and keeps the code for a second try',
    async (change, enMsg, field, contact) => {
      const code = await requestCode(t, { scene: 'register', ...contact }, { ip: '10.1.4.1' });
      const before = await stored();
      const payload = { ...form('', code), email: undefined, ...contact, username: 'dup.user', ...change };
      const answer = await register(payload, '10.1.4.1');
      expect(answer).toMatchObject({ http: 409, status: 4009, enMsg, data: [{ field, rule: enMsg }] });
      expect(await stored()).toEqual(before);
      if (enMsg === 'security.usernameAlreadyExists') {
        expect((await register({ ...payload, username: 'dup.user.two' }, '10.1.4.1')).status).toBe(200);
      }
    },
  );

  it('translates "Mobile No. already exists" in every language', async () => {
    for (const [lang, text] of [
      ['EN', 'Mobile No. already exists'],
      ['CN', '手机号已存在'],
    ]) {
      const list = await call<{ data: Record<string, string> }>(t, 'GET', `/api/language/${lang}/list`);
      expect(list.data.data.MobileNoAlreadyExists).toBe(text);
      expect(list.data.data['security.codeInvalid']).toBeTruthy();
    }
  });

  it('signs a site owner up into the company of the authorization code, as an Owner', async () => {
    const code = await requestCode(t, { scene: 'signUp', email: 'olive@example.com' }, { ip: '10.1.5.1' });
    const answer = await signUp(
      {
        authorizationCode: ' heli-os00-test-code ',
        username: 'olive.owner',
        email: 'olive@example.com',
        code,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
      '10.1.5.1',
    );
    expect(answer).toMatchObject({ status: 200, data: { companyId: 3 } });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, answer.data.userId));
    expect(user).toMatchObject({ roleId: 5, companyId: 3 });
    const token = await t.login('olive.owner', PASSWORD);
    expect((await call(t, 'GET', '/api/user/profile', { token })).data).toMatchObject({
      roleType: 'USER',
      companyId: 3,
    });
  });

  it('refuses unknown authorization codes (and the platform has none to give), each costing the code a guess', async () => {
    const code = await requestCode(t, { scene: 'signUp', email: 'mallory@example.com' }, { ip: '10.1.6.1' });
    const body = {
      username: 'mallory',
      email: 'mallory@example.com',
      code,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    };
    const before = await stored();
    for (const authorizationCode of ['NOPE-NOPE', 'PLAT-FORM-CODE-0000', 'x', 'y', 'z']) {
      expect(await signUp({ ...body, authorizationCode }, '10.1.6.1')).toMatchObject({
        status: 4000,
        enMsg: 'security.authorizationCodeInvalid',
        data: [{ field: 'body.authorizationCode' }],
      });
    }
    // Five misses killed the code: even the right authorization code is refused now.
    expect((await signUp({ ...body, authorizationCode: 'HELI-OS00-TEST-CODE' }, '10.1.6.1')).enMsg).toBe(
      'security.codeInvalid',
    );
    expect(await signUp({ ...body, authorizationCode: '  ' }, '10.1.6.1')).toMatchObject({
      status: 4000,
      enMsg: 'rule.cannotBeBlank',
    });
    expect(await stored()).toEqual(before);
  });

  it('limits the public forms per client address', async () => {
    const before = await stored();
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (await register(form('limit@example.com', '123456'), '10.1.7.1')).status;
    }
    expect(last).toBe(4029);
    expect(await stored()).toEqual(before);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'security.register'), eq(auditLog.clientAddress, '10.1.7.1')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(rows[0]?.status).toBe(4029);
  });
});
