// Upgrade tasks through the API without devices online (Step 5d, docs/firmware.md "Upgrade tasks"): each
// SPEC §5 joint-upgrade rule answers its message and stores nothing; versions, busy devices, the appointment
// and the target choice likewise; foreign devices and stations answer 4004 like missing ones and tasks stay
// within their company; the controls answer upgrade.notInState where they do not apply; waves are cut as
// the task says; the runner's health watch counts a silent device or an urgent alarm as a failure.
import { generateKeyPairSync } from 'node:crypto';
import { UpgradeLimits, type FirmwareView, type UpgradeTaskView } from '@sunfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms, commands, devices, gateways, roles, upgradeTaskDevices, users } from '../src/db/schema.js';
import { CommandsService } from '../src/modules/commands/commands.service.js';
import { UpgradeRunner } from '../src/modules/firmware/upgrade.runner.js';
import { wavesOf } from '../src/modules/firmware/upgrade.service.js';
import { bearer, createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { as, countRows, DEMO_PASSWORD, setPasswords } from './organisation-fixtures.js';
import { formData } from './support/form-data.js';
import { writeBatch } from './rollups-support.js';
import { createTestStation, registerTestLogger } from './support/loggers.js';

const key = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

describe('waves', () => {
  it('cut a canary share (at least one device) and then waves of the wave size; a broadcast is one wave', () => {
    expect(wavesOf(10, { broadcast: false, canaryPercent: 10, waveSize: 4 })).toEqual([
      0, 1, 1, 1, 1, 2, 2, 2, 2, 3,
    ]);
    expect(wavesOf(3, { broadcast: false, canaryPercent: 1, waveSize: 20 })).toEqual([0, 1, 1]);
    expect(wavesOf(4, { broadcast: false, canaryPercent: 50, waveSize: 1 })).toEqual([0, 0, 1, 2]);
    expect(wavesOf(3, { broadcast: true, canaryPercent: 10, waveSize: 1 })).toEqual([0, 0, 0]);
  });
});

describe.each(oneDatabase())('upgrade task rules on %s', (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let installer1: ReturnType<typeof as>;
  let installer2: ReturnType<typeof as>;
  let token: string;
  const dev = {} as Record<
    'a1' | 'a2' | 'a1b' | 'other' | 'g1' | 'g2' | 'b' | 'unbound' | 'newer' | 'old' | 'big' | 'battery',
    number
  >;
  let stationA: number;
  let loggerA1: number;
  let loggerA1b: number;
  let loggerA2: number;
  let image: FirmwareView;
  let gatewayImage: FirmwareView;

  const inverter = async (gatewayId: number, sn: string, firmware = '1.0.0', model = 'SF-INV-1P-5K') => {
    const [row] = await t.database.db
      .insert(devices)
      .values({ gatewayId, sn, deviceType: 'INVERTER', model, unitId: 1, firmware })
      .returning({ id: devices.id });
    return row!.id;
  };
  const upload = async (fields: Record<string, string>) => {
    const body = await formData(fields, { name: 'x.bin', bytes: Buffer.from(JSON.stringify(fields)) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/firmware',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    return res.json<{ data: FirmwareView }>().data;
  };
  const refused = async (body: Record<string, unknown>, field: string, rule: string) => {
    const before = [await countRows(t, 'upgrade_tasks'), await countRows(t, 'upgrade_task_devices')];
    const answer = await admin.post<{ field: string; rule: string }[]>('/upgrade/task', body);
    expect(answer.status, answer.body).toBe(4000);
    expect(answer.data).toEqual([expect.objectContaining({ field, rule })]);
    expect([await countRows(t, 'upgrade_tasks'), await countRows(t, 'upgrade_task_devices')]).toEqual(before);
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { FIRMWARE_SIGNING_KEY: key } });
    token = await t.login();
    admin = as(t, token);
    const db = t.database.db;
    // Installer 2 runs upgrades for company 4; installer 1 keeps the Manager role, which has no upgrade codes.
    await db.insert(roles).values({
      id: 902,
      name: 'Upgrader',
      nameKey: 'role.manager',
      roleType: 'MANAGER',
      permissions: ['upgrade:view', 'upgrade:create', 'upgrade:control', 'firmware:view', 'device:view'],
    });
    await db.update(users).set({ roleId: 902 }).where(eq(users.username, 'demo.installer2'));
    await setPasswords(t, ['demo.installer1', 'demo.installer2']);
    installer1 = as(t, await t.login('demo.installer1', DEMO_PASSWORD));
    installer2 = as(t, await t.login('demo.installer2', DEMO_PASSWORD));
    stationA = (await createTestStation(db, { companyId: 3, type: 'HOUSEHOLD_PV' })).id;
    const stationA2 = (await createTestStation(db, { companyId: 3, type: 'HOUSEHOLD_PV' })).id;
    const ground1 = (await createTestStation(db, { companyId: 3, type: 'GROUND_STATION' })).id;
    const ground2 = (await createTestStation(db, { companyId: 3, type: 'GROUND_STATION' })).id;
    const stationB = (await createTestStation(db, { companyId: 4, type: 'HOUSEHOLD_PV' })).id;
    loggerA1 = (await registerTestLogger(db, { stationId: stationA, companyId: 3 })).id;
    loggerA1b = (await registerTestLogger(db, { stationId: stationA, companyId: 3 })).id;
    loggerA2 = (await registerTestLogger(db, { stationId: stationA2, companyId: 3 })).id;
    const loggerG1 = (await registerTestLogger(db, { stationId: ground1, companyId: 3 })).id;
    const loggerG2 = (await registerTestLogger(db, { stationId: ground2, companyId: 3 })).id;
    const loggerB = (await registerTestLogger(db, { stationId: stationB, companyId: 4 })).id;
    const unbound = (await registerTestLogger(db, { stationId: null, companyId: 3 })).id;
    dev.a1 = await inverter(loggerA1, 'UPRA1');
    dev.a2 = await inverter(loggerA1, 'UPRA2');
    dev.a1b = await inverter(loggerA1b, 'UPRA3');
    dev.other = await inverter(loggerA2, 'UPRA4');
    dev.g1 = await inverter(loggerG1, 'UPRG1');
    dev.g2 = await inverter(loggerG2, 'UPRG2');
    dev.b = await inverter(loggerB, 'UPRB1');
    dev.unbound = await inverter(unbound, 'UPRU1');
    dev.newer = await inverter(loggerA1, 'UPRN1', '3.0.0');
    dev.old = await inverter(loggerA1, 'UPRO1', '0.9');
    dev.big = await inverter(loggerA1, 'UPRX1', '1.0.0', 'SF-INV-3P-10K');
    const [battery] = await db
      .insert(devices)
      .values({ gatewayId: loggerA1, sn: 'UPRBAT', deviceType: 'BATTERY', model: 'SF-BAT-10K', unitId: 2 })
      .returning({ id: devices.id });
    dev.battery = battery!.id;
    image = await upload({
      deviceType: 'INVERTER',
      model: 'SF-INV-1P-5K',
      version: '2.0',
      minVersion: '1.0',
    });
    gatewayImage = await upload({ deviceType: 'GATEWAY', model: 'SF-LOGGER-4G', version: '3.0' });
  });
  afterAll(() => t.close());

  it('answers each joint-upgrade rule with its message and stores nothing', async () => {
    const body = { firmwareId: image.id };
    await refused(
      { ...body, deviceIds: [dev.a1, dev.battery] },
      'body.deviceIds',
      'upgrade.deviceTypeMismatch',
    );
    await refused({ ...body, deviceIds: [dev.a1, dev.big] }, 'body.deviceIds', 'upgrade.modelMismatch');
    await refused({ ...body, deviceIds: [dev.a1, dev.a1b] }, 'body.deviceIds', 'upgrade.differentLoggers');
    await refused({ ...body, allOfModel: true }, 'body.allOfModel', 'upgrade.boundAndUnbound');
    await refused({ ...body, gatewayIds: [loggerA1] }, 'body.gatewayIds', 'upgrade.deviceTypeMismatch');
    await refused(
      { firmwareId: gatewayImage.id, deviceIds: [dev.a1] },
      'body.deviceIds',
      'upgrade.deviceTypeMismatch',
    );
    // The unbound inverter gone, the rest spans household and ground sites.
    await t.database.db.delete(devices).where(eq(devices.id, dev.unbound));
    await refused({ ...body, allOfModel: true }, 'body.allOfModel', 'upgrade.siteTypeMismatch');
  });

  it('refuses non-residential sites together, older than the minimum, newer without rollback, no target or two', async () => {
    const body = { firmwareId: image.id };
    // Only ground stations left in the choice: two sites of one type, but not residential.
    await t.database.db
      .update(devices)
      .set({ model: 'SF-INV-3P-50K' })
      .where(eq(devices.deviceType, 'INVERTER'));
    await t.database.db.update(devices).set({ model: 'SF-INV-1P-5K' }).where(eq(devices.id, dev.g1));
    await t.database.db.update(devices).set({ model: 'SF-INV-1P-5K' }).where(eq(devices.id, dev.g2));
    await refused({ ...body, allOfModel: true }, 'body.allOfModel', 'upgrade.acrossSites');
    await t.database.db
      .update(devices)
      .set({ model: 'SF-INV-1P-5K' })
      .where(eq(devices.deviceType, 'INVERTER'));
    await t.database.db.update(devices).set({ model: 'SF-INV-3P-10K' }).where(eq(devices.id, dev.big));

    await refused({ ...body, deviceIds: [dev.old] }, 'body.deviceIds', 'upgrade.belowMinVersion');
    await refused({ ...body, deviceIds: [dev.newer] }, 'body.deviceIds', 'upgrade.downgrade');
    await refused(body, 'body', 'upgrade.targetRequired');
    await refused({ ...body, deviceIds: [dev.a1], stationId: stationA }, 'body', 'upgrade.targetRequired');
    const past = t.clock.now().getTime() - 1;
    await refused(
      { ...body, deviceIds: [dev.a1], scheduledAt: past },
      'body.scheduledAt',
      'rule.appointmentNotLater',
    );
    // A rollback may install the older image.
    const rollback = await admin.post<UpgradeTaskView>('/upgrade/task', {
      ...body,
      deviceIds: [dev.newer],
      rollback: true,
    });
    expect(rollback.data).toMatchObject({ rollback: true, counts: { total: 1 } });
    expect((await admin.post(`/upgrade/task/${rollback.data.id}/cancel`)).status).toBe(200);
  });

  it('keeps devices of an open task out of another; a station task takes the image’s models there', async () => {
    const first = await admin.post<UpgradeTaskView>('/upgrade/task', {
      firmwareId: image.id,
      stationId: stationA,
      canaryPercent: 50,
      waveSize: 1,
    });
    expect(first.status, first.body).toBe(200);
    expect(first.data.devices.map((d) => d.sn).sort()).toEqual(['UPRA1', 'UPRA2', 'UPRA3']);
    expect(first.data.devices.map((d) => d.wave)).toEqual([0, 0, 1]);
    expect(first.data).toMatchObject({ waves: 2, stationType: 'HOUSEHOLD_PV', state: 'RUNNING' });
    await refused({ firmwareId: image.id, deviceIds: [dev.a2] }, 'body.deviceIds', 'upgrade.deviceBusy');
    expect((await admin.post(`/upgrade/task/${first.data.id}/run`)).enMsg).toBe('upgrade.notInState');
    expect((await admin.post(`/upgrade/task/${first.data.id}/resume`)).enMsg).toBe('upgrade.notInState');
    expect((await admin.post(`/upgrade/task/${first.data.id}/stop`)).status).toBe(4000);
    const cancelled = await admin.post<UpgradeTaskView>(`/upgrade/task/${first.data.id}/cancel`);
    expect(cancelled.data.devices.every((d) => d.state === 'SKIPPED')).toBe(true);
    expect((await admin.post(`/upgrade/task/${first.data.id}/cancel`)).enMsg).toBe('upgrade.notInState');
    // Cancelled, its devices are free again.
    const again = await admin.post<UpgradeTaskView>('/upgrade/task', {
      firmwareId: image.id,
      deviceIds: [dev.a2],
    });
    expect(again.status).toBe(200);
    await admin.post(`/upgrade/task/${again.data.id}/cancel`);
  });

  it('keeps foreign devices, stations and tasks out of reach, and needs the upgrade permissions', async () => {
    const body = { firmwareId: image.id };
    // Installer 1's role has no upgrade:create.
    expect((await installer1.post('/upgrade/task', { ...body, deviceIds: [dev.a1] })).status).toBe(4003);
    // Installer 2 (company 4) cannot name company 3's devices or station: 4004 like missing ones.
    const before = await countRows(t, 'upgrade_tasks');
    expect((await installer2.post('/upgrade/task', { ...body, deviceIds: [dev.a1] })).status).toBe(4004);
    expect((await installer2.post('/upgrade/task', { ...body, deviceIds: [dev.b, dev.a1] })).status).toBe(
      4004,
    );
    expect((await installer2.post('/upgrade/task', { ...body, stationId: stationA })).status).toBe(4004);
    expect((await installer2.post('/upgrade/task', { ...body, deviceIds: [999_999] })).status).toBe(4004);
    expect(await countRows(t, 'upgrade_tasks')).toBe(before);
    // allOfModel takes only what is in reach.
    const own = await installer2.post<UpgradeTaskView>('/upgrade/task', { ...body, allOfModel: true });
    expect(own.status, own.body).toBe(200);
    expect(own.data.devices.map((d) => d.sn)).toEqual(['UPRB1']);
    // Tasks stay within their company.
    const theirs = await admin.post<UpgradeTaskView>('/upgrade/task', { ...body, deviceIds: [dev.other] });
    expect(theirs.status, theirs.body).toBe(200);
    expect((await installer2.get(`/upgrade/task/${theirs.data.id}`)).status).toBe(4004);
    expect((await installer2.post(`/upgrade/task/${theirs.data.id}/pause`)).status).toBe(4004);
    const page = await installer2.get<{ list: UpgradeTaskView[] }>('/upgrade/task/page');
    expect(page.data.list.map((x) => x.id)).toEqual([own.data.id]);
    expect((await installer2.get(`/upgrade/task/${own.data.id}`)).status).toBe(200);
    await installer2.post(`/upgrade/task/${own.data.id}/cancel`);
    // A firmware history of a foreign device or logger answers 4004; one of each or neither, 4000.
    expect((await installer2.get(`/upgrade/history?deviceId=${dev.a1}`)).status).toBe(4004);
    expect((await installer2.get(`/upgrade/history?gatewayId=${loggerA1}`)).status).toBe(4004);
    expect((await installer2.get('/upgrade/history')).enMsg).toBe('upgrade.targetRequired');
    expect((await installer2.get(`/upgrade/history?deviceId=${dev.b}&gatewayId=1`)).status).toBe(4000);
    const own2 = await installer2.get<{ taskId: string; state: string }[]>(
      `/upgrade/history?deviceId=${dev.b}`,
    );
    expect(own2.data).toEqual([expect.objectContaining({ taskId: own.data.id, state: 'SKIPPED' })]);
    await admin.post(`/upgrade/task/${theirs.data.id}/cancel`);
  });

  it('counts a device that fell silent after its install, or raised an urgent alarm, as a failure', async () => {
    const db = t.database.db;
    const now = t.clock.now();
    const task = await admin.post<UpgradeTaskView>('/upgrade/task', {
      firmwareId: gatewayImage.id,
      gatewayIds: [loggerA1, loggerA1b, loggerA2],
      broadcast: true,
      healthWatchMinutes: 1,
    });
    expect(task.status, task.body).toBe(200);
    // As if each logger had installed it two minutes ago; then A1 stopped reporting, A1b raised an urgent
    // alarm and A2 reported on schedule.
    const installed = new Date(now.getTime() - 120_000);
    for (const row of task.data.devices)
      await db
        .update(upgradeTaskDevices)
        .set({ state: 'WATCHING', finishedAt: installed, watchUntil: new Date(now.getTime() - 60_000) })
        .where(eq(upgradeTaskDevices.id, row.id));
    const seen = async (gatewayId: number, at: Date) =>
      db.update(gateways).set({ lastSeenAt: at, uploadIntervalS: 300 }).where(eq(gateways.id, gatewayId));
    await seen(loggerA1, new Date(now.getTime() - 10 * 60_000));
    await seen(loggerA1b, new Date(now.getTime() - 30_000));
    await seen(loggerA2, new Date(now.getTime() - 30_000));
    await db.insert(alarms).values({
      gatewayId: loggerA1b,
      recordId: 'after-upgrade',
      kind: 'ALARM',
      code: 1001,
      level: 'URGENT',
      startedAt: new Date(now.getTime() - 90_000),
    });
    const runner = new UpgradeRunner({ database: t.database, clock: t.clock, publicUrl: 'http://localhost' });
    await runner.round();
    const ended = (await admin.get<UpgradeTaskView>(`/upgrade/task/${task.data.id}`)).data;
    const bySn = new Map(ended.devices.map((d) => [d.gatewayId, d]));
    expect(bySn.get(loggerA1)).toMatchObject({
      state: 'FAILED',
      error: 'regression: silent since the upgrade',
    });
    expect(bySn.get(loggerA1b)).toMatchObject({
      state: 'FAILED',
      error: 'regression: 1 urgent alarm(s) since the upgrade',
    });
    expect(bySn.get(loggerA2)).toMatchObject({ state: 'DONE', error: null });
    await runner.round();
    expect((await admin.get<UpgradeTaskView>(`/upgrade/task/${task.data.id}`)).data.state).toBe('FAILED');
  });

  it('counts an inverter producing less than half of its peers since its install as a failure', async () => {
    const db = t.database.db;
    const now = t.clock.now();
    const station = (await createTestStation(db, { companyId: 3, type: 'HOUSEHOLD_PV' })).id;
    const logger = (await registerTestLogger(db, { stationId: station, companyId: 3 })).id;
    const [weak, healthy, peer] = [
      await inverter(logger, 'UPRP1'),
      await inverter(logger, 'UPRP2'),
      await inverter(logger, 'UPRP3'),
    ];
    const task = await admin.post<UpgradeTaskView>('/upgrade/task', {
      firmwareId: image.id,
      deviceIds: [weak, healthy],
      broadcast: true,
      healthWatchMinutes: 1,
    });
    expect(task.status, task.body).toBe(200);
    const installed = now.getTime() - 120_000;
    for (const row of task.data.devices)
      await db
        .update(upgradeTaskDevices)
        .set({
          state: 'WATCHING',
          finishedAt: new Date(installed),
          watchUntil: new Date(now.getTime() - 60_000),
        })
        .where(eq(upgradeTaskDevices.id, row.id));
    // Readings every 20 s since the install: 200 W against 3,000 and 3,100 W of the same model next to it.
    const readings = (w: number) =>
      Array.from({ length: 6 }, (_, i) => ({ ts: installed + 10_000 + i * 20_000, power: w }));
    await writeBatch(db, logger, weak, readings(200));
    await writeBatch(db, logger, healthy, readings(3_000));
    await writeBatch(db, logger, peer, readings(3_100));
    await db
      .update(devices)
      .set({ lastSeenAt: new Date(now.getTime() - 5_000) })
      .where(eq(devices.gatewayId, logger));
    await db.update(gateways).set({ uploadIntervalS: 60 }).where(eq(gateways.id, logger));

    await new UpgradeRunner({ database: t.database, clock: t.clock, publicUrl: 'http://localhost' }).round();
    const ended = (await admin.get<UpgradeTaskView>(`/upgrade/task/${task.data.id}`)).data;
    const byId = new Map(ended.devices.map((d) => [d.deviceId, d]));
    // 200 W against its one peer not upgraded by this task (3,100 W; the healthy one took the image too): 6 %.
    expect(byId.get(weak)).toMatchObject({ state: 'FAILED', error: 'regression: output 6 % of its peers' });
    expect(byId.get(healthy)).toMatchObject({ state: 'DONE', error: null });
  });

  it('leaves a device waiting while another task has it under way; the rest of the wave goes out', async () => {
    const db = t.database.db;
    const station = (await createTestStation(db, { companyId: 3, type: 'HOUSEHOLD_PV' })).id;
    const logger = (await registerTestLogger(db, { stationId: station, companyId: 3 })).id;
    const [taken, free, other] = [
      await inverter(logger, 'UPRQ1'),
      await inverter(logger, 'UPRQ2'),
      await inverter(logger, 'UPRQ3'),
    ];
    const task = await admin.post<UpgradeTaskView>('/upgrade/task', {
      firmwareId: image.id,
      deviceIds: [taken, free],
      broadcast: true,
    });
    expect(task.status, task.body).toBe(200);
    // Another task's row for the same device, already under way (as a race between two creations could leave).
    const rival = await admin.post<UpgradeTaskView>('/upgrade/task', {
      firmwareId: image.id,
      deviceIds: [other],
    });
    await db
      .update(upgradeTaskDevices)
      .set({ deviceId: taken, sn: 'UPRQ1', state: 'SENT' })
      .where(eq(upgradeTaskDevices.id, rival.data.devices[0]!.id));

    await new UpgradeRunner({ database: t.database, clock: t.clock, publicUrl: 'http://localhost' }).round();
    const after = (await admin.get<UpgradeTaskView>(`/upgrade/task/${task.data.id}`)).data;
    const state = new Map(after.devices.map((d) => [d.deviceId, d]));
    expect(state.get(taken)).toMatchObject({ state: 'WAITING', commandId: null, attempts: 0 });
    expect(state.get(free)).toMatchObject({ state: 'SENT', attempts: 1 });
    const sent = await db.select().from(commands).where(eq(commands.deviceId, free));
    expect(sent.map((c) => [c.name, c.id])).toEqual([['firmware.upgrade', state.get(free)?.commandId]]);
    expect(await db.select().from(commands).where(eq(commands.deviceId, taken))).toEqual([]);
  });

  it('sends a failed download again up to its retries, and a refused image not at all', async () => {
    const db = t.database.db;
    const station = (await createTestStation(db, { companyId: 3, type: 'HOUSEHOLD_PV' })).id;
    const logger = (await registerTestLogger(db, { stationId: station, companyId: 3 })).id;
    const [flaky, refusing] = [await inverter(logger, 'UPRR1'), await inverter(logger, 'UPRR2')];
    const task = await admin.post<UpgradeTaskView>('/upgrade/task', {
      firmwareId: image.id,
      deviceIds: [flaky, refusing],
      broadcast: true,
      retries: 1,
      healthWatchMinutes: 0,
    });
    expect(task.status, task.body).toBe(200);
    const runner = new UpgradeRunner({ database: t.database, clock: t.clock, publicUrl: 'http://localhost' });
    const commandsService = new CommandsService({ db, clock: t.clock, onEnqueued: () => undefined });
    const rowOf = async (deviceId: number) =>
      (await admin.get<UpgradeTaskView>(`/upgrade/task/${task.data.id}`)).data.devices.find(
        (d) => d.deviceId === deviceId,
      )!;
    const answer = async (deviceId: number, error: string) => {
      const row = await rowOf(deviceId);
      await commandsService.applyResult(logger, { v: 1, id: row.commandId!, state: 'FAILED', error });
      return row.commandId;
    };

    await runner.round();
    const first = await answer(flaky, 'download-failed');
    await answer(refusing, 'signature-mismatch');
    await runner.round();
    // The download is tried again with a new command; the refused image is not.
    expect(await rowOf(flaky)).toMatchObject({ state: 'SENT', attempts: 2, error: 'download-failed' });
    expect((await rowOf(flaky)).commandId).not.toBe(first);
    expect(await rowOf(refusing)).toMatchObject({
      state: 'FAILED',
      attempts: 1,
      error: 'signature-mismatch',
    });
    await answer(flaky, 'download-failed');
    await runner.round();
    expect(await rowOf(flaky)).toMatchObject({ state: 'FAILED', attempts: 2, error: 'download-failed' });
    expect((await admin.get<UpgradeTaskView>(`/upgrade/task/${task.data.id}`)).data.state).toBe('FAILED');
  });

  it('refuses a station or model choice of more devices than a task takes, storing nothing', async () => {
    const db = t.database.db;
    const station = (await createTestStation(db, { companyId: 3, type: 'HOUSEHOLD_PV' })).id;
    const logger = (await registerTestLogger(db, { stationId: station, companyId: 3 })).id;
    const many = Array.from({ length: UpgradeLimits.devicesMax + 1 }, (_, i) => ({
      gatewayId: logger,
      sn: `UPRM${String(i).padStart(5, '0')}`,
      deviceType: 'INVERTER' as const,
      model: 'SF-INV-3P-110K',
      unitId: 1,
      firmware: '1.0.0',
    }));
    for (let i = 0; i < many.length; i += 1_000) await db.insert(devices).values(many.slice(i, i + 1_000));
    const big = await upload({ deviceType: 'INVERTER', model: 'SF-INV-3P-110K', version: '2.0' });
    await refused({ firmwareId: big.id, stationId: station }, 'body.stationId', 'rule.tooMany');
  });
});
