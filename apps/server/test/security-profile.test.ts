import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { createTestApp, oneDatabase, type TestApp } from './helpers.js';
import {
  call,
  DEMO_PASSWORD,
  NEW_PASSWORD,
  otherCode,
  requestCode,
  setPassword,
} from './security-support.js';

describe.each(oneDatabase())('personal data and account security on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const name of ['demo.owner1', 'demo.owner2', 'demo.owner3', 'demo.installer1'])
      await setPassword(t, name);
    await t.database.db
      .update(users)
      .set({ email: 'owner2@example.com', mobileAreaCode: '49', mobile: '15144444444' })
      .where(eq(users.username, 'demo.owner2'));
  });
  afterAll(() => t.close());

  const user = async (username: string) =>
    (await t.database.db.select().from(users).where(eq(users.username, username)))[0]!;

  it('shows and edits the personal data of the caller only', async () => {
    const token = await t.login('demo.owner1', DEMO_PASSWORD);
    expect((await call(t, 'GET', '/api/user/profile', { token })).data).toMatchObject({
      username: 'demo.owner1',
      companyId: 3,
      companyName: 'Helios Installations (simulated)',
      roleId: 5,
      roleNameKey: 'role.user',
      roleType: 'USER',
      language: 'EN',
      avatarUrl: null,
    });
    const updated = await call(t, 'PUT', '/api/user/profile', {
      token,
      payload: { description: '  Roof in the south  ', language: 'DE' },
    });
    expect(updated).toMatchObject({
      status: 200,
      data: { description: 'Roof in the south', language: 'DE' },
    });
    expect(await user('demo.owner1')).toMatchObject({ description: 'Roof in the south', language: 'DE' });
    expect(
      (await call(t, 'PUT', '/api/user/profile', { token, payload: { description: null } })).data,
    ).toMatchObject({
      description: null,
    });
  });

  it.each([
    [{ description: 'x'.repeat(61) }, 'rule.userDescriptionTooLong', 'body.description'],
    [{ language: 'FR' }, 'rule.enum', 'body.language'],
    [{ username: 'renamed' }, 'rule.unknownField', 'body.username'],
    [{ companyId: 4 }, 'rule.unknownField', 'body.companyId'],
  ])('refuses profile change %j with 4000 and changes nothing', async (payload, enMsg, field) => {
    const token = await t.login('demo.owner3', DEMO_PASSWORD);
    const before = await user('demo.owner3');
    const answer = await call(t, 'PUT', '/api/user/profile', { token, payload });
    expect(answer).toMatchObject({ status: 4000, enMsg });
    expect(answer.data).toContainEqual(expect.objectContaining({ field }));
    expect(await user('demo.owner3')).toEqual(before);
  });

  it('keeps the guest and anonymous callers out', async () => {
    const guest = (await call<{ token: string }>(t, 'POST', '/api/login/guest')).data.token;
    expect((await call(t, 'GET', '/api/user/profile', { token: guest })).data).toMatchObject({
      username: 'guest',
    });
    for (const [method, url] of [
      ['PUT', '/api/user/profile'],
      ['PUT', '/api/user/password'],
    ] as const) {
      expect(await call(t, method, url, { token: guest, payload: {} })).toMatchObject({
        status: 4003,
        enMsg: 'GuestReadOnly',
      });
      expect((await call(t, method, url, { payload: {} })).status).toBe(4001);
    }
    expect((await call(t, 'GET', '/api/user/profile')).status).toBe(4001);
  });

  it('changes the password with the current one and ends every other session of the user', async () => {
    const other = await t.login('demo.installer1', DEMO_PASSWORD);
    const token = await t.login('demo.installer1', DEMO_PASSWORD);
    const change = (payload: Record<string, string>) =>
      call(t, 'PUT', '/api/user/password', { token, payload });
    const cases: [Record<string, string>, string, string][] = [
      [
        { oldPassword: DEMO_PASSWORD, newPassword: 'short', confirmPassword: 'short' },
        'rule.passwordLength',
        'body.newPassword',
      ],
      [
        { oldPassword: DEMO_PASSWORD, newPassword: 'NoSpecial123', confirmPassword: 'NoSpecial123' },
        'rule.passwordStrength',
        'body.newPassword',
      ],
      [
        { oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: 'Fresh#Pass-78' },
        'rule.passwordMismatch',
        'body.confirmPassword',
      ],
      [
        { oldPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
        'rule.passwordSameAsOld',
        'body.newPassword',
      ],
      [
        { oldPassword: 'Wrong#Pass-1', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        'security.wrongPassword',
        'body.oldPassword',
      ],
      [
        { oldPassword: '', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        'rule.required',
        'body.oldPassword',
      ],
    ];
    const hash = (await user('demo.installer1')).passwordHash;
    for (const [payload, enMsg, field] of cases) {
      const answer = await change(payload);
      expect(answer).toMatchObject({ status: 4000, enMsg });
      expect(answer.data).toContainEqual(expect.objectContaining({ field }));
    }
    expect((await user('demo.installer1')).passwordHash).toBe(hash);

    expect(
      await change({ oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
    ).toMatchObject({ status: 200 });
    expect((await call(t, 'GET', '/api/info', { token: other })).status).toBe(102011);
    expect((await call(t, 'GET', '/api/info', { token })).status).toBe(200);
    expect((await t.login('demo.installer1', NEW_PASSWORD)).length).toBe(43);
  });

  it('limits wrong current passwords per user (4029), even with the right one after that', async () => {
    const token = await t.login('demo.owner3', DEMO_PASSWORD);
    const attempt = (oldPassword: string) =>
      call(t, 'PUT', '/api/user/password', {
        token,
        payload: { oldPassword, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      });
    for (let i = 0; i < 5; i++) expect((await attempt('Wrong#Pass-1')).enMsg).toBe('security.wrongPassword');
    expect((await attempt(DEMO_PASSWORD)).status).toBe(4029);
    t.clock.advance(15 * 60 + 1);
    expect((await attempt(DEMO_PASSWORD)).status).toBe(200);
  });

  it('changes the email with the current password and a code sent to the NEW address', async () => {
    const token = await t.login('demo.owner1', DEMO_PASSWORD);
    const code = await requestCode(
      t,
      { scene: 'changeEmail', email: 'Owner1.New@example.com' },
      { token, ip: '10.2.0.1' },
    );
    const change = (payload: Record<string, string>) => call(t, 'PUT', '/api/user/email', { token, payload });
    const email = 'owner1.new@example.com';
    expect(await change({ password: 'Wrong#Pass-1', email, code })).toMatchObject({
      status: 4000,
      enMsg: 'security.wrongPassword',
    });
    expect(await change({ password: DEMO_PASSWORD, email: 'other@example.com', code })).toMatchObject({
      enMsg: 'security.codeInvalid',
    });
    expect(await change({ password: DEMO_PASSWORD, email: 'nope', code })).toMatchObject({
      enMsg: 'rule.emailInvalid',
    });
    expect(await change({ password: DEMO_PASSWORD, email, code: '12' })).toMatchObject({
      enMsg: 'rule.verificationCodeInvalid',
    });
    expect(await change({ password: DEMO_PASSWORD, email, code: otherCode(code) })).toMatchObject({
      enMsg: 'security.codeInvalid',
    });
    expect((await user('demo.owner1')).email).toBeNull();
    expect(await change({ password: DEMO_PASSWORD, email: 'OWNER1.new@example.com', code })).toMatchObject({
      status: 200,
      data: { email },
    });
    expect((await user('demo.owner1')).email).toBe(email);
  });

  it("refuses another user's change code, and an address that is taken (4009)", async () => {
    const owner1 = await t.login('demo.owner1', DEMO_PASSWORD);
    const owner3 = await t.login('demo.owner3', NEW_PASSWORD);
    const code = await requestCode(
      t,
      { scene: 'changeEmail', email: 'shared@example.com' },
      { token: owner1, ip: '10.2.1.1' },
    );
    expect(
      await call(t, 'PUT', '/api/user/email', {
        token: owner3,
        payload: { password: NEW_PASSWORD, email: 'shared@example.com', code },
      }),
    ).toMatchObject({ enMsg: 'security.codeInvalid' });

    const taken = await requestCode(
      t,
      { scene: 'changeMobile', areaCode: '+49', mobile: '15144444444' },
      { token: owner1, ip: '10.2.1.1' },
    );
    const answer = await call(t, 'PUT', '/api/user/mobile', {
      token: owner1,
      payload: { password: DEMO_PASSWORD, areaCode: '+49', mobile: '15144444444', code: taken },
    });
    expect(answer).toMatchObject({
      http: 409,
      status: 4009,
      enMsg: 'MobileNoAlreadyExists',
      data: [{ field: 'body.mobile' }],
    });
    expect((await user('demo.owner1')).mobile).toBeNull();
  });

  it('changes the mobile number with the current password and a code sent to the new number', async () => {
    const token = await t.login('demo.owner1', DEMO_PASSWORD);
    const code = await requestCode(
      t,
      { scene: 'changeMobile', areaCode: '+39', mobile: '3209876543' },
      { token, ip: '10.2.2.1' },
    );
    const change = (payload: Record<string, string>) =>
      call(t, 'PUT', '/api/user/mobile', { token, payload });
    expect(await change({ password: DEMO_PASSWORD, areaCode: '+39', mobile: '32098', code })).toMatchObject({
      enMsg: 'rule.mobileInvalid',
    });
    expect(
      await change({ password: DEMO_PASSWORD, areaCode: 'abc', mobile: '3209876543', code }),
    ).toMatchObject({ enMsg: 'rule.mobileInvalid' });
    expect(
      await change({ password: DEMO_PASSWORD, areaCode: '+39', mobile: '3209876543', code }),
    ).toMatchObject({
      status: 200,
      data: { areaCode: '39', mobile: '3209876543' },
    });
    expect((await t.login('+393209876543', DEMO_PASSWORD)).length).toBe(43);
  });

  it('finds a password with a code: all sessions end, the new password works, the old does not', async () => {
    const session = await t.login('demo.owner2', DEMO_PASSWORD);
    const code = await requestCode(
      t,
      { scene: 'findPassword', email: 'owner2@example.com' },
      { ip: '10.2.3.1' },
    );
    const reset = (payload: Record<string, string>) =>
      call(t, 'POST', '/api/find/password', { payload, ip: '10.2.3.1' });
    const base = { email: 'owner2@example.com', code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    expect(await reset({ ...base, confirmPassword: 'Other#Pass-1' })).toMatchObject({
      enMsg: 'rule.passwordMismatch',
    });
    expect(await reset({ ...base, password: 'weak', confirmPassword: 'weak' })).toMatchObject({
      enMsg: 'rule.passwordLength',
    });
    expect(await reset({ ...base, email: 'nobody@example.com' })).toMatchObject({
      enMsg: 'security.codeInvalid',
    });
    expect((await t.login('demo.owner2', DEMO_PASSWORD)).length).toBe(43);
    expect(await reset(base)).toMatchObject({ status: 200, data: null });
    expect((await call(t, 'GET', '/api/info', { token: session })).status).toBe(102011);
    expect((await t.login('demo.owner2', NEW_PASSWORD)).length).toBe(43);
    const old = await call(t, 'POST', '/api/login', {
      payload: { username: 'demo.owner2', password: DEMO_PASSWORD },
    });
    expect(old.enMsg).toBe('WrongUsernameOrPassword');
  });
});
