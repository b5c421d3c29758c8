// GET /api/bigScreen and the showcase switch (docs/big-screen.md): the figures are those of the station,
// logger and device lists of the same scope, for callers of different reach; zoneOffset is validated;
// the demonstration figures are off until a platform administrator switches them on.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BigScreenData, BigScreenShowcase } from '@sunfleet/contracts';
import { queryRows, type Db } from '../src/db/client.js';
import { devices, gateways, rollupStationDay, rollupStationHour } from '../src/db/schema.js';
import { createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { as, DEMO_PASSWORD, setPasswords } from './organisation-fixtures.js';
import { addDevice } from './rollups-support.js';
import { createTestStation, registerTestLogger } from './support/loggers.js';
import { setLatest, useCatalogueModel } from './stations-support.js';
import { raiseAlarm } from './telemetry-api-support.js';

const MIN = 60_000;
type Client = ReturnType<typeof as>;

describe.each(oneDatabase())('big screen on %s', (kind) => {
  let t: TestApp;
  let db: Db;
  let admin: Client;
  let installer1: Client;
  let installer2: Client;
  let owner1: Client;
  let berlinId = 0;

  /** A station of `companyId` with one logger per entry: last seen at that time (null: never). */
  async function station(
    name: string,
    companyId: number,
    loggers: (Date | null)[],
    extra: { longitude?: number; latitude?: number; ownerUserId?: number } = {},
  ): Promise<{ id: number; loggerIds: number[]; deviceIds: number[] }> {
    const s = await createTestStation(db, { companyId, name, ...extra });
    const loggerIds: number[] = [];
    const deviceIds: number[] = [];
    for (const at of loggers) {
      const logger = await registerTestLogger(db, { stationId: s.id, companyId });
      const inverter = await addDevice(db, logger.id, 'INVERTER', `BS-${logger.sn}`);
      await useCatalogueModel(db, inverter, 'INVERTER');
      await db
        .update(gateways)
        .set({ lastSeenAt: at, uploadIntervalS: 300 })
        .where(eq(gateways.id, logger.id));
      await db.update(devices).set({ lastSeenAt: at }).where(eq(devices.id, inverter));
      if (at !== null) await setLatest(db, inverter, at, { W: 1500 });
      loggerIds.push(logger.id);
      deviceIds.push(inverter);
    }
    return { id: s.id, loggerIds, deviceIds };
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.database.db;
    const now = t.clock.now().getTime();
    const fresh = new Date(now - 2 * MIN);
    const stale = new Date(now - 60 * MIN);
    const [owner] = await queryRows<{ id: number }>(
      db,
      sql`select id from users where username = 'demo.owner1'`,
    );
    // Company 3 (installer1): an online station in Berlin owned by owner1, a half-online one in Rome, one
    // without coordinates whose device has an open fault. Company 4 (installer2): an offline one in Beijing
    // and one without loggers at sea.
    const berlin = await station('BS Berlin', 3, [fresh], {
      longitude: 13.4,
      latitude: 52.52,
      ownerUserId: owner!.id,
    });
    berlinId = berlin.id;
    await station('BS Rome', 3, [fresh, stale], { longitude: 12.5, latitude: 41.9 });
    const faulty = await station('BS Faulty', 3, [fresh]);
    await raiseAlarm(db, {
      gatewayId: faulty.loggerIds[0]!,
      deviceId: faulty.deviceIds[0]!,
      level: 'URGENT',
      startedAt: fresh,
    });
    await station('BS Beijing', 4, [stale, null], { longitude: 116.4, latitude: 39.9 });
    await station('BS Atlantic', 4, [], { longitude: -30, latitude: 0 });
    // Today's energy of Berlin (UTC station) and two hours of it.
    await db.insert(rollupStationDay).values({ stationId: berlin.id, day: '2026-06-01', energyKwh: 12.5 });
    await db.insert(rollupStationHour).values([
      { stationId: berlin.id, bucket: new Date('2026-06-01T06:00:00Z'), energyKwh: 4 },
      { stationId: berlin.id, bucket: new Date('2026-05-31T15:00:00Z'), energyKwh: 9 },
    ]);
    await setPasswords(t, ['demo.installer1', 'demo.installer2', 'demo.owner1']);
    admin = as(t, await t.login());
    installer1 = as(t, await t.login('demo.installer1', DEMO_PASSWORD));
    installer2 = as(t, await t.login('demo.installer2', DEMO_PASSWORD));
    owner1 = as(t, await t.login('demo.owner1', DEMO_PASSWORD));
  }, 120_000);
  afterAll(() => t.close());

  async function total(client: Client, url: string): Promise<number> {
    const res = await client.get<{ total: number }>(url);
    expect(res.status, url).toBe(200);
    return res.data.total;
  }

  /** The big screen's counts against the station, device and logger lists of the same caller. */
  async function expectListCounts(client: Client): Promise<BigScreenData> {
    const res = await client.get<BigScreenData>('/bigScreen?zoneOffset=0');
    expect(res.status).toBe(200);
    const d = res.data;
    const s = d.kpis.stationStatus;
    expect(s.online).toBe(await total(client, '/station/list?status=ONLINE&pageSize=1'));
    expect(s.abnormal).toBe(await total(client, '/station/list?status=ABNORMAL&pageSize=1'));
    expect(s.offline).toBe(await total(client, '/station/list?status=OFFLINE&pageSize=1'));
    expect(s.other).toBe(await total(client, '/station/list?status=OTHER&pageSize=1'));
    expect(s.total).toBe(await total(client, '/station/list?pageSize=1'));
    const devicesUrl = '/station/gateway/inverterPage?pageSize=1';
    expect(d.kpis.deviceStatus.running).toBe(await total(client, `${devicesUrl}&status=RUNNING`));
    expect(d.kpis.deviceStatus.fault).toBe(await total(client, `${devicesUrl}&status=FAULT`));
    expect(d.kpis.deviceStatus.offline).toBe(await total(client, `${devicesUrl}&status=OFFLINE`));
    expect(d.kpis.deviceStatus.other).toBe(await total(client, `${devicesUrl}&status=OTHER`));
    expect(d.kpis.deviceStatus.total).toBe(await total(client, devicesUrl));
    expect(d.gateways.normal).toBe(await total(client, '/gateway/page?status=NORMAL&pageSize=1'));
    expect(d.gateways.fault).toBe(await total(client, '/gateway/page?status=FAULT&pageSize=1'));
    expect(d.gateways.offline).toBe(await total(client, '/gateway/page?status=OFFLINE&pageSize=1'));
    expect(d.gateways.other).toBe(await total(client, '/gateway/page?status=OTHER&pageSize=1'));
    expect(d.gateways.total).toBe(await total(client, '/gateway/page?pageSize=1'));
    // The Home KPIs of the same caller, figure for figure.
    const home = await client.get<BigScreenData['kpis']>('/station/stats/index');
    expect(d.kpis).toEqual(home.data);
    return d;
  }

  it('shows the counts of the station, device and logger lists, for the platform', async () => {
    const d = await expectListCounts(admin);
    expect(d.showcase).toBe(false);
    const placed = Object.fromEntries(d.regions.map((r) => [r.name, r.stations]));
    expect(placed.Germany).toBeGreaterThanOrEqual(1);
    expect(placed.Italy).toBeGreaterThanOrEqual(1);
    expect(placed.China).toBeGreaterThanOrEqual(1);
    expect(d.regions.find((r) => r.name === 'Germany')?.countryId).toBe('276');
    expect(d.unplaced).toBeGreaterThanOrEqual(2); // no coordinates, at sea
    expect(d.topGeneration[0]).toEqual({ stationId: berlinId, name: 'BS Berlin', todayKwh: 12.5 });
    expect(d.topOnlineRate.length).toBeLessThanOrEqual(10);
    for (const r of d.topOnlineRate) expect(r.onlineRate).toBeCloseTo(r.gatewaysOnline / r.gateways);
    const rates = d.topOnlineRate.map((r) => r.onlineRate);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
  });

  it('shows only what an installer reaches, matching their lists', async () => {
    const one = await expectListCounts(installer1);
    expect(one.kpis.stationStatus).toMatchObject({ online: 1, abnormal: 2 });
    expect(one.kpis.deviceStatus).toMatchObject({ running: 2, fault: 1, offline: 1, total: 4 });
    expect(one.gateways).toMatchObject({ normal: 3, offline: 1 });
    expect(one.regions.map((r) => r.name).sort()).toEqual(['Germany', 'Italy']);
    expect(one.unplaced).toBe(1);
    const two = await expectListCounts(installer2);
    expect(two.kpis.stationStatus).toMatchObject({ online: 0, offline: 1, other: 1 });
    expect(two.gateways).toMatchObject({ offline: 1, other: 1 });
    expect(two.regions.map((r) => r.name)).toEqual(['China']);
    expect(JSON.stringify(two)).not.toContain('BS Berlin');
    expect(two.topGeneration).toEqual([]);
  });

  it('shows an owner their own stations only', async () => {
    const d = await expectListCounts(owner1);
    expect(d.kpis.stationStatus).toMatchObject({ online: 1, total: 1 });
    expect(d.regions).toEqual([{ countryId: '276', name: 'Germany', stations: 1 }]);
    expect(d.topOnlineRate.map((r) => r.name)).toEqual(['BS Berlin']);
  });

  it("draws today's power from the browser's midnight", async () => {
    // 08:00 UTC; UTC+8 → midnight was 16:00 UTC the day before: the 15:00 bucket is yesterday there.
    const east = await owner1.get<BigScreenData>('/bigScreen?zoneOffset=480');
    expect(east.data.power.from).toBe(Date.parse('2026-05-31T16:00:00Z'));
    expect(east.data.power.points).toHaveLength(17);
    expect(east.data.power.points.find((p) => p.kw !== null)).toEqual({
      ts: Date.parse('2026-06-01T06:00:00Z'),
      kw: 4,
    });
    const west = await owner1.get<BigScreenData>('/bigScreen?zoneOffset=-600');
    expect(west.data.power.from).toBe(Date.parse('2026-05-31T10:00:00Z'));
    expect(west.data.power.points.filter((p) => p.kw !== null).map((p) => p.kw)).toEqual([9, 4]);
  });

  it('refuses a missing or impossible zoneOffset', async () => {
    for (const query of [
      '',
      '?zoneOffset=',
      '?zoneOffset=abc',
      '?zoneOffset=1.5',
      '?zoneOffset=1000',
      '?zoneOffset=-1000',
    ]) {
      const res = await admin.get(`/bigScreen${query}`);
      expect([query, res.status]).toEqual([query, 4000]);
    }
    const extra = await admin.get('/bigScreen?zoneOffset=0&other=1');
    expect(extra.status).toBe(4000);
  });

  it('keeps the demonstration figures off until a platform administrator switches them on', async () => {
    const initial = await installer1.get<BigScreenShowcase>('/bigScreen/showcase');
    expect(initial.data).toEqual({ showcase: false, updatedAt: null });

    for (const client of [installer1, owner1]) {
      const refused = await client.put('/bigScreen/showcase', { showcase: true });
      expect(refused.status).toBe(4003);
      expect(refused.enMsg).toBe('bigScreen.showcaseForbidden');
    }
    expect((await admin.get<BigScreenShowcase>('/bigScreen/showcase')).data.showcase).toBe(false);
    const bad = await admin.put('/bigScreen/showcase', { showcase: 'yes' });
    expect(bad.status).toBe(4000);
    expect((await admin.get<BigScreenShowcase>('/bigScreen/showcase')).data.showcase).toBe(false);

    const on = await admin.put<BigScreenShowcase>('/bigScreen/showcase', { showcase: true });
    expect(on.status).toBe(200);
    expect(on.data).toEqual({ showcase: true, updatedAt: t.clock.now().toISOString() });
    expect((await installer1.get<BigScreenData>('/bigScreen?zoneOffset=0')).data.showcase).toBe(true);

    const audited = await queryRows<{ status: number; detail: unknown }>(
      db,
      sql`select status, detail from audit_log where action = 'bigScreen.showcase' order by id`,
    );
    expect(audited.map((a) => a.status)).toEqual([4003, 4003, 4000, 200]);

    const off = await admin.put<BigScreenShowcase>('/bigScreen/showcase', { showcase: false });
    expect(off.data.showcase).toBe(false);
    expect((await owner1.get<BigScreenData>('/bigScreen?zoneOffset=0')).data.showcase).toBe(false);
  });
});
