// Station power and energy charts (Step 3) on both databases: 5-minute buckets of a station-local day with
// gaps where the logger was offline, DST days of 23 and 25 hours, energy per hour/day/month/year from the
// rollups (not from raw rows), bad dates, and the foreign-tenant probe.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { devices } from '../src/db/schema.js';
import { createTestApp, DATABASES, type TestApp } from './helpers.js';
import { addDevice, worker } from './rollups-support.js';
import { registerTestLogger, createTestStation } from './support/loggers.js';
import { twoTenants, withoutRequestId, type TwoTenants } from './telemetry-api-support.js';

const MIN = 60_000;
const BUCKET = 5 * MIN;

interface Row {
  ts: number;
  power?: number;
  soc?: number;
  energy?: number;
}

/** Stores readings of one device the way the ingest does (rows + one rollup queue entry). */
async function store(db: Db, gatewayId: number, deviceId: number, rows: readonly Row[]): Promise<void> {
  const months = new Set(rows.map((r) => new Date(r.ts).toISOString().slice(0, 7)));
  for (const m of months) await db.execute(sql`select telemetry_ensure_partition(${`${m}-01`}::date)`);
  const values = rows.map(
    (r) =>
      sql`(${deviceId}::int, ${new Date(r.ts).toISOString()}::timestamptz, ${gatewayId}::int,
           ${r.power ?? null}::float8, ${r.soc ?? null}::float8, ${r.energy ?? null}::float8)`,
  );
  await db.execute(sql`insert into telemetry (device_id, ts, gateway_id, power_w, soc_pct, energy_total_wh)
                       values ${sql.join(values, sql`, `)}`);
  const times = rows.map((r) => r.ts);
  await db.execute(sql`insert into rollup_dirty (device_id, from_ts, to_ts) values (${deviceId},
    ${new Date(Math.min(...times)).toISOString()}::timestamptz, ${new Date(Math.max(...times)).toISOString()}::timestamptz)`);
}

interface PowerChart {
  stationId: number;
  date: string;
  timeZone: string;
  intervalMinutes: number;
  series: {
    ts: number[];
    pvKw: (number | null)[];
    loadKw: (number | null)[];
    gridKw: (number | null)[];
    batteryKw: (number | null)[];
    socPct: (number | null)[];
  };
  gaps: { from: number; to: number }[];
}

interface Point {
  label: string;
  start: number;
  energyKwh: number | null;
  income: number | null;
  chargeKwh: number | null;
  importKwh: number | null;
  consumptionKwh: number | null;
}
interface EnergyChart {
  currency: string;
  points: Point[];
  totals: Omit<Point, 'label' | 'start'>;
}

describe.each(DATABASES)('station charts on %s', (kind) => {
  let t: TestApp;
  let db: Db;
  let w: TwoTenants;
  /** Station E: only an inverter, energy readings across DST and months; installed mid-2024. */
  let stationE: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.database.db;
    w = await twoTenants(t, kind);
    // Station A (Europe/Berlin): two inverters, a meter and a battery on logger A.
    const inverter2 = await addDevice(db, w.loggerA.id, 'INVERTER', `INV-A2-${kind}`);
    const battery = await addDevice(db, w.loggerA.id, 'BATTERY', `BAT-A-${kind}`);
    // 31 May 2026 local: the logger reports 06:00–11:55 and 14:00–17:55, offline 12:00–13:59.
    const midnight = Date.parse('2026-05-30T22:00:00Z');
    const slots: number[] = [];
    for (let i = 72; i < 144; i++) slots.push(midnight + i * BUCKET);
    for (let i = 168; i < 216; i++) slots.push(midnight + i * BUCKET);
    await store(db, w.loggerA.id, w.inverterA, [
      ...slots.map((ts) => ({ ts, power: 4000 })),
      ...slots.map((ts) => ({ ts: ts + 150_000, power: 5000 })),
    ]);
    await store(
      db,
      w.loggerA.id,
      inverter2,
      slots.map((ts) => ({ ts, power: 1000 })),
    );
    await store(
      db,
      w.loggerA.id,
      w.meterA,
      slots.map((ts) => ({ ts, power: -1500 })),
    );
    await store(
      db,
      w.loggerA.id,
      battery,
      slots.map((ts) => ({ ts, power: -500, soc: 55.5 })),
    );
    // Station B (UTC): an inverter only.
    await store(db, w.loggerB.id, w.inverterB, [{ ts: Date.parse('2026-05-31T10:00:00Z'), power: 2000 }]);

    const e = await createTestStation(db, {
      companyId: 3,
      timeZone: 'Europe/Berlin',
      price: 0.4,
      currency: 'EUR',
      installedAt: new Date('2024-06-01T00:00:00Z'),
    });
    stationE = e.id;
    const loggerE = await registerTestLogger(db, { stationId: stationE, companyId: 3 });
    const inverterE = await addDevice(db, loggerE.id, 'INVERTER', `INV-E-${kind}`);
    // 26 Oct 2025 (25 local hours): 1 kWh in every local hour, counter steps of 250 Wh every 15 minutes.
    const readings: Row[] = [];
    const start = Date.parse('2025-10-25T22:00:00Z');
    for (let i = 0; i <= 100; i++) readings.push({ ts: start + i * 15 * MIN, energy: 1_000_000 + i * 250 });
    // May 2026: 5 kWh on the 10th, then 2 kWh on the 20th.
    readings.push({ ts: Date.parse('2026-05-10T08:00:00Z'), energy: 1_025_000 });
    readings.push({ ts: Date.parse('2026-05-10T10:00:00Z'), energy: 1_030_000 });
    readings.push({ ts: Date.parse('2026-05-20T10:00:00Z'), energy: 1_032_000 });
    await store(db, loggerE.id, inverterE, readings);
    const rollups = worker(t.database);
    while ((await rollups.drainOnce()) > 0);
    // The energy charts must come from the rollups: without the raw rows they answer the same.
    await db.execute(sql`delete from telemetry where device_id = ${inverterE}`);
  }, 120_000);
  afterAll(() => t.close());

  const power = (stationId: number, date: string) =>
    w.admin.get<PowerChart>(`/station/powerChartData?stationId=${stationId}&date=${date}`);
  const energy = (stationId: number, dimension: string, date: string) =>
    w.admin.get<EnergyChart>(
      `/station/electricityChartData?stationId=${stationId}&dimension=${dimension}&date=${date}`,
    );

  it('lists every 5 minutes of the local day with sums per device kind, and nulls where the logger was offline', async () => {
    const res = await power(w.stationA, '2026-05-31');
    expect(res.status).toBe(200);
    const { series, gaps } = res.data;
    const midnight = Date.parse('2026-05-30T22:00:00Z');
    expect(res.data.timeZone).toBe('Europe/Berlin');
    expect(series.ts).toHaveLength(288);
    expect(series.ts[0]).toBe(midnight);
    expect(series.ts[287]).toBe(midnight + 287 * BUCKET);
    for (const key of ['pvKw', 'loadKw', 'gridKw', 'batteryKw', 'socPct'] as const)
      expect(series[key]).toHaveLength(288);
    // 06:00: inverter 1 averages 4500 W over its two readings, inverter 2 adds 1000 W.
    expect(series.pvKw[72]).toBe(5.5);
    expect(series.gridKw[72]).toBe(-1.5);
    // The battery charges 500 W (it reports −500): shown as +0.5 kW.
    expect(series.batteryKw[72]).toBe(0.5);
    expect(series.socPct[72]).toBe(55.5);
    // load = pv + grid − charge = 5.5 − 1.5 − 0.5
    expect(series.loadKw[72]).toBe(3.5);
    // Night and the outage are gaps (null), never zeros.
    for (const i of [0, 71, 144, 150, 167, 216, 287]) {
      expect(series.pvKw[i]).toBeNull();
      expect(series.loadKw[i]).toBeNull();
      expect(series.gridKw[i]).toBeNull();
      expect(series.socPct[i]).toBeNull();
    }
    expect(series.pvKw[143]).toBe(5.5);
    expect(series.pvKw[168]).toBe(5.5);
    expect(gaps).toEqual([
      { from: midnight, to: midnight + 72 * BUCKET },
      { from: midnight + 144 * BUCKET, to: midnight + 168 * BUCKET },
      { from: midnight + 216 * BUCKET, to: midnight + 288 * BUCKET },
    ]);
  });

  it('ends today at now, and leaves the load and grid null for a station without a meter', async () => {
    // The test clock stands at 2026-06-01 08:00 UTC = 10:00 in Berlin: buckets 00:00 … 09:55.
    const today = await power(w.stationA, '2026-06-01');
    expect(today.status).toBe(200);
    expect(today.data.series.ts).toHaveLength(120);
    const b = await power(w.stationB, '2026-05-31');
    expect(b.status).toBe(200);
    expect(b.data.series.pvKw[120]).toBe(2);
    expect(b.data.series.loadKw.every((v) => v === null)).toBe(true);
    expect(b.data.series.gridKw.every((v) => v === null)).toBe(true);
    expect(b.data.series.batteryKw.every((v) => v === null)).toBe(true);
  });

  it('has 23 hours of buckets on the spring DST day and 25 on the autumn one', async () => {
    const spring = await power(w.stationA, '2026-03-29');
    expect(spring.data.series.ts).toHaveLength(23 * 12);
    expect(spring.data.series.ts[0]).toBe(Date.parse('2026-03-28T23:00:00Z'));
    const autumn = await power(w.stationA, '2025-10-26');
    expect(autumn.data.series.ts).toHaveLength(25 * 12);
    expect(autumn.data.series.ts.at(-1)).toBe(Date.parse('2025-10-26T23:00:00Z') - BUCKET);
    expect(autumn.data.gaps).toEqual([
      { from: Date.parse('2025-10-25T22:00:00Z'), to: Date.parse('2025-10-26T23:00:00Z') },
    ]);
  });

  it('gives the 25 hours of the autumn DST day from the hour rollups, with income', async () => {
    const res = await energy(stationE, 'DAY', '2025-10-26');
    expect(res.status).toBe(200);
    expect(res.data.currency).toBe('EUR');
    expect(res.data.points).toHaveLength(25);
    expect(res.data.points.map((p) => p.label).filter((l) => l === '02:00')).toHaveLength(2);
    for (const p of res.data.points) {
      expect(p.energyKwh).toBeCloseTo(1, 9);
      expect(p.income).toBeCloseTo(0.4, 9);
      // No meter and no battery: those figures are unknown, not zero.
      expect(p.importKwh).toBeNull();
      expect(p.chargeKwh).toBeNull();
      expect(p.consumptionKwh).toBeNull();
    }
    expect(res.data.totals.energyKwh).toBeCloseTo(25, 9);
    expect(res.data.totals.income).toBeCloseTo(10, 9);
    const spring = await energy(stationE, 'DAY', '2026-03-29');
    expect(spring.data.points).toHaveLength(23);
    expect(spring.data.points.every((p) => p.energyKwh === null)).toBe(true);
    expect(spring.data.totals.energyKwh).toBeNull();
  });

  it('gives days of a month, months of a year and years since installation from the rollups', async () => {
    const month = await energy(stationE, 'MONTH', '2026-05-17');
    expect(month.data.points).toHaveLength(31);
    expect(month.data.points[0]!.label).toBe('2026-05-01');
    expect(month.data.points[0]!.start).toBe(Date.parse('2026-04-30T22:00:00Z'));
    expect(month.data.points[9]!.energyKwh).toBeCloseTo(5, 9);
    expect(month.data.points[19]!.energyKwh).toBeCloseTo(2, 9);
    expect(month.data.points[10]!.energyKwh).toBeNull();
    expect(month.data.points[10]!.income).toBeNull();
    expect(month.data.totals.energyKwh).toBeCloseTo(7, 9);

    const year = await energy(stationE, 'YEAR', '2025-01-01');
    expect(year.data.points.map((p) => p.label)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`),
    );
    expect(year.data.points[9]!.energyKwh).toBeCloseTo(25, 9);
    expect(year.data.points[8]!.energyKwh).toBeNull();

    const total = await energy(stationE, 'TOTAL', '2026-06-01');
    expect(total.data.points.map((p) => p.label)).toEqual(['2024', '2025', '2026']);
    expect(total.data.points[0]!.energyKwh).toBeNull();
    expect(total.data.points[1]!.energyKwh).toBeCloseTo(25, 9);
    expect(total.data.points[2]!.energyKwh).toBeCloseTo(7, 9);
    expect(total.data.points[2]!.income).toBeCloseTo(2.8, 9);
    expect(total.data.totals.energyKwh).toBeCloseTo(32, 9);
  });

  it('answers bad dates and dimensions with a clear error', async () => {
    const cases: [string, string][] = [
      [`/station/powerChartData?stationId=${w.stationA}&date=2026-02-30`, 'telemetry.dateInvalid'],
      [`/station/powerChartData?stationId=${w.stationA}&date=1999-12-31`, 'chart.dateTooEarly'],
      [`/station/powerChartData?stationId=${w.stationA}&date=2026-06-02`, 'chart.dateInFuture'],
      [`/station/powerChartData?stationId=${w.stationA}&date=31.05.2026`, 'InvalidInput'],
      [`/station/powerChartData?date=2026-05-31`, 'InvalidInput'],
      [
        `/station/electricityChartData?stationId=${w.stationA}&dimension=WEEK&date=2026-05-31`,
        'InvalidInput',
      ],
      [
        `/station/electricityChartData?stationId=${w.stationA}&dimension=MONTH&date=2026-13-01`,
        'InvalidInput',
      ],
      [
        `/station/electricityChartData?stationId=${w.stationA}&dimension=DAY&date=2026-04-31`,
        'telemetry.dateInvalid',
      ],
    ];
    for (const [url, enMsg] of cases) {
      const res = await w.admin.get(url);
      expect({ url, status: res.status }).toEqual({ url, status: 4000 });
      if (enMsg !== 'InvalidInput') expect(res.enMsg).toBe(enMsg);
    }
  });

  it('answers a foreign station exactly like a missing one', async () => {
    for (const path of [
      (id: number) => `/station/powerChartData?stationId=${id}&date=2026-05-31`,
      (id: number) => `/station/electricityChartData?stationId=${id}&dimension=YEAR&date=2026-05-31`,
      (id: number) => `/station/weather?stationId=${id}`,
    ]) {
      const foreign = await w.installer2.get(path(w.stationA));
      const missing = await w.installer2.get(path(999_999));
      expect(foreign.status).toBe(4004);
      expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
      // Owner 1 reaches their own station; owner 2 does not.
      expect((await w.owner1.get(path(w.stationA))).status).toBe(200);
      expect((await w.owner2.get(path(w.stationA))).status).toBe(4004);
    }
  });

  it('keeps a station’s devices to itself: a device moved away no longer counts', async () => {
    await db
      .update(devices)
      .set({ gatewayId: w.loggerB.id })
      .where(sql`${devices.id} = ${w.meterA}`);
    try {
      const res = await power(w.stationA, '2026-05-31');
      expect(res.data.series.gridKw.every((v) => v === null)).toBe(true);
      expect(res.data.series.loadKw.every((v) => v === null)).toBe(true);
      expect(res.data.series.pvKw[72]).toBe(5.5);
    } finally {
      await db
        .update(devices)
        .set({ gatewayId: w.loggerA.id })
        .where(sql`${devices.id} = ${w.meterA}`);
    }
  });
});
