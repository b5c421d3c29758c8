// Income and yield statistics (docs/statistics.md): figures equal the station rollups, income converted
// through the reference rates, PR only where a weather station measured irradiance, the limits (4000,
// nothing stored), foreign stations and views (4004), the XLSX read back, and a scheduled view mailed
// through a real SMTP listener once per period.
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatisticsCompareResult, StatisticsView } from '@sunfleet/contracts';
import { queryRows } from '../src/db/client.js';
import { devices } from '../src/db/schema.js';
import { StatisticsMailJob } from '../src/modules/statistics/statistics-mail.job.js';
import { createMailer } from '../src/services/mailer.js';
import { bearer, createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { as, DEMO_PASSWORD, userIdOf } from './organisation-fixtures.js';
import { createTestStation, registerTestLogger } from './support/loggers.js';
import { startSmtp, type TestSmtp } from './support/smtp.js';
import { twoTenants, type TwoTenants } from './telemetry-api-support.js';

const EUR = 0.853;
const CNY = 7.165;

describe.each(oneDatabase())('statistics (%s)', (kind) => {
  let t: TestApp;
  let w: TwoTenants;
  let stationC: number;
  let smtp: TestSmtp;

  const rollupMonth = (stationId: number, month: string, energy: number, income: number, currency: string) =>
    t.database.db
      .execute(sql`insert into rollup_station_month (station_id, month, energy_kwh, income, currency)
      values (${stationId}, ${month}::date, ${energy}, ${income}, ${currency})`);

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { env: { SMTP_URL: smtp.url } });
    w = await twoTenants(t, 'stat');
    const db = t.database.db;
    // Station C: owner 1's too, 10 kWp, priced in CNY, with a weather station.
    stationC = (
      await createTestStation(db, {
        companyId: 3,
        ownerUserId: await userIdOf(t, 'demo.owner1'),
        name: 'Zeta park',
        timeZone: 'Asia/Shanghai',
        capacityKwp: 10,
        price: 0.56,
        currency: 'CNY',
      })
    ).id;
    await db.execute(sql`update stations set name = 'Alpha roof' where id = ${w.stationA}`);
    const logger = await registerTestLogger(db, { stationId: stationC, companyId: 3 });
    const [weather] = await db
      .insert(devices)
      .values({
        gatewayId: logger.id,
        sn: 'WS-STAT-1',
        deviceType: 'WEATHER_STATION',
        model: 'TEST-WS',
        unitId: 1,
      })
      .returning({ id: devices.id });
    // Station A (5 kWp, EUR): January and February, a day in January, and May for the mailed view.
    await rollupMonth(w.stationA, '2026-01-01', 400, 160, 'EUR');
    await rollupMonth(w.stationA, '2026-02-01', 500, 200, 'EUR');
    await rollupMonth(w.stationA, '2026-05-01', 600, 240, 'EUR');
    await db.execute(sql`insert into rollup_station_day (station_id, day, energy_kwh, income, currency)
      values (${w.stationA}, '2026-01-15', 20, 8, 'EUR')`);
    // Station C: January only (February stays missing, never zero).
    await rollupMonth(stationC, '2026-01-01', 10.4, 5.824, 'CNY');
    // Irradiance on 10 January (Shanghai): hour 04 UTC means 500 W/m², hour 05 UTC 800 → 1.3 kWh/m².
    await db.execute(sql`select telemetry_ensure_partition('2026-01-01'::date)`);
    for (const [at, wm2] of [
      ['2026-01-10T04:00:00Z', 400],
      ['2026-01-10T04:30:00Z', 600],
      ['2026-01-10T05:10:00Z', 800],
    ] as const) {
      await db.execute(sql`insert into telemetry (device_id, ts, gateway_id, irradiance_wm2)
        values (${weather!.id}, ${at}::timestamptz, ${logger.id}, ${wm2})`);
    }
  });

  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const compare = (client: TwoTenants['owner1'], query: string) =>
    client.get<StatisticsCompareResult>(`/statistics/compare?${query}`);
  const both = () => `stationIds=${w.stationA},${stationC}`;

  it('compares stations by month with the rollups’ figures, income converted, PR only where measured', async () => {
    const res = await compare(
      w.owner1,
      `${both()}&granularity=MONTH&from=2026-01-01&to=2026-02-28&currency=EUR`,
    );
    expect(res.status, res.body).toBe(200);
    const r = res.data;
    expect(r.periods.map((p) => p.key)).toEqual(['2026-01', '2026-02']);
    expect(r.stations.map((s) => [s.name, s.rank])).toEqual([
      ['Alpha roof', 1],
      ['Zeta park', 2],
    ]);
    const [a, c] = r.stations;
    expect(a!.periods[0]).toMatchObject({
      energyKwh: 400,
      yieldKwhKwp: 80,
      income: 160,
      performanceRatio: null,
    });
    expect(a!.totals).toMatchObject({
      energyKwh: 900,
      yieldKwhKwp: 180,
      income: 360,
      performanceRatio: null,
    });
    expect(a!.measuresIrradiance).toBe(false);
    expect(c!.measuresIrradiance).toBe(true);
    expect(c!.periods[0]!.income).toBeCloseTo((5.824 / CNY) * EUR, 9);
    expect(c!.periods[0]!.irradiationKwhM2).toBeCloseTo(1.3, 9);
    expect(c!.periods[0]!.performanceRatio).toBeCloseTo(1.04 / 1.3, 9);
    expect(c!.periods[1]).toEqual({
      key: '2026-02',
      energyKwh: null,
      yieldKwhKwp: null,
      income: null,
      irradiationKwhM2: null,
      performanceRatio: null,
    });
    expect(r.totals.energyKwh).toBeCloseTo(910.4, 9);
    expect(r.totals.yieldKwhKwp).toBeCloseTo(910.4 / 15, 9);
  });

  it('converts into another currency and ranks by the chosen figure', async () => {
    const res = await compare(
      w.owner1,
      `${both()}&granularity=YEAR&from=2026-01-01&to=2026-12-31&currency=USD&rankBy=PR`,
    );
    expect(res.status).toBe(200);
    expect(res.data.periods).toEqual([{ key: '2026' }]);
    const [first, second] = res.data.stations;
    expect(first!.stationId).toBe(stationC);
    expect(second).toMatchObject({ stationId: w.stationA, rank: null });
    expect(second!.totals.income).toBeCloseTo(600 / EUR, 9);
  });

  it('shows days in the station’s calendar, missing days as null', async () => {
    const res = await compare(
      w.owner1,
      `stationIds=${w.stationA}&granularity=DAY&from=2026-01-15&to=2026-01-16&currency=EUR`,
    );
    expect(res.data.stations[0]!.periods.map((p) => p.energyKwh)).toEqual([20, null]);
  });

  it('puts up to six custom months side by side and refuses a seventh', async () => {
    const ok = await compare(w.owner1, `${both()}&granularity=MONTH&months=2026-02,2026-01&currency=EUR`);
    expect(ok.data.periods.map((p) => p.key)).toEqual(['2026-01', '2026-02']);
    const seven = await compare(
      w.owner1,
      `${both()}&granularity=MONTH&months=2026-01,2026-02,2026-03,2026-04,2026-05,2026-06,2026-07&currency=EUR`,
    );
    expect([seven.status, seven.enMsg]).toEqual([4000, 'rule.selectUpToSix']);
  });

  it.each([
    [
      'from after to',
      'granularity=MONTH&from=2026-03-01&to=2026-01-01&currency=EUR',
      'statistics.fromAfterTo',
    ],
    [
      'an unknown currency',
      'granularity=MONTH&from=2026-01-01&to=2026-01-31&currency=XYZ',
      'statistics.unknownCurrency',
    ],
    [
      'too many days',
      'granularity=DAY&from=2026-01-01&to=2026-03-05&currency=EUR',
      'statistics.tooManyPeriods',
    ],
    ['no range', 'granularity=MONTH&currency=EUR', 'statistics.rangeMissing'],
    ['months by day', 'granularity=DAY&months=2026-01&currency=EUR', 'statistics.monthsNeedMonthly'],
    ['a month twice', 'granularity=MONTH&months=2026-01,2026-01&currency=EUR', 'statistics.monthDuplicate'],
    [
      'a date that is not one',
      'granularity=DAY&from=2026-02-30&to=2026-03-01&currency=EUR',
      'statistics.dateInvalid',
    ],
  ])('refuses %s with 4000', async (_, query, msg) => {
    const res = await compare(w.owner1, `${both()}&${query}`);
    expect([res.status, res.enMsg]).toEqual([4000, msg]);
  });

  it('refuses more than 20 stations, and foreign stations like missing ones', async () => {
    const many = Array.from({ length: 21 }, (_, i) => i + 1).join(',');
    const res = await compare(
      w.owner1,
      `stationIds=${many}&granularity=MONTH&from=2026-01-01&to=2026-01-31&currency=EUR`,
    );
    expect([res.status, res.enMsg]).toEqual([4000, 'statistics.tooManyStations']);
    const huge = await compare(
      w.owner1,
      `stationIds=9999999999&granularity=MONTH&from=2026-01-01&to=2026-01-31&currency=EUR`,
    );
    expect([huge.status, huge.enMsg]).toEqual([4000, 'rule.format']);
    const q = 'granularity=MONTH&from=2026-01-01&to=2026-01-31&currency=EUR';
    const foreign = await compare(w.owner1, `stationIds=${w.stationA},${w.stationB}&${q}`);
    const missing = await compare(w.owner1, `stationIds=${w.stationA},999999&${q}`);
    expect([foreign.status, foreign.enMsg, foreign.data]).toEqual([4004, missing.enMsg, missing.data]);
    expect((await compare(w.installer2, `stationIds=${w.stationA}&${q}`)).status).toBe(4004);
  });

  it('exports the comparison as an XLSX that reads back with the same figures', async () => {
    const token = await t.login();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/statistics/export?${both()}&granularity=MONTH&from=2026-01-01&to=2026-02-28&currency=EUR`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="statistics-\d{8}\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Statistics');
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]!.slice(1)).toEqual([
      'Rank',
      'Station',
      'Capacity (kWp)',
      'Period',
      'Energy (kWh)',
      'Yield (kWh/kWp)',
      'Income (EUR)',
      'Irradiation (kWh/m²)',
      'PR',
    ]);
    expect(rows[1]!.slice(1, 8)).toEqual([1, 'Alpha roof', 5, '2026-01', 400, 80, 160]);
    expect(rows[3]!.slice(1, 8)).toEqual([1, 'Alpha roof', 5, 'Total', 900, 180, 360]);
    // Zeta park's February is empty cells, not zeros.
    expect(rows[5]![4]).toBe('2026-02');
    expect(rows[5]!.slice(5).filter((v) => v !== undefined && v !== null)).toEqual([]);
  });

  describe('saved views', () => {
    const body = (over: Record<string, unknown> = {}) => ({
      name: 'Monthly report',
      stationIds: [w.stationA, stationC],
      granularity: 'MONTH',
      range: 'LAST_MONTH',
      currency: 'EUR',
      rankBy: 'YIELD',
      schedule: 'MONTHLY',
      recipients: ['board@example.com', 'ops@example.com'],
      ...over,
    });
    const count = async (): Promise<number> => {
      const rows = await queryRows<{ n: number | string }>(
        t.database.db,
        sql`select count(*) as n from statistics_views`,
      );
      return Number(rows[0]?.n);
    };

    it('refuses bad views with a clear error and stores nothing', async () => {
      const before = await count();
      const cases: [Record<string, unknown>, number, string][] = [
        [{ recipients: [] }, 4000, 'statistics.recipientsRequired'],
        [{ recipients: ['a@example.com', 'A@example.com'] }, 4000, 'statistics.recipientDuplicate'],
        [{ recipients: ['not-an-address'] }, 4000, 'rule.format'],
        [{ currency: 'XYZ' }, 4000, 'statistics.unknownCurrency'],
        [{ name: '   ' }, 4000, 'rule.required'],
        [{ stationIds: [w.stationA, w.stationB] }, 4004, 'TheDataDoesNotExist'],
      ];
      for (const [over, status, msg] of cases) {
        const res = await w.owner1.post('/statistics/view', body(over));
        expect([res.status, res.enMsg], JSON.stringify(over)).toEqual([status, msg]);
      }
      expect(await count()).toBe(before);
    });

    it('saves, lists, changes and deletes a view; another user’s view answers 4004', async () => {
      const created = await w.owner1.post<StatisticsView>(
        '/statistics/view',
        body({ name: 'Scratch', schedule: 'NONE' }),
      );
      expect(created.status).toBe(200);
      expect(created.data).toMatchObject({ name: 'Scratch', schedule: 'NONE', lastSentPeriod: null });
      const dup = await w.owner1.post('/statistics/view', body({ name: 'Scratch', schedule: 'NONE' }));
      expect([dup.status, dup.enMsg]).toEqual([4000, 'statistics.nameTaken']);
      const list = await w.owner1.get<StatisticsView[]>('/statistics/view/list');
      expect(list.data.map((v) => v.name)).toContain('Scratch');
      const id = created.data.id;
      expect((await w.owner2.get(`/statistics/view/${id}`)).status).toBe(4004);
      expect((await w.owner2.del(`/statistics/view/${id}`)).status).toBe(4004);
      const changed = await w.owner1.put<StatisticsView>('/statistics/view', {
        id,
        ...body({ name: 'Scratch 2', schedule: 'NONE' }),
      });
      expect(changed.data.name).toBe('Scratch 2');
      expect((await w.owner1.del(`/statistics/view/${id}`)).status).toBe(200);
      expect((await w.owner1.get(`/statistics/view/${id}`)).status).toBe(4004);
    });

    it('mails a scheduled view as XLSX once per period, through SMTP', async () => {
      const created = await w.owner1.post<StatisticsView>('/statistics/view', body());
      expect(created.status).toBe(200);
      const log = pino({ level: 'silent' });
      const mailer = createMailer({ smtpUrl: smtp.url, from: t.config.mailFrom, db: t.database.db, log });
      const job = () =>
        new StatisticsMailJob({
          database: t.database,
          clock: t.clock,
          log,
          mailer,
          publicUrl: 'https://sunfleet.example',
        });
      const before = smtp.received.length;
      // Two jobs copies in the same period: one mail.
      const [one, two] = [await job().round(), await job().round()];
      expect(one.sent + two.sent).toBe(1);
      expect(smtp.received.length).toBe(before + 1);
      const mail = smtp.received.at(-1)!;
      expect(mail.to.sort()).toEqual(['board@example.com', 'ops@example.com']);
      expect(mail.raw).toContain('Subject: Sunfleet statistics: Monthly report (2026-06)');
      const part = /filename="?(statistics-\d+-2026-06\.xlsx)"?[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(
        mail.raw,
      );
      expect(part).not.toBeNull();
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(part![2]!.replace(/\s/g, ''), 'base64') as unknown as ExcelJS.Buffer);
      const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
      // LAST_MONTH on 1 June: May, where station A has 600 kWh.
      expect(rows[1]!.slice(2, 6)).toEqual(['Alpha roof', 5, '2026-05', 600]);
      const view = await w.owner1.get<StatisticsView>(`/statistics/view/${created.data.id}`);
      expect(view.data.lastSentPeriod).toBe('2026-06');
      // A month later: due again, once.
      t.clock.advance(31 * 86_400);
      expect((await job().round()).sent).toBe(1);
      expect((await job().round()).sent).toBe(0);
      expect(smtp.received.length).toBe(before + 2);
      await mailer.drain();
    });

    it('needs statistics:schedule to schedule, and stops mailing an owner who lost it', async () => {
      const db = t.database.db;
      await db.execute(
        sql`update roles set permissions = array_remove(permissions, 'statistics:schedule') where id = 5`,
      );
      try {
        const owner2 = as(t, await t.login('demo.owner2', DEMO_PASSWORD));
        const stationOf2 = (
          await createTestStation(db, { companyId: 3, ownerUserId: await userIdOf(t, 'demo.owner2') })
        ).id;
        const view = { ...body({ stationIds: [stationOf2] }), name: 'Owner 2' };
        expect((await owner2.post('/statistics/view', view)).status).toBe(4003);
        expect((await owner2.post('/statistics/view', { ...view, schedule: 'NONE' })).status).toBe(200);
        // Owner 1's monthly view is due again next month, but its owner may no longer schedule: no mail.
        const log = pino({ level: 'silent' });
        const mailer = createMailer({ smtpUrl: smtp.url, from: t.config.mailFrom, db, log });
        const before = smtp.received.length;
        t.clock.advance(31 * 86_400);
        const round = await new StatisticsMailJob({
          database: t.database,
          clock: t.clock,
          log,
          mailer,
          publicUrl: 'https://sunfleet.example',
        }).round();
        expect(round).toEqual({ sent: 0, skipped: 1, failed: 0 });
        expect(smtp.received.length).toBe(before);
        await mailer.drain();
      } finally {
        await db.execute(
          sql`update roles set permissions = array_append(permissions, 'statistics:schedule') where id = 5`,
        );
      }
    });
  });
});
