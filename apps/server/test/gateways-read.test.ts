import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms, deviceLatest, devices, gateways, gatewaySeqSeen } from '../src/db/schema.js';
import { eq } from 'drizzle-orm';
import { gatewayWorld, type GatewayWorld } from './gateways-fixtures.js';
import { createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { registerTestLogger, type TestLogger } from './support/loggers.js';

interface Item {
  id: number;
  sn: string;
  status: string;
  stationId: number | null;
  stationName: string | null;
  deviceCount: number;
  lastSeenAt: string | null;
}
interface Detail {
  id: number;
  sn: string;
  status: string;
  station: { id: number; name: string } | null;
  devices: { sn: string; type: string; status: string; unitId: number }[];
  bufferDropped: { count: number; at: string } | null;
}
type Page<T> = { total: number; list: T[] };

describe.each(oneDatabase())('logger list and detail on %s', (kind) => {
  let t: TestApp;
  let w: GatewayWorld;
  /** Bound to station 3, reporting now, one inverter producing, one idle, a meter, a stale battery. */
  let normal: TestLogger;
  /** Bound to station 3, reporting now, with an open URGENT alarm on the logger. */
  let faulty: TestLogger;
  /** Bound to station 4, last seen an hour ago (upload interval 300 s). */
  let offline: TestLogger;
  /** Unbound, held by company 3, never seen. */
  let spare: TestLogger;
  /** Factory stock: unbound, held by the platform. */
  let stock: TestLogger;

  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await gatewayWorld(t);
    const db = t.database.db;
    const now = t.clock.now();
    const minutesAgo = (m: number): Date => new Date(now.getTime() - m * 60_000);
    normal = await registerTestLogger(db, { sn: 'LISTNORMAL', companyId: 3, stationId: w.station3 });
    faulty = await registerTestLogger(db, { sn: 'LISTFAULTY', companyId: 3, stationId: w.station3 });
    offline = await registerTestLogger(db, { sn: 'LISTOFFLINE', companyId: 4, stationId: w.station4 });
    spare = await registerTestLogger(db, { sn: 'LISTSPARE', companyId: 3 });
    stock = await registerTestLogger(db, { sn: 'LISTSTOCK', companyId: 1 });
    await db
      .update(gateways)
      .set({ lastSeenAt: minutesAgo(1) })
      .where(eq(gateways.id, normal.id));
    await db
      .update(gateways)
      .set({ lastSeenAt: minutesAgo(2) })
      .where(eq(gateways.id, faulty.id));
    await db
      .update(gateways)
      .set({ lastSeenAt: minutesAgo(60) })
      .where(eq(gateways.id, offline.id));
    await db.insert(alarms).values([
      {
        gatewayId: faulty.id,
        recordId: 'a1',
        kind: 'ALARM',
        code: 1,
        level: 'URGENT',
        startedAt: minutesAgo(5),
      },
      // Closed, or merely informative: neither counts as a fault.
      {
        gatewayId: normal.id,
        recordId: 'a2',
        kind: 'ALARM',
        code: 2,
        level: 'URGENT',
        startedAt: minutesAgo(50),
        endedAt: minutesAgo(40),
      },
      {
        gatewayId: normal.id,
        recordId: 'a3',
        kind: 'EVENT',
        code: 3,
        level: 'PROMPT',
        startedAt: minutesAgo(5),
      },
    ]);
    const [producing, idle, meter, battery] = await db
      .insert(devices)
      .values([
        {
          gatewayId: normal.id,
          sn: 'INV-PRODUCING',
          deviceType: 'INVERTER',
          model: 'SF-INV-1P-5K',
          unitId: 1,
          lastSeenAt: minutesAgo(1),
        },
        {
          gatewayId: normal.id,
          sn: 'INV-IDLE',
          deviceType: 'INVERTER',
          model: 'SF-INV-1P-5K',
          unitId: 2,
          lastSeenAt: minutesAgo(1),
        },
        {
          gatewayId: normal.id,
          sn: 'MTR-1',
          deviceType: 'METER',
          model: 'SF-MTR-1P',
          unitId: 3,
          lastSeenAt: minutesAgo(1),
        },
        {
          gatewayId: normal.id,
          sn: 'BAT-STALE',
          deviceType: 'BATTERY',
          model: 'SF-BAT-10K',
          unitId: 4,
          lastSeenAt: minutesAgo(120),
        },
      ])
      .returning({ id: devices.id });
    if (!producing || !idle || !meter || !battery) throw new Error('devices');
    await db.insert(deviceLatest).values([
      // With the typed facts the ingest derives from the values through the models' definitions.
      { deviceId: producing.id, ts: minutesAgo(1), values: { W: 2400 }, powerW: 2400, producing: true },
      { deviceId: idle.id, ts: minutesAgo(1), values: { W: 0 }, powerW: 0, producing: false },
      { deviceId: meter.id, ts: minutesAgo(1), values: { W: -800 }, powerW: -800, producing: true },
    ]);
    await db.insert(alarms).values({
      gatewayId: normal.id,
      deviceId: meter.id,
      recordId: 'a4',
      kind: 'ALARM',
      code: 4,
      level: 'IMPORTANT',
      startedAt: minutesAgo(3),
    });
  });
  afterAll(() => t.close());

  const sns = (page: { data: Page<Item> }): string[] => page.data.list.map((i) => i.sn);

  it('lists every logger to the platform, with status from SPEC §4', async () => {
    const page = await w.admin.get<Page<Item>>('/gateway/page?pageSize=50');
    expect(page.status).toBe(200);
    const bySn = new Map(page.data.list.map((i) => [i.sn, i]));
    expect(bySn.get('LISTNORMAL')).toMatchObject({ status: 'NORMAL', stationId: w.station3, deviceCount: 4 });
    expect(bySn.get('LISTFAULTY')).toMatchObject({ status: 'FAULT', deviceCount: 0 });
    expect(bySn.get('LISTOFFLINE')).toMatchObject({ status: 'OFFLINE', stationId: w.station4 });
    expect(bySn.get('LISTSPARE')).toMatchObject({ status: 'OTHER', stationId: null, stationName: null });
    expect(page.body).not.toMatch(/secret|\$7\$/i);
  });

  it('filters by status, station and SN or name, the same way the status is computed', async () => {
    for (const status of ['NORMAL', 'FAULT', 'OFFLINE', 'OTHER'] as const) {
      const page = await w.admin.get<Page<Item>>(`/gateway/page?pageSize=50&status=${status}`);
      expect(page.data.list.length, status).toBeGreaterThan(0);
      expect(
        page.data.list.every((i) => i.status === status),
        status,
      ).toBe(true);
      expect(page.data.total).toBe(page.data.list.length);
    }
    expect(sns(await w.admin.get<Page<Item>>(`/gateway/page?stationId=${w.station3}`))).toEqual([
      'LISTFAULTY',
      'LISTNORMAL',
    ]);
    expect(sns(await w.admin.get<Page<Item>>('/gateway/page?sn=listsp'))).toEqual(['LISTSPARE']);
    // A typed % is a character, not a wildcard.
    expect((await w.admin.get<Page<Item>>('/gateway/page?sn=%25')).data.total).toBe(0);
    const paged = await w.admin.get<Page<Item>>('/gateway/page?sn=LIST&pageNum=2&pageSize=2');
    expect(paged.data).toMatchObject({ total: 5, list: [{ sn: 'LISTOFFLINE' }, { sn: 'LISTSPARE' }] });
    expect((await w.admin.get('/gateway/page?status=BROKEN')).status).toBe(4000);
  });

  it('gives each row its packet loss over the last 24 hours of data (null when nothing arrived)', async () => {
    const now = t.clock.now().getTime();
    const hoursAgo = (h: number): Date => new Date(now - h * 3_600_000);
    const seen = (seq: number, dataTs: Date) => ({ gatewayId: normal.id, seq, dataTs, readings: 1 });
    // Seq 4 never arrived: 4 received, 1 lost → 0.2. The message two days ago is outside the window.
    await t.database.db
      .insert(gatewaySeqSeen)
      .values([
        seen(1, hoursAgo(48)),
        seen(2, hoursAgo(20)),
        seen(3, hoursAgo(10)),
        seen(5, hoursAgo(5)),
        seen(6, hoursAgo(1)),
      ]);
    const page = await w.admin.get<Page<Item & { lossRate: number | null }>>(
      '/gateway/page?sn=LIST&pageSize=50',
    );
    const rate = (id: number) => page.data.list.find((g) => g.id === id)?.lossRate;
    expect(rate(normal.id)).toBeCloseTo(0.2, 10);
    expect(rate(spare.id)).toBeNull();
  });

  it('shows each tenant only its own loggers', async () => {
    expect(sns(await w.installer1.get<Page<Item>>('/gateway/page'))).toEqual([
      'LISTFAULTY',
      'LISTNORMAL',
      'LISTSPARE',
    ]);
    expect(sns(await w.installer2.get<Page<Item>>('/gateway/page'))).toEqual(['LISTOFFLINE']);
    expect(sns(await w.distributor.get<Page<Item>>('/gateway/page'))).toEqual([
      'LISTFAULTY',
      'LISTNORMAL',
      'LISTOFFLINE',
      'LISTSPARE',
    ]);
    // Owners see the loggers of their stations only, not the spare their installer holds.
    expect(sns(await w.owner1.get<Page<Item>>('/gateway/page'))).toEqual(['LISTFAULTY', 'LISTNORMAL']);
    expect(sns(await w.owner3.get<Page<Item>>('/gateway/page'))).toEqual(['LISTOFFLINE']);
    // Filtering by a foreign station finds nothing rather than leaking.
    expect((await w.installer2.get<Page<Item>>(`/gateway/page?stationId=${w.station3}`)).data.total).toBe(0);
    for (const client of [w.installer2, w.owner3]) {
      for (const id of [normal.id, spare.id, stock.id]) {
        const res = await client.get(`/gateway/${id}`);
        expect(res).toMatchObject({ status: 4004, enMsg: 'TheDataDoesNotExist' });
      }
    }
    expect((await w.installer1.get(`/gateway/${stock.id}`)).status).toBe(4004);
  });

  it('details a logger with its station and the status of each device', async () => {
    const detail = await w.owner1.get<Detail>(`/gateway/${normal.id}`);
    expect(detail.status).toBe(200);
    expect(detail.data).toMatchObject({ sn: 'LISTNORMAL', status: 'NORMAL', station: { id: w.station3 } });
    expect(detail.data.devices.map((d) => [d.sn, d.status])).toEqual([
      ['INV-PRODUCING', 'RUNNING'],
      ['INV-IDLE', 'OTHER'],
      ['MTR-1', 'FAULT'],
      ['BAT-STALE', 'OFFLINE'],
    ]);
    // Its own loss counter: none reported yet, then what its newest reading of itself said.
    expect(detail.data.bufferDropped).toBeNull();
    const reportedAt = new Date(t.clock.now().getTime() - 120_000);
    await t.database.db
      .update(gateways)
      .set({ bufferDropped: 12, bufferDroppedAt: reportedAt })
      .where(eq(gateways.id, normal.id));
    expect((await w.owner1.get<Detail>(`/gateway/${normal.id}`)).data.bufferDropped).toEqual({
      count: 12,
      at: reportedAt.toISOString(),
    });
    const unbound = await w.installer1.get<Detail>(`/gateway/${spare.id}`);
    expect(unbound.data).toMatchObject({ station: null, devices: [], status: 'OTHER', bufferDropped: null });
    expect((await w.admin.get('/gateway/999999')).status).toBe(4004);
  });

  it('keeps the status moving with time: a logger falls OFFLINE after three intervals and a minute', async () => {
    // LISTNORMAL was seen a minute before "now": 901 s later it is 961 s old, beyond 3 × 300 s + 60 s.
    t.clock.advance(901);
    const later = await w.admin.get<Detail>(`/gateway/${normal.id}`);
    expect(later.data.status).toBe('OFFLINE');
    expect(later.data.devices.every((d) => d.status === 'OFFLINE')).toBe(true);
  });
});
