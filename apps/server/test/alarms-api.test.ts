// The alarm life cycle through the API: the fleet-wide list and its filters, one alarm with its events,
// acknowledge / clear / read / snooze (all-or-nothing on missing or foreign ids, audited), the guest read
// only, and unreadAlarmCount in /api/info.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { as } from './organisation-fixtures.js';
import { raiseAlarm, twoTenants, type TwoTenants } from './telemetry-api-support.js';

interface Item {
  id: number;
  state: string;
  read: boolean;
  acknowledgedBy: string | null;
  ackNote: string | null;
  clearedBy: string | null;
  clearedByUser: string | null;
  clearReason: string | null;
  deviceType: string;
  snoozedUntil: number | null;
}
type Alarms = { total: number; list: Item[] };

describe.each(oneDatabase())('alarm life cycle API (%s)', (kind) => {
  let t: TestApp;
  let w: TwoTenants;
  let a1: number;
  let a2: number;
  let b1: number;
  const now = Date.parse('2026-06-01T08:00:00Z');

  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await twoTenants(t, `L${kind}`);
    const db = t.database.db;
    a1 = await raiseAlarm(db, {
      gatewayId: w.loggerA.id,
      deviceId: w.inverterA,
      level: 'URGENT',
      startedAt: new Date(now - 3000),
    });
    a2 = await raiseAlarm(db, {
      gatewayId: w.loggerA.id,
      deviceId: null,
      level: 'PROMPT',
      startedAt: new Date(now - 2000),
    });
    b1 = await raiseAlarm(db, {
      gatewayId: w.loggerB.id,
      deviceId: w.inverterB,
      level: 'IMPORTANT',
      startedAt: new Date(now - 1000),
    });
  });
  afterAll(async () => t.close());

  const events = async (id: number): Promise<string[]> =>
    (
      await queryRows<{ kind: string }>(
        t.database.db,
        sql`select kind from alarm_events where alarm_id = ${id} order by id`,
      )
    ).map((r) => r.kind);
  const unread = async (client: ReturnType<typeof as>): Promise<number> =>
    (await client.get<{ unreadAlarmCount: number }>('/info')).data.unreadAlarmCount;

  it('lists fleet-wide within reach, with state, device type, code, time range and sort filters', async () => {
    const ids = async (q: string) =>
      (await w.installer1.get<Alarms>(`/alarm/page${q}`)).data.list.map((a) => a.id);
    expect(await ids('')).toEqual([a2, a1]);
    expect(await ids('?sort=level')).toEqual([a1, a2]);
    expect(await ids('?sort=startedAt&order=asc')).toEqual([a1, a2]);
    expect(await ids('?deviceType=GATEWAY')).toEqual([a2]);
    expect(await ids('?deviceType=INVERTER')).toEqual([a1]);
    expect(await ids(`?from=${now - 2500}&to=${now}`)).toEqual([a2]);
    expect(await ids('?state=OPEN')).toEqual([a2, a1]);
    expect(await ids('?state=CLEARED')).toEqual([]);
    const [first] = (await w.installer1.get<Alarms>('/alarm/page?deviceType=GATEWAY')).data.list;
    expect(first).toMatchObject({ deviceType: 'GATEWAY', state: 'OPEN', read: false });
    const code = (await w.admin.get<{ data: { code: number } }>(`/alarm/${b1}`)) as unknown as {
      data: { code: number };
    };
    expect(await ids(`?code=${code.data.code}`)).toEqual([]);
    expect(
      (await w.admin.get<Alarms>(`/alarm/page?code=${code.data.code}`)).data.list.map((a) => a.id),
    ).toEqual([b1]);
    expect((await w.installer1.get(`/alarm/page?from=${now}&to=${now - 1}`)).status).toBe(4000);
    expect((await w.installer1.get('/alarm/page?state=CLOSED')).status).toBe(4000);
    expect((await w.installer1.get('/alarm/page?sort=name')).status).toBe(4000);
  });

  it('answers one alarm in reach with its events; a foreign or unknown id is 4004', async () => {
    const mine = await w.installer1.get<{ id: number; events: unknown[] }>(`/alarm/${a1}`);
    expect(mine.status).toBe(200);
    expect(mine.data.id).toBe(a1);
    expect((await w.installer1.get(`/alarm/${b1}`)).status).toBe(4004);
    expect((await w.installer1.get('/alarm/999999')).status).toBe(4004);
  });

  it('refuses bad bodies: no ids, an empty reason, an unknown field, a snooze in the past', async () => {
    expect((await w.installer1.post('/alarm/ack', { ids: [] })).status).toBe(4000);
    expect((await w.installer1.post('/alarm/ack', { ids: [a1], extra: 1 })).status).toBe(4000);
    expect((await w.installer1.post('/alarm/clear', { ids: [a1] })).status).toBe(4000);
    expect((await w.installer1.post('/alarm/clear', { ids: [a1], reason: '   ' })).status).toBe(4000);
    const past = await w.installer1.post('/alarm/snooze', { ids: [a1], until: now - 1 });
    expect(past).toMatchObject({ status: 4000, enMsg: 'alarm.snoozeInPast' });
    expect(await events(a1)).toEqual([]);
  });

  it('changes nothing for the whole request when one id is foreign or unknown (4004)', async () => {
    for (const [path, body] of [
      ['/alarm/ack', { ids: [a1, b1], note: 'x' }],
      ['/alarm/clear', { ids: [a1, b1], reason: 'x' }],
      ['/alarm/read', { ids: [a1, b1] }],
      ['/alarm/snooze', { ids: [a1, 999999], until: now + 60_000 }],
      ['/alarm/ack', { ids: [999999] }],
    ] as const) {
      expect((await w.installer1.post(path, body)).status, path).toBe(4004);
    }
    const rows = await queryRows<{ n: string | number }>(
      t.database.db,
      sql`select count(*) as n from alarms where acknowledged_at is not null or ended_at is not null
          or snoozed_until is not null`,
    );
    expect(Number(rows[0]?.n)).toBe(0);
    expect(await events(a1)).toEqual([]);
    expect(await unread(w.installer1)).toBe(2);
  });

  it('keeps the guest and a user without alarm:update from changing alarms', async () => {
    const guestToken = (await t.app.inject({ method: 'POST', url: '/api/login/guest' })).json<{
      data: { token: string };
    }>().data.token;
    const guest = as(t, guestToken);
    expect((await guest.post('/alarm/ack', { ids: [a1] })).status).toBe(4003);
    expect((await guest.post('/alarm/read', { ids: [a1] })).status).toBe(4003);
    // A site owner sees and reads the alarms of their station but does not handle them.
    expect((await w.owner1.post('/alarm/ack', { ids: [a1] })).status).toBe(4003);
    expect((await w.owner1.post('/alarm/clear', { ids: [a1], reason: 'x' })).status).toBe(4003);
    expect(await events(a1)).toEqual([]);
  });

  it('acknowledges, reads, snoozes and clears with events, audit rows and a true unread count', async () => {
    expect(await unread(w.installer1)).toBe(2);
    expect(await unread(w.installer2)).toBe(1);
    expect(await unread(w.admin)).toBe(3);

    const ack = await w.installer1.post<{ changed: number }>('/alarm/ack', { ids: [a1, a2], note: 'on it' });
    expect(ack).toMatchObject({ status: 200, data: { changed: 2 } });
    // Acknowledging again changes nothing and writes no second event.
    expect((await w.installer1.post<{ changed: number }>('/alarm/ack', { ids: [a1] })).data.changed).toBe(0);
    expect(await events(a1)).toEqual(['ACKNOWLEDGED']);

    const read = await w.installer1.post<{ changed: number }>('/alarm/read', { ids: [a1] });
    expect(read.data.changed).toBe(1);
    // Read state is per user: installer 1 read one, the admin none.
    expect(await unread(w.installer1)).toBe(1);
    expect(await unread(w.admin)).toBe(3);

    const until = now + 3_600_000;
    expect(
      (await w.installer1.post<{ changed: number }>('/alarm/snooze', { ids: [a2], until })).data.changed,
    ).toBe(1);

    const cleared = await w.installer1.post<{ changed: number }>('/alarm/clear', {
      ids: [a2],
      reason: 'fixed',
    });
    expect(cleared.data.changed).toBe(1);
    expect(await events(a2)).toEqual(['ACKNOWLEDGED', 'CLEARED']);
    // A cleared alarm is not counted as unread any more.
    expect(await unread(w.installer1)).toBe(0);
    expect(await unread(w.admin)).toBe(2);

    const detail = await w.installer1.get<Item & { events: { kind: string }[] }>(`/alarm/${a2}`);
    expect(detail.data).toMatchObject({
      state: 'CLEARED',
      acknowledgedBy: 'demo.installer1',
      ackNote: 'on it',
      clearedBy: 'USER',
      clearedByUser: 'demo.installer1',
      clearReason: 'fixed',
      snoozedUntil: null,
    });
    expect(detail.data.events.map((e) => e.kind)).toEqual(['ACKNOWLEDGED', 'CLEARED']);
    const a1Item = (await w.installer1.get<Alarms>('/alarm/page?state=ACKNOWLEDGED')).data.list;
    expect(a1Item.map((a) => [a.id, a.read])).toEqual([[a1, true]]);

    const audit = await queryRows<{ action: string; target_type: string; status: number }>(
      t.database.db,
      sql`select action, target_type, status from audit_log where action like 'alarm.%' and status = 200 order by id`,
    );
    expect(audit.map((r) => r.action)).toEqual([
      'alarm.acknowledge',
      'alarm.acknowledge',
      'alarm.read',
      'alarm.snooze',
      'alarm.clear',
    ]);
    const refused = await queryRows<{ n: string | number }>(
      t.database.db,
      sql`select count(*) as n from audit_log where action like 'alarm.%' and status = 4004`,
    );
    expect(Number(refused[0]?.n)).toBeGreaterThanOrEqual(5);
  });

  it('counts a new alarm as unread at once (the cached count is dropped by the change feed)', async () => {
    expect(await unread(w.installer1)).toBe(0);
    await raiseAlarm(t.database.db, {
      gatewayId: w.loggerA.id,
      deviceId: w.meterA,
      level: 'COMMONLY',
      startedAt: new Date(now),
    });
    // Written straight to the database, as the ingest would from another process: the count is dropped
    // when the notification arrives (at once on PGlite; one hop later on PostgreSQL).
    await t.app.changes.caughtUp();
    expect(await unread(w.installer1)).toBe(1);
  });
});
