// Global search (Step 3): scoped result lists of at most 8, trimmed keywords, the type filter, and the
// caller's own search history.
import { SearchLimits } from '@sunfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceLatest, devices, gateways, queryHistory, stations } from '../src/db/schema.js';
import { gatewayWorld, type GatewayWorld } from './gateways-fixtures.js';
import { createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { createTestStation, registerTestLogger } from './support/loggers.js';

interface Placed {
  id: number;
  status: string;
  stationId: number | null;
  stationName: string | null;
}
interface Result {
  stations: { id: number; name: string }[];
  devices: (Placed & { deviceSn: string })[];
  gateways: (Placed & { gatewaySn: string })[];
  queryHistories: { keywords: string; type: { key: string }; extraId: number | null }[];
}

describe.each(oneDatabase())('global search on %s', (kind) => {
  let t: TestApp;
  let w: GatewayWorld;
  let alpineStation: number;

  const search = (client: GatewayWorld['admin'], query: string) =>
    client.get<Result>(`/indexSearch?${query}`);

  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await gatewayWorld(t);
    const db = t.database.db;
    // Nine Zephyr stations in company 3 (installer1), one in company 4 (installer2).
    for (let i = 1; i <= 9; i++) await createTestStation(db, { companyId: 3, name: `Zephyr Farm ${i}` });
    alpineStation = (await createTestStation(db, { companyId: 4, name: 'Zephyr Alpine' })).id;
    const helios = await registerTestLogger(db, { sn: 'ZQSRCHLOG3', companyId: 3, stationId: w.station3 });
    const alpine = await registerTestLogger(db, { sn: 'ZQSRCHLOG4', companyId: 4, stationId: alpineStation });
    await db.insert(devices).values([
      { gatewayId: helios.id, sn: 'ZQSRCHINV3', deviceType: 'INVERTER', model: 'SF-INV-1P-5K', unitId: 1 },
      { gatewayId: helios.id, sn: 'ZQSRCHMTR3', deviceType: 'METER', model: 'SF-METER', unitId: 2 },
      { gatewayId: alpine.id, sn: 'ZQSRCHINV4', deviceType: 'INVERTER', model: 'SF-INV-1P-5K', unitId: 1 },
    ]);
  }, 120_000);
  afterAll(() => t.close());

  it('finds stations, devices and loggers within the caller’s reach only, at most 8 per list', async () => {
    const mine = await search(w.installer1, 'keywords=zephyr');
    expect(mine.status, mine.body).toBe(200);
    expect(mine.data.stations).toHaveLength(SearchLimits.listMax);
    expect(mine.data.stations.every((s) => s.name.startsWith('Zephyr Farm'))).toBe(true);
    const theirs = await search(w.installer2, 'keywords=zephyr');
    expect(theirs.data.stations.map((s) => s.name)).toEqual(['Zephyr Alpine']);

    const devs = await search(w.installer1, 'keywords=zqsrch');
    expect(devs.data.devices.map((d) => d.deviceSn).sort()).toEqual(['ZQSRCHINV3', 'ZQSRCHMTR3']);
    expect(devs.data.gateways.map((g) => g.gatewaySn)).toEqual(['ZQSRCHLOG3']);
    const other = await search(w.installer2, 'keywords=zqsrch');
    expect(other.data.devices.map((d) => d.deviceSn)).toEqual(['ZQSRCHINV4']);
    expect(other.data.gateways.map((g) => g.gatewaySn)).toEqual(['ZQSRCHLOG4']);
    // Owners see their own stations only: demo.owner1 owns station3, none of the Zephyr stations.
    const owner = await search(w.owner1, 'keywords=zqsrch');
    expect(owner.data.devices.map((d) => d.deviceSn).sort()).toEqual(['ZQSRCHINV3', 'ZQSRCHMTR3']);
    expect((await search(w.owner1, 'keywords=zephyr')).data.stations).toEqual([]);
    expect((await search(w.owner3, 'keywords=zqsrch')).data.devices).toEqual([]);
    // The platform reaches everything (still at most 8 per list).
    expect((await search(w.admin, 'keywords=zephyr')).data.stations).toHaveLength(8);
  });

  it('trims keywords, filters by type and answers empty lists for empty keywords', async () => {
    const trimmed = await search(w.installer1, `keywords=${encodeURIComponent('  ZQSRCHINV3  ')}`);
    expect(trimmed.data.devices.map((d) => d.deviceSn)).toEqual(['ZQSRCHINV3']);
    const onlyGateways = await search(w.installer1, 'keywords=zqsrch&type=GATEWAY');
    expect(onlyGateways.data).toMatchObject({ stations: [], devices: [] });
    expect(onlyGateways.data.gateways).toHaveLength(1);
    const onlyDevices = await search(w.installer1, 'keywords=zqsrch&type=INVERTER');
    expect(onlyDevices.data.gateways).toEqual([]);
    expect(onlyDevices.data.devices).toHaveLength(2);
    for (const q of ['', 'keywords=', `keywords=${encodeURIComponent('   ')}`]) {
      const empty = await search(w.installer1, q);
      expect(empty.status).toBe(200);
      expect(empty.data).toMatchObject({ stations: [], devices: [], gateways: [] });
    }
    // LIKE wildcards are matched literally.
    expect((await search(w.installer1, 'keywords=%25')).data.stations).toEqual([]);
  });

  it('refuses bad input', async () => {
    expect((await search(w.installer1, `keywords=${'z'.repeat(SearchLimits.keywordsMax + 1)}`)).status).toBe(
      4000,
    );
    expect((await search(w.installer1, 'keywords=zephyr&type=METER')).status).toBe(4000);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/indexSearch?keywords=zephyr' });
    expect(anonymous.json<{ status: number }>().status).toBe(4001);
  });

  it('keeps each user’s own history: trimmed, newest first, deduplicated, clearable', async () => {
    // The clock moves a second per search, as a person typing would.
    const rec = (client: GatewayWorld['admin'], body: Record<string, unknown>) => {
      t.clock.advance(1);
      return client.post('/queryHistory', body);
    };
    expect((await rec(w.installer1, { keywords: ' zephyr ', type: 'STATION', extraId: 5 })).status).toBe(200);
    expect((await rec(w.installer1, { keywords: 'ZQSRCHINV3', type: 'INVERTER' })).status).toBe(200);
    expect((await rec(w.installer1, { keywords: 'zephyr', type: 'STATION', extraId: 6 })).status).toBe(200);
    const before = (await t.database.db.select().from(queryHistory)).length;
    expect((await rec(w.installer1, { keywords: '   ', type: 'STATION' })).status).toBe(4000);
    expect((await rec(w.installer1, { keywords: 'x', type: 'METER' })).status).toBe(4000);
    expect((await rec(w.installer1, { keywords: 'x'.repeat(65), type: 'STATION' })).status).toBe(4000);
    // The shared guest account gets success, but its searches are not stored.
    expect((await rec(w.guest, { keywords: 'x', type: 'STATION' })).status).toBe(200);
    expect((await search(w.guest, '')).data.queryHistories).toEqual([]);
    expect((await t.database.db.select().from(queryHistory)).length).toBe(before);

    const mine = await search(w.installer1, '');
    expect(mine.data.queryHistories).toEqual([
      { keywords: 'zephyr', type: { key: 'STATION' }, extraId: 6 },
      { keywords: 'ZQSRCHINV3', type: { key: 'INVERTER' }, extraId: null },
    ]);
    expect((await search(w.installer2, '')).data.queryHistories).toEqual([]);

    for (let i = 0; i < 12; i++) await rec(w.installer2, { keywords: `k${i}`, type: 'GATEWAY' });
    const capped = await search(w.installer2, '');
    expect(capped.data.queryHistories).toHaveLength(SearchLimits.historyMax);
    expect(capped.data.queryHistories[0]?.keywords).toBe('k11');

    expect((await w.installer1.del('/clearQueryHistory')).status).toBe(200);
    expect((await search(w.installer1, '')).data.queryHistories).toEqual([]);
    expect((await search(w.installer2, '')).data.queryHistories).toHaveLength(SearchLimits.historyMax);
  });

  it('gives devices and loggers their station and their status, as the device and logger lists do', async () => {
    const db = t.database.db;
    const now = t.clock.now();
    const dayAgo = new Date(now.getTime() - 86_400_000);
    // The logger and its inverter report now (the inverter produces), the meter was last seen a day ago,
    // and a logger not bound to any station has never reported.
    await db.update(gateways).set({ lastSeenAt: now }).where(eq(gateways.sn, 'ZQSRCHLOG3'));
    await db.update(devices).set({ lastSeenAt: now }).where(eq(devices.sn, 'ZQSRCHINV3'));
    await db.update(devices).set({ lastSeenAt: dayAgo }).where(eq(devices.sn, 'ZQSRCHMTR3'));
    const [inverter] = await db.select({ id: devices.id }).from(devices).where(eq(devices.sn, 'ZQSRCHINV3'));
    await db
      .insert(deviceLatest)
      .values({ deviceId: inverter!.id, ts: now, values: {}, powerW: 3200, producing: true });
    await registerTestLogger(db, { sn: 'ZQSRCHLOG5', companyId: 3 });
    const [station] = await db
      .select({ name: stations.name })
      .from(stations)
      .where(eq(stations.id, w.station3));

    const found = await search(w.installer1, 'keywords=zqsrch');
    expect(found.status, found.body).toBe(200);
    const bySn = <T extends Omit<Placed, 'id'>>(list: T[], sn: (x: T) => string) =>
      Object.fromEntries(
        list.map((x) => [sn(x), { status: x.status, stationId: x.stationId, stationName: x.stationName }]),
      );
    const placed = { stationId: w.station3, stationName: station!.name };
    expect(bySn(found.data.devices, (d) => d.deviceSn)).toEqual({
      ZQSRCHINV3: { status: 'RUNNING', ...placed },
      ZQSRCHMTR3: { status: 'OFFLINE', ...placed },
    });
    expect(bySn(found.data.gateways, (g) => g.gatewaySn)).toEqual({
      ZQSRCHLOG3: { status: 'NORMAL', ...placed },
      ZQSRCHLOG5: { status: 'OTHER', stationId: null, stationName: null },
    });

    // One rule: the lists say the same of the same devices and loggers.
    type Row = { sn: string; status: string; stationId: number | null; stationName: string | null };
    const deviceList = await w.installer1.get<{ list: Row[] }>(
      '/station/gateway/inverterPage?sn=zqsrch&pageSize=50',
    );
    const loggerList = await w.installer1.get<{ list: Row[] }>('/station/gateway/page?sn=zqsrch&pageSize=50');
    expect(bySn(found.data.devices, (d) => d.deviceSn)).toEqual(bySn(deviceList.data.list, (r) => r.sn));
    expect(bySn(found.data.gateways, (g) => g.gatewaySn)).toEqual(bySn(loggerList.data.list, (r) => r.sn));
  });
});
