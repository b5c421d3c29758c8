// The alarm engine on both databases: cloud-derived alarms from rules (logger offline after N upload
// intervals and back, debounce and hysteresis at their boundaries, flapping), maintenance windows,
// restart safety (a second evaluator instance), escalation and snooze end, and the rule and window CRUD.
import { inMaintenanceWindow, localIsoWeekday } from '@sunfleet/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { deviceLatest } from '../src/db/schema.js';
import { AlarmEvaluator } from '../src/modules/alarms/evaluator.js';
import { inMaintenanceText } from '../src/modules/alarms/maintenance-sql.js';
import { createTestApp, DATABASES, type TestApp } from './helpers.js';
import { as } from './organisation-fixtures.js';
import { addDevice } from './rollups-support.js';
import { raiseAlarm, seenAt, twoTenants, type TwoTenants } from './telemetry-api-support.js';

type AlarmRow = {
  id: number;
  ended: boolean;
  cleared_by: string | null;
  flapping: boolean;
  repeat_count: number;
  in_maintenance: boolean;
};

describe.each(DATABASES)('alarm engine (%s)', (kind) => {
  let t: TestApp;
  let w: TwoTenants;
  let battery: number;
  const evaluator = (): AlarmEvaluator => new AlarmEvaluator(t.database, { escalateAfterS: 3600 });
  const round = async (e = evaluator()) => e.round(t.clock.now());

  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await twoTenants(t, `E${kind}`);
    battery = await addDevice(t.database.db, w.loggerA.id, 'BATTERY', `BAT-A-${kind}`);
  });
  afterAll(async () => t.close());

  const alarmsOf = (code: number): Promise<AlarmRow[]> =>
    queryRows<AlarmRow>(
      t.database.db,
      sql`select id, ended_at is not null as ended, cleared_by, flapping, repeat_count, in_maintenance
          from alarms where source = 'RULE' and code = ${code} order by id`,
    );
  const eventsOf = async (code: number): Promise<string[]> =>
    (
      await queryRows<{ kind: string }>(
        t.database.db,
        sql`select e.kind from alarm_events e join alarms a on a.id = e.alarm_id
            where a.source = 'RULE' and a.code = ${code} order by e.id`,
      )
    ).map((r) => r.kind);
  const setSoc = async (soc: number): Promise<void> => {
    await t.database.db
      .insert(deviceLatest)
      .values({ deviceId: battery, ts: t.clock.now(), values: {}, socPct: soc })
      .onConflictDoUpdate({ target: deviceLatest.deviceId, set: { ts: t.clock.now(), socPct: soc } });
  };
  const socRule = async (body: object): Promise<number> => {
    const res = await w.installer1.post<{ id: number }>('/alarmRule', {
      kind: 'BATTERY_SOC',
      stationId: w.stationA,
      level: 'IMPORTANT',
      threshold: 20,
      hysteresis: 5,
      ...body,
    });
    expect(res.status).toBe(200);
    return res.data.id;
  };

  it('raises LOGGER_OFFLINE after N silent upload intervals, once, and clears it (by RULE) when the logger returns', async () => {
    // The seeded global rule: 3 intervals of 300 s.
    await seenAt(t.database.db, w.loggerA.id, t.clock.now());
    await setSoc(50);
    t.clock.advance(900);
    await round();
    expect(await alarmsOf(9001)).toEqual([]);
    t.clock.advance(1);
    await round();
    expect(await alarmsOf(9001)).toMatchObject([{ ended: false, cleared_by: null }]);
    // A second round and a new evaluator (a restart, another copy) raise nothing more.
    await round();
    await round(evaluator());
    expect(await alarmsOf(9001)).toHaveLength(1);
    expect(await eventsOf(9001)).toEqual(['RAISED']);
    // The device stays silent with its logger: no DEVICE_OFFLINE (the logger's alarm says it).
    expect(await alarmsOf(9002)).toEqual([]);
    const listed = await w.installer1.get<{
      list: { source: string; code: number; deviceType: string; known: boolean; handling: string | null }[];
    }>('/alarm/page?source=RULE');
    // The catalogue knows the cloud's own code (a global entry): the logger's model has none of its own.
    expect(listed.data.list).toMatchObject([
      {
        source: 'RULE',
        code: 9001,
        deviceType: 'GATEWAY',
        known: true,
        description: 'Data logger offline',
        cause: expect.stringContaining('upload intervals') as unknown,
      },
    ]);
    expect(listed.data.list[0]?.handling).toMatch(/^1\. /);
    // A cloud-derived alarm never turns the logger FAULT: its status stays what its contact says.
    await seenAt(t.database.db, w.loggerA.id, t.clock.now());
    const status = await w.installer1.get<{ status: string }>(`/station/${w.stationA}/status`);
    expect(status.data.status).not.toBe('ABNORMAL');
    // Back: a restarted evaluator clears it.
    await round(evaluator());
    expect(await alarmsOf(9001)).toMatchObject([{ ended: true, cleared_by: 'RULE' }]);
    expect(await eventsOf(9001)).toEqual(['RAISED', 'CLEARED']);
  });

  it('raises only after the debounce has passed and clears only past the hysteresis', async () => {
    const rule = await socRule({ code: 7001, debounceS: 300 });
    await seenAt(t.database.db, w.loggerA.id, t.clock.now());
    await setSoc(15);
    await round();
    t.clock.advance(299);
    await seenAt(t.database.db, w.loggerA.id, t.clock.now());
    await round(evaluator());
    expect(await alarmsOf(7001)).toEqual([]);
    t.clock.advance(1);
    await round(evaluator());
    expect(await alarmsOf(7001)).toMatchObject([{ ended: false }]);
    // 22 % is above the threshold but inside the hysteresis band: still open.
    await setSoc(22);
    await round();
    await setSoc(24.9);
    await round();
    expect(await alarmsOf(7001)).toMatchObject([{ ended: false }]);
    await setSoc(25);
    await round();
    expect(await alarmsOf(7001)).toMatchObject([{ ended: true, cleared_by: 'RULE' }]);
    expect(await eventsOf(7001)).toEqual(['RAISED', 'CLEARED']);
    // A debounce interrupted by a calm reading starts again.
    await setSoc(10);
    await round();
    t.clock.advance(200);
    await setSoc(30);
    await round();
    t.clock.advance(200);
    await setSoc(10);
    await round();
    expect(await alarmsOf(7001)).toHaveLength(1);
    expect((await w.installer1.del(`/alarmRule/${rule}`)).status).toBe(200);
  });

  it('keeps a flapping alarm open, counts its repeats without telling them, and clears it once calm', async () => {
    const rule = await socRule({ code: 7002, flapCount: 2, flapWindowS: 3600 });
    for (let i = 0; i < 3; i += 1) {
      await setSoc(10);
      await round();
      t.clock.advance(60);
      await setSoc(40);
      await round();
      t.clock.advance(60);
    }
    // Raised three times within the window: the third clear is held back and the alarm marked flapping.
    const rows = await alarmsOf(7002);
    expect(rows.map((r) => r.ended)).toEqual([true, true, false]);
    expect(rows[2]?.flapping).toBe(true);
    await setSoc(10);
    await round();
    expect((await alarmsOf(7002))[2]?.repeat_count).toBe(1);
    expect(await eventsOf(7002)).toEqual(['RAISED', 'CLEARED', 'RAISED', 'CLEARED', 'RAISED']);
    await setSoc(40);
    await round();
    t.clock.advance(3599);
    await round();
    expect((await alarmsOf(7002))[2]?.ended).toBe(false);
    t.clock.advance(1);
    await round();
    expect((await alarmsOf(7002))[2]).toMatchObject({ ended: true, cleared_by: 'RULE' });
    expect((await w.installer1.del(`/alarmRule/${rule}`)).status).toBe(200);
  });

  it('records alarms raised inside a weekly maintenance window with in_maintenance, events too; not outside', async () => {
    // The window is the weekday the test clock shows in Berlin (station A's zone), all day.
    const weekday = localIsoWeekday(t.clock.now().getTime(), 'Europe/Berlin');
    const win = await w.installer1.post<{ id: number }>('/maintenanceWindow', {
      stationId: w.stationA,
      weekday,
      startTime: '00:00',
      endTime: '24:00',
      note: 'inverter service',
    });
    expect(win.status).toBe(200);
    const rule = await socRule({ code: 7003 });
    await setSoc(5);
    await round();
    expect(await alarmsOf(7003)).toMatchObject([{ in_maintenance: true }]);
    const ev = await queryRows<{ in_maintenance: boolean }>(
      t.database.db,
      sql`select e.in_maintenance from alarm_events e join alarms a on a.id = e.alarm_id where a.code = 7003`,
    );
    expect(ev).toEqual([{ in_maintenance: true }]);
    await setSoc(50);
    await round();
    expect((await w.installer1.del(`/maintenanceWindow/${win.data.id}`)).status).toBe(200);
    await setSoc(5);
    await round();
    expect((await alarmsOf(7003)).map((a) => a.in_maintenance)).toEqual([true, false]);
    await setSoc(50);
    await round();
    expect((await w.installer1.del(`/alarmRule/${rule}`)).status).toBe(200);
  });

  it('agrees with the domain on weekly windows across a daylight-saving change', async () => {
    const window = { startsAtMs: null, endsAtMs: null, weekday: 7, startMinute: 60, endMinute: 240 };
    // Sunday 2026-03-29: Berlin moves from 02:00 to 03:00.
    const base = Date.parse('2026-03-28T22:00:00Z');
    const instants = Array.from({ length: 48 }, (_, i) => base + i * 15 * 60_000);
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into maintenance_windows (station_id, weekday, start_minute, end_minute)
          values (${w.stationA}, 7, 60, 240) returning id`,
    );
    const list = instants.map((i) => `'${new Date(i).toISOString()}'::timestamptz`).join(',');
    const rows = await queryRows<{ inside: boolean }>(
      t.database.db,
      sql.raw(`select ${inMaintenanceText('x.at', String(w.stationA), 'null::int', `'Europe/Berlin'`)} as inside
        from unnest(array[${list}]) as x(at) order by x.at`),
    );
    await t.database.db.execute(sql`delete from maintenance_windows where id = ${row?.id ?? 0}`);
    expect(rows.map((r) => r.inside)).toEqual(
      instants.map((i) => inMaintenanceWindow(window, i, 'Europe/Berlin')),
    );
    expect(rows.some((r) => r.inside)).toBe(true);
  });

  it('escalates an unacknowledged urgent alarm once, and tells a snooze that ran out once', async () => {
    const start = t.clock.now();
    const id = await raiseAlarm(t.database.db, {
      gatewayId: w.loggerA.id,
      deviceId: w.inverterA,
      level: 'URGENT',
      startedAt: start,
    });
    const snoozed = await raiseAlarm(t.database.db, {
      gatewayId: w.loggerA.id,
      deviceId: w.inverterA,
      level: 'COMMONLY',
      startedAt: start,
    });
    const kinds = async (alarmId: number): Promise<string[]> =>
      (
        await queryRows<{ kind: string }>(
          t.database.db,
          sql`select kind from alarm_events where alarm_id = ${alarmId} order by id`,
        )
      ).map((r) => r.kind);
    expect(
      (await w.installer1.post('/alarm/snooze', { ids: [snoozed], until: start.getTime() + 600_000 })).status,
    ).toBe(200);
    t.clock.advance(599);
    await round();
    expect(await kinds(snoozed)).toEqual([]);
    t.clock.advance(1);
    await round();
    await round(evaluator());
    expect(await kinds(snoozed)).toEqual(['SNOOZE_ENDED']);
    expect(await kinds(id)).toEqual([]);
    t.clock.advance(3000);
    await round();
    await round(evaluator());
    expect(await kinds(id)).toEqual(['ESCALATED']);
    // An acknowledged one never escalates.
    const acked = await raiseAlarm(t.database.db, {
      gatewayId: w.loggerA.id,
      deviceId: null,
      level: 'IMPORTANT',
      startedAt: t.clock.now(),
    });
    await w.installer1.post('/alarm/ack', { ids: [acked] });
    t.clock.advance(3600);
    await round();
    expect(await kinds(acked)).toEqual(['ACKNOWLEDGED']);
  });

  it('validates alarm rules and maintenance windows and stores nothing on refusal', async () => {
    const count = async (table: string): Promise<number> =>
      Number(
        (
          await queryRows<{ n: string | number }>(
            t.database.db,
            sql.raw(`select count(*) as n from ${table}`),
          )
        )[0]?.n,
      );
    const rules = await count('alarm_rules');
    const windows = await count('maintenance_windows');
    const base = { kind: 'BATTERY_SOC', stationId: w.stationA, level: 'IMPORTANT', code: 1, threshold: 20 };
    const guestToken = (await t.app.inject({ method: 'POST', url: '/api/login/guest' })).json<{
      data: { token: string };
    }>().data.token;
    for (const [client, body, status, enMsg] of [
      [w.installer1, { ...base, threshold: undefined }, 4000, 'alarmRule.thresholdRequired'],
      [
        w.installer1,
        { ...base, kind: 'LOGGER_OFFLINE', threshold: undefined },
        4000,
        'alarmRule.intervalsRequired',
      ],
      [w.installer1, { ...base, modelId: 1 }, 4000, 'alarmRule.oneScope'],
      [w.installer1, { ...base, kind: 'LOUD' }, 4000, undefined],
      [w.installer1, { ...base, debounceS: -1 }, 4000, undefined],
      [w.installer1, { ...base, threshold: '20' }, 4000, undefined],
      [w.installer1, { ...base, stationId: null }, 4003, undefined],
      [w.installer1, { ...base, stationId: w.stationB }, 4004, undefined],
      [w.owner1, base, 4003, undefined],
      [as(t, guestToken), base, 4003, undefined],
    ] as const) {
      const res = await client.post('/alarmRule', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (enMsg !== undefined) expect(res.enMsg).toBe(enMsg);
    }
    const wbase = { stationId: w.stationA, weekday: 1, startTime: '08:00', endTime: '10:00' };
    for (const [body, status, enMsg] of [
      [{ ...wbase, deviceId: w.inverterA }, 4000, 'maintenanceWindow.oneTarget'],
      [{ stationId: w.stationA }, 4000, 'maintenanceWindow.oneKind'],
      [{ ...wbase, startsAt: 1, endsAt: 2 }, 4000, 'maintenanceWindow.oneKind'],
      [{ stationId: w.stationA, startsAt: 2000, endsAt: 1000 }, 4000, 'maintenanceWindow.rangeInvalid'],
      [{ ...wbase, startTime: '10:00', endTime: '08:00' }, 4000, 'maintenanceWindow.rangeInvalid'],
      [{ ...wbase, startTime: '8:00' }, 4000, undefined],
      [{ ...wbase, weekday: 8 }, 4000, undefined],
      [{ ...wbase, stationId: w.stationB }, 4004, undefined],
      [{ deviceId: w.inverterB, startsAt: 1000, endsAt: 2000 }, 4004, undefined],
    ] as const) {
      const res = await w.installer1.post('/maintenanceWindow', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (enMsg !== undefined) expect(res.enMsg).toBe(enMsg);
    }
    expect(await count('alarm_rules')).toBe(rules);
    expect(await count('maintenance_windows')).toBe(windows);

    // The platform edits global rules; a station rule of another tenant is not found for installer 1.
    const global = await w.admin.post<{ id: number }>('/alarmRule', { ...base, stationId: null, code: 2 });
    expect(global.status).toBe(200);
    expect(
      (await w.installer1.put(`/alarmRule/${global.data.id}`, { ...base, stationId: null })).status,
    ).toBe(4003);
    expect((await w.installer1.del(`/alarmRule/${global.data.id}`)).status).toBe(4003);
    const theirs = await w.installer2.post<{ id: number }>('/alarmRule', { ...base, stationId: w.stationB });
    expect(theirs.status).toBe(200);
    expect((await w.installer1.get(`/alarmRule/${theirs.data.id}`)).status).toBe(4004);
    expect((await w.installer1.del(`/alarmRule/${theirs.data.id}`)).status).toBe(4004);
    const mine = await w.installer1.get<{ list: { id: number }[] }>('/alarmRule/page');
    expect(mine.data.list.map((r) => r.id)).not.toContain(theirs.data.id);
    expect(mine.data.list.map((r) => r.id)).toContain(global.data.id);
    const updated = await w.installer2.put<{ threshold: number }>(`/alarmRule/${theirs.data.id}`, {
      ...base,
      stationId: w.stationB,
      threshold: 30,
    });
    expect(updated.data.threshold).toBe(30);
    const win = await w.installer1.post<{ id: number; startTime: string }>('/maintenanceWindow', {
      deviceId: w.inverterA,
      startsAt: 1000,
      endsAt: 2000,
    });
    expect(win.status).toBe(200);
    expect((await w.installer2.get(`/maintenanceWindow/${win.data.id}`)).status).toBe(4004);
    const changed = await w.installer1.put<{ weekday: number; startTime: string }>(
      `/maintenanceWindow/${win.data.id}`,
      { deviceId: w.inverterA, ...wbase, stationId: undefined },
    );
    expect(changed.data).toMatchObject({ weekday: 1, startTime: '08:00' });
  });
});
