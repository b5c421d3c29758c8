// Devices of a station (Step 3): logger and device pages, meters, device models and logger SNs of a
// station, AC coupling and event subscriptions — within the caller's reach only, bad input refused.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../src/db/client.js';
import { createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { as, DEMO_PASSWORD } from './organisation-fixtures.js';
import { addDevice, worker, writeBatch, type TestReading } from './rollups-support.js';
import {
  seenAt,
  twoTenants,
  withoutRequestId,
  type Client,
  type TwoTenants,
} from './telemetry-api-support.js';
import { createTestStation, registerTestLogger } from './support/loggers.js';
import { setLatest, useCatalogueModel } from './stations-support.js';

const MIN = 60_000;
/** 00:00 … 09:45 Berlin time on 1 June 2026, every 15 minutes; the test clock stands at 10:00. */
const FIRST = Date.parse('2026-05-31T22:00:00Z');

function inverterReadings(): TestReading[] {
  return Array.from({ length: 40 }, (_, i) => ({
    ts: FIRST + i * 15 * MIN,
    power: 2000,
    energy: 3_000_000 + i * 250,
  }));
}

interface DeviceItem {
  id: number;
  sn: string;
  deviceType: string;
  status: string;
  stationId: number | null;
  stationName: string | null;
  gatewayId: number;
  gatewaySn: string;
  powerKw: number | null;
  todayKwh: number | null;
  socPct: number | null;
  lastSeenAt: string | null;
  timeZone: string;
}
interface PageOf<T> {
  total: number;
  list: T[];
}
interface AcCouple {
  deviceId: number;
  enabled: boolean;
  coupledDeviceId: number | null;
  maxFeedInKw: number | null;
  state: string;
  sentAt: string | null;
  commandId: string | null;
  delivery: string | null;
}
interface Subscription {
  id: number;
  stationId: number;
  subject: string;
  notifyType: string;
  notifyTime: string | null;
  email: string;
}

describe.each(oneDatabase())('devices of a station on %s', (kind) => {
  let t: TestApp;
  let db: Db;
  let w: TwoTenants;
  /** An installer-company account whose role may change devices and stations. */
  let editor: Client;
  let viewer: Client;
  let batteryA: number;
  let stationA2: number;
  let inverterA2: number;

  async function expectHidden(client: Client, method: 'get' | 'del', foreign: string, missing: string) {
    const a = await client[method](foreign);
    const b = await client[method](missing);
    expect(a.status).toBe(4004);
    expect(withoutRequestId(a.body)).toEqual(withoutRequestId(b.body));
  }

  const count = async (table: string): Promise<number> =>
    (await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n ?? 0;

  beforeAll(async () => {
    // No logger is online here: AC-coupling changes answer PENDING after a short wait (ac-couple.test.ts
    // has the delivery to simulated devices).
    t = await createTestApp(kind, { remoteAnswerWaitMs: 50 });
    db = t.database.db;
    w = await twoTenants(t, `${kind}SD`);
    const loggerA = w.loggerA;
    batteryA = await addDevice(db, loggerA.id, 'BATTERY', `BAT-A-${kind}`);
    stationA2 = (await createTestStation(db, { companyId: 3, timeZone: 'Europe/Berlin' })).id;
    const loggerA2 = await registerTestLogger(db, { stationId: stationA2, companyId: 3 });
    inverterA2 = await addDevice(db, loggerA2.id, 'INVERTER', `INV-A2-${kind}`);
    await writeBatch(db, loggerA.id, w.inverterA, inverterReadings());
    await writeBatch(db, loggerA.id, w.meterA, [{ ts: FIRST, power: 10, import: 100, export: 0 }]);
    await worker(t.database).drainOnce();
    await seenAt(db, loggerA.id, new Date(t.clock.now().getTime() - MIN));

    const role = await w.admin.post<{ id: number }>('/role', {
      name: `Station editor ${kind}`,
      visibility: 'PUBLIC',
      roleType: 'MANAGER',
      permissions: [
        'station:view',
        'station:update',
        'device:view',
        'device:update',
        'acCouple:update',
        'gateway:view',
      ],
    });
    expect(role.status).toBe(200);
    const username = `sd.editor.${kind}`;
    const user = await w.admin.post('/user', {
      username,
      password: DEMO_PASSWORD,
      roleId: role.data.id,
      companyId: 3,
    });
    expect(user.status).toBe(200);
    editor = as(t, await t.login(username, DEMO_PASSWORD));

    const viewRole = await w.admin.post<{ id: number }>('/role', {
      name: `Station viewer ${kind}`,
      visibility: 'PUBLIC',
      roleType: 'MANAGER',
      permissions: ['station:view', 'device:view', 'gateway:view'],
    });
    expect(viewRole.status).toBe(200);
    const viewerName = `sd.viewer.${kind}`;
    const viewerUser = await w.admin.post('/user', {
      username: viewerName,
      password: DEMO_PASSWORD,
      roleId: viewRole.data.id,
      companyId: 3,
    });
    expect(viewerUser.status).toBe(200);
    viewer = as(t, await t.login(viewerName, DEMO_PASSWORD));
  }, 120_000);
  afterAll(() => t.close());

  it('pages the loggers of the stations within reach, and of one station', async () => {
    const all = await w.installer1.get<PageOf<{ id: number; stationId: number | null; stationName: string }>>(
      '/station/gateway/page?pageSize=100',
    );
    expect(all.status).toBe(200);
    const ids = all.data.list.map((g) => g.id);
    expect(ids).toContain(w.loggerA.id);
    expect(ids).not.toContain(w.loggerB.id);
    const one = await w.installer1.get<PageOf<{ id: number; stationName: string; sn: string }>>(
      `/station/gateway/page?stationId=${w.stationA}`,
    );
    expect(one.data.total).toBe(1);
    expect(one.data.list[0]).toMatchObject({
      id: w.loggerA.id,
      sn: w.loggerA.sn,
      status: 'NORMAL',
      timeZone: 'Europe/Berlin',
    });
    expect(one.data.list[0]?.stationName).toMatch(/^Station /);
    // Another tenant's station as a filter finds nothing rather than its loggers.
    const foreign = await w.installer1.get<PageOf<unknown>>(`/station/gateway/page?stationId=${w.stationB}`);
    expect(foreign.data).toEqual({ total: 0, list: [] });

    const station = await w.installer1.get<PageOf<{ id: number }>>(`/station/${w.stationA}/gateway/page`);
    expect(station.data.list.map((g) => g.id)).toEqual([w.loggerA.id]);
    const normal = await w.owner1.get<PageOf<{ id: number }>>(
      `/station/${w.stationA}/gateway/page?status=OFFLINE`,
    );
    expect(normal.data.total).toBe(0);
    await expectHidden(
      w.installer1,
      'get',
      `/station/${w.stationB}/gateway/page`,
      '/station/999999/gateway/page',
    );
    await expectHidden(
      w.owner2,
      'get',
      `/station/${w.stationA}/gateway/page`,
      '/station/999999/gateway/page',
    );
    expect((await w.installer1.get('/station/gateway/page?status=SLEEPING')).status).toBe(4000);
  });

  it('pages devices with their status, power now and energy of the station-local day', async () => {
    const res = await w.installer1.get<PageOf<DeviceItem>>(
      `/station/gateway/inverterPage?stationId=${w.stationA}&pageSize=50`,
    );
    expect(res.status).toBe(200);
    expect(res.data.total).toBe(3);
    const inverter = res.data.list.find((d) => d.id === w.inverterA);
    expect(inverter).toMatchObject({
      deviceType: 'INVERTER',
      status: 'RUNNING',
      stationId: w.stationA,
      gatewayId: w.loggerA.id,
      gatewaySn: w.loggerA.sn,
      powerKw: 2,
    });
    // 39 steps of 250 Wh, all inside 1 June in Berlin.
    expect(inverter?.todayKwh).toBeCloseTo(9.75, 9);
    expect(res.data.list.find((d) => d.id === batteryA)).toMatchObject({ todayKwh: null, powerKw: null });
    // A meter has readings of today, but no yield of its own.
    expect(res.data.list.find((d) => d.id === w.meterA)).toMatchObject({ todayKwh: null, powerKw: 0.01 });

    const meters = await w.installer1.get<PageOf<DeviceItem>>(
      `/station/gateway/inverterPage?deviceType=METER&stationId=${w.stationA}`,
    );
    expect(meters.data.list.map((d) => d.id)).toEqual([w.meterA]);
    const byLogger = await w.installer1.get<PageOf<DeviceItem>>(
      `/station/gateway/inverterPage?gatewayId=${w.loggerA.id}&sn=BAT-A`,
    );
    expect(byLogger.data.list.map((d) => d.id)).toEqual([batteryA]);

    // The status filter finds exactly the devices the list shows with that status.
    const everything = await w.installer1.get<PageOf<DeviceItem>>(
      '/station/gateway/inverterPage?pageSize=100',
    );
    expect(everything.data.list.map((d) => d.id)).toEqual(
      expect.arrayContaining([w.inverterA, w.meterA, batteryA, inverterA2]),
    );
    expect(everything.data.list.map((d) => d.id)).not.toContain(w.inverterB);
    expect(everything.data.list.find((d) => d.id === inverterA2)?.status).toBe('OTHER');
    for (const status of ['RUNNING', 'FAULT', 'OFFLINE', 'OTHER']) {
      const filtered = await w.installer1.get<PageOf<DeviceItem>>(
        `/station/gateway/inverterPage?pageSize=100&status=${status}`,
      );
      expect(filtered.data.list.map((d) => d.id).sort()).toEqual(
        everything.data.list
          .filter((d) => d.status === status)
          .map((d) => d.id)
          .sort(),
      );
    }

    // Three upload intervals and a minute later the devices are offline and show no power now.
    t.clock.advance(3 * 300 + 120);
    const later = await w.installer1.get<PageOf<DeviceItem>>(
      `/station/gateway/inverterPage?stationId=${w.stationA}&status=OFFLINE`,
    );
    expect(later.data.total).toBe(3);
    expect(later.data.list.find((d) => d.id === w.inverterA)?.powerKw).toBeNull();
    t.clock.advance(-(3 * 300 + 120));

    const foreign = await w.installer1.get<PageOf<DeviceItem>>(
      `/station/gateway/inverterPage?stationId=${w.stationB}`,
    );
    expect(foreign.data).toEqual({ total: 0, list: [] });
    const owner = await w.owner2.get<PageOf<DeviceItem>>('/station/gateway/inverterPage');
    expect(owner.data.list.map((d) => d.id)).not.toContain(w.inverterA);
    expect((await w.installer1.get('/station/gateway/inverterPage?deviceType=GATEWAY')).status).toBe(4000);
    expect((await w.installer1.get('/station/gateway/inverterPage?pageSize=0')).status).toBe(4000);
  });

  it('lists the batteries of a station with state of charge, power and the station time zone', async () => {
    const plant = (await createTestStation(db, { companyId: 3, timeZone: 'America/Phoenix' })).id;
    const logger = await registerTestLogger(db, { stationId: plant, companyId: 3 });
    const battery = await addDevice(db, logger.id, 'BATTERY', `BAT-P-${kind}`);
    await useCatalogueModel(db, battery, 'BATTERY');
    const seen = new Date(t.clock.now().getTime() - MIN);
    await seenAt(db, logger.id, seen);
    // Charging at 1.2 kW (the storage block counts discharging as positive), 62.5 % full.
    await setLatest(db, battery, seen, { BatW: -1200, ChaState: 62.5 });
    const res = await w.installer1.get<PageOf<DeviceItem>>(
      `/station/gateway/inverterPage?deviceType=BATTERY&stationId=${plant}`,
    );
    expect(res.status).toBe(200);
    expect(res.data.list).toHaveLength(1);
    expect(res.data.list[0]).toMatchObject({
      id: battery,
      deviceType: 'BATTERY',
      stationId: plant,
      status: 'RUNNING',
      powerKw: -1.2,
      socPct: 62.5,
      todayKwh: null,
      timeZone: 'America/Phoenix',
    });
    // Inverters carry no state of charge.
    const inverters = await w.installer1.get<PageOf<DeviceItem>>(
      `/station/gateway/inverterPage?deviceType=INVERTER&stationId=${w.stationA}`,
    );
    expect(inverters.data.list.map((d) => [d.socPct, d.timeZone])).toEqual([[null, 'Europe/Berlin']]);
    // A stale reading is not "now": offline, the battery shows neither power nor state of charge.
    t.clock.advance(3 * 300 + 120);
    const later = await w.installer1.get<PageOf<DeviceItem>>(
      `/station/gateway/inverterPage?deviceType=BATTERY&stationId=${plant}`,
    );
    expect(later.data.list[0]).toMatchObject({ status: 'OFFLINE', powerKw: null, socPct: null });
    t.clock.advance(-(3 * 300 + 120));
    const foreign = await w.installer2.get<PageOf<DeviceItem>>(
      `/station/gateway/inverterPage?deviceType=BATTERY&stationId=${plant}`,
    );
    expect(foreign.data).toEqual({ total: 0, list: [] });
  });

  it('lists the meters of a station, and hides a foreign station', async () => {
    const res = await w.owner1.get<PageOf<DeviceItem>>(`/station/${w.stationA}/electricityMeter/page`);
    expect(res.status).toBe(200);
    expect(res.data.list.map((d) => [d.id, d.deviceType, d.status])).toEqual([
      [w.meterA, 'METER', 'RUNNING'],
    ]);
    await expectHidden(
      w.installer2,
      'get',
      `/station/${w.stationA}/electricityMeter/page`,
      '/station/999999/electricityMeter/page',
    );
  });

  it('counts the device models of a station and lists its logger SNs', async () => {
    const models = await w.installer1.get<{ model: string; deviceType: string; count: number }[]>(
      `/station/deviceModels/${w.stationA}`,
    );
    expect(models.status).toBe(200);
    expect(models.data).toEqual([
      { model: 'TEST-BATTERY', deviceType: 'BATTERY', count: 1 },
      { model: 'SF-LOGGER-4G', deviceType: 'GATEWAY', count: 1 },
      { model: 'TEST-INVERTER', deviceType: 'INVERTER', count: 1 },
      { model: 'TEST-METER', deviceType: 'METER', count: 1 },
    ]);
    const sns = await w.owner1.get<string[]>(`/station/${w.stationA}/gatewaySns`);
    expect(sns.data).toEqual([w.loggerA.sn]);
    await expectHidden(
      w.installer2,
      'get',
      `/station/deviceModels/${w.stationA}`,
      '/station/deviceModels/999999',
    );
    await expectHidden(w.owner2, 'get', `/station/${w.stationA}/gatewaySns`, '/station/999999/gatewaySns');
  });

  it('sets, updates and releases an AC coupling between devices of one station', async () => {
    expect((await editor.get(`/station/gateway/inverter/acCouple/${w.inverterA}`)).data).toBeNull();
    const set = await editor.put<AcCouple>('/station/gateway/inverter/acCouple', {
      deviceId: w.inverterA,
      coupledDeviceId: batteryA,
      maxFeedInKw: 4.5,
    });
    expect(set.status).toBe(200);
    expect(set.data).toMatchObject({
      deviceId: w.inverterA,
      enabled: true,
      coupledDeviceId: batteryA,
      maxFeedInKw: 4.5,
      state: 'SET',
      sentAt: null,
      delivery: 'PENDING',
      deliveryError: null,
    });
    expect(set.data.commandId).not.toBeNull();
    const updated = await editor.put<AcCouple>('/station/gateway/inverter/acCouple', {
      deviceId: w.inverterA,
      coupledDeviceId: batteryA,
      maxFeedInKw: null,
    });
    expect(updated.data).toMatchObject({ state: 'UPDATED', maxFeedInKw: null, delivery: 'PENDING' });
    expect(updated.data.commandId).not.toBe(set.data.commandId);
    const read = await w.owner1.get<AcCouple>(`/station/gateway/inverter/acCouple/${w.inverterA}`);
    expect(read.data).toMatchObject({ state: 'UPDATED', coupledDeviceId: batteryA });
    const list = await w.installer1.get<AcCouple[]>(
      `/station/gateway/inverter/acCouple?stationId=${w.stationA}`,
    );
    expect(list.data.map((s) => s.deviceId)).toEqual([w.inverterA]);
    expect(
      (await w.installer1.get<AcCouple[]>(`/station/gateway/inverter/acCouple?stationId=${stationA2}`)).data,
    ).toEqual([]);

    const released = await editor.put<AcCouple>(`/station/gateway/inverter/acCouple/${w.inverterA}`);
    expect(released.data).toMatchObject({ state: 'RELEASED', enabled: false });
    const again = await editor.put(`/station/gateway/inverter/acCouple/${w.inverterA}`);
    expect(again.status).toBe(4000);
    expect(again.enMsg).toBe('stationDevices.acCoupleNotSet');
    const reset = await editor.put<AcCouple>('/station/gateway/inverter/acCouple', {
      deviceId: w.inverterA,
      coupledDeviceId: null,
      maxFeedInKw: 3,
    });
    expect(reset.data).toMatchObject({ state: 'SET', enabled: true, coupledDeviceId: null, maxFeedInKw: 3 });
  });

  it('refuses AC couplings that break the rules and changes nothing', async () => {
    const before = await queryRows<Record<string, unknown>>(
      db,
      sql`select * from ac_couple_settings order by device_id`,
    );
    const refused = async (body: Record<string, unknown>, enMsg: string) => {
      const res = await editor.put('/station/gateway/inverter/acCouple', body);
      expect(res.status).toBe(4000);
      expect(res.enMsg).toBe(enMsg);
    };
    await refused(
      { deviceId: w.inverterA, coupledDeviceId: w.meterA, maxFeedInKw: null },
      'stationDevices.acCoupleDeviceType',
    );
    await refused(
      { deviceId: w.meterA, coupledDeviceId: batteryA, maxFeedInKw: null },
      'stationDevices.acCoupleDeviceType',
    );
    await refused(
      { deviceId: w.inverterA, coupledDeviceId: w.inverterA, maxFeedInKw: null },
      'stationDevices.acCoupleSameDevice',
    );
    await refused(
      { deviceId: batteryA, coupledDeviceId: inverterA2, maxFeedInKw: null },
      'stationDevices.acCoupleOtherStation',
    );
    const negative = await editor.put('/station/gateway/inverter/acCouple', {
      deviceId: batteryA,
      coupledDeviceId: w.inverterA,
      maxFeedInKw: -1,
    });
    expect(negative.status).toBe(4000);
    const missingField = await editor.put('/station/gateway/inverter/acCouple', { deviceId: batteryA });
    expect(missingField.status).toBe(4000);
    // Another tenant's device, as either partner, answers like a missing one.
    const foreign = await editor.put('/station/gateway/inverter/acCouple', {
      deviceId: w.inverterB,
      coupledDeviceId: null,
      maxFeedInKw: null,
    });
    const missing = await editor.put('/station/gateway/inverter/acCouple', {
      deviceId: 999_999,
      coupledDeviceId: null,
      maxFeedInKw: null,
    });
    expect(foreign.status).toBe(4004);
    expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
    const partner = await editor.put('/station/gateway/inverter/acCouple', {
      deviceId: batteryA,
      coupledDeviceId: w.inverterB,
      maxFeedInKw: null,
    });
    expect(partner.status).toBe(4004);
    expect((await editor.put(`/station/gateway/inverter/acCouple/${w.inverterB}`)).status).toBe(4004);
    await expectHidden(
      editor,
      'get',
      `/station/gateway/inverter/acCouple/${w.inverterB}`,
      '/station/gateway/inverter/acCouple/999999',
    );
    await expectHidden(
      editor,
      'get',
      `/station/gateway/inverter/acCouple?stationId=${w.stationB}`,
      '/station/gateway/inverter/acCouple?stationId=999999',
    );
    // Reading needs device:view only; changing needs acCouple:update.
    const manager = await viewer.put('/station/gateway/inverter/acCouple', {
      deviceId: batteryA,
      coupledDeviceId: w.inverterA,
      maxFeedInKw: null,
    });
    expect(manager.status).toBe(4003);
    const after = await queryRows<Record<string, unknown>>(
      db,
      sql`select * from ac_couple_settings order by device_id`,
    );
    expect(after).toEqual(before);
  });

  it('stores event subscriptions of a station and changes and deletes them', async () => {
    const realTime = await editor.post<Subscription>(`/station/${w.stationA}/subscription`, {
      subject: '  Grid faults ',
      notifyType: 'REAL_TIME',
      email: 'ops@example.com',
    });
    expect(realTime.status).toBe(200);
    expect(realTime.data).toMatchObject({
      stationId: w.stationA,
      subject: 'Grid faults',
      notifyType: 'REAL_TIME',
      notifyTime: null,
      email: 'ops@example.com',
    });
    const digest = await editor.post<Subscription>(`/station/${w.stationA}/subscription`, {
      subject: 'Daily digest',
      notifyType: 'FIXED_TIME',
      notifyTime: '07:30',
      email: 'owner@example.com',
    });
    expect(digest.data).toMatchObject({ notifyType: 'FIXED_TIME', notifyTime: '07:30' });
    const list = await w.owner1.get<Subscription[]>(`/station/${w.stationA}/subscription`);
    expect(list.data.map((s) => s.subject)).toEqual(['Grid faults', 'Daily digest']);

    const changed = await editor.put<Subscription>('/station/subscription', {
      id: digest.data.id,
      subject: 'Daily digest',
      notifyType: 'REAL_TIME',
      notifyTime: null,
      email: 'owner@example.com',
    });
    expect(changed.data).toMatchObject({ id: digest.data.id, notifyType: 'REAL_TIME', notifyTime: null });
    expect((await editor.del(`/station/subscription/${realTime.data.id}`)).status).toBe(200);
    const left = await editor.get<Subscription[]>(`/station/${w.stationA}/subscription`);
    expect(left.data.map((s) => s.id)).toEqual([digest.data.id]);
    expect((await editor.del(`/station/subscription/${realTime.data.id}`)).status).toBe(4004);
  });

  it('refuses bad subscriptions and foreign stations, storing nothing', async () => {
    const before = await count('station_subscriptions');
    const refused = async (body: Record<string, unknown>, field: string, enMsg: string) => {
      const res = await editor.post<{ field: string }[]>(`/station/${w.stationA}/subscription`, body);
      expect(res.status).toBe(4000);
      expect(res.enMsg).toBe(enMsg);
      expect(res.data.map((f) => f.field)).toContain(`body.${field}`);
    };
    const ok = { subject: 'Alarms', notifyType: 'REAL_TIME', email: 'a@example.com' };
    await refused({ ...ok, email: 'not-an-address' }, 'email', 'rule.emailInvalid');
    await refused({ ...ok, email: '  ' }, 'email', 'rule.emailRequired');
    await refused({ ...ok, subject: '   ' }, 'subject', 'rule.cannotBeBlank');
    await refused({ ...ok, notifyType: 'FIXED_TIME' }, 'notifyTime', 'stationDevices.notifyTimeRequired');
    await refused(
      { ...ok, notifyType: 'FIXED_TIME', notifyTime: '24:00' },
      'notifyTime',
      'stationDevices.notifyTimeInvalid',
    );
    await refused(
      { ...ok, notifyType: 'FIXED_TIME', notifyTime: '7:30' },
      'notifyTime',
      'stationDevices.notifyTimeInvalid',
    );
    await refused({ ...ok, notifyTime: '08:00' }, 'notifyTime', 'stationDevices.notifyTimeForbidden');
    const long = await editor.post(`/station/${w.stationA}/subscription`, {
      ...ok,
      subject: 'x'.repeat(101),
    });
    expect(long.status).toBe(4000);
    const badType = await editor.post(`/station/${w.stationA}/subscription`, { ...ok, notifyType: 'DAILY' });
    expect(badType.status).toBe(4000);

    const foreign = await editor.post(`/station/${w.stationB}/subscription`, ok);
    const missing = await editor.post('/station/999999/subscription', ok);
    expect(foreign.status).toBe(4004);
    expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
    await expectHidden(editor, 'get', `/station/${w.stationB}/subscription`, '/station/999999/subscription');
    expect(await count('station_subscriptions')).toBe(before);

    // A subscription of another tenant's station cannot be read, changed or deleted.
    const theirs = await w.admin.post<Subscription>(`/station/${w.stationB}/subscription`, ok);
    expect(theirs.status).toBe(200);
    const update = await editor.put('/station/subscription', {
      id: theirs.data.id,
      ...ok,
      subject: 'Mine now',
    });
    expect(update.status).toBe(4004);
    await expectHidden(
      editor,
      'del',
      `/station/subscription/${theirs.data.id}`,
      '/station/subscription/999999',
    );
    const still = await w.admin.get<Subscription[]>(`/station/${w.stationB}/subscription`);
    expect(still.data.map((s) => s.subject)).toEqual(['Alarms']);
    // A role with station:view only may read but not subscribe (station:update).
    expect((await viewer.post(`/station/${w.stationA}/subscription`, ok)).status).toBe(4003);
  });
});
