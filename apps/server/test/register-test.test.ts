// The back office's batch register test (docs/remote.md "Batch register test") over real MQTT with the
// simulator's loggers: one model, named registers or a raw range, many devices — a row per device with
// the decoded values (a silent device left open, a device under local control still read), bad input
// refused before anything is stored or sent, answers that arrive later shown on the next read, tests kept
// within the caller's reach, and the XLSX export. Both databases.
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, commands } from '../src/db/schema.js';
import { bearer, oneDatabase } from './helpers.js';
import { as, countRows, DEMO_PASSWORD, setPasswords } from './organisation-fixtures.js';
import {
  addOfflineInverter,
  registerAddress,
  remoteFleet,
  startSimWorld,
  waitFor,
  type RemoteFleetSns,
  type SimWorld,
} from './support/sim-world.js';
import { withoutRequestId, type Client } from './telemetry-api-support.js';

interface Row {
  deviceId: number;
  deviceSn: string;
  gatewaySn: string;
  stationName: string | null;
  state: string;
  commandIds: string[];
  error: string | null;
  values: Record<string, number | string | null>;
  hex: string | null;
}
interface TestView {
  id: string;
  model: string;
  keys: string[];
  address: number | null;
  count: number | null;
  createdBy: string | null;
  deviceCount: number;
  done: number;
  failed: number;
  open: number;
  rows: Row[];
}

const MODEL = 'SF-INV-1P-5K';
const ANSWER_WAIT_MS = 4_000;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function sheetRows(payload: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe.each(oneDatabase('pglite'))('batch register test on %s', (kind) => {
  const tag = kind === 'pglite' ? 'RTL' : 'RTP';
  const { fleet, sns } = remoteFleet(tag);
  let w: SimWorld;
  let adminToken: string;
  let admin: Client;
  let installer1: Client;
  let installer2: Client;
  let offline: number;
  let snAddress: number;

  const id = (sn: keyof RemoteFleetSns): number => w.deviceIds.get(sns[sn])!;
  const run = (client: Client, body: Record<string, unknown>) =>
    client.post<TestView>('/remote/registerTest', { model: MODEL, ...body });
  const stored = async () => [await countRows(w.t, 'register_tests'), await countRows(w.t, 'commands')];

  beforeAll(async () => {
    w = await startSimWorld(kind, fleet, { remoteAnswerWaitMs: ANSWER_WAIT_MS });
    // Installer managers run tests here (a platform page otherwise), within their own reach.
    await w.db.execute(
      sql`update roles set permissions = permissions || array['registerTest:run', 'registerTest:view'] where id = 2`,
    );
    await setPasswords(w.t, ['demo.installer1', 'demo.installer2', 'demo.owner1']);
    adminToken = await w.t.login();
    admin = as(w.t, adminToken);
    installer1 = as(w.t, await w.t.login('demo.installer1', DEMO_PASSWORD));
    installer2 = as(w.t, await w.t.login('demo.installer2', DEMO_PASSWORD));
    offline = await addOfflineInverter(w, sns.loggerA1, `SFI1${tag}OFF`);
    snAddress = await registerAddress(w.db, MODEL, 'SN');
  }, 180_000);

  afterAll(async () => {
    await w?.close();
  });

  it('reads the registers from every device of the model: a row each, the silent one left open', async () => {
    const deviceIds = [id('inverter1'), id('inverter2'), id('localInverter'), id('inverter4'), offline];
    const res = await run(installer1, { deviceIds, keys: ['SN', 'Md'] });
    expect(res.status).toBe(200);
    const test = res.data;
    expect(test).toMatchObject({
      model: MODEL,
      keys: ['SN', 'Md'],
      address: null,
      count: null,
      createdBy: 'demo.installer1',
      deviceCount: 5,
      done: 4,
      failed: 0,
      open: 1,
    });
    const bySn = new Map(test.rows.map((r) => [r.deviceSn, r]));
    expect([...bySn.keys()].sort()).toEqual(
      [sns.inverter1, sns.inverter2, sns.localInverter, sns.inverter4, `SFI1${tag}OFF`].sort(),
    );
    for (const sn of [sns.inverter1, sns.inverter2, sns.localInverter, sns.inverter4]) {
      const row = bySn.get(sn)!;
      // The device's own serial number, read from its common model, decoded with the definition.
      expect(row).toMatchObject({ state: 'DONE', error: null, stationName: `Remote A ${tag}` });
      expect(row.values.SN).toBe(sn);
      expect(typeof row.values.Md).toBe('string');
      expect(row.hex).toMatch(/^([0-9A-F]{4})+$/);
    }
    expect(bySn.get(sns.inverter4)?.gatewaySn).toBe(sns.loggerA2);
    const silent = bySn.get(`SFI1${tag}OFF`)!;
    expect(['PENDING', 'SENT']).toContain(silent.state);
    expect(silent.values).toEqual({});

    // One register.read per device, for the span covering the keys, carrying the test's id.
    const sent = await w.db.select().from(commands).where(eq(commands.batchId, test.id));
    expect(sent).toHaveLength(5);
    expect(new Set(sent.map((c) => c.name))).toEqual(new Set(['register.read']));
    expect(sent[0]?.params).toEqual({ address: snAddress - 32, count: 48 });
    const [audit] = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'registerTest.run'), eq(auditLog.targetId, test.id)));
    expect(audit).toMatchObject({ username: 'demo.installer1', status: 200 });
    expect(audit?.detail).toMatchObject({ model: MODEL, devices: 5, done: 4, open: 1 });

    // The export: a row per device under the header, with the values.
    const file = await w.t.app.inject({
      method: 'GET',
      url: `/api/remote/registerTest/${test.id}/export`,
      headers: bearer(adminToken),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(XLSX_TYPE);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="register-test-\d{8}\.xlsx"$/);
    const rows = await sheetRows(file.rawPayload);
    expect(rows[0]?.slice(0, 5)).toEqual(['Device SN', 'Logger SN', 'Site', 'State', 'Error']);
    expect(rows[0]).toHaveLength(7);
    expect(String(rows[0]?.[5])).toContain('(SN)');
    expect(rows).toHaveLength(1 + 5);
    const sheet = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(sheet.get(sns.inverter1)?.slice(1, 6)).toEqual([
      sns.loggerA1,
      `Remote A ${tag}`,
      'Done',
      undefined,
      sns.inverter1,
    ]);
    expect(sheet.get(`SFI1${tag}OFF`)?.[3]).toMatch(/^(Pending|Sent)$/);
  });

  it('reads a raw range as hex', async () => {
    const res = await run(admin, { deviceIds: [id('inverter2')], address: snAddress, count: 4 });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ keys: [], address: snAddress, count: 4, done: 1 });
    const [row] = res.data.rows;
    expect(row?.hex).toMatch(/^[0-9A-F]{16}$/);
    // The first four registers of the SN string: its first eight characters.
    const text = Buffer.from(row!.hex!, 'hex').toString('latin1');
    expect(text).toBe(sns.inverter2.slice(0, 8));
    expect(row?.values).toEqual({});
    const file = await w.t.app.inject({
      method: 'GET',
      url: `/api/remote/registerTest/${res.data.id}/export`,
      headers: bearer(adminToken),
    });
    const rows = await sheetRows(file.rawPayload);
    expect(rows[0]?.[5]).toBe('Registers (hex)');
    expect(rows[1]?.[5]).toBe(row?.hex);
  });

  it('refuses devices out of reach or of another model, unknown registers and bad ranges; nothing stored or sent', async () => {
    const before = await stored();
    const devices = await run(installer1, {
      deviceIds: [id('inverter1'), id('inverterB'), id('battery'), 999_999],
      keys: ['SN'],
    });
    expect(devices.status).toBe(4000);
    expect(devices.enMsg).toBe('remote.registerTestDevice');
    const fields = devices.data as unknown as { field: string; rule: string; message: string }[];
    expect(fields.map((f) => f.field)).toEqual([
      'body.deviceIds[1]',
      'body.deviceIds[2]',
      'body.deviceIds[3]',
    ]);
    // Another tenant's device reads exactly like a missing one; the battery is named with its model.
    expect(fields[0]!.message.replace(String(id('inverterB')), '#')).toBe(
      fields[2]!.message.replace('999999', '#'),
    );
    expect(fields[1]!.message).toContain('SF-BAT-10K');

    const cases: [Record<string, unknown>, string, string][] = [
      [{ keys: ['SN', 'NoSuchRegister'] }, 'remote.unknownRegister', 'body.keys[1]'],
      [{ keys: ['SN'], address: 40000, count: 2 }, 'remote.readTargetInvalid', 'body'],
      [{}, 'remote.readTargetInvalid', 'body'],
      [{ address: 40000 }, 'remote.readTargetInvalid', 'body'],
      // The common model's SN and the controls lie more than one read (125 registers) apart.
      [{ keys: ['SN', 'WMaxLimPct'] }, 'rule.range', 'body.keys'],
      [{ address: 40000, count: 126 }, 'rule.range', 'body.count'],
    ];
    for (const [body, rule, field] of cases) {
      const res = await run(admin, { deviceIds: [id('inverter1')], ...body });
      expect(res.status, JSON.stringify(body)).toBe(4000);
      expect(res.enMsg, JSON.stringify(body)).toBe(rule);
      expect((res.data as unknown as { field: string }[]).map((f) => f.field)).toContain(field);
    }
    expect(
      (await run(admin, { model: 'SF-BAT-10K', deviceIds: [id('inverter1')], keys: ['SN'] })).status,
    ).toBe(4000);
    // Without registerTest:run (the owner of station A): 4003.
    const owner = as(w.t, await w.t.login('demo.owner1', DEMO_PASSWORD));
    expect((await run(owner, { deviceIds: [id('inverter1')], keys: ['SN'] })).status).toBe(4003);
    expect(await stored()).toEqual(before);
  });

  it('shows answers that arrive after the wait when the test is read again', async () => {
    // No dispatcher during the run: the devices get the reads only afterwards.
    await w.dispatcher.stop();
    const res = await run(admin, { deviceIds: [id('inverter1'), id('inverter2')], keys: ['SN'] });
    expect(res.data).toMatchObject({ done: 0, open: 2 });
    expect(res.data.rows.map((r) => r.state)).toEqual(['PENDING', 'PENDING']);
    w.dispatcher.start();
    let later: TestView | null = null;
    await waitFor(async () => {
      later = (await admin.get<TestView>(`/remote/registerTest/${res.data.id}`)).data;
      return later.done === 2;
    }, 'the late answers');
    expect(later!.rows.map((r) => r.values.SN).sort()).toEqual([sns.inverter1, sns.inverter2].sort());
  });

  it('lists tests newest first without rows, and keeps each within reach of every device it read', async () => {
    // The test clock stands still unless moved: one second between tests orders them.
    w.t.clock.advance(1);
    const mineA = await run(installer1, { deviceIds: [id('inverter2')], keys: ['SN'] });
    w.t.clock.advance(1);
    const both = await run(admin, { deviceIds: [id('inverter1'), id('inverterB')], keys: ['SN'] });
    w.t.clock.advance(1);
    const mineB = await run(installer2, { deviceIds: [id('inverterB')], keys: ['Md'] });
    for (const r of [mineA, both, mineB]) expect(r.status).toBe(200);
    expect(both.data).toMatchObject({ done: 2, deviceCount: 2 });

    type Page = { total: number; list: TestView[] };
    const adminPage = (await admin.get<Page>('/remote/registerTest/page?pageSize=100')).data;
    expect(adminPage.list.slice(0, 3).map((t) => t.id)).toEqual([mineB.data.id, both.data.id, mineA.data.id]);
    expect(adminPage.list.every((t) => t.rows.length === 0)).toBe(true);
    expect(adminPage.list[1]).toMatchObject({ done: 2, open: 0, failed: 0, deviceCount: 2 });

    const ids = async (client: Client) =>
      (await client.get<Page>('/remote/registerTest/page?pageSize=100')).data.list.map((t) => t.id);
    const seen1 = await ids(installer1);
    expect(seen1).toContain(mineA.data.id);
    expect(seen1).not.toContain(both.data.id);
    expect(seen1).not.toContain(mineB.data.id);
    expect(await ids(installer2)).toEqual([mineB.data.id]);

    const foreign = await installer2.get(`/remote/registerTest/${mineA.data.id}`);
    const missing = await installer2.get(`/remote/registerTest/${randomUUID()}`);
    expect(foreign.status).toBe(4004);
    expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
    expect((await installer1.get(`/remote/registerTest/${both.data.id}`)).status).toBe(4004);
    expect((await installer1.get(`/remote/registerTest/${both.data.id}/export`)).status).toBe(4004);
    expect((await installer1.get<TestView>(`/remote/registerTest/${mineA.data.id}`)).data.rows).toHaveLength(
      1,
    );
    expect((await admin.get('/remote/registerTest/not-a-uuid')).status).toBe(4000);
  });
});
