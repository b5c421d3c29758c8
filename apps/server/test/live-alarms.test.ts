// GET /api/live/alarms over a real listening server: every alarm transition (an alarm_events row) reaches
// the streams of users who reach the alarm — with their new unread count — and no other stream; an id
// that commits after a higher one (PostgreSQL sequences) is still delivered; a role change — or a change
// feed that lost its listening connection and may have missed one — ends the stream and a role without
// alarm:view is refused. Both databases.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { alarmEvents } from '../src/db/schema.js';
import { createTestApp, DATABASES, type TestApp } from './helpers.js';
import { DEMO_PASSWORD } from './organisation-fixtures.js';
import { Stream, type SseEvent } from './support/sse.js';
import { raiseAlarm, twoTenants, type TwoTenants } from './telemetry-api-support.js';

const POLL_MS = 50;
const HEARTBEAT_MS = 500;

describe.each(DATABASES)('live alarm stream over SSE on %s', (kind) => {
  let t: TestApp;
  let w: TwoTenants;
  let base: string;
  let token1: string;
  let token2: string;
  const streams: Stream[] = [];

  const open = async (token: string | null): Promise<Response> =>
    fetch(`${base}/api/live/alarms`, {
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });
  const openStream = async (token: string): Promise<Stream> => {
    const abort = new AbortController();
    const res = await fetch(`${base}/api/live/alarms`, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const stream = new Stream(res, abort);
    streams.push(stream);
    return stream;
  };
  /** An alarm and its RAISED event in one transaction, as the engine writes them. */
  const raise = async (gatewayId: number, deviceId: number | null): Promise<number> =>
    t.database.db.transaction(async (tx) => {
      const id = await raiseAlarm(tx, { gatewayId, deviceId, level: 'URGENT', startedAt: t.clock.now() });
      await tx.insert(alarmEvents).values({ alarmId: id, kind: 'RAISED', at: t.clock.now() });
      return id;
    });
  const alarmOf = (alarmId: number, eventKind: string) => (e: SseEvent) =>
    e.event === 'alarm' && e.data.alarmId === alarmId && e.data.kind === eventKind;

  beforeAll(async () => {
    t = await createTestApp(kind, { live: { alarmPollIntervalMs: POLL_MS, heartbeatMs: HEARTBEAT_MS } });
    w = await twoTenants(t, `LA${kind}`);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    base = `http://127.0.0.1:${address.port}`;
    token1 = await t.login('demo.installer1', DEMO_PASSWORD);
    token2 = await t.login('demo.installer2', DEMO_PASSWORD);
  }, 120_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    await t.close();
  });

  it('refuses without a session before streaming (4001 envelope)', async () => {
    const res = await open(null);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(((await res.json()) as { status: number }).status).toBe(4001);
  });

  it('sends a raise and an acknowledgement to the user in reach, with the unread count, and not to others', async () => {
    const s1 = await openStream(token1);
    const s2 = await openStream(token2);
    const unread1 = async (): Promise<number> =>
      (await w.installer1.get<{ unreadAlarmCount: number }>('/info')).data.unreadAlarmCount;
    const hello = await s1.next((e) => e.event === 'unread', 'the unread count on opening');
    expect(hello.data).toEqual({ unreadAlarmCount: await unread1() });
    await s2.next((e) => e.event === 'unread', 'the unread count on opening (installer 2)');

    const a = await raise(w.loggerA.id, w.inverterA);
    const raised = await s1.next(alarmOf(a, 'RAISED'), 'the raise of A');
    expect(raised.data).toMatchObject({
      alarmId: a,
      stationId: w.stationA,
      level: 'URGENT',
      state: 'OPEN',
      unreadAlarmCount: await unread1(),
    });
    expect(raised.data.unreadAlarmCount).toBe(Number(hello.data.unreadAlarmCount) + 1);

    const ack = await w.installer1.post('/alarm/ack', { ids: [a], note: 'on it' });
    expect(ack.status).toBe(200);
    const acked = await s1.next(alarmOf(a, 'ACKNOWLEDGED'), 'the acknowledgement of A');
    expect(acked.data).toMatchObject({ alarmId: a, state: 'ACKNOWLEDGED', stationId: w.stationA });
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::float8 as id from alarm_events where alarm_id = ${a} and kind = 'ACKNOWLEDGED'`,
    );
    expect(acked.data.id).toBe(row?.id);

    // Installer 2's alarm reaches installer 2 only; once it has arrived, a later alarm of A reaches
    // installer 1 — so everything before it has been fanned out, and neither saw the other's.
    const b = await raise(w.loggerB.id, w.inverterB);
    await s2.next(alarmOf(b, 'RAISED'), 'the raise of B');
    const a2 = await raise(w.loggerA.id, null);
    await s1.next(alarmOf(a2, 'RAISED'), 'the second raise of A');
    expect(s1.events.filter((e) => e.event === 'alarm').map((e) => e.data.alarmId)).toEqual([a, a, a2]);
    expect(s2.events.filter((e) => e.event === 'alarm').map((e) => e.data.alarmId)).toEqual([b]);

    // Marking read writes no event, yet the count falls: `unread` tells the streams (another tab's bell).
    const before = await unread1();
    expect((await w.installer1.post('/alarm/read', { ids: [a2] })).status).toBe(200);
    const fell = await s1.next(
      (e) => e.event === 'unread' && e.data.unreadAlarmCount === before - 1,
      'the unread count after marking read',
    );
    expect(fell.data).toEqual({ unreadAlarmCount: await unread1() });
  });

  it('delivers an event whose id committed after a higher one', async () => {
    const s1 = await openStream(token1);
    await s1.next((e) => e.event === 'unread', 'the unread count on opening');
    const a = await raise(w.loggerA.id, w.inverterA);
    await s1.next(alarmOf(a, 'RAISED'), 'the raise');
    // Take an id as a slow transaction would, let a later event commit first, then write the early one.
    const [reserved] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select nextval(pg_get_serial_sequence('alarm_events', 'id'))::float8 as id`,
    );
    if (reserved === undefined) throw new Error('no id');
    // Each event is written with its alarm, whose trigger wakes the poller (as the ingest's upsert does).
    await t.database.db.transaction(async (tx) => {
      await tx.insert(alarmEvents).values({ alarmId: a, kind: 'REPEATED', at: t.clock.now() });
      await tx.execute(sql`update alarms set repeat_count = repeat_count + 1 where id = ${a}`);
    });
    await s1.next(alarmOf(a, 'REPEATED'), 'the later id');
    await t.database.db.transaction(async (tx) => {
      await tx
        .insert(alarmEvents)
        .values({ id: reserved.id, alarmId: a, kind: 'ESCALATED', at: t.clock.now() });
      await tx.execute(sql`update alarms set escalated_at = now() where id = ${a}`);
    });
    const late = await s1.next(alarmOf(a, 'ESCALATED'), 'the earlier id committed late');
    expect(late.data.id).toBe(reserved.id);
  });

  it.runIf(kind === 'postgres')(
    'ends the stream when the change feed loses its listening connection (a role change may be missed)',
    async () => {
      const s1 = await openStream(token1);
      await s1.next((e) => e.event === 'unread', 'the unread count on opening');
      const pid = t.app.changes.listenerPid;
      expect(pid).not.toBeNull();
      await t.database.db.execute(sql`select pg_terminate_backend(${pid})`);
      await s1.next((e) => e.event === 'end', 'the end of the stream after the feed reset');
    },
  );

  it('ends the stream when the role changes, and refuses a role without alarm:view (4003)', async () => {
    const s2 = await openStream(token2);
    await s2.next((e) => e.event === 'unread', 'the unread count on opening');
    await t.database.db.execute(
      sql`update roles set permissions = array_remove(permissions, 'alarm:view')
          where id = (select role_id from users where username = 'demo.installer2')`,
    );
    await s2.next((e) => e.event === 'end', 'the end of the stream after the role change');
    const res = await open(token2);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(((await res.json()) as { status: number }).status).toBe(4003);
  });
});
