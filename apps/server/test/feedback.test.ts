// Comments and feedback (docs/feedback.md): a user sends a type, a text and PNG/JPEG screenshots checked
// by content and follows their own; staff with feedback:answer in whose scope the sender's company lies
// answer (the sender is mailed, through a real SMTP listener) and move the state by one rule; everyone
// else meets 4004 as for a missing id; bad input stores nothing; the guest writes nothing.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, feedback, feedbackScreenshots, notificationDeliveries, users } from '../src/db/schema.js';
import { bearer, createTestApp, oneDatabase, type TestApp } from './helpers.js';
import pino from 'pino';
import { NotificationWorker } from '../src/modules/notifications/notification.worker.js';
import { createMailer } from '../src/services/mailer.js';
import { notificationWorker, type TestWorker } from './notifications-support.js';
import { count, DEMO_PASSWORD, setPassword } from './security-support.js';
import { mailSubject, mailText, startSmtp, type TestSmtp } from './support/smtp.js';

const png = (): Promise<Buffer> =>
  sharp({ create: { width: 640, height: 400, channels: 3, background: '#e8a317' } })
    .withExif({ IFD0: { Copyright: 'secret-location' } })
    .png()
    .toBuffer();
const jpeg = (): Promise<Buffer> =>
  sharp({ create: { width: 300, height: 500, channels: 3, background: '#1890ff' } })
    .jpeg()
    .toBuffer();
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

interface Upload {
  name: string;
  bytes: Buffer;
}

/** A multipart body of text fields and files (each in the field `files` unless named otherwise). */
function form(
  fields: Record<string, string>,
  files: readonly Upload[] = [],
  fileField = 'files',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----feedback${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${file.name}"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

interface Envelope<T = Record<string, unknown>> {
  status: number;
  enMsg: string;
  data: T;
  requestId?: string;
}
interface Detail {
  id: number;
  state: string;
  type: string;
  text: string;
  mine: boolean;
  canAnswer: boolean;
  screenshotCount: number;
  messages: { staff: boolean; text: string; screenshots: string[]; mail: string | null }[];
}

describe.each(oneDatabase())('comments and feedback on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let worker: TestWorker;
  const token: Record<string, string> = {};
  let shot: { png: Buffer; jpeg: Buffer };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, {
      env: {
        SMTP_URL: smtp.url,
        PUBLIC_URL: 'https://solar.example.com',
        MAIL_FROM: 'care@solar.example.com',
      },
    });
    worker = notificationWorker(t);
    const names = ['demo.owner1', 'demo.owner2', 'demo.owner3', 'demo.installer1', 'demo.installer2'];
    for (const name of names) {
      await setPassword(t, name);
      token[name] = await t.login(name, DEMO_PASSWORD);
    }
    token.admin = await t.login();
    await t.database.db
      .update(users)
      .set({ email: 'owner1@example.com', language: 'DE' })
      .where(eq(users.username, 'demo.owner1'));
    await t.database.db.update(users).set({ email: null }).where(eq(users.username, 'demo.owner2'));
    shot = { png: await png(), jpeg: await jpeg() };
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
    await smtp.close();
  });

  const send = async <T = Detail>(
    who: string,
    url: string,
    fields: Record<string, string>,
    files: readonly Upload[] = [],
    fileField?: string,
  ): Promise<Envelope<T>> => {
    const body = form(fields, files, fileField);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { ...bearer(token[who] ?? who), ...body.headers },
      payload: body.payload,
    });
    return res.json<Envelope<T>>();
  };
  const call = async <T = Detail>(
    who: string,
    method: 'GET' | 'PUT' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ): Promise<Envelope<T>> =>
    (
      await t.app.inject({
        method,
        url: `/api${url}`,
        headers: bearer(token[who] ?? who),
        ...(payload === undefined ? {} : { payload }),
      })
    ).json<Envelope<T>>();
  const stored = async (): Promise<[number, number]> => [
    await count(t, feedback),
    await count(t, feedbackScreenshots),
  ];
  const create = (who: string, text = 'The chart is empty after midnight'): Promise<Envelope<Detail>> =>
    send(who, '/feedback', { type: 'BUG', text });

  it('stores feedback with screenshots re-encoded under random ids, readable by its sender only', async () => {
    const res = await send(
      'demo.owner1',
      '/feedback',
      { type: 'SUGGESTION', text: '  Please show the yield per string  ' },
      [
        { name: 'chart.png', bytes: shot.png },
        { name: 'photo.JPG', bytes: shot.jpeg },
      ],
    );
    expect(res).toMatchObject({
      status: 200,
      data: {
        type: 'SUGGESTION',
        state: 'OPEN',
        text: 'Please show the yield per string',
        mine: true,
        canAnswer: false,
      },
    });
    const [first] = res.data.messages;
    expect(first?.screenshots).toHaveLength(2);
    const [pngId, jpegId] = first?.screenshots ?? [];
    const image = await t.app.inject({
      method: 'GET',
      url: `/api/feedback/${res.data.id}/screenshot/${pngId}`,
      headers: bearer(token['demo.owner1'] ?? ''),
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-disposition']).toBe(`inline; filename="${pngId}.png"`);
    expect(image.rawPayload.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    // Re-encoded: the EXIF the upload carried is gone.
    expect(image.rawPayload.includes(Buffer.from('secret-location'))).toBe(false);
    const jpg = await t.app.inject({
      method: 'GET',
      url: `/api/feedback/${res.data.id}/screenshot/${jpegId}`,
      headers: bearer(token['demo.owner1'] ?? ''),
    });
    expect(jpg.headers['content-type']).toBe('image/jpeg');

    // Another owner, and an installer of another company, meet exactly what a missing id answers.
    const { requestId: _, ...missing } = await call('demo.owner3', 'GET', '/feedback/999999');
    expect(missing.status).toBe(4004);
    for (const who of ['demo.owner3', 'demo.installer2']) {
      expect(await call(who, 'GET', `/feedback/${res.data.id}`)).toMatchObject(missing);
      expect((await call(who, 'GET', `/feedback/${res.data.id}/screenshot/${pngId}`)).status).toBe(4004);
      expect((await send(who, `/feedback/${res.data.id}/message`, { text: 'mine now' })).status).toBe(4004);
      expect((await call(who, 'DELETE', `/feedback/${res.data.id}`)).status).toBe(4004);
    }
    // A screenshot id of this feedback does not open another one.
    const other = await create('demo.owner1');
    expect((await call('demo.owner1', 'GET', `/feedback/${other.data.id}/screenshot/${pngId}`)).status).toBe(
      4004,
    );

    const mine = await call<{ total: number; list: { id: number; screenshotCount: number }[] }>(
      'demo.owner1',
      'GET',
      '/feedback/page',
    );
    expect(mine.data.list.find((f) => f.id === res.data.id)?.screenshotCount).toBe(2);
    expect((await call<{ total: number }>('demo.owner3', 'GET', '/feedback/page')).data.total).toBe(0);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'feedback.create'));
    expect(audit).toMatchObject({ targetId: String(res.data.id), status: 200 });
  });

  it('refuses bad forms with the field and its rule, storing nothing', async () => {
    const before = await stored();
    const seven = Array.from({ length: 7 }, (_, i) => ({ name: `s${i}.png`, bytes: shot.png }));
    const tooMany = await send('demo.owner1', '/feedback', { type: 'BUG', text: 'seven' }, seven);
    expect(tooMany).toMatchObject({
      status: 4000,
      data: [{ field: 'body.files', rule: 'feedback.tooManyScreenshots' }],
    });

    const pdf = await send('demo.owner1', '/feedback', { type: 'BUG', text: 'pdf' }, [
      { name: 'ok.png', bytes: shot.png },
      { name: 'really-a-pdf.png', bytes: PDF },
    ]);
    expect(pdf).toMatchObject({
      status: 4000,
      data: [{ field: 'body.files.1', rule: 'security.imageContentInvalid' }],
    });
    const html = await send('demo.owner1', '/feedback', { type: 'BUG', text: 'html' }, [
      { name: 'page.jpg', bytes: HTML },
    ]);
    expect(html).toMatchObject({
      status: 4000,
      data: [{ field: 'body.files.0', rule: 'security.imageContentInvalid' }],
    });
    const gif = await send('demo.owner1', '/feedback', { type: 'BUG', text: 'gif' }, [
      { name: 'anim.gif', bytes: shot.png },
    ]);
    expect(gif).toMatchObject({
      status: 4000,
      data: [{ field: 'body.files.0', rule: 'rule.imageFileType' }],
    });

    const long = await send('demo.owner1', '/feedback', { type: 'BUG', text: 'x'.repeat(2001) });
    expect(long).toMatchObject({ status: 4000, data: [{ field: 'body.text' }] });
    const blank = await send('demo.owner1', '/feedback', { type: 'BUG', text: '   ' });
    expect(blank).toMatchObject({
      status: 4000,
      data: [{ field: 'body.text', rule: 'feedback.textInvalid' }],
    });
    const type = await send('demo.owner1', '/feedback', { type: 'PRAISE', text: 'hello' });
    expect(type).toMatchObject({ status: 4000, data: [{ field: 'body.type' }] });
    const field = await send(
      'demo.owner1',
      '/feedback',
      { type: 'BUG', text: 'x' },
      [{ name: 'a.png', bytes: shot.png }],
      'file',
    );
    expect(field).toMatchObject({ status: 4000, data: [{ field: 'body.file', rule: 'rule.unknownField' }] });
    expect(await stored()).toEqual(before);
  });

  it('lets staff in scope answer: the state follows and the sender is mailed in their language', async () => {
    const created = await create('demo.owner1', 'Where is the export button?');
    const id = created.data.id;
    // The installer of the sender's company, the distributor above it and the platform see it.
    const scoped = await call<{ list: { id: number; senderHasEmail: boolean }[] }>(
      'demo.installer1',
      'GET',
      '/feedback/page?scope=SCOPE&state=OPEN',
    );
    expect(scoped.data.list.find((f) => f.id === id)).toMatchObject({ senderHasEmail: true });
    const outside = await call<{ list: { id: number }[] }>(
      'demo.installer2',
      'GET',
      '/feedback/page?scope=SCOPE',
    );
    expect(outside.data.list.some((f) => f.id === id)).toBe(false);
    expect((await call('demo.owner1', 'GET', '/feedback/page?scope=SCOPE')).status).toBe(4003);
    expect((await call('demo.installer1', 'GET', `/feedback/${id}`)).data).toMatchObject({
      canAnswer: true,
      mine: false,
    });
    expect((await send('demo.installer2', `/feedback/${id}/message`, { text: 'not mine' })).status).toBe(
      4004,
    );
    expect((await call('demo.installer2', 'PUT', `/feedback/${id}/state`, { state: 'CLOSED' })).status).toBe(
      4004,
    );

    const answered = await send(
      'demo.installer1',
      `/feedback/${id}/message`,
      { text: 'Under Reports → Export.' },
      [{ name: 'where.png', bytes: shot.png }],
    );
    expect(answered).toMatchObject({ status: 200, data: { state: 'ANSWERED' } });
    // Stored with the answer, before any SMTP exchange: the mail waits in the outbox.
    expect(answered.data.messages[1]).toMatchObject({ staff: true, mail: 'PENDING' });
    expect(smtp.received.some((m) => m.to.includes('owner1@example.com'))).toBe(false);

    expect((await worker.worker.sendDue()).sent).toBeGreaterThanOrEqual(1);
    const mail = smtp.received.find((m) => m.to.includes('owner1@example.com'));
    expect(mail).toBeDefined();
    expect(mailSubject(mail?.raw ?? '')).toBe(`Ihr Feedback #${id} wurde beantwortet`);
    const text = mailText(mail?.raw ?? '');
    expect(text).toContain('Under Reports → Export.');
    expect(text).toContain(`https://solar.example.com/#/feedback?id=${id}`);
    const after = await call('demo.installer1', 'GET', `/feedback/${id}`);
    expect(after.data.messages[1]).toMatchObject({ mail: 'SENT' });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'feedback.message'));
    expect(audits.find((a) => a.status === 200)).toMatchObject({
      username: 'demo.installer1',
      targetId: String(id),
      detail: { answer: true, mail: 'QUEUED' },
    });
  });

  it('moves states by one rule: ANSWERED only by an answer, follow-ups reopen, CLOSED takes no messages', async () => {
    const { data } = await create('demo.owner1', 'The app logs me out');
    const id = data.id;
    const state = (who: string, to: string) => call(who, 'PUT', `/feedback/${id}/state`, { state: to });
    expect((await state('demo.owner1', 'CLOSED')).status).toBe(4003);
    expect(await state('demo.installer1', 'ANSWERED')).toMatchObject({
      status: 4000,
      data: [{ field: 'body.state', rule: 'feedback.transitionNotAllowed' }],
    });
    expect(await state('demo.installer1', 'IN_PROGRESS')).toMatchObject({
      status: 200,
      data: { state: 'IN_PROGRESS' },
    });
    await send('demo.installer1', `/feedback/${id}/message`, { text: 'Which app version?' });
    const followUp = await send('demo.owner1', `/feedback/${id}/message`, { text: 'Version 2.1' });
    expect(followUp).toMatchObject({ status: 200, data: { state: 'OPEN' } });
    expect((await call('demo.owner1', 'DELETE', `/feedback/${id}`)).enMsg).toBe('feedback.notDeletable');
    expect(await state('demo.installer2', 'CLOSED')).toMatchObject({ status: 4004 });
    expect(await state('admin', 'CLOSED')).toMatchObject({ status: 200, data: { state: 'CLOSED' } });
    expect(await send('demo.owner1', `/feedback/${id}/message`, { text: 'Still there' })).toMatchObject({
      status: 4000,
      enMsg: 'feedback.closed',
    });
    expect(await state('demo.installer1', 'OPEN')).toMatchObject({ status: 200, data: { state: 'OPEN' } });

    // The sender's own untouched feedback can go; an installer cannot delete it.
    const fresh = await create('demo.owner1', 'typo');
    expect((await call('demo.installer1', 'DELETE', `/feedback/${fresh.data.id}`)).status).toBe(4003);
    expect((await call('demo.owner1', 'DELETE', `/feedback/${fresh.data.id}`)).status).toBe(200);
    expect((await call('demo.owner1', 'GET', `/feedback/${fresh.data.id}`)).status).toBe(4004);
  });

  it('keeps the answer and retries its mail while SMTP is down', async () => {
    await worker.worker.sendDue(); // answers of earlier tests
    const { data } = await create('demo.owner1', 'Mail me later');
    const answered = await send('demo.installer1', `/feedback/${data.id}/message`, { text: 'Try again' });
    expect(answered).toMatchObject({ status: 200, data: { state: 'ANSWERED' } });
    // A worker whose SMTP server does not answer: the delivery fails and is scheduled again.
    const log = pino({ level: 'silent' });
    const down = createMailer({
      smtpUrl: 'smtp://127.0.0.1:1',
      from: t.config.mailFrom,
      db: t.database.db,
      log,
    });
    const broken = new NotificationWorker({
      database: t.database,
      clock: t.clock,
      log,
      mailer: down,
      settings: t.config.notify,
      publicUrl: t.config.publicUrl,
    });
    expect(await broken.sendDue()).toMatchObject({ sent: 0, retried: 1 });
    await down.drain();
    const waiting = await call('demo.installer1', 'GET', `/feedback/${data.id}`);
    expect(waiting.data.messages[1]).toMatchObject({ text: 'Try again', mail: 'PENDING' });
    expect(smtp.received.filter((m) => mailText(m.raw).includes('Try again'))).toHaveLength(0);
    // Once its retry is due, SMTP is back: the same mail goes out.
    t.clock.advance(t.config.notify.retryBaseMs / 1000 + 1);
    expect((await worker.worker.sendDue()).sent).toBe(1);
    expect(smtp.received.filter((m) => mailText(m.raw).includes('Try again'))).toHaveLength(1);
    expect((await call('demo.installer1', 'GET', `/feedback/${data.id}`)).data.messages[1]).toMatchObject({
      mail: 'SENT',
    });
  });

  it('mails nothing to a sender without an email address, and says so to staff', async () => {
    const { data } = await create('demo.owner2', 'No email here');
    const before = await count(t, notificationDeliveries);
    const answered = await send('demo.installer1', `/feedback/${data.id}/message`, { text: 'Noted.' });
    expect(answered.data.messages[1]).toMatchObject({ staff: true, mail: 'NO_EMAIL' });
    expect(answered.data).toMatchObject({ state: 'ANSWERED', messageCount: 2 });
    expect(await count(t, notificationDeliveries)).toBe(before);
  });

  it('lets the guest read but never write', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/login/guest' });
    const guest = login.json<{ data: { token: string } }>().data.token;
    const before = await stored();
    expect((await send(guest, '/feedback', { type: 'OTHER', text: 'hello' })).status).toBe(4003);
    expect((await call(guest, 'GET', '/feedback/page')).status).toBe(200);
    expect(await stored()).toEqual(before);
  });
});
