// GET /api/alarm/export (docs/alarms.md "Alarm list screen"): the filtered alarm list as an XLSX file in
// the caller's language, times in each station's zone, only alarms within reach, at most 10,000 rows.
import { ALARM_EXPORT_ROWS_MAX } from '@sunfleet/contracts';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { bearer, createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { DEMO_PASSWORD } from './organisation-fixtures.js';
import { clearAlarms, raiseAlarm, twoTenants, type TwoTenants } from './telemetry-api-support.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The first sheet's rows as plain values (row 1 first). */
async function sheetRows(payload: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe.each(oneDatabase())('alarm export (%s)', (kind) => {
  let t: TestApp;
  let w: TwoTenants;
  let installer1: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await twoTenants(t, `X${kind}`);
    installer1 = await t.login('demo.installer1', DEMO_PASSWORD);
  });
  afterEach(async () => {
    await clearAlarms(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const exportAs = (token: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/alarm/export${query}`, headers: bearer(token) });

  it("writes the filtered alarms within reach, in the caller's language and each station's zone", async () => {
    const db = t.database.db;
    const started = Date.parse('2026-06-01T07:05:00Z'); // 09:05 in Berlin
    const a1 = await raiseAlarm(db, {
      gatewayId: w.loggerA.id,
      deviceId: w.inverterA,
      level: 'URGENT',
      startedAt: new Date(started),
    });
    await raiseAlarm(db, {
      gatewayId: w.loggerA.id,
      deviceId: null,
      level: 'PROMPT',
      startedAt: new Date(started + 60_000),
      endedAt: new Date(started + 120_000),
    });
    await raiseAlarm(db, {
      gatewayId: w.loggerB.id,
      deviceId: w.inverterB,
      level: 'URGENT',
      startedAt: new Date(started),
    });
    // The administrator acknowledges (installers only read alarms).
    expect((await w.admin.post('/alarm/ack', { ids: [a1], note: '=HYPERLINK("x")' })).status).toBe(200);
    await db.update(users).set({ language: 'DE' }).where(eq(users.username, 'demo.installer1'));

    const res = await exportAs(installer1, '?level=URGENT');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="alarms-\d{8}\.xlsx"$/);
    const rows = await sheetRows(res.rawPayload);
    // Only installer 1's urgent alarm: B's is out of reach, A's prompt one filtered out.
    expect(rows).toHaveLength(2);
    expect(rows[0]?.slice(0, 4)).toEqual(['Stufe', 'Zustand', 'Code', 'Meldung']);
    const [row] = rows.slice(1);
    const cell = (header: string): unknown => row?.[rows[0]!.indexOf(header)];
    expect(cell('Stufe')).toBe('Dringend');
    expect(cell('Zustand')).toBe('Bestätigt');
    expect(cell('Gerät')).toBe(`INV-A-X${kind}`);
    expect(cell('Beginn')).toBe('2026-06-01 09:05:00');
    expect(cell('Zeitzone')).toBe('Europe/Berlin');
    expect(cell('Bestätigt von')).toBe('admin');
    // A note that looks like a formula stays text.
    expect(cell('Notiz')).toBe('=HYPERLINK("x")');

    // Sorted as asked; the same filters as the page.
    const all = await sheetRows((await exportAs(installer1, '?sort=startedAt&order=asc')).rawPayload);
    expect(all.slice(1).map((r) => r[0])).toEqual(['Dringend', 'Hinweis']);
    const page = await w.installer1.get<{ total: number }>('/alarm/page?state=CLEARED');
    const cleared = await sheetRows((await exportAs(installer1, '?state=CLEARED')).rawPayload);
    expect(cleared).toHaveLength(1 + page.data.total);
  });

  it('refuses bad filters with 4000 and no file', async () => {
    for (const query of ['?level=LOUD', '?from=2000&to=1000', '?pageSize=10', '?sort=name', '?state=GONE']) {
      const res = await exportAs(installer1, query);
      expect(res.headers['content-type'], query).toMatch(/^application\/json/);
      expect(res.json<{ status: number }>().status, query).toBe(4000);
    }
    expect((await exportAs(installer1, '?from=2000&to=1000')).json<{ enMsg: string }>().enMsg).toBe(
      'telemetry.rangeInvalid',
    );
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/alarm/export' });
    expect(res.json<{ status: number }>().status).toBe(4001);
  });

  it(`stops at ${ALARM_EXPORT_ROWS_MAX} rows and says how many were left out`, async () => {
    const db = t.database.db;
    await db.execute(sql`
      insert into alarms (gateway_id, device_id, record_id, kind, code, level, message, started_at)
      select ${w.loggerA.id}, ${w.inverterA}, 'BULK' || n, 'ALARM', 7, 'COMMONLY', null,
             timestamptz '2026-06-01 00:00:00+00' + n * interval '1 second'
      from generate_series(1, ${ALARM_EXPORT_ROWS_MAX + 5}) as n`);
    const res = await exportAs(installer1);
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows).toHaveLength(2 + ALARM_EXPORT_ROWS_MAX);
    expect(String(rows[0]?.[0])).toContain(`${ALARM_EXPORT_ROWS_MAX}`);
    expect(String(rows[0]?.[0])).toContain(`${ALARM_EXPORT_ROWS_MAX + 5}`);
    // Newest first, as the list: the last bulk alarm leads.
    expect(rows[2]?.[8]).toBe('2026-06-01 04:46:45');
  });
});
