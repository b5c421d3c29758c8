import { CodePolicy } from '@sunfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, rateCounters, verificationCodes, users } from '../src/db/schema.js';
import { createTestApp, oneDatabase, type TestApp } from './helpers.js';
import {
  call,
  count,
  DEMO_PASSWORD,
  lastCode,
  otherCode,
  outboxFor,
  requestCode,
  setPassword,
} from './security-support.js';

describe.each(oneDatabase())('verification codes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.database.db
      .update(users)
      .set({ email: 'owner1@example.com', mobileAreaCode: '49', mobile: '15111111111' })
      .where(eq(users.username, 'demo.owner1'));
    await setPassword(t, 'demo.owner1');
  });
  afterAll(() => t.close());

  const send = (payload: Record<string, string>, ip = '10.0.0.1', token?: string) =>
    call(t, 'POST', '/api/find/code', { payload, ip, ...(token ? { token } : {}) });
  const findName = (payload: Record<string, string>, ip = '10.0.0.1') =>
    call(t, 'POST', '/api/find/name', { payload, ip });

  it('without SMTP_URL keeps the mail in the outbox, labelled undelivered, with only a hash stored', async () => {
    const answer = await send({ scene: 'register', email: 'New.Person@Example.com' });
    expect(answer).toMatchObject({ http: 200, status: 200, enMsg: 'security.codeSent', data: null });
    const [mail] = await outboxFor(t, 'new.person@example.com');
    expect(mail).toMatchObject({ deliveredAt: null, error: 'undelivered' });
    const code = await lastCode(t, 'new.person@example.com');
    const [stored] = await t.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.target, 'new.person@example.com'));
    expect(stored).toMatchObject({ purpose: 'register', attempts: 0, consumedAt: null });
    expect(stored!.codeHash.toString('latin1')).not.toContain(code);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(CodePolicy.ttlSeconds * 1000);
  });

  it('sends mobile codes to the outbox labelled sms-undelivered (there is no SMS gateway)', async () => {
    expect((await send({ scene: 'signUp', areaCode: '+39', mobile: '3201234567' }, '10.0.0.2')).status).toBe(
      200,
    );
    const [mail] = await outboxFor(t, '+393201234567');
    expect(mail).toMatchObject({ error: 'sms-undelivered', deliveredAt: null });
    expect(mail!.body).toMatch(/\b\d{6}\b/);
  });

  it('answers an unknown address exactly like a known one, but sends nothing to it', async () => {
    const known = await send({ scene: 'findPassword', email: 'owner1@example.com' }, '10.0.0.3');
    const unknown = await send({ scene: 'findPassword', email: 'nobody@example.com' }, '10.0.0.3');
    const { headers: _a, ...k } = known;
    const { headers: _b, ...u } = unknown;
    expect(u).toEqual(k);
    expect(await outboxFor(t, 'owner1@example.com')).toHaveLength(1);
    expect(await outboxFor(t, 'nobody@example.com')).toHaveLength(0);
    // A disabled account is treated as unknown.
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.username, 'demo.owner1'));
    t.clock.advance(61);
    expect((await send({ scene: 'findName', email: 'owner1@example.com' }, '10.0.0.3')).status).toBe(200);
    expect(await outboxFor(t, 'owner1@example.com')).toHaveLength(1);
    await t.database.db.update(users).set({ disabled: false }).where(eq(users.username, 'demo.owner1'));
  });

  it('limits sends: one per destination per minute, ten per day, twenty per client address per hour', async () => {
    const target = { scene: 'register', email: 'limits@example.com' };
    expect((await send(target, '10.0.1.1')).status).toBe(200);
    const again = await send(target, '10.0.1.2');
    expect(again).toMatchObject({ http: 429, status: 4029, enMsg: 'security.tooManyCodes' });
    for (let i = 2; i <= CodePolicy.perTargetPerDay; i++) {
      t.clock.advance(61);
      expect((await send(target, `10.0.1.${i + 1}`)).status).toBe(200);
    }
    t.clock.advance(61);
    expect((await send(target, '10.0.1.99')).status).toBe(4029);
    t.clock.advance(86_400);
    expect((await send(target, '10.0.1.99')).status).toBe(200);

    for (let i = 0; i < CodePolicy.perAddressPerHour; i++) {
      expect((await send({ scene: 'register', email: `burst${i}@example.com` }, '10.0.2.1')).status).toBe(
        200,
      );
    }
    // Unknown accounts count too, or the limit would tell them apart.
    expect((await send({ scene: 'findName', email: 'nobody2@example.com' }, '10.0.2.1')).status).toBe(4029);
    expect(await outboxFor(t, 'nobody2@example.com')).toHaveLength(0);
    t.clock.advance(3_601);
    expect((await send({ scene: 'register', email: 'burst-late@example.com' }, '10.0.2.1')).status).toBe(200);
  });

  it('makes a code single use, expiring after ten minutes, and dead after five wrong guesses', async () => {
    const email = { email: 'owner1@example.com' };
    let code = await requestCode(t, { scene: 'findName', ...email }, { ip: '10.0.3.1' });
    expect(await findName({ ...email, code }, '10.0.3.1')).toMatchObject({ status: 200, data: null });
    expect(await findName({ ...email, code }, '10.0.3.1')).toMatchObject({
      status: 4000,
      enMsg: 'security.codeInvalid',
      data: [{ field: 'body.code', rule: 'security.codeInvalid' }],
    });

    code = await requestCode(t, { scene: 'findName', ...email }, { ip: '10.0.3.2' });
    t.clock.advance(CodePolicy.ttlSeconds + 1);
    expect((await findName({ ...email, code }, '10.0.3.2')).enMsg).toBe('security.codeInvalid');

    code = await requestCode(t, { scene: 'findName', ...email }, { ip: '10.0.3.3' });
    for (let i = 0; i < CodePolicy.maxAttempts; i++) {
      expect((await findName({ ...email, code: otherCode(code) }, '10.0.3.3')).enMsg).toBe(
        'security.codeInvalid',
      );
    }
    expect((await findName({ ...email, code }, '10.0.3.3')).enMsg).toBe('security.codeInvalid');

    // A newer code replaces the older one: only the latest works.
    const first = await requestCode(t, { scene: 'findName', ...email }, { ip: '10.0.3.4' });
    const second = await requestCode(t, { scene: 'findName', ...email }, { ip: '10.0.3.4' });
    if (first !== second) expect((await findName({ ...email, code: first }, '10.0.3.4')).status).toBe(4000);
    expect((await findName({ ...email, code: second }, '10.0.3.4')).status).toBe(200);
  });

  it('binds a code to its purpose: a register code does not find a name', async () => {
    const code = await requestCode(t, { scene: 'register', email: 'owner1@example.com' }, { ip: '10.0.4.1' });
    expect((await findName({ email: 'owner1@example.com', code }, '10.0.4.1')).status).toBe(4000);
  });

  it('needs a session of a user who may edit the profile for change-email and change-mobile codes', async () => {
    const payload = { scene: 'changeEmail', email: 'changed@example.com' };
    expect(await send(payload, '10.0.5.1')).toMatchObject({ http: 401, status: 4001 });
    const guest = (await call<{ token: string }>(t, 'POST', '/api/login/guest')).data.token;
    expect(await send(payload, '10.0.5.1', guest)).toMatchObject({ status: 4003, enMsg: 'GuestReadOnly' });
    const owner = await t.login('demo.owner1', DEMO_PASSWORD);
    expect((await send(payload, '10.0.5.1', owner)).status).toBe(200);
    expect(await outboxFor(t, 'changed@example.com')).toHaveLength(1);
  });

  it.each([
    [{ scene: 'register' }, 'rule.mobileOrEmailRequired', 'body.email'],
    [{ scene: 'register', email: 'not-an-email' }, 'rule.emailInvalid', 'body.email'],
    [
      { scene: 'register', email: 'a@example.com', mobile: '15111111111', areaCode: '49' },
      'security.oneContactOnly',
      'body.email',
    ],
    [{ scene: 'register', areaCode: '49', mobile: '12345' }, 'rule.mobileInvalid', 'body.mobile'],
    [{ scene: 'register', mobile: '15111111111' }, 'rule.mobileInvalid', 'body.mobile'],
    [{ scene: 'hack', email: 'a@example.com' }, 'rule.enum', 'body.scene'],
    [{ scene: 'register', email: 'a@example.com', extra: 'x' }, 'rule.unknownField', 'body.extra'],
  ])('refuses %j with a clear 4000 and stores nothing', async (payload, enMsg, field) => {
    const before = [
      await count(t, verificationCodes),
      await count(t, mailOutbox),
      await count(t, rateCounters),
    ];
    const answer = await send(payload, '10.0.6.1');
    expect(answer).toMatchObject({ http: 400, status: 4000, enMsg });
    expect(answer.data).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    expect([
      await count(t, verificationCodes),
      await count(t, mailOutbox),
      await count(t, rateCounters),
    ]).toEqual(before);
  });
});
