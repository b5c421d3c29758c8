// Notification mails (Step 5a): REAL_TIME subscriptions get one mail per raise and per clear, in the
// subscription's language, through a real SMTP listener; maintenance events send nothing; two workers
// never send one mail twice; the unsubscribe link switches a subscription off; FIXED_TIME subscriptions
// get one digest a day at the chosen time of the station's zone.
import { useCatalogueModel } from './stations-support.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { notificationQueue, rollupStationDay, stationSubscriptions } from '../src/db/schema.js';
import { createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { as } from './organisation-fixtures.js';
import {
  clear,
  deliveriesOf,
  event,
  notificationWorker,
  notifyFleet,
  raise,
  type NotifyFleet,
  type TestWorker,
} from './notifications-support.js';
import { mailSubject, mailText, startSmtp, type TestSmtp } from './support/smtp.js';

interface Subscription {
  id: number;
  language: string;
  enabled: boolean;
}

describe.each(oneDatabase())('REAL_TIME notification mails on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let fleet: NotifyFleet;
  let a: TestWorker;
  let b: TestWorker;
  let admin: ReturnType<typeof as>;
  let german: Subscription;
  let english: Subscription;
  const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, {
      env: {
        SMTP_URL: smtp.url,
        PUBLIC_URL: 'https://solar.example.com',
        MAIL_FROM: 'alarms@solar.example.com',
      },
    });
    admin = as(t, await t.login());
    fleet = await notifyFleet(t.database.db, {
      companyId: 3,
      timeZone: 'Asia/Shanghai',
      name: `Dach ${kind}`,
    });
    const de = await admin.post<Subscription>(`/station/${fleet.stationId}/subscription`, {
      subject: 'Störungen',
      notifyType: 'REAL_TIME',
      email: 'betrieb@example.com',
      language: 'DE',
    });
    expect(de.status).toBe(200);
    german = de.data;
    const en = await admin.post<Subscription>(`/station/${fleet.stationId}/subscription`, {
      subject: 'Faults',
      notifyType: 'REAL_TIME',
      email: 'ops@example.com',
    });
    english = en.data;
    a = notificationWorker(t);
    b = notificationWorker(t);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await t.close();
    await smtp.close();
  });

  it("defaults a subscription's language to its creator's and answers language and enabled", () => {
    expect(german).toMatchObject({ language: 'DE', enabled: true });
    expect(english).toMatchObject({ language: 'EN', enabled: true });
  });

  it('mails a raise once to each subscription, in its language, with the time in the station zone', async () => {
    const at = new Date(t.clock.now().getTime() - 30_000);
    await raise(t.database.db, fleet, { code: 3011, message: 'Isolation fault', level: 'URGENT', at });
    // Two workers at once (two server copies): each event is fanned out once, each mail sent once.
    const rounds = await Promise.all([a.worker.runOnce(), b.worker.runOnce()]);
    expect(rounds.reduce((n, r) => n + r.sent, 0)).toBe(2);
    expect(mailsTo('betrieb@example.com')).toHaveLength(1);
    expect(mailsTo('ops@example.com')).toHaveLength(1);

    const de = mailsTo('betrieb@example.com')[0]!;
    expect(mailSubject(de.raw)).toBe(`[Störungen] Alarm (Dringend) bei Dach ${kind}: Isolation fault (3011)`);
    const deText = mailText(de.raw);
    expect(deText).toContain('Ein Alarm wurde ausgelöst.');
    expect(deText).toContain('Code: 3011');
    // 07:59:30 UTC is 15:59:30 in Shanghai.
    expect(deText).toContain('Beginn: 2026-06-01 15:59:30 (Asia/Shanghai)');
    expect(deText).toContain(`Gerät: ${fleet.inverterSn}`);
    expect(deText).toContain(`https://solar.example.com/#/station/detail/${fleet.stationId}`);
    expect(de.raw).toMatch(/^Message-ID: <notification\.\d+@solar\.example\.com>/im);
    expect(de.raw).toMatch(/^List-Unsubscribe:\s+<https:\/\/solar\.example\.com\/#\/unsubscribe\?token=/im);

    const en = mailsTo('ops@example.com')[0]!;
    expect(mailSubject(en.raw)).toBe(`[Faults] Urgent alarm at Dach ${kind}: Isolation fault (3011)`);
    expect(mailText(en.raw)).toContain('Started: 2026-06-01 15:59:30 (Asia/Shanghai)');

    // Later rounds find nothing more to send.
    expect(await a.worker.runOnce()).toMatchObject({ events: 0, sent: 0 });
    expect(smtp.received).toHaveLength(2);
  });

  it('mails the clear once, and nothing for events in a maintenance window', async () => {
    const start = t.clock.now();
    const { alarmId } = await raise(t.database.db, fleet, {
      code: 77,
      message: 'Grid overvoltage',
      level: 'IMPORTANT',
      at: start,
      inMaintenance: true,
    });
    t.clock.advance(600);
    await clear(t.database.db, alarmId, t.clock.now(), true);
    // Recorded, never queued.
    expect(await t.database.db.select().from(notificationQueue)).toHaveLength(0);
    expect(await a.worker.runOnce()).toMatchObject({ events: 0, sent: 0 });

    // A real raise and clear after them: their mails arrive, the maintenance ones never did.
    const raised = await raise(t.database.db, fleet, {
      code: 88,
      message: 'Fan failure',
      level: 'COMMONLY',
      at: t.clock.now(),
    });
    await a.worker.runOnce();
    t.clock.advance(120);
    await clear(t.database.db, raised.alarmId, t.clock.now());
    await b.worker.runOnce();
    await a.worker.runOnce();
    const subjects = mailsTo('ops@example.com').map((m) => mailSubject(m.raw));
    expect(subjects.slice(1)).toEqual([
      `[Faults] Common alarm at Dach ${kind}: Fan failure (88)`,
      `[Faults] Cleared at Dach ${kind}: Fan failure (88)`,
    ]);
    expect(subjects.join('\n')).not.toContain('Grid overvoltage');
    const deClear = mailsTo('betrieb@example.com').at(-1)!;
    expect(mailSubject(deClear.raw)).toBe(`[Störungen] Behoben bei Dach ${kind}: Fan failure (88)`);
    expect(mailText(deClear.raw)).toMatch(/Behoben: 2026-06-01 \d\d:\d\d:\d\d \(Asia\/Shanghai\)/);
    expect(smtp.received).toHaveLength(6);
  });

  it('shows what the link of a mail names on GET, switches it off only on POST; a forged link changes nothing', async () => {
    const link = /https:\/\/solar\.example\.com\/#\/unsubscribe\?token=([^\s>]+)/.exec(
      mailText(mailsTo('ops@example.com')[0]!.raw),
    );
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);
    const forged = `${english.id}.${'A'.repeat(43)}`;
    const other = `${german.id}.${token.split('.')[1]}`; // a valid signature moved to another subscription
    for (const bad of [forged, other, 'nonsense', `${english.id}.`]) {
      const shown = await t.app.inject({
        method: 'GET',
        url: `/api/subscription/unsubscribe?token=${encodeURIComponent(bad)}`,
      });
      expect(shown.json(), bad).toMatchObject({ status: 4004 });
      const posted = await t.app.inject({
        method: 'POST',
        url: '/api/subscription/unsubscribe',
        payload: { token: bad },
      });
      expect(posted.json(), bad).toMatchObject({ status: 4004 });
    }
    for (const payload of [{}, { token: '' }, { token: 5 }, { token, extra: 1 }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/subscription/unsubscribe', payload });
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ status: 4000 });
    }
    const enabled = async () =>
      (
        await t.database.db
          .select()
          .from(stationSubscriptions)
          .where(eq(stationSubscriptions.stationId, fleet.stationId))
      )
        .map((s) => [s.email, s.enabled])
        .sort();
    const bothOn = [
      ['betrieb@example.com', true],
      ['ops@example.com', true],
    ];
    expect(await enabled()).toEqual(bothOn);

    // GET (what a mail scanner or a link preview does) only shows what the link names.
    const url = `/api/subscription/unsubscribe?token=${encodeURIComponent(token)}`;
    const shown = await t.app.inject({ method: 'GET', url });
    expect(shown.json()).toMatchObject({
      status: 200,
      data: {
        subscriptionId: english.id,
        email: 'ops@example.com',
        stationName: `Dach ${kind}`,
        subject: 'Faults',
        notifyType: 'REAL_TIME',
        enabled: true,
      },
    });
    // The link of an older mail, opened in a browser, goes to the console page that asks first.
    const browser = await t.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(browser.statusCode).toBe(303);
    expect(browser.headers.location).toBe(`../../#/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(new URL(browser.headers.location as string, `https://solar.example.com${url}`).href).toBe(
      `https://solar.example.com/#/unsubscribe?token=${encodeURIComponent(token)}`,
    );
    expect(await enabled()).toEqual(bothOn);

    // The page's button.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscription/unsubscribe',
      payload: { token },
    });
    expect(res.json()).toMatchObject({
      status: 200,
      enMsg: 'notifications.unsubscribed',
      data: {
        subscriptionId: english.id,
        email: 'ops@example.com',
        stationName: `Dach ${kind}`,
        enabled: false,
      },
    });
    expect(await enabled()).toEqual([
      ['betrieb@example.com', true],
      ['ops@example.com', false],
    ]);

    await raise(t.database.db, fleet, { code: 99, message: 'Arc detected', at: t.clock.now() });
    await a.worker.runOnce();
    expect(mailSubject(mailsTo('betrieb@example.com').at(-1)!.raw)).toContain('Arc detected');
    expect(mailsTo('ops@example.com')).toHaveLength(3);
    expect(await deliveriesOf(t.database.db, { subscriptionId: english.id })).toHaveLength(3);
  });

  it('retries a mail SMTP refused, with the same Message-ID, and sends it once', async () => {
    const before = smtp.received.length;
    // SMTP down: the mail stays PENDING with a retry time.
    const down = await startSmtp();
    await down.close();
    const broken = notificationWorker({ ...t, config: { ...t.config, smtpUrl: down.url } });
    await raise(t.database.db, fleet, { code: 5, message: 'Relay stuck', at: t.clock.now() });
    expect(await broken.worker.runOnce()).toMatchObject({ sent: 0, retried: 1 });
    const [pending] = (await deliveriesOf(t.database.db, { subscriptionId: german.id })).slice(-1);
    expect(pending).toMatchObject({ state: 'PENDING', attempts: 1 });
    expect(pending!.lastError).toMatch(/ECONNREFUSED|connect/i);
    // Not before its time.
    expect(await a.worker.runOnce()).toMatchObject({ sent: 0 });
    t.clock.advance(t.config.notify.retryBaseMs / 1000);
    expect(await a.worker.runOnce()).toMatchObject({ sent: 1 });
    expect(smtp.received.length).toBe(before + 1);
    expect(smtp.received.at(-1)!.raw).toContain(
      `Message-ID: <notification.${pending!.id}@solar.example.com>`,
    );
    await broken.close();
  });

  it("words a known code from the fault-code catalogue in the recipient's language, with cause and handling", async () => {
    // The catalogue's entries belong to protocol definitions: the inverter gets a built-in model first.
    await useCatalogueModel(t.database.db, fleet.inverterId, 'INVERTER');
    await raise(t.database.db, fleet, {
      code: 2031,
      message: 'OVP-AC',
      level: 'IMPORTANT',
      at: t.clock.now(),
    });
    await a.worker.runOnce();
    const de = mailsTo('betrieb@example.com').at(-1)!;
    expect(mailSubject(de.raw)).toContain('Netzüberspannung (2031)');
    const deText = mailText(de.raw);
    expect(deText).toContain('Ursache: Die vom Wechselrichter gemessene Netzspannung');
    expect(deText).toContain('Was zu tun ist:');
    expect(deText).toContain('Netzbetreiber');
    expect(mailSubject(de.raw)).not.toContain('OVP-AC');
  });

  it('mails an ESCALATED event to the escalation list only, once, in its language', async () => {
    const list = await admin.post<Subscription & { notifyType: string }>(
      `/station/${fleet.stationId}/subscription`,
      { subject: 'Bereitschaft', notifyType: 'ESCALATION', email: 'chef@example.com', language: 'ITA' },
    );
    expect(list.data).toMatchObject({ notifyType: 'ESCALATION', language: 'ITA', enabled: true });
    const before = { de: mailsTo('betrieb@example.com').length, all: smtp.received.length };

    // The raise goes to the REAL_TIME subscriptions, not to the escalation list.
    const { alarmId } = await raise(t.database.db, fleet, {
      code: 4242,
      message: 'String fuse blown',
      level: 'URGENT',
      at: t.clock.now(),
    });
    await a.worker.runOnce();
    expect(mailsTo('betrieb@example.com')).toHaveLength(before.de + 1);
    expect(mailsTo('chef@example.com')).toHaveLength(0);

    // Not acknowledged in time: the engine writes ESCALATED. Two workers at once send one mail.
    t.clock.advance(3600);
    await event(t.database.db, alarmId, 'ESCALATED', t.clock.now());
    const rounds = await Promise.all([a.worker.runOnce(), b.worker.runOnce()]);
    expect(rounds.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(await a.worker.runOnce()).toMatchObject({ events: 0, sent: 0 });
    const escalated = mailsTo('chef@example.com');
    expect(escalated).toHaveLength(1);
    expect(mailSubject(escalated[0]!.raw)).toBe(
      `[Bereitschaft] Escalation: allarme Urgente presso Dach ${kind} non confermato: String fuse blown (4242)`,
    );
    expect(mailText(escalated[0]!.raw)).toContain('non è stato confermato in tempo');
    expect(mailText(escalated[0]!.raw)).toMatch(/https:\/\/solar\.example\.com\/#\/unsubscribe\?token=/);
    // The REAL_TIME list heard nothing of the escalation.
    expect(mailsTo('betrieb@example.com')).toHaveLength(before.de + 1);
    expect(smtp.received).toHaveLength(before.all + 2);
    expect(await deliveriesOf(t.database.db, { subscriptionId: list.data.id })).toHaveLength(1);

    // A switched-off escalation list is not mailed.
    await admin.put('/station/subscription', {
      id: list.data.id,
      subject: 'Bereitschaft',
      notifyType: 'ESCALATION',
      email: 'chef@example.com',
      enabled: false,
    });
    const second = await raise(t.database.db, fleet, { code: 4243, message: 'Fan stuck', at: t.clock.now() });
    await event(t.database.db, second.alarmId, 'ESCALATED', t.clock.now());
    await a.worker.runOnce();
    expect(mailsTo('chef@example.com')).toHaveLength(1);
  });

  it('refuses bad notification types, languages, switches and times with 4000, storing nothing', async () => {
    const rows = async () =>
      (
        await t.database.db
          .select()
          .from(stationSubscriptions)
          .where(eq(stationSubscriptions.stationId, fleet.stationId))
      ).map((r) => ({ ...r, nextDigestAt: null }));
    const stored = await rows();
    const base = { subject: 'Bad', email: 'bad@example.com' };
    const bad: Record<string, unknown>[] = [
      { ...base, notifyType: 'ESCALATION', notifyTime: '08:00' },
      { ...base, notifyType: 'ESCALATED' },
      { ...base, notifyType: 'escalation' },
      { ...base, notifyType: 'REAL_TIME', language: 'FR' },
      { ...base, notifyType: 'REAL_TIME', language: 'de' },
      { ...base, notifyType: 'REAL_TIME', language: null },
      { ...base, notifyType: 'ESCALATION', enabled: 'yes' },
      { ...base, notifyType: 'ESCALATION', enabled: 1 },
      { ...base, notifyType: 'ESCALATION', escalationsOnly: true },
    ];
    for (const body of bad) {
      const created = await admin.post(`/station/${fleet.stationId}/subscription`, body);
      expect(created.status, JSON.stringify(body)).toBe(4000);
      const changed = await admin.put('/station/subscription', { id: german.id, ...body });
      expect(changed.status, JSON.stringify(body)).toBe(4000);
    }
    expect(await rows()).toEqual(stored);
  });
});

describe.each(oneDatabase())('FIXED_TIME digests on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let fleet: NotifyFleet;
  let w: TestWorker;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { env: { SMTP_URL: smtp.url } });
    fleet = await notifyFleet(t.database.db, {
      companyId: 3,
      timeZone: 'Asia/Shanghai',
      name: `Feld ${kind}`,
    });
    w = notificationWorker(t);
  });
  afterAll(async () => {
    await w.close();
    await t.close();
    await smtp.close();
  });

  it("sends one digest a day at the chosen time of the station's zone, with the day's energy and alarms", async () => {
    const db = t.database.db;
    const admin = as(t, await t.login());
    // The clock stands at 08:00 UTC = 16:00 in Shanghai; the digest is due at 18:00 there (10:00 UTC).
    const sub = await admin.post<Subscription>(`/station/${fleet.stationId}/subscription`, {
      subject: 'Daily',
      notifyType: 'FIXED_TIME',
      notifyTime: '18:00',
      email: 'report@example.com',
      language: 'ITA',
    });
    expect(sub.status).toBe(200);
    await db
      .insert(rollupStationDay)
      .values({ stationId: fleet.stationId, day: '2026-06-01', energyKwh: 1234.5 });
    // Yesterday's and today's alarms (local day 2026-06-01 starts at 16:00 UTC on 31 May).
    const old = await raise(db, fleet, {
      code: 1,
      message: 'Old and cleared',
      at: new Date('2026-05-31T10:00:00Z'),
    });
    await clear(db, old.alarmId, new Date('2026-05-31T11:00:00Z'));
    await raise(db, fleet, {
      code: 2,
      message: 'Still open',
      at: new Date('2026-05-31T12:00:00Z'),
    });
    const today = await raise(db, fleet, {
      code: 3,
      message: 'Raised and cleared today',
      at: new Date('2026-06-01T01:00:00Z'),
    });
    await clear(db, today.alarmId, new Date('2026-06-01T02:00:00Z'));

    expect(await w.worker.runOnce()).toMatchObject({ digests: 0, sent: 0 });
    t.clock.advance(2 * 3600 - 60); // 17:59 local
    expect(await w.worker.runOnce()).toMatchObject({ digests: 0, sent: 0 });
    t.clock.advance(60); // 18:00 local
    expect(await w.worker.runOnce()).toMatchObject({ digests: 1, sent: 1 });
    t.clock.advance(60);
    expect(await w.worker.runOnce()).toMatchObject({ digests: 0, sent: 0 });

    const digests = smtp.received.filter((m) => m.to.includes('report@example.com'));
    expect(digests).toHaveLength(1);
    expect(mailSubject(digests[0]!.raw)).toBe(`[Daily] Rapporto giornaliero di Feld ${kind}, 2026-06-01`);
    const text = mailText(digests[0]!.raw);
    expect(text).toContain('Energia oggi: 1,23 MWh');
    expect(text).toContain('Allarmi aperti: 1');
    expect(text).toContain('Generati oggi: 1');
    expect(text).toContain('Risolti oggi: 1');
    expect(text).toContain('2026-06-01 09:00:00 (Asia/Shanghai)  Urgente');
    expect(text).toContain('Still open (2)');
    expect(text).not.toContain('Old and cleared');

    // The next day at 18:00 local: the second digest, of 2 June.
    t.clock.advance(24 * 3600 - 60);
    expect(await w.worker.runOnce()).toMatchObject({ digests: 1, sent: 1 });
    const second = smtp.received.filter((m) => m.to.includes('report@example.com'));
    expect(second).toHaveLength(2);
    expect(mailSubject(second[1]!.raw)).toContain('2026-06-02');
    expect(mailText(second[1]!.raw)).toContain('Generati oggi: 0');
  });

  it('moves the digest when the time is changed', async () => {
    const db = t.database.db;
    const admin = as(t, await t.login());
    const [sub] = await queryRows<{ id: number }>(
      db,
      sql`select id from station_subscriptions where email = 'report@example.com'`,
    );
    // Now 18:00 local on 2 June; moved to 19:30 → due 19:30 today, not 18:00 tomorrow.
    const res = await admin.put(`/station/subscription`, {
      id: sub!.id,
      subject: 'Daily',
      notifyType: 'FIXED_TIME',
      notifyTime: '19:30',
      email: 'report@example.com',
    });
    expect(res.status).toBe(200);
    expect(await w.worker.runOnce()).toMatchObject({ digests: 0 });
    const [row] = await db.select().from(stationSubscriptions).where(eq(stationSubscriptions.id, sub!.id));
    expect(row!.nextDigestAt?.toISOString()).toBe('2026-06-02T11:30:00.000Z');
    expect(row!.language).toBe('ITA');
  });
});
