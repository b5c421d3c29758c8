import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../src/config/config.js';
import { mailOutbox } from '../src/db/schema.js';
import { createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { call, outboxFor } from './security-support.js';
import { startSmtp, until } from './support/smtp.js';

/** The text of a received message with quoted-printable soft line breaks undone. */
const text = (raw: string): string => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe.each(oneDatabase())('verification mail through SMTP on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Sunfleet Test <codes@sunfleet.test>' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the code to a real SMTP listener and completes a registration with it', async () => {
    const sent = await call(t, 'POST', '/api/find/code', {
      payload: { scene: 'register', email: 'smtp.user@example.com' },
    });
    expect(sent.status).toBe(200);
    const mail = await until(
      () => smtp.received.find((m) => m.to.includes('smtp.user@example.com')),
      'the mail',
    );
    expect(mail.from).toBe('codes@sunfleet.test');
    expect(mail.raw).toMatch(/Subject: Your Sunfleet verification code/);
    const code = /verification code is (\d{6})/.exec(text(mail.raw))?.[1];
    expect(code).toMatch(/^\d{6}$/);

    // Delivered mail is recorded, with the code masked: the outbox is not a second copy of live codes.
    const [row] = await until(async () => {
      const rows = await outboxFor(t, 'smtp.user@example.com');
      return rows[0]?.deliveredAt ? rows : null;
    }, 'delivered_at');
    expect(row).toMatchObject({ error: null });
    expect(row!.body).not.toContain(code);
    expect(row!.body).toContain('******');

    const registered = await call(t, 'POST', '/api/find/user/register', {
      payload: {
        merchantType: 'INSTALLER',
        companyName: 'Mail Solar',
        username: 'mail.installer',
        email: 'smtp.user@example.com',
        code,
        password: 'Mail#Pass-2026',
        confirmPassword: 'Mail#Pass-2026',
      },
    });
    expect(registered).toMatchObject({ status: 200, data: { username: 'mail.installer' } });
    expect((await t.login('mail.installer', 'Mail#Pass-2026')).length).toBe(43);
  });

  it('writes the mail in the language the visitor chose', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/find/code',
      headers: { cookie: 'SettingLanguage=DE' },
      remoteAddress: '10.9.0.2',
      payload: { scene: 'register', email: 'deutsch@example.com' },
    });
    expect(res.json()).toMatchObject({ status: 200 });
    const mail = await until(
      () => smtp.received.find((m) => m.to.includes('deutsch@example.com')),
      'the mail',
    );
    expect(mail.raw).toMatch(
      /Subject: =\?UTF-8\?Q\?Ihr_Sunfleet-Best=C3=A4tigungscode\?=|Subject: Ihr Sunfleet/,
    );
  });

  it('sends the account name found by /find/name to the address, never in the answer', async () => {
    t.clock.advance(61);
    const ask = await call(t, 'POST', '/api/find/code', {
      payload: { scene: 'findName', email: 'smtp.user@example.com' },
      ip: '10.9.0.3',
    });
    expect(ask.status).toBe(200);
    const codeMail = await until(
      () => smtp.received.filter((m) => m.to.includes('smtp.user@example.com'))[1],
      'the second mail',
    );
    const code = /verification code is (\d{6})/.exec(text(codeMail.raw))?.[1];
    const found = await call(t, 'POST', '/api/find/name', {
      payload: { email: 'smtp.user@example.com', code },
      ip: '10.9.0.3',
    });
    expect(found).toMatchObject({ status: 200, data: null });
    expect(JSON.stringify(found)).not.toContain('mail.installer');
    const nameMail = await until(
      () => smtp.received.filter((m) => m.to.includes('smtp.user@example.com'))[2],
      'the name mail',
    );
    expect(text(nameMail.raw)).toContain('mail.installer');
  });
});

describe.each(oneDatabase())('an unreachable SMTP server on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    const smtp = await startSmtp();
    await smtp.close(); // a port nobody listens on any more
    t = await createTestApp(kind, { env: { SMTP_URL: smtp.url } });
  });
  afterAll(() => t.close());

  it('answers the same and records the delivery error in the outbox', async () => {
    const sent = await call(t, 'POST', '/api/find/code', {
      payload: { scene: 'register', email: 'lost@example.com' },
    });
    expect(sent).toMatchObject({ status: 200, enMsg: 'security.codeSent' });
    const row = await until(async () => {
      const [r] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'lost@example.com'));
      return r?.error ? r : null;
    }, 'the error');
    expect(row.deliveredAt).toBeNull();
    expect(row.error).toMatch(/ECONNREFUSED|connect/i);
  });
});

describe('MAIL_FROM', () => {
  it('defaults to no-reply at the public host and accepts an address or Name <address>', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://solar.example.com' }).mailFrom).toBe(
      'Sunfleet <no-reply@solar.example.com>',
    );
    expect(loadConfig({ MAIL_FROM: 'ops@example.com' }).mailFrom).toBe('ops@example.com');
    expect(loadConfig({ MAIL_FROM: 'Solar Ops <ops@example.com>' }).mailFrom).toBe(
      'Solar Ops <ops@example.com>',
    );
  });

  it.each(['not an address', 'Ops <ops>', 'a@b\r\nBcc: x@y.z'])('refuses %j naming the variable', (value) => {
    expect(() => loadConfig({ MAIL_FROM: value })).toThrow(ConfigError);
    expect(() => loadConfig({ MAIL_FROM: value })).toThrow(/MAIL_FROM/);
  });
});
