// Webhooks (Step 5a): the /api/webhook API (scope, bad input refused with nothing stored), signed calls to
// a real HTTP receiver for alarms of the company's subtree, retries with exponential back-off on the
// clock, no duplicate when a second worker runs or a claim outlives its worker, switched off after
// repeated failure, the test call and the delivery log.
import { createHmac, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { notificationDeliveries, webhooks } from '../src/db/schema.js';
import { LEASE_MS } from '../src/modules/notifications/notification.worker.js';
import { NotifyRepository } from '../src/modules/notifications/notify.repository.js';
import { createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { as, DEMO_PASSWORD, setPasswords } from './organisation-fixtures.js';
import {
  clear,
  deliveriesOf,
  notificationWorker,
  notifyFleet,
  raise,
  type NotifyFleet,
  type TestWorker,
} from './notifications-support.js';
import { until } from './support/smtp.js';
import { startReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

interface Hook {
  id: number;
  companyId: number;
  enabled: boolean;
  events: string[];
  consecutiveFailures: number;
  disabledReason: string | null;
}
interface Delivery {
  id: number;
  kind: string;
  state: string;
  attempts: number;
  lastStatus: number | null;
  alarmId: number | null;
}

const SECRET = 'a-long-enough-webhook-secret';
const BASE_S = 2; // NOTIFY_RETRY_BASE_MS below, in seconds

const verify = (body: string, header: unknown, secret = SECRET): boolean =>
  header === `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe.each(oneDatabase())('webhooks on %s', (kind) => {
  let t: TestApp;
  let rx: WebhookReceiver;
  let fleetA: NotifyFleet; // company 3 (installer 1)
  let fleetB: NotifyFleet; // company 4 (installer 2)
  let admin: ReturnType<typeof as>;
  let installer1: ReturnType<typeof as>;
  let installer2: ReturnType<typeof as>;
  let owner1: ReturnType<typeof as>;
  let hookA: Hook;
  let hookPlatform: Hook;
  let hookB: Hook;
  let w1: TestWorker;
  let w2: TestWorker;
  const count = async (): Promise<number> =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from webhooks`))[0]!.n;

  beforeAll(async () => {
    rx = await startReceiver();
    t = await createTestApp(kind, {
      env: {
        WEBHOOK_ALLOW_PRIVATE: 'true',
        NOTIFY_RETRY_BASE_MS: String(BASE_S * 1000),
        WEBHOOK_DISABLE_AFTER: '3',
      },
    });
    await setPasswords(t, ['demo.installer1', 'demo.installer2', 'demo.owner1']);
    admin = as(t, await t.login());
    installer1 = as(t, await t.login('demo.installer1', DEMO_PASSWORD));
    installer2 = as(t, await t.login('demo.installer2', DEMO_PASSWORD));
    owner1 = as(t, await t.login('demo.owner1', DEMO_PASSWORD));
    fleetA = await notifyFleet(t.database.db, { companyId: 3, timeZone: 'Europe/Berlin' });
    fleetB = await notifyFleet(t.database.db, { companyId: 4, timeZone: 'UTC' });
    w1 = notificationWorker(t);
    w2 = notificationWorker(t);
  });
  afterAll(async () => {
    await w1.close();
    await w2.close();
    await t.close();
    await rx.close();
  });

  it('creates webhooks for the caller company; others see them as missing', async () => {
    const a = await installer1.post<Hook>('/webhook', {
      name: 'Installer 1 ops',
      url: rx.url('/a'),
      secret: SECRET,
    });
    expect(a).toMatchObject({
      status: 200,
      data: { companyId: 3, enabled: true, events: ['RAISED', 'CLEARED'] },
    });
    expect(JSON.stringify(a.data)).not.toContain(SECRET);
    hookA = a.data;
    const p = await admin.post<Hook>('/webhook', {
      name: 'Platform NOC',
      url: rx.url('/platform'),
      secret: SECRET,
      events: ['RAISED'],
    });
    expect(p.data.companyId).toBe(1);
    hookPlatform = p.data;
    hookB = (
      await installer2.post<Hook>('/webhook', { name: 'Installer 2', url: rx.url('/b'), secret: SECRET })
    ).data;

    expect((await installer1.get<Hook[]>('/webhook')).data.map((h) => h.id)).toEqual([hookA.id]);
    expect((await admin.get<Hook[]>('/webhook')).data.map((h) => h.id)).toEqual([
      hookA.id,
      hookPlatform.id,
      hookB.id,
    ]);
    const foreign = await installer2.get(`/webhook/${hookA.id}`);
    const missing = await installer2.get('/webhook/999999');
    expect(foreign.status).toBe(4004);
    expect({ ...JSON.parse(foreign.body), requestId: null }).toEqual({
      ...JSON.parse(missing.body),
      requestId: null,
    });
    expect((await installer2.put(`/webhook/${hookA.id}`, { enabled: false })).status).toBe(4004);
    expect((await installer2.del(`/webhook/${hookA.id}`)).status).toBe(4004);
    expect((await installer2.post(`/webhook/${hookA.id}/test`)).status).toBe(4004);
    expect((await installer2.get(`/webhook/${hookA.id}/deliveries`)).status).toBe(4004);
    // Owners have no permission for company webhooks; the guest writes nothing.
    expect((await owner1.get('/webhook')).status).toBe(4003);
    const guest = await t.app.inject({ method: 'POST', url: '/api/login/guest' });
    const g = as(t, guest.json<{ data: { token: string } }>().data.token);
    expect((await g.post('/webhook', { name: 'x', url: rx.url(), secret: SECRET })).status).toBe(4003);
    expect(await count()).toBe(3);
  });

  it.each([
    ['a non-http scheme', { url: 'ftp://example.com/hook' }, 'body.url', 'notifications.urlInvalid'],
    ['no URL at all', { url: 'example.com/hook' }, 'body.url', 'notifications.urlInvalid'],
    [
      'credentials in the URL',
      { url: 'https://user:pw@example.com/hook' },
      'body.url',
      'notifications.urlCredentials',
    ],
    ['spaces around the URL', { url: ' https://example.com/hook' }, 'body.url', 'notifications.urlInvalid'],
    ['an over-long URL', { url: `https://example.com/${'a'.repeat(2000)}` }, 'body.url', 'rule.tooLong'],
    ['a short secret', { secret: 'short' }, 'body.secret', 'rule.tooShort'],
    [
      'a secret with spaces around it',
      { secret: ` ${SECRET} ` },
      'body.secret',
      'notifications.secretInvalid',
    ],
    ['a blank name', { name: '   ' }, 'body.name', 'rule.cannotBeBlank'],
    ['no events', { events: [] }, 'body.events', 'rule.required'],
    ['an unknown event', { events: ['EXPLODED'] }, 'body.events.0', 'rule.enum'],
    ['a repeated event', { events: ['RAISED', 'RAISED'] }, 'body.events', null],
    ['an unknown field', { companyId: 4 }, 'body.companyId', 'rule.unknownField'],
    ['a number as URL', { url: 42 }, 'body.url', 'rule.type'],
  ])('refuses %s with 4000 naming the field, storing nothing', async (_what, change, field, rule) => {
    const body = { name: 'Bad', url: rx.url(), secret: SECRET, ...change };
    const res = await installer1.post<{ field: string; rule: string }[]>('/webhook', body);
    expect(res.status).toBe(4000);
    const named = res.data.find((e) => e.field === field);
    expect(named, JSON.stringify(res.data)).toBeDefined();
    if (rule !== null) expect(named!.rule).toBe(rule);
    expect(await count()).toBe(3);
    // The same field refused on change, the webhook left as it was.
    const put = await installer1.put(`/webhook/${hookA.id}`, change);
    expect(put.status).toBe(4000);
    expect((await installer1.get<Hook>(`/webhook/${hookA.id}`)).data).toEqual(
      (await installer1.get<Hook>(`/webhook/${hookA.id}`)).data,
    );
    const [row] = await t.database.db.select().from(webhooks).where(eq(webhooks.id, hookA.id));
    expect(row).toMatchObject({ url: rx.url('/a'), secret: SECRET, name: 'Installer 1 ops' });
  });

  it("signs each call and sends a station's alarms to its company's and the platform's webhooks only", async () => {
    const { alarmId } = await raise(t.database.db, fleetA, {
      code: 3011,
      message: 'Isolation fault',
      at: t.clock.now(),
    });
    expect(await w1.worker.runOnce()).toMatchObject({ events: 1, sent: 2 });
    expect(rx.calls.map((c) => c.path).sort()).toEqual(['/a', '/platform']);
    for (const c of rx.calls) {
      expect(verify(c.body, c.headers['x-sunfleet-signature'])).toBe(true);
      expect(verify(c.body, c.headers['x-sunfleet-signature'], `${SECRET}x`)).toBe(false);
      expect(c.headers['content-type']).toBe('application/json');
      const body = JSON.parse(c.body) as Record<string, unknown>;
      expect(c.headers['x-sunfleet-timestamp']).toBe(
        String(Math.floor(Date.parse(body.sentAt as string) / 1000)),
      );
      expect(c.headers['x-sunfleet-delivery']).toBe(String(body.deliveryId));
      expect(body).toMatchObject({
        type: 'alarm.raised',
        event: { kind: 'RAISED' },
        alarm: { id: alarmId, code: 3011, level: 'URGENT', message: 'Isolation fault', endedAt: null },
        station: { id: fleetA.stationId, timeZone: 'Europe/Berlin' },
        device: { id: fleetA.inverterId, sn: fleetA.inverterSn },
        gateway: { id: fleetA.gatewayId },
      });
    }
    // The platform webhook asked for RAISED only: the clear goes to company 3's alone.
    await clear(t.database.db, alarmId, t.clock.now());
    expect(await w2.worker.runOnce()).toMatchObject({ events: 1, sent: 1 });
    expect(rx.calls.at(-1)).toMatchObject({ path: '/a' });
    expect(JSON.parse(rx.calls.at(-1)!.body)).toMatchObject({
      type: 'alarm.cleared',
      alarm: { id: alarmId },
    });
    expect(await deliveriesOf(t.database.db, { webhookId: hookB.id })).toHaveLength(0);
  });

  it('retries a receiver that is down with exponential back-off, then delivers once', async () => {
    rx.calls.length = 0;
    rx.status = 503;
    await raise(t.database.db, fleetB, { code: 9, message: 'Meter lost', at: t.clock.now() });
    expect(await w1.worker.runOnce()).toMatchObject({ sent: 0, retried: 2 }); // company 4's and the platform's
    const [first] = await deliveriesOf(t.database.db, { webhookId: hookB.id });
    expect(first).toMatchObject({ state: 'PENDING', attempts: 1, lastStatus: 503 });
    expect(first!.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(BASE_S * 1000);
    // Not before its time, whichever worker looks.
    expect(await w2.worker.runOnce()).toMatchObject({ sent: 0, retried: 0 });
    t.clock.advance(BASE_S);
    expect(await w2.worker.runOnce()).toMatchObject({ retried: 2 });
    const [second] = await deliveriesOf(t.database.db, { webhookId: hookB.id });
    expect(second!.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(2 * BASE_S * 1000);
    t.clock.advance(BASE_S);
    expect(await w1.worker.runOnce()).toMatchObject({ sent: 0, retried: 0 });
    rx.status = 200;
    t.clock.advance(BASE_S);
    expect(await w1.worker.runOnce()).toMatchObject({ sent: 2 });
    t.clock.advance(3600);
    expect(await w1.worker.runOnce()).toMatchObject({ sent: 0, retried: 0 });
    expect(rx.calls.filter((c) => c.path === '/b').map((c) => c.answered)).toEqual([503, 503, 200]);
    const ids = new Set(
      rx.calls
        .filter((c) => c.path === '/b')
        .map((c) => (JSON.parse(c.body) as { deliveryId: number }).deliveryId),
    );
    expect(ids.size).toBe(1); // one delivery, three attempts

    const log = await installer2.get<{ total: number; list: Delivery[] }>(`/webhook/${hookB.id}/deliveries`);
    expect(log.data).toMatchObject({
      total: 1,
      list: [{ kind: 'RAISED', state: 'SENT', attempts: 3, lastStatus: 200 }],
    });
    // The success set the failure count back.
    expect((await installer2.get<Hook>(`/webhook/${hookB.id}`)).data.consecutiveFailures).toBe(0);
  });

  it('sends nothing twice while a worker is in the middle of a call, nor after it', async () => {
    rx.calls.length = 0;
    const release = rx.hold();
    await raise(t.database.db, fleetB, { code: 10, message: 'Slow receiver', at: t.clock.now() });
    const first = w1.worker.runOnce();
    await until(() => rx.calls.length === 2, 'both calls to arrive');
    // A second server copy meanwhile: the calls are claimed, it sends nothing.
    expect(await w2.worker.runOnce()).toMatchObject({ sent: 0, retried: 0 });
    release();
    expect(await first).toMatchObject({ sent: 2 });
    t.clock.advance(LEASE_MS / 1000 + 1);
    expect(await w2.worker.runOnce()).toMatchObject({ sent: 0 });
    expect(rx.calls).toHaveLength(2);
  });

  it('sends a call whose worker died after claiming it once its lease ran out, and only then', async () => {
    rx.calls.length = 0;
    const db = t.database.db;
    await raise(db, fleetB, { code: 12, message: 'Dead worker', at: t.clock.now() });
    expect(await w1.worker.fanOutQueued()).toBe(1);
    // A worker claims both calls (committed, as every claim is) and dies before sending them.
    const now = t.clock.now();
    const claimed = await db.transaction((tx) =>
      new NotifyRepository(tx).claimDue(now, new Date(now.getTime() + LEASE_MS), randomUUID(), 20),
    );
    expect(claimed).toHaveLength(2);
    // While its lease runs, nobody else sends them.
    t.clock.advance(LEASE_MS / 1000 - 1);
    expect(await w2.worker.runOnce()).toMatchObject({ sent: 0, retried: 0 });
    expect(rx.calls).toHaveLength(0);
    // After it, another worker does, once.
    t.clock.advance(2);
    expect(await w2.worker.runOnce()).toMatchObject({ sent: 2 });
    expect(await w1.worker.runOnce()).toMatchObject({ sent: 0 });
    expect(rx.calls).toHaveLength(2);
    const rows = await db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.id, claimed[0]!.id));
    expect(rows[0]).toMatchObject({ state: 'SENT', attempts: 2, claimToken: null });
  });

  it('answers the test call with its result and logs it; a test never counts as a failure', async () => {
    rx.calls.length = 0;
    const ok = await installer1.post<Delivery>(`/webhook/${hookA.id}/test`);
    expect(ok).toMatchObject({
      status: 200,
      data: { kind: 'TEST', state: 'SENT', attempts: 1, lastStatus: 200 },
    });
    expect(rx.calls).toHaveLength(1);
    expect(JSON.parse(rx.calls[0]!.body)).toMatchObject({
      type: 'test',
      deliveryId: ok.data.id,
      alarm: null,
    });
    expect(verify(rx.calls[0]!.body, rx.calls[0]!.headers['x-sunfleet-signature'])).toBe(true);
    rx.status = 500;
    const bad = await installer1.post<Delivery & { lastError: string }>(`/webhook/${hookA.id}/test`);
    rx.status = 200;
    expect(bad.data).toMatchObject({ state: 'FAILED', lastStatus: 500 });
    expect(bad.data.lastError).toContain('HTTP 500');
    const log = await installer1.get<{ list: Delivery[] }>(`/webhook/${hookA.id}/deliveries?pageSize=2`);
    expect(log.data.list.map((d) => [d.kind, d.state])).toEqual([
      ['TEST', 'FAILED'],
      ['TEST', 'SENT'],
    ]);
    expect((await installer1.get<Hook>(`/webhook/${hookA.id}`)).data.consecutiveFailures).toBe(0);
    // Nothing left for the worker: tests are never retried.
    expect(await w1.worker.runOnce()).toMatchObject({ sent: 0, retried: 0 });
  });

  it('switches a webhook off after repeated failures and sends it nothing more', async () => {
    rx.calls.length = 0;
    rx.status = 500;
    // Only company 4's webhook takes part: the platform one asked for RAISED, so use a clear.
    const { alarmId } = await raise(t.database.db, fleetB, { code: 13, message: 'Flaky', at: t.clock.now() });
    await w1.worker.runOnce(); // failure 1 for /b (and the platform's first failure)
    t.clock.advance(BASE_S);
    await w1.worker.runOnce(); // failure 2
    t.clock.advance(2 * BASE_S);
    await w2.worker.runOnce(); // failure 3: switched off
    const hook = (await installer2.get<Hook>(`/webhook/${hookB.id}`)).data;
    expect(hook).toMatchObject({ enabled: false, consecutiveFailures: 3 });
    expect(hook.disabledReason).toContain('HTTP 500');
    const latest = (await deliveriesOf(t.database.db, { webhookId: hookB.id })).at(-1)!;
    expect(latest).toMatchObject({ state: 'CANCELLED' });
    const callsToB = rx.calls.filter((c) => c.path === '/b').length;
    expect(callsToB).toBe(3);

    rx.status = 200;
    await clear(t.database.db, alarmId, t.clock.now());
    t.clock.advance(3600);
    await w1.worker.runOnce();
    expect(rx.calls.filter((c) => c.path === '/b')).toHaveLength(callsToB);
    expect(
      (await deliveriesOf(t.database.db, { webhookId: hookB.id })).filter(
        (d) => d.kind === 'CLEARED' && d.alarmId === alarmId,
      ),
    ).toHaveLength(0);

    // Switched back on by its owner: the count starts afresh and the next alarm arrives.
    const on = await installer2.put<Hook>(`/webhook/${hookB.id}`, { enabled: true });
    expect(on.data).toMatchObject({ enabled: true, consecutiveFailures: 0, disabledReason: null });
    await raise(t.database.db, fleetB, { code: 14, message: 'Back', at: t.clock.now() });
    await w1.worker.runOnce();
    expect(rx.calls.filter((c) => c.path === '/b')).toHaveLength(callsToB + 1);
  });

  it('deletes a webhook with its log', async () => {
    expect((await installer2.del(`/webhook/${hookB.id}`)).status).toBe(200);
    expect((await installer2.get(`/webhook/${hookB.id}`)).status).toBe(4004);
    expect(await deliveriesOf(t.database.db, { webhookId: hookB.id })).toHaveLength(0);
    expect(await count()).toBe(2);
  });
});
