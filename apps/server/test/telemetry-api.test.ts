import { TelemetryColumns } from '@sunfleet/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { deviceLatest, gatewaySeqSeen } from '../src/db/schema.js';
import { createTestApp, DATABASES, type TestApp } from './helpers.js';
import { addDevice, worker, writeBatch, type TestReading } from './rollups-support.js';
import {
  clearAlarms,
  raiseAlarm,
  seenAt,
  twoTenants,
  withoutRequestId,
  type Client,
  type TwoTenants,
} from './telemetry-api-support.js';
import { createTestStation } from './support/loggers.js';

const MIN = 60_000;
const T0 = Date.parse('2026-05-31T00:00:00Z');
const GAP_FROM = Date.parse('2026-05-31T10:00:00Z');
const GAP_TO = Date.parse('2026-05-31T12:00:00Z');

/** Inverter A: every 15 minutes from T0 to 07:45Z next day, +250 Wh each, nothing between 10:00 and 12:00. */
function inverterReadings(): TestReading[] {
  const out: TestReading[] = [];
  for (let i = 0; T0 + i * 15 * MIN <= Date.parse('2026-06-01T07:45:00Z'); i++) {
    const ts = T0 + i * 15 * MIN;
    if (ts > GAP_FROM && ts < GAP_TO) continue;
    out.push({ ts, power: 2000, energy: 1_000_000 + i * 250 });
  }
  return out;
}

const berlinDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' });

/** kWh per Berlin day by the documented rule: positive counter steps, in the day of ts − 1 ms. */
function expectedDays(readings: readonly TestReading[]): Record<string, number> {
  const days: Record<string, number> = {};
  for (let i = 1; i < readings.length; i++) {
    const step = Math.max(0, (readings[i]!.energy ?? 0) - (readings[i - 1]!.energy ?? 0));
    const day = berlinDay.format(new Date(readings[i]!.ts - 1));
    days[day] = (days[day] ?? 0) + step / 1000;
  }
  return days;
}

interface Rollup {
  timeZone: string;
  currency?: string;
  rows: {
    bucket: string;
    start: number;
    energyKwh: number;
    importKwh: number;
    income?: number;
    yieldKwhKwp?: number | null;
  }[];
}

describe.each(DATABASES)('telemetry read API on %s', (kind) => {
  let t: TestApp;
  let db: Db;
  let w: TwoTenants;

  /** A foreign id must answer exactly like a missing one. */
  async function expectHidden(client: Client, foreignUrl: string, missingUrl: string): Promise<void> {
    const foreign = await client.get(foreignUrl);
    const missing = await client.get(missingUrl);
    expect(foreign.status).toBe(4004);
    expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.database.db;
    w = await twoTenants(t, kind);
    await writeBatch(db, w.loggerA.id, w.inverterA, inverterReadings());
    await writeBatch(db, w.loggerA.id, w.meterA, [
      { ts: T0, power: 10, import: 100, export: 0 },
      { ts: T0 + 60 * MIN, power: 10, import: 1100, export: 500 },
    ]);
    await writeBatch(db, w.loggerB.id, w.inverterB, [{ ts: T0, power: 1, energy: 5 }]);
    await worker(t.database).drainOnce();
    // A newer reading than the batches', with the typed facts the ingest derives from it.
    const latest = {
      ts: new Date('2026-06-01T07:45:00Z'),
      values: { W: 2000, WH: 1_000_000, St: 'MPPT' },
      powerW: 2000,
      energyTotalWh: 1_000_000,
      producing: true,
    };
    await db
      .insert(deviceLatest)
      .values({ deviceId: w.inverterA, ...latest })
      .onConflictDoUpdate({ target: deviceLatest.deviceId, set: latest });
    await seenAt(db, w.loggerA.id, new Date(t.clock.now().getTime() - 60_000));
  });
  afterAll(() => t.close());

  it('answers the latest values with the device status, within the caller’s reach only', async () => {
    const latest = await w.installer1.get<{ ts: number; values: Record<string, unknown>; status: string }>(
      `/device/${w.inverterA}/latest`,
    );
    expect(latest.status).toBe(200);
    expect(latest.data).toEqual({
      deviceId: w.inverterA,
      ts: Date.parse('2026-06-01T07:45:00Z'),
      values: { W: 2000, WH: 1_000_000, St: 'MPPT' },
      status: 'RUNNING',
      rest: null,
    });
    expect((await w.owner1.get(`/device/${w.inverterA}/latest`)).status).toBe(200);
    expect((await w.admin.get(`/device/${w.inverterA}/latest`)).status).toBe(200);
    await expectHidden(w.installer2, `/device/${w.inverterA}/latest`, '/device/999999/latest');
    await expectHidden(w.owner2, `/device/${w.inverterA}/latest`, '/device/999999/latest');
    // A device that never reported has no latest values.
    const silent = await addDevice(db, w.loggerA.id, 'BATTERY', `BAT-SILENT-${kind}`);
    const empty = await w.installer1.get<{ ts: null; values: object }>(`/device/${silent}/latest`);
    expect(empty.data).toMatchObject({ ts: null, values: {} });
    await db.execute(sql`delete from devices where id = ${silent}`);
  });

  it('counts an open URGENT or IMPORTANT alarm as a fault, not an event or a closed alarm', async () => {
    const now = t.clock.now();
    const status = async () =>
      (await w.installer1.get<{ status: string }>(`/device/${w.inverterA}/latest`)).data.status;
    await raiseAlarm(db, {
      gatewayId: w.loggerA.id,
      deviceId: w.inverterA,
      level: 'URGENT',
      kind: 'EVENT',
      startedAt: now,
    });
    await raiseAlarm(db, {
      gatewayId: w.loggerA.id,
      deviceId: w.inverterA,
      level: 'IMPORTANT',
      startedAt: now,
      endedAt: now,
    });
    await raiseAlarm(db, {
      gatewayId: w.loggerA.id,
      deviceId: w.inverterA,
      level: 'COMMONLY',
      startedAt: now,
    });
    expect(await status()).toBe('RUNNING');
    await raiseAlarm(db, {
      gatewayId: w.loggerA.id,
      deviceId: w.inverterA,
      level: 'IMPORTANT',
      startedAt: now,
    });
    expect(await status()).toBe('FAULT');
    await clearAlarms(db);
  });

  it('gives raw history with gaps left as gaps and only the asked columns', async () => {
    const from = Date.parse('2026-05-31T09:00:00Z');
    const to = Date.parse('2026-05-31T13:00:00Z');
    const res = await w.installer1.get<{
      rows: { ts: number; values: Record<string, number | null> }[];
      truncated: boolean;
      columns: string[];
    }>(`/device/${w.inverterA}/history?from=${from}&to=${to}&columns=power_w,energy_total_wh`);
    expect(res.status).toBe(200);
    const times = res.data.rows.map((r) => r.ts);
    expect(times).toEqual(
      inverterReadings()
        .map((r) => r.ts)
        .filter((ts) => ts >= from && ts <= to),
    );
    expect(times.some((ts) => ts > GAP_FROM && ts < GAP_TO)).toBe(false);
    expect(res.data.columns).toEqual(['power_w', 'energy_total_wh']);
    expect(res.data.rows[0]).toEqual({
      ts: from,
      values: { power_w: 2000, energy_total_wh: 1_000_000 + 36 * 250 },
    });
    expect(res.data.truncated).toBe(false);
    const all = await w.installer1.get<{ rows: { values: Record<string, unknown> }[] }>(
      `/device/${w.inverterA}/history?from=${from}&to=${from}`,
    );
    expect(Object.keys(all.data.rows[0]!.values)).toEqual([...TelemetryColumns]);
    expect(all.data.rows[0]!.values.soc_pct).toBeNull();
    await expectHidden(
      w.installer2,
      `/device/${w.inverterA}/history?from=${from}&to=${to}`,
      `/device/999999/history?from=${from}&to=${to}`,
    );
  });

  it('refuses bad history queries with 4000 and a clear message', async () => {
    const url = (q: string) => `/device/${w.inverterA}/history?${q}`;
    const day = 86_400_000;
    const cases: [string, string, string][] = [
      [url(`from=${T0}&to=${T0 - 1}`), 'telemetry.rangeInvalid', 'querystring.to'],
      [url(`from=${T0}&to=${T0 + 31 * day + 1}`), 'telemetry.historyRangeTooLong', 'querystring.to'],
      [url(`from=${T0}&to=${T0 + 1}&columns=power_w,nope`), 'rule.format', 'querystring.columns'],
      [url(`from=${T0}`), 'rule.required', 'querystring.to'],
      [url(`from=yesterday&to=${T0}`), 'rule.type', 'querystring.from'],
    ];
    for (const [u, rule, field] of cases) {
      const res = await w.installer1.get<{ field: string; rule: string }[]>(u);
      expect(res.status, u).toBe(4000);
      expect(res.enMsg, u).toBe(rule);
      expect(
        res.data.map((f) => f.field),
        u,
      ).toContain(field);
    }
    expect((await w.installer1.get(url(`from=${T0}&to=${T0 + 31 * day}`))).status).toBe(200);
  });

  it('gives device rollups per local hour, day and month', async () => {
    const expected = expectedDays(inverterReadings());
    const days = await w.installer1.get<Rollup>(
      `/device/${w.inverterA}/rollup?period=day&from=2026-05-31&to=2026-06-01`,
    );
    expect(days.status).toBe(200);
    expect(days.data.timeZone).toBe('Europe/Berlin');
    expect(days.data.rows.map((r) => r.bucket)).toEqual(['2026-05-31', '2026-06-01']);
    expect(days.data.rows[0]!.energyKwh).toBeCloseTo(expected['2026-05-31']!, 9);
    expect(days.data.rows[1]!.energyKwh).toBeCloseTo(expected['2026-06-01']!, 9);
    expect(days.data.rows[0]!.start).toBe(Date.parse('2026-05-30T22:00:00Z'));

    const hours = await w.installer1.get<Rollup>(
      `/device/${w.inverterA}/rollup?period=hour&from=2026-05-31&to=2026-05-31`,
    );
    const labels = hours.data.rows.map((r) => r.bucket);
    // The 00:00Z reading closes the hour 23:00Z of 30 May = 01:00 local on 31 May.
    expect(labels[0]).toBe('2026-05-31T01:00:00+02:00');
    expect(hours.data.rows[0]!.start).toBe(Date.parse('2026-05-30T23:00:00Z'));
    // No reading closed the hour 10:00–11:00Z (12:00 local): no row, not a zero.
    expect(labels).not.toContain('2026-05-31T12:00:00+02:00');
    expect(hours.data.rows.find((r) => r.bucket === '2026-05-31T13:00:00+02:00')?.energyKwh).toBe(2);

    const months = await w.installer1.get<Rollup>(
      `/device/${w.inverterA}/rollup?period=month&from=2026-05-01&to=2026-06-30`,
    );
    expect(months.data.rows.map((r) => r.bucket)).toEqual(['2026-05', '2026-06']);
    const meter = await w.installer1.get<Rollup>(
      `/device/${w.meterA}/rollup?period=day&from=2026-05-31&to=2026-05-31`,
    );
    expect(meter.data.rows[0]?.importKwh).toBe(1);
    await expectHidden(
      w.installer2,
      `/device/${w.inverterA}/rollup?period=day&from=2026-05-31&to=2026-06-01`,
      `/device/999999/rollup?period=day&from=2026-05-31&to=2026-06-01`,
    );
  });

  it('gives station rollups: inverter energy only, yield, income and currency', async () => {
    const expected = expectedDays(inverterReadings());
    const res = await w.owner1.get<Rollup>(
      `/station/${w.stationA}/rollup?period=day&from=2026-05-31&to=2026-06-01`,
    );
    expect(res.status).toBe(200);
    expect(res.data.currency).toBe('EUR');
    const first = res.data.rows[0]!;
    expect(first.energyKwh).toBeCloseTo(expected['2026-05-31']!, 9);
    expect(first.importKwh).toBe(1);
    expect(first.income).toBeCloseTo(first.energyKwh * 0.4, 9);
    expect(first.yieldKwhKwp).toBeCloseTo(first.energyKwh / 5, 9);
    await expectHidden(
      w.installer2,
      `/station/${w.stationA}/rollup?period=day&from=2026-05-31&to=2026-06-01`,
      `/station/999999/rollup?period=day&from=2026-05-31&to=2026-06-01`,
    );
  });

  it('refuses bad rollup ranges with 4000 and the limit in the message', async () => {
    const cases: [string, string][] = [
      ['period=week&from=2026-05-01&to=2026-05-02', 'rule.enum'],
      ['period=day&from=2026-02-30&to=2026-03-02', 'telemetry.dateInvalid'],
      ['period=day&from=2026-05-02&to=2026-05-01', 'telemetry.rangeInvalid'],
      ['period=hour&from=2026-05-01&to=2026-06-01', 'telemetry.hourRangeTooLong'],
      ['period=day&from=2025-01-01&to=2026-01-02', 'telemetry.dayRangeTooLong'],
      ['period=month&from=2016-01-01&to=2026-01-01', 'telemetry.monthRangeTooLong'],
      ['period=day&from=31.05.2026&to=2026-06-01', 'rule.format'],
    ];
    for (const [q, rule] of cases) {
      for (const url of [`/device/${w.inverterA}/rollup?${q}`, `/station/${w.stationA}/rollup?${q}`]) {
        const res = await w.installer1.get(url);
        expect(res.status, url).toBe(4000);
        expect(res.enMsg, url).toBe(rule);
      }
    }
    const ok = [
      'period=hour&from=2026-05-01&to=2026-05-31',
      'period=day&from=2025-01-01&to=2026-01-01',
      'period=month&from=2016-02-01&to=2026-01-31',
    ];
    for (const q of ok)
      expect((await w.installer1.get(`/station/${w.stationA}/rollup?${q}`)).status, q).toBe(200);
  });

  it('summarises the station status from its loggers and devices', async () => {
    const now = t.clock.now();
    type Status = { status: string; gateways: Record<string, number>; devices: Record<string, number> };
    const get = async () => (await w.installer1.get<Status>(`/station/${w.stationA}/status`)).data;
    expect(await get()).toEqual({
      stationId: w.stationA,
      status: 'ONLINE',
      gateways: { normal: 1, fault: 0, offline: 0, other: 0 },
      devices: { running: 2, fault: 0, offline: 0, other: 0 },
    });
    await raiseAlarm(db, { gatewayId: w.loggerA.id, deviceId: w.inverterA, level: 'URGENT', startedAt: now });
    expect(await get()).toMatchObject({ status: 'ABNORMAL', devices: { running: 1, fault: 1 } });
    await raiseAlarm(db, { gatewayId: w.loggerA.id, deviceId: null, level: 'IMPORTANT', startedAt: now });
    expect(await get()).toMatchObject({ status: 'ABNORMAL', gateways: { normal: 0, fault: 1 } });
    await clearAlarms(db);
    await seenAt(db, w.loggerA.id, new Date(now.getTime() - 3 * 3_600_000));
    expect(await get()).toMatchObject({
      status: 'OFFLINE',
      gateways: { offline: 1 },
      devices: { offline: 2 },
    });
    await seenAt(db, w.loggerA.id, new Date(now.getTime() - 60_000));
    const empty = await createTestStation(db, { companyId: 3 });
    expect((await w.installer1.get<Status>(`/station/${empty.id}/status`)).data).toMatchObject({
      status: 'OTHER',
      gateways: { normal: 0, fault: 0, offline: 0, other: 0 },
    });
    await expectHidden(w.installer2, `/station/${w.stationA}/status`, '/station/999999/status');
    await expectHidden(w.owner2, `/station/${w.stationA}/status`, '/station/999999/status');
  });

  it('counts packet loss per UTC day; a late backlog message fills its gap; a reset starts a new run', async () => {
    const g = w.loggerA.id;
    const at = (iso: string) => new Date(iso);
    const seq = (n: number, iso: string, duplicates = 0) => ({
      gatewayId: g,
      seq: n,
      dataTs: at(iso),
      readings: 1,
      duplicates,
    });
    const day1 = [1, 2, 3, 6, 7, 8, 9, 10].map((n) =>
      seq(100_000 + n, `2026-05-20T0${n % 10}:00:00Z`, n === 7 ? 1 : 0),
    );
    const day2 = [11, 12, 14].map((n) => seq(100_000 + n, `2026-05-21T${n}:00:00Z`));
    // The logger restarted its numbering on 22 May: no gap across the restart.
    const day3 = [1, 2, 3].map((n) => seq(n, `2026-05-22T0${n}:00:00Z`));
    await db.insert(gatewaySeqSeen).values([...day1, ...day2, ...day3]);
    type Loss = {
      days: {
        day: string;
        received: number;
        expected: number;
        lost: number;
        duplicates: number;
        lossRate: number;
      }[];
      total: { lost: number; expected: number };
    };
    const url = `/station/lossPacket/gateway/data?gatewayId=${g}&startDate=2026-05-20&endDate=2026-05-22`;
    const before = await w.installer1.get<Loss>(url);
    expect(before.status).toBe(200);
    expect(before.data.days).toEqual([
      { day: '2026-05-20', received: 8, expected: 10, lost: 2, duplicates: 1, lossRate: 0.2 },
      { day: '2026-05-21', received: 3, expected: 4, lost: 1, duplicates: 0, lossRate: 0.25 },
      { day: '2026-05-22', received: 3, expected: 3, lost: 0, duplicates: 0, lossRate: 0 },
    ]);
    expect(before.data.total).toMatchObject({ lost: 3, expected: 17 });
    // Seq 100004 arrives later from the logger's buffer with 20 May data.
    await db.insert(gatewaySeqSeen).values({ ...seq(100_004, '2026-05-20T04:00:00Z'), backlog: true });
    const after = await w.installer1.get<Loss>(url);
    expect(after.data.days[0]).toMatchObject({ received: 9, lost: 1, expected: 10 });
    const one = await w.installer1.get<Loss>(url.replace('startDate=2026-05-20', 'startDate=2026-05-21'));
    expect(one.data.days.map((d) => d.day)).toEqual(['2026-05-21', '2026-05-22']);
    expect(one.data.days[0]).toMatchObject({ lost: 1 });
    await expectHidden(
      w.installer2,
      url,
      '/station/lossPacket/gateway/data?gatewayId=999999&startDate=2026-05-20&endDate=2026-05-22',
    );
    const bad: [string, string][] = [
      ['startDate=2026-05-22&endDate=2026-05-20', 'telemetry.rangeInvalid'],
      ['startDate=2025-01-01&endDate=2026-01-02', 'telemetry.lossRangeTooLong'],
      ['startDate=2026-13-01&endDate=2026-13-02', 'telemetry.dateInvalid'],
    ];
    for (const [q, rule] of bad) {
      const res = await w.installer1.get(`/station/lossPacket/gateway/data?gatewayId=${g}&${q}`);
      expect(res.status, q).toBe(4000);
      expect(res.enMsg, q).toBe(rule);
    }
    await db.execute(sql`delete from gateway_seq_seen`);
  });

  it('pages alarms within reach, with filters', async () => {
    const now = t.clock.now().getTime();
    const a1 = await raiseAlarm(db, {
      gatewayId: w.loggerA.id,
      deviceId: w.inverterA,
      level: 'URGENT',
      startedAt: new Date(now - 3000),
    });
    const a2 = await raiseAlarm(db, {
      gatewayId: w.loggerA.id,
      deviceId: null,
      level: 'PROMPT',
      startedAt: new Date(now - 2000),
      endedAt: new Date(now - 1000),
    });
    const b1 = await raiseAlarm(db, {
      gatewayId: w.loggerB.id,
      deviceId: w.inverterB,
      level: 'URGENT',
      startedAt: new Date(now - 1000),
    });
    type Alarms = {
      total: number;
      list: {
        id: number;
        gatewaySn: string;
        deviceSn: string | null;
        stationId: number;
        timeZone: string;
        open: boolean;
        endedAt: number | null;
      }[];
    };
    const ids = async (client: Client, q = '') =>
      (await client.get<Alarms>(`/alarm/page${q}`)).data.list.map((a) => a.id);
    expect(await ids(w.admin)).toEqual([b1, a2, a1]);
    expect(await ids(w.installer1)).toEqual([a2, a1]);
    expect(await ids(w.owner1)).toEqual([a2, a1]);
    expect(await ids(w.installer2)).toEqual([b1]);
    expect(await ids(w.owner2)).toEqual([]);
    expect(await ids(w.installer1, '?open=true')).toEqual([a1]);
    expect(await ids(w.installer1, '?open=false')).toEqual([a2]);
    expect(await ids(w.installer1, '?level=PROMPT')).toEqual([a2]);
    expect(await ids(w.installer1, `?deviceId=${w.inverterA}`)).toEqual([a1]);
    expect(await ids(w.admin, `?stationId=${w.stationB}`)).toEqual([b1]);
    expect(await ids(w.installer1, `?stationId=${w.stationB}`)).toEqual([]);
    expect(await ids(w.installer1, `?gatewayId=${w.loggerB.id}`)).toEqual([]);
    const page = await w.installer1.get<Alarms>('/alarm/page?pageSize=1&pageNum=2');
    expect(page.data).toMatchObject({
      total: 2,
      // The station's zone rides along: the console shows the alarm's times in it.
      list: [{ id: a1, open: true, endedAt: null, deviceSn: `INV-A-${kind}`, timeZone: 'Europe/Berlin' }],
    });
    expect((await w.installer1.get('/alarm/page?level=LOUD')).status).toBe(4000);
    expect((await w.installer1.get('/alarm/page?pageSize=0')).status).toBe(4000);
    // An open event on the same inverter: the device page counts its open alarms only.
    const e1 = await raiseAlarm(db, {
      gatewayId: w.loggerA.id,
      deviceId: w.inverterA,
      level: 'PROMPT',
      kind: 'EVENT',
      startedAt: new Date(now - 500),
    });
    const device = `?deviceId=${w.inverterA}&open=true`;
    expect(await ids(w.installer1, device)).toEqual([e1, a1]);
    expect(await ids(w.installer1, `${device}&kind=ALARM`)).toEqual([a1]);
    expect(await ids(w.installer1, `${device}&kind=EVENT`)).toEqual([e1]);
    expect((await w.installer1.get('/alarm/page?kind=NOTE')).status).toBe(4000);
    await clearAlarms(db);
  });
});
