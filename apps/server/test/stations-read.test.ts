// Station reads: the list, detail, KPIs and stats computed from rollups the rollup worker made out of
// readings written like the ingest writes them, the energy flow from device_latest, and tenancy.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { stations } from '../src/db/schema.js';
import { createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { addDevice, worker, writeBatch, type TestReading } from './rollups-support.js';
import {
  seenAt,
  twoTenants,
  withoutRequestId,
  type Client,
  type TwoTenants,
} from './telemetry-api-support.js';
import { grantStationWrites, setLatest, useCatalogueModel } from './stations-support.js';

const MIN = 60_000;

/** Readings every 15 minutes from `from` for `count` steps, the counter rising by `stepWh` after the first. */
function readings(from: string, count: number, startWh: number, stepWh: number): TestReading[] {
  const t0 = Date.parse(from);
  return Array.from({ length: count + 1 }, (_, i) => ({
    ts: t0 + i * 15 * MIN,
    power: 1000,
    energy: startWh + i * stepWh,
  }));
}

interface Summary {
  id: number;
  name: string;
  status: string;
  powerKw: number | null;
  todayKwh: number | null;
  totalKwh: number | null;
  companyName: string;
  ownerUsername: string | null;
  concern: boolean;
  gatewayCount: number;
  deviceCount: number;
}

describe.each(oneDatabase())('station reads on %s', (kind) => {
  let t: TestApp;
  let db: Db;
  let w: TwoTenants;
  let batteryA: number;

  async function expectHidden(client: Client, foreignUrl: string, missingUrl: string): Promise<void> {
    const foreign = await client.get(foreignUrl);
    const missing = await client.get(missingUrl);
    expect(foreign.status).toBe(4004);
    expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.database.db;
    await grantStationWrites(db);
    w = await twoTenants(t, `sr-${kind}`);
    batteryA = await addDevice(db, w.loggerA.id, 'BATTERY', `BAT-A-sr-${kind}`);
    await useCatalogueModel(db, w.inverterA, 'INVERTER');
    await useCatalogueModel(db, w.meterA, 'METER');
    await useCatalogueModel(db, batteryA, 'BATTERY');
    // Station A (Europe/Berlin, 0.4 EUR/kWh): 4 kWh in Dec 2025, 4 kWh in May 2026, 3.75 kWh on 1 June 2026
    // (the clock's day); the counter stays flat across the gaps, so no step falls between them.
    await writeBatch(db, w.loggerA.id, w.inverterA, readings('2025-12-15T10:00:00Z', 4, 0, 1000));
    await writeBatch(db, w.loggerA.id, w.inverterA, readings('2026-05-20T10:00:00Z', 4, 4000, 1000));
    await writeBatch(db, w.loggerA.id, w.inverterA, readings('2026-06-01T04:00:00Z', 15, 8000, 250));
    // Station B (UTC, 0.3 EUR/kWh by the factory default): 2 kWh today.
    await writeBatch(db, w.loggerB.id, w.inverterB, readings('2026-06-01T05:00:00Z', 2, 0, 1000));
    await worker(t.database).drainOnce();
    const now = t.clock.now();
    await seenAt(db, w.loggerA.id, new Date(now.getTime() - MIN));
    await setLatest(db, w.inverterA, new Date(now.getTime() - MIN), { W: 2000, WH: 11_750 });
    await setLatest(db, w.meterA, new Date(now.getTime() - MIN), { W: -500 });
    await setLatest(db, batteryA, new Date(now.getTime() - MIN), { BatW: -1000, ChaState: 80 });
  }, 120_000);
  afterAll(() => t.close());

  it('lists the stations in reach with status, power now and energy from the rollups', async () => {
    const page = await w.installer1.get<{ total: number; list: Summary[] }>('/station/list?pageSize=200');
    expect(page.status).toBe(200);
    const a = page.data.list.find((s) => s.id === w.stationA);
    expect(a).toMatchObject({
      status: 'ONLINE',
      powerKw: 2,
      ownerUsername: 'demo.owner1',
      concern: false,
      gatewayCount: 1,
      deviceCount: 3,
    });
    expect(a?.todayKwh).toBeCloseTo(3.75, 9);
    expect(a?.totalKwh).toBeCloseTo(11.75, 9);
    expect(page.data.list.some((s) => s.id === w.stationB)).toBe(false);
    expect(page.data.total).toBe(page.data.list.length);
    const owner = await w.owner1.get<{ total: number; list: Summary[] }>('/station/list');
    expect(owner.data.list.map((s) => s.id)).toEqual([w.stationA]);
    const other = await w.owner2.get<{ total: number; list: Summary[] }>('/station/list');
    expect(other.data).toEqual({ total: 0, list: [] });
  });

  it('filters by name, type, status and company, and pages in name order', async () => {
    const all = await w.admin.get<{ total: number; list: Summary[] }>('/station/list?pageSize=200');
    const names = all.data.list.map((s) => s.name);
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    const second = await w.admin.get<{ total: number; list: Summary[] }>(
      '/station/list?pageSize=1&pageNum=2',
    );
    expect(second.data.total).toBe(all.data.total);
    expect(second.data.list.map((s) => s.id)).toEqual([all.data.list[1]?.id]);
    const aName = all.data.list.find((s) => s.id === w.stationA)?.name ?? '';
    const byName = await w.admin.get<{ list: Summary[] }>(
      `/station/list?name=${encodeURIComponent(aName.slice(-4))}`,
    );
    expect(byName.data.list.map((s) => s.id)).toEqual([w.stationA]);
    const online = await w.admin.get<{ list: Summary[] }>('/station/list?status=ONLINE&pageSize=200');
    expect(online.data.list.map((s) => s.id)).toContain(w.stationA);
    expect(online.data.list.every((s) => s.status === 'ONLINE')).toBe(true);
    const offline = await w.admin.get<{ list: Summary[] }>('/station/list?status=OFFLINE&pageSize=200');
    expect(offline.data.list.map((s) => s.id)).toContain(w.stationB);
    expect(offline.data.list.map((s) => s.id)).not.toContain(w.stationA);
    const company4 = await w.admin.get<{ list: Summary[] }>('/station/list?companyId=4&pageSize=200');
    expect(company4.data.list.map((s) => s.id)).toContain(w.stationB);
    expect(company4.data.list.map((s) => s.id)).not.toContain(w.stationA);
    const storage = await w.admin.get<{ total: number }>('/station/list?type=GROUND_STORAGE_STATION');
    expect(storage.data.total).toBe(0);
    const foreign = await w.installer1.get<{ total: number }>('/station/list?companyId=4');
    expect(foreign.data.total).toBe(0);
    expect((await w.admin.get('/station/list?status=SLEEPING')).status).toBe(4000);
    expect((await w.admin.get('/station/list?pageSize=100000')).status).toBe(4000);
  });

  it('answers the detail with month and year energy, foreign ids like missing ones', async () => {
    const detail = await w.owner1.get<Summary & { monthKwh: number; yearKwh: number; pictures: unknown[] }>(
      `/station/${w.stationA}`,
    );
    expect(detail.status).toBe(200);
    expect(detail.data.monthKwh).toBeCloseTo(3.75, 9);
    expect(detail.data.yearKwh).toBeCloseTo(7.75, 9);
    expect(detail.data.pictures).toEqual([]);
    await expectHidden(w.installer2, `/station/${w.stationA}`, '/station/999999');
    await expectHidden(w.owner2, `/station/${w.stationA}`, '/station/999999');
  });

  it('computes the station stats and the energy flow from device_latest', async () => {
    const stats = await w.installer1.get<Record<string, unknown> & { flow: Record<string, number | null> }>(
      `/station/stats?stationId=${w.stationA}`,
    );
    expect(stats.status).toBe(200);
    expect(stats.data).toMatchObject({ stationId: w.stationA, currency: 'EUR', capacityKwp: 5, powerKw: 2 });
    expect(stats.data.todayKwh).toBeCloseTo(3.75, 9);
    expect(stats.data.totalKwh).toBeCloseTo(11.75, 9);
    expect(stats.data.todayIncome).toBeCloseTo(3.75 * 0.4, 9);
    expect(stats.data.totalIncome).toBeCloseTo(11.75 * 0.4, 9);
    expect(stats.data.fullLoadHoursToday).toBeCloseTo(3.75 / 5, 9);
    expect(stats.data.flow).toEqual({
      pvKw: 2,
      gridKw: -0.5,
      batteryKw: 1,
      socPct: 80,
      loadKw: 0.5,
      derived: ['load'],
    });
    expect(stats.data.updatedAt).toBe(t.clock.now().getTime() - MIN);
    expect((stats.data.impact as { coalTons: number }).coalTons).toBeCloseTo((11.75 * 0.3) / 1000, 12);
    // Station B reports nothing now: no flow, no power, but its energy today.
    const b = await w.installer2.get<Record<string, unknown>>(`/station/stats?stationId=${w.stationB}`);
    expect(b.data).toMatchObject({
      powerKw: null,
      flow: { pvKw: null, loadKw: null, gridKw: null, batteryKw: null, socPct: null, derived: [] },
      updatedAt: null,
    });
    expect(b.data.todayKwh).toBeCloseTo(2, 9);
    await expectHidden(
      w.installer2,
      `/station/stats?stationId=${w.stationA}`,
      '/station/stats?stationId=999999',
    );
  });

  it('answers the Home KPIs of the caller’s stations, income converted by the exchange rates', async () => {
    const eurPerUsd = 0.853;
    const cnyPerUsd = 7.165;
    // Without a choice: the currency the caller's stations are priced in (station A: EUR).
    const own = await w.installer1.get<{ currency: string; income: { year: number } }>(
      '/station/stats/index',
    );
    expect([own.status, own.data.currency]).toEqual([200, 'EUR']);
    expect(own.data.income.year).toBeCloseTo(7.75 * 0.4, 9);
    const usd = await w.installer1.get<Record<string, unknown> & { income: Record<string, number> }>(
      '/station/stats/index?currency=USD',
    );
    expect(usd.status).toBe(200);
    expect(usd.data.currency).toBe('USD');
    expect(usd.data.todayKwh).toBeCloseTo(3.75, 9);
    expect(usd.data.monthKwh).toBeCloseTo(3.75, 9);
    expect(usd.data.yearKwh).toBeCloseTo(7.75, 9);
    expect(usd.data.totalKwh).toBeCloseTo(11.75, 9);
    expect(usd.data.powerKw).toBeCloseTo(2, 9);
    expect(usd.data.income.total).toBeCloseTo((11.75 * 0.4) / eurPerUsd, 9);
    expect(usd.data.income.today).toBeCloseTo((3.75 * 0.4) / eurPerUsd, 9);
    expect(usd.data.stationStatus).toMatchObject({ online: 1 });
    expect(usd.data.deviceStatus).toMatchObject({ running: 3, total: 3 });
    const cny = await w.installer1.get<{ income: { total: number } }>('/station/stats/index?currency=CNY');
    expect(cny.data.income.total).toBeCloseTo(((11.75 * 0.4) / eurPerUsd) * cnyPerUsd, 9);
    const eur = await w.installer1.get<{ income: { year: number } }>('/station/stats/index?currency=EUR');
    expect(eur.data.income.year).toBeCloseTo(7.75 * 0.4, 9);
    // The administrator sees both tenants: B's 2 kWh today are added.
    const all = await w.admin.get<{ todayKwh: number; stationStatus: { total: number } }>(
      '/station/stats/index',
    );
    expect(all.data.todayKwh).toBeCloseTo(5.75, 9);
    const none = await w.owner2.get<{ currency: string; totalKwh: number; stationStatus: { total: number } }>(
      '/station/stats/index',
    );
    // No station to go by and no mobile: USD.
    expect(none.data).toMatchObject({ currency: 'USD', totalKwh: 0, stationStatus: { total: 0 } });
    // With a British mobile number, the region's currency.
    await db.execute(
      sql`update users set mobile_area_code = '44', mobile = '7700900123' where username = 'demo.owner2'`,
    );
    const british = await w.owner2.get<{ currency: string }>('/station/stats/index');
    expect(british.data.currency).toBe('GBP');
    await db.execute(
      sql`update users set mobile_area_code = null, mobile = null where username = 'demo.owner2'`,
    );
    const bad = await w.installer1.get('/station/stats/index?currency=XYZ');
    expect([bad.status, bad.enMsg]).toEqual([4000, 'station.currencyUnknown']);
  });

  it('lists simple, upgrade and map entries within reach only', async () => {
    const simple = await w.installer2.get<{ id: number; name: string }[]>('/station/simple/list');
    expect(simple.data.map((s) => s.id)).toContain(w.stationB);
    expect(simple.data.map((s) => s.id)).not.toContain(w.stationA);
    const upgrade = await w.installer1.get<{
      total: number;
      list: { id: number; gatewayCount: number; deviceCount: number }[];
    }>('/station/upgrade/list');
    expect(upgrade.data.list.find((s) => s.id === w.stationA)).toMatchObject({
      gatewayCount: 1,
      deviceCount: 3,
    });
    const before = await w.installer1.get<unknown[]>('/station/locations');
    expect(before.data).toEqual([]);
    const put = await w.admin.put('/station', {
      id: w.stationA,
      name: 'Mapped A',
      type: 'HOUSEHOLD_PV',
      capacityKwp: 5,
      price: 0.4,
      currency: 'EUR',
      timeZone: 'Europe/Berlin',
      longitude: 13.4,
      latitude: 52.5,
    });
    expect(put.status).toBe(200);
    const after = await w.installer1.get<unknown[]>('/station/locations');
    expect(after.data).toEqual([
      {
        id: w.stationA,
        name: 'Mapped A',
        type: 'HOUSEHOLD_PV',
        status: 'ONLINE',
        longitude: 13.4,
        latitude: 52.5,
      },
    ]);
    expect((await w.installer2.get<unknown[]>('/station/locations')).data).toEqual([]);
  });

  it('derives the grid export of a plant without consumers and without a meter', async () => {
    // Station B becomes a ground-mounted plant whose one inverter produces 1.39 MW now.
    await db.update(stations).set({ type: 'GROUND_STATION' }).where(eq(stations.id, w.stationB));
    await useCatalogueModel(db, w.inverterB, 'INVERTER');
    const now = t.clock.now();
    await seenAt(db, w.loggerB.id, new Date(now.getTime() - MIN));
    await setLatest(db, w.inverterB, new Date(now.getTime() - MIN), { W: 1_390_000 });
    const stats = await w.installer2.get<{ flow: Record<string, unknown> }>(
      `/station/stats?stationId=${w.stationB}`,
    );
    expect(stats.data.flow).toEqual({
      pvKw: 1390,
      gridKw: -1390,
      batteryKw: null,
      socPct: null,
      loadKw: null,
      derived: ['grid'],
    });
    // As a household the same readings leave load and grid unknown (no meter to split them).
    await db.update(stations).set({ type: 'HOUSEHOLD_PV' }).where(eq(stations.id, w.stationB));
    const household = await w.installer2.get<{ flow: Record<string, unknown> }>(
      `/station/stats?stationId=${w.stationB}`,
    );
    expect(household.data.flow).toMatchObject({ pvKw: 1390, gridKw: null, loadKw: null, derived: [] });
  });
});
