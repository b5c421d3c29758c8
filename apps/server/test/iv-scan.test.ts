// IV curve scans (Step 5c, docs/iv-curves.md "Scan tasks") over real MQTT with the simulator's loggers: a
// scan task sends iv.scan to chosen inverters of a station and answers each string's curve with its
// diagnosis against the stored modules — an open string injected in the fleet is found as one, the healthy
// strings are normal, a string whose modules are not stored has no diagnosis; a silent inverter keeps the
// task SCANNING; bad input and foreign stations are refused before anything is stored or sent; tasks stay
// within the caller's reach; every scan is audited.
import {
  PV_MODULE_SF_M450,
  type AlarmDetail,
  type FleetFile,
  type IvConditions,
  type IvHistory,
  type IvTaskView,
  type PvString,
} from '@sunfleet/contracts';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms, auditLog, commands, deviceLatest, devices, ivTasks, stations } from '../src/db/schema.js';
import { CommandsRepository } from '../src/modules/commands/commands.repository.js';
import { IvAutoScanner } from '../src/modules/iv/iv-auto.js';
import { oneDatabase } from './helpers.js';
import { as, countRows, DEMO_PASSWORD, setPasswords } from './organisation-fixtures.js';
import {
  addOfflineInverter,
  noonLongitude,
  startSimWorld,
  waitFor,
  type SimWorld,
} from './support/sim-world.js';
import type { Client } from './telemetry-api-support.js';

const MODULES = 8;
const ANSWER_WAIT_MS = 6_000;

/**
 * Station A (installer 1's company): one logger, inverter 1 with an open string on its second input, inverter
 * 2 healthy; station B (installer 2's) one inverter. Two inputs of one string of eight modules each, at
 * solar noon under a clear sky.
 */
function ivFleet(tag: string): { fleet: FleetFile; sns: Record<'a1' | 'a2' | 'b' | 'loggerA', string> } {
  const sns = { loggerA: `SFLG${tag}A1`, a1: `SFI1${tag}01`, a2: `SFI1${tag}02`, b: `SFI1${tag}03` };
  const site = {
    type: 'HOUSEHOLD_PV',
    address: 'Test street 1',
    latitude: 5,
    longitude: noonLongitude(),
    elevation: 100,
    timeZone: 'UTC',
    capacityKwp: 7.2,
    price: 0.3,
    currency: 'EUR',
    cloudClimate: { clearDays: 1, overcastDays: 0 },
    faultRate: 0,
  } as const;
  const mppts = Array.from({ length: 2 }, () => ({
    strings: 1,
    modulesPerString: MODULES,
    tilt: 10,
    azimuth: 180,
  }));
  const inverter = (sn: string, extra: Record<string, unknown> = {}) => ({
    sn,
    model: 'SF-INV-1P-5K',
    mppts,
    ...extra,
  });
  const fleet: FleetFile = {
    version: 1,
    seed: `iv-${tag}`,
    stations: [
      {
        key: `iv-a-${tag.toLowerCase()}`,
        name: `IV A ${tag}`,
        companyId: 3,
        ownerUsername: 'demo.owner1',
        ...site,
        loggers: [
          {
            sn: sns.loggerA,
            uploadInterval: 5,
            devices: [
              inverter(sns.a1, { stringFaults: [{ mppt: 2, string: 1, kind: 'OPEN_STRING' }] }),
              inverter(sns.a2),
              { sn: `SFW1${tag}01`, model: 'SF-WS-1' },
            ],
          },
        ],
      },
      {
        key: `iv-b-${tag.toLowerCase()}`,
        name: `IV B ${tag}`,
        companyId: 4,
        ...site,
        loggers: [{ sn: `SFLG${tag}B1`, uploadInterval: 5, devices: [inverter(sns.b)] }],
      },
    ],
  };
  return { fleet, sns };
}

const pvString = (mppt: number): PvString => ({
  mppt,
  string: 1,
  module: { ...PV_MODULE_SF_M450 },
  modulesInSeries: MODULES,
});

describe.each(oneDatabase('postgres'))('IV curve scans on %s', (kind) => {
  const tag = kind === 'pglite' ? 'IVL' : 'IVP';
  const { fleet, sns } = ivFleet(tag);
  let w: SimWorld;
  let installer1: Client;
  let installer2: Client;
  let token1: string;
  let token2: string;
  let stationA: number;
  let stationB: number;
  let offline: number;

  const id = (sn: string): number => w.deviceIds.get(sn)!;
  const stored = async () => [await countRows(w.t, 'iv_tasks'), await countRows(w.t, 'commands')];

  beforeAll(async () => {
    w = await startSimWorld(kind, fleet, { remoteAnswerWaitMs: ANSWER_WAIT_MS });
    // Installer managers scan here (the platform's administrator only, by default), within their own reach.
    await w.db.execute(
      sql`update roles set permissions = permissions || array['iv:scan', 'iv:view'] where id = 2`,
    );
    await setPasswords(w.t, ['demo.installer1', 'demo.installer2', 'demo.owner1']);
    token1 = await w.t.login('demo.installer1', DEMO_PASSWORD);
    token2 = await w.t.login('demo.installer2', DEMO_PASSWORD);
    installer1 = as(w.t, token1);
    installer2 = as(w.t, token2);
    const stationOf = async (name: string): Promise<number> =>
      (await w.db.select({ id: stations.id }).from(stations).where(eq(stations.name, name)))[0]!.id;
    stationA = await stationOf(`IV A ${tag}`);
    stationB = await stationOf(`IV B ${tag}`);
    offline = await addOfflineInverter(w, sns.loggerA, `SFI1${tag}OFF`);
    // Inverter 1's two strings and inverter 2's first are stored; inverter 2's second is not.
    expect(
      (await installer1.put(`/device/${id(sns.a1)}/pvStrings`, { strings: [pvString(1), pvString(2)] }))
        .status,
    ).toBe(200);
    expect((await installer1.put(`/device/${id(sns.a2)}/pvStrings`, { strings: [pvString(1)] })).status).toBe(
      200,
    );
    // A scan reports the conditions of the inverter's last step: wait until both have fed in once.
    await waitFor(async () => {
      const rows = await w.db
        .select({ deviceId: deviceLatest.deviceId })
        .from(deviceLatest)
        .where(and(inArray(deviceLatest.deviceId, [id(sns.a1), id(sns.a2)]), gt(deviceLatest.powerW, 0)));
      return rows.length === 2;
    }, 'both inverters feeding in');
  }, 180_000);

  afterAll(async () => {
    await w?.close();
  });

  it('refuses a foreign station, a device of another station and an unknown one, storing and sending nothing', async () => {
    const before = await stored();
    expect((await installer1.post('/iv/scan', { stationId: stationB, deviceIds: [id(sns.b)] })).status).toBe(
      4004,
    );
    const wrong = await installer1.post<{ field: string; rule: string }[]>('/iv/scan', {
      stationId: stationA,
      deviceIds: [id(sns.a1), id(sns.b), 999_999],
    });
    expect(wrong.status).toBe(4000);
    expect(wrong.data.map((e) => [e.field, e.rule])).toEqual([
      ['body.deviceIds[1]', 'iv.deviceNotInStation'],
      ['body.deviceIds[2]', 'iv.deviceNotInStation'],
    ]);
    for (const body of [
      { stationId: stationA, deviceIds: [] },
      { stationId: stationA, deviceIds: [id(sns.a1), id(sns.a1)] },
      { stationId: stationA, deviceIds: [id(sns.a1)], strings: [{ mppt: 0, string: 1 }] },
      { stationId: stationA },
    ])
      expect((await installer1.post('/iv/scan', body)).status, JSON.stringify(body)).toBe(4000);
    expect(await stored()).toEqual(before);
  });

  it('scans both inverters: the open string found, the healthy ones normal, an unstored string undiagnosed', async () => {
    const res = await installer1.post<IvTaskView>('/iv/scan', {
      stationId: stationA,
      deviceIds: [id(sns.a1), id(sns.a2)],
    });
    expect(res.status).toBe(200);
    const task = res.data;
    expect(task).toMatchObject({
      stationId: stationA,
      stationName: `IV A ${tag}`,
      state: 'COMPLETE',
      createdBy: 'demo.installer1',
      deviceCount: 2,
      done: 2,
      failed: 0,
      open: 0,
      strings: null,
    });
    const bySn = new Map(task.devices.map((d) => [d.deviceSn, d]));
    const verdicts = (sn: string) =>
      bySn.get(sn)!.curves.map((c) => [c.mppt, c.string, c.diagnosis?.verdict ?? null]);
    expect(verdicts(sns.a1)).toEqual([
      [1, 1, 'NORMAL'],
      [2, 1, 'OPEN_STRING'],
    ]);
    expect(verdicts(sns.a2)).toEqual([
      [1, 1, 'NORMAL'],
      [2, 1, null],
    ]);
    const healthy = bySn.get(sns.a1)!.curves[0]!;
    expect(healthy.irradiance).toBeGreaterThan(600);
    expect(healthy.v.length).toBe(healthy.i.length);
    expect(healthy.v.length).toBeGreaterThanOrEqual(10);
    // The diagnosis' figures are computed from the points; the expected Voc is eight modules' at that light.
    expect(healthy.diagnosis!.figures.voc).toBeCloseTo(healthy.reported.voc, 0);
    expect(healthy.diagnosis!.expected.voc).toBeGreaterThan(PV_MODULE_SF_M450.voc * MODULES * 0.85);
    expect(healthy.diagnosis!.expected.voc).toBeLessThan(PV_MODULE_SF_M450.voc * MODULES * 1.05);

    // One iv.scan per inverter, carrying the task's id; the read-back equals the answer; audited.
    const sent = await w.db.select().from(commands).where(eq(commands.batchId, task.id));
    expect(sent.map((c) => [c.name, c.params])).toEqual([
      ['iv.scan', { points: 50 }],
      ['iv.scan', { points: 50 }],
    ]);
    expect((await installer1.get<IvTaskView>(`/iv/task/${task.id}`)).data).toEqual(task);
    const [audit] = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'iv.scan'), eq(auditLog.targetId, task.id)));
    expect(audit).toMatchObject({ username: 'demo.installer1', status: 200, targetType: 'ivTask' });
    expect(audit?.detail).toMatchObject({ stationId: stationA, devices: 2, state: 'COMPLETE' });
  });

  it('scans only the strings asked for, on the one input named', async () => {
    const res = await installer1.post<IvTaskView>('/iv/scan', {
      stationId: stationA,
      deviceIds: [id(sns.a1)],
      strings: [{ mppt: 2, string: 1 }],
    });
    expect(res.status).toBe(200);
    expect(res.data.strings).toEqual([{ mppt: 2, string: 1 }]);
    expect(res.data.devices[0]!.curves.map((c) => [c.mppt, c.diagnosis?.verdict])).toEqual([
      [2, 'OPEN_STRING'],
    ]);
    const [sent] = await w.db.select().from(commands).where(eq(commands.batchId, res.data.id));
    expect(sent?.params).toEqual({ points: 50, mppt: 2, string: 1 });
  });

  it('keeps a task SCANNING while an inverter is silent, and lists tasks only within reach', async () => {
    // The test clock stands still: a second later, so this task is the newest.
    w.t.clock.advance(1);
    const res = await installer1.post<IvTaskView>('/iv/scan', {
      stationId: stationA,
      deviceIds: [id(sns.a2), offline],
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ state: 'SCANNING', done: 1, open: 1, failed: 0 });
    const silent = res.data.devices.find((d) => d.deviceId === offline)!;
    expect(['PENDING', 'SENT']).toContain(silent.state);
    expect(silent.curves).toEqual([]);

    const page = await installer1.get<{ total: number; list: IvTaskView[] }>(
      `/iv/task/page?stationId=${stationA}&pageSize=2`,
    );
    expect(page.data.total).toBe(3);
    expect(page.data.list.map((t) => t.id)[0]).toBe(res.data.id);
    expect(page.data.list.every((t) => t.devices.length === 0)).toBe(true);
    expect((await installer2.get<{ total: number }>('/iv/task/page')).data.total).toBe(0);
    expect((await installer2.get(`/iv/task/${res.data.id}`)).status).toBe(4004);
  });

  it("tells the station's irradiance (its weather station) and local time against SPEC §9", async () => {
    await waitFor(async () => {
      const [row] = await w.db
        .select({ n: sql`count(*)`.mapWith(Number) })
        .from(deviceLatest)
        .where(eq(deviceLatest.deviceId, id(`SFW1${tag}01`)));
      return (row?.n ?? 0) > 0;
    }, 'the weather station reporting');
    const res = await installer1.get<IvConditions>(`/iv/conditions?stationId=${stationA}`);
    expect(res.status).toBe(200);
    const now = w.t.clock.now();
    const localTime = now.toISOString().slice(11, 16);
    const hour = now.getUTCHours();
    expect(res.data).toMatchObject({
      stationId: stationA,
      timeZone: 'UTC',
      localTime,
      timeOk: hour >= 11 && hour < 13,
    });
    // Solar noon under a clear sky at 5° N.
    expect(res.data.irradiance).toBeGreaterThan(600);
    expect(res.data.irradianceOk).toBe(true);
    expect(res.data.measuredAt).not.toBeNull();
    // Station B has no weather station: nothing measured, so no go.
    const b = await installer2.get<IvConditions>(`/iv/conditions?stationId=${stationB}`);
    expect(b.data).toMatchObject({ irradiance: null, measuredAt: null, irradianceOk: false });
    expect((await installer2.get(`/iv/conditions?stationId=${stationA}`)).status).toBe(4004);
  });

  it("keeps each string's history and exports a task's points as CSV and XLSX", async () => {
    const history = await installer1.get<IvHistory>(`/iv/history?deviceId=${id(sns.a1)}`);
    expect(history.status).toBe(200);
    // Two answered scans of inverter 1: every string, then only the open one.
    expect(history.data.strings.map((s) => [s.mppt, s.string, s.points.map((p) => p.verdict)])).toEqual([
      [1, 1, ['NORMAL']],
      [2, 1, ['OPEN_STRING', 'OPEN_STRING']],
    ]);
    const healthy = history.data.strings[0]!.points[0]!;
    expect(healthy.pmaxStc).toBeGreaterThan(PV_MODULE_SF_M450.vmp * PV_MODULE_SF_M450.imp * MODULES * 0.8);
    expect((await installer2.get(`/iv/history?deviceId=${id(sns.a1)}`)).status).toBe(4004);

    const [first] = (
      await installer1.get<{ list: IvTaskView[] }>(`/iv/task/page?stationId=${stationA}`)
    ).data.list.slice(-1);
    const task = (await installer1.get<IvTaskView>(`/iv/task/${first!.id}`)).data;
    const csv = await w.t.app.inject({
      url: `/api/iv/task/${task.id}/export?format=csv`,
      headers: { authorization: `Bearer ${token1}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'task,station,device_sn,mppt,string,scanned_at_utc,irradiance_wm2,cell_temp_c,point,voltage_v,current_a,power_w,expected_current_a',
    );
    const rows = lines.slice(1).map((l) => l.split(','));
    const curves = task.devices.flatMap((d) => d.curves.map((c) => ({ sn: d.deviceSn, c })));
    expect(rows.length).toBe(curves.reduce((n, { c }) => n + c.v.length, 0));
    // Read back: every point equals the curve the device sent, in order.
    let k = 0;
    for (const { sn, c } of curves)
      c.v.forEach((v, p) => {
        const row = rows[k++]!;
        expect([
          row[2],
          Number(row[3]),
          Number(row[4]),
          Number(row[8]),
          Number(row[9]),
          Number(row[10]),
        ]).toEqual([sn, c.mppt, c.string, p + 1, v, c.i[p]]);
        // Without stored modules there is no expected current.
        expect(row[12] === '').toBe(c.diagnosis === null);
      });
    const xlsx = await w.t.app.inject({
      url: `/api/iv/task/${task.id}/export`,
      headers: { authorization: `Bearer ${token1}` },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('.xlsx');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const foreign = await w.t.app.inject({
      url: `/api/iv/task/${task.id}/export?format=csv`,
      headers: { authorization: `Bearer ${token2}` },
    });
    expect(JSON.parse(foreign.body)).toMatchObject({ status: 4004 });
  });

  it('scans by itself for a string alarm once the station allows it, once a day per inverter, and shows the verdicts with the alarm', async () => {
    const url = `/iv/autoScan/${stationA}`;
    expect((await installer1.get(url)).data).toEqual({ stationId: stationA, enabled: false });
    expect((await installer2.put(url, { enabled: true })).status).toBe(4004);
    expect((await installer1.put(url, { enabled: 'yes' })).status).toBe(4000);
    const [device] = await w.db
      .select()
      .from(devices)
      .where(eq(devices.id, id(sns.a1)));
    const raise = async (recordId: string): Promise<number> =>
      (
        await w.db
          .insert(alarms)
          .values({
            gatewayId: device!.gatewayId,
            deviceId: device!.id,
            recordId,
            kind: 'ALARM',
            code: 4001,
            level: 'PROMPT',
            message: 'String current low',
            startedAt: new Date(),
          })
          .returning({ id: alarms.id })
      )[0]!.id;
    const alarmId = await raise(`IV-${tag}-1`);
    const scanner = new IvAutoScanner(w.t.database);
    // Switched off: nothing starts.
    expect(await scanner.round(new Date())).toEqual([]);
    expect((await installer1.put(url, { enabled: true })).data).toEqual({
      stationId: stationA,
      enabled: true,
    });
    const [audit] = await w.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'iv.autoScan'),
          eq(auditLog.username, 'demo.installer1'),
          eq(auditLog.status, 200),
        ),
      );
    expect(audit?.detail).toMatchObject({ enabled: true });

    const started = await scanner.round(new Date());
    expect(started).toHaveLength(1);
    const [task] = await w.db.select().from(ivTasks).where(eq(ivTasks.id, started![0]!));
    expect(task).toMatchObject({ trigger: 'AUTO', alarmId, stationId: stationA, createdByUserId: null });
    // The same alarm, and another string alarm of the same inverter the same day, start nothing more.
    await raise(`IV-${tag}-2`);
    expect(await scanner.round(new Date())).toEqual([]);

    await waitFor(async () => {
      const [c] = await w.db.select().from(commands).where(eq(commands.batchId, task!.id));
      return c?.state === 'DONE';
    }, 'the automatic scan answered');
    const detail = await installer1.get<AlarmDetail>(`/alarm/${alarmId}`);
    expect(detail.data.ivScan).toMatchObject({ taskId: task!.id, state: 'COMPLETE' });
    expect(detail.data.ivScan!.strings).toEqual([
      { mppt: 1, string: 1, verdict: 'NORMAL' },
      { mppt: 2, string: 1, verdict: 'OPEN_STRING' },
    ]);
    const listed = await installer1.get<{ list: IvTaskView[] }>(`/iv/task/page?stationId=${stationA}`);
    expect(listed.data.list[0]).toMatchObject({ id: task!.id, trigger: 'AUTO', alarmId, createdBy: null });
  });

  it('counts a silent inverter as failed once its scan expires: the task is UNFINISHED', async () => {
    const [silent] = await w.db
      .select()
      .from(commands)
      .where(and(eq(commands.deviceId, offline), eq(commands.name, 'iv.scan')));
    expect(['PENDING', 'SENT']).toContain(silent!.state);
    const expired = await new CommandsRepository(w.db).expire(new Date(silent!.expiresAt.getTime() + 1));
    expect(expired.map((c) => c.id)).toEqual([silent!.id]);
    const task = (await installer1.get<IvTaskView>(`/iv/task/${silent!.batchId}`)).data;
    expect(task).toMatchObject({ state: 'UNFINISHED', done: 1, failed: 1, open: 0 });
    expect(task.devices.find((d) => d.deviceId === offline)).toMatchObject({ state: 'EXPIRED', curves: [] });
  });
});
