// One device (Step 3): its detail with the display groups of its model's protocol definition, and its
// history as an XLSX file built from telemetry a logger really uploaded over MQTT through the ingest.
import { uplinkTopic, type UplinkKind } from '@sunfleet/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { devices } from '../src/db/schema.js';
import { IngestService } from '../src/modules/ingest/ingest.service.js';
import { DefinitionCache } from '../src/modules/registry/definitions.cache.js';
import type { Broker } from '../src/services/broker.js';
import { bearer, createTestApp, DATABASES, type TestApp } from './helpers.js';
import { as, DEMO_PASSWORD, setPasswords, userIdOf } from './organisation-fixtures.js';
import { addDevice, writeBatch } from './rollups-support.js';
import { withoutRequestId } from './telemetry-api-support.js';
import { connectLogger, createTestStation, registerTestLogger, startTestBroker } from './support/loggers.js';

const MIN = 60_000;
/** 09:05 Berlin time (UTC+2) on 1 June 2026, then every 5 minutes up to the test clock's 10:00. */
const FIRST = Date.parse('2026-06-01T07:05:00Z');
const COUNT = 12;

interface Reading {
  dev: string;
  ts: number;
  values: Record<string, number>;
}

interface Detail {
  id: number;
  sn: string;
  deviceType: string;
  model: string;
  modelId: number | null;
  ratedPowerKw: number | null;
  status: string;
  stationId: number | null;
  timeZone: string;
  gatewayId: number;
  mpptCount: number;
  mpptInUse: number[];
  unitId: number;
  manufacturer: string | null;
  capacityKwh: number | null;
  groups: {
    key: string;
    nameKey: string;
    measures: {
      key: string;
      nameKey: string;
      unit: string | null;
      column: string | null;
      values: { value: number; nameKey: string }[];
    }[];
  }[];
}

/** The rows of the first sheet as plain values (row 1 = header). */
async function sheetRows(payload: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  expect(book.worksheets).toHaveLength(1);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow({ includeEmpty: true }, (row) => {
    const values = row.values as unknown[];
    rows.push(values.slice(1));
  });
  return rows;
}

describe.each(DATABASES)('device detail and history export on %s', (kind) => {
  let t: TestApp;
  let db: Db;
  let ingest: IngestService;
  let broker: Broker;
  let client: MqttClient;
  let installer1: ReturnType<typeof as>;
  let installer2: ReturnType<typeof as>;
  let token: string;
  let deviceId: number;
  let meterId: number;
  const inverterSn = `SFI1${kind.toUpperCase()}DX0001`;
  const batterySn = `SFB1${kind.toUpperCase()}DX0001`;
  let batteryId: number;
  const readings: Reading[] = [];

  const publish = (kindOf: UplinkKind, sn: string, body: unknown): Promise<unknown> =>
    client.publishAsync(uplinkTopic(sn, kindOf), JSON.stringify(body), { qos: 1 });

  const exportOf = (id: number, query: string, caller = token) =>
    t.app.inject({
      method: 'GET',
      url: `/api/device/${id}/history/export?${query}`,
      headers: bearer(caller),
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.database.db;
    await setPasswords(t, ['demo.installer1', 'demo.installer2', 'demo.owner1']);
    const stationId = (
      await createTestStation(db, {
        companyId: 3,
        ownerUserId: await userIdOf(t, 'demo.owner1'),
        timeZone: 'Europe/Berlin',
      })
    ).id;
    const logger = await registerTestLogger(db, { stationId, companyId: 3 });
    meterId = await addDevice(db, logger.id, 'METER', `MTR-D-${kind}`);
    ingest = new IngestService({
      database: t.database,
      definitions: new DefinitionCache(db),
      hooks: {
        onCommitted: () => undefined,
        commandResult: () => Promise.resolve(),
        firmwareProgress: () => Promise.resolve(),
      },
      log: pino({ level: 'silent' }),
      now: () => t.clock.now().getTime(),
    });
    broker = await startTestBroker(db, ingest.handle);
    client = await connectLogger(`mqtt://127.0.0.1:${broker.port() ?? 0}`, logger);
    token = await t.login('demo.installer1', DEMO_PASSWORD);
    installer1 = as(t, token);
    installer2 = as(t, await t.login('demo.installer2', DEMO_PASSWORD));

    await publish('hello', logger.sn, {
      v: 1,
      model: 'SF-LOGGER-4G',
      firmware: '2.4.1',
      mac: '02:1A:2B:3C:4D:6F',
      signal: -60,
      uploadInterval: 300,
      devices: [
        { sn: inverterSn, type: 'INVERTER', model: 'SF-INV-1P-5K', unitId: 1 },
        { sn: batterySn, type: 'BATTERY', model: 'SF-BAT-10K', unitId: 3, ratedPower: 10_000 },
      ],
    });
    const [device] = await db.select({ id: devices.id }).from(devices).where(eq(devices.sn, inverterSn));
    if (!device) throw new Error('hello did not register the inverter');
    deviceId = device.id;
    const [battery] = await db.select({ id: devices.id }).from(devices).where(eq(devices.sn, batterySn));
    if (!battery) throw new Error('hello did not register the battery');
    batteryId = battery.id;
    for (let i = 0; i < COUNT; i++) {
      const values: Record<string, number> = { WH: 2_345_000 + 100 * i, DCV_1: 350 + i, TmpSnk: 40 + i / 2 };
      // One reading without active power: the sheet must show a gap there, not a zero.
      if (i !== 5) values.W = 1000 + i;
      readings.push({ dev: inverterSn, ts: FIRST + i * 5 * MIN, values });
    }
    await publish('telemetry', logger.sn, { v: 1, seq: 1, readings });
    await publish('telemetry', logger.sn, {
      v: 1,
      seq: 2,
      readings: [
        {
          dev: batterySn,
          ts: FIRST + (COUNT - 1) * 5 * MIN,
          values: { BatW: -1500, ChaState: 55.5, WorkMode: 0, ChaWH: 120_000, DisChaWH: 80_000 },
        },
      ],
    });
  }, 120_000);
  afterAll(async () => {
    client.end(true);
    await broker.close();
    await ingest.close();
    await t.close();
  });

  it('details a device with the display groups and MPPT inputs of its model', async () => {
    const res = await installer1.get<Detail>(`/device/${deviceId}`);
    expect(res.status).toBe(200);
    const d = res.data;
    expect(d).toMatchObject({
      id: deviceId,
      sn: inverterSn,
      deviceType: 'INVERTER',
      model: 'SF-INV-1P-5K',
      ratedPowerKw: 5,
      timeZone: 'Europe/Berlin',
      mpptCount: 2,
      status: 'RUNNING',
    });
    expect(d.modelId).not.toBeNull();
    const keys = d.groups.map((g) => g.key);
    expect(keys).toEqual(expect.arrayContaining(['common', 'ac', 'dc', 'mppt', 'energy', 'status']));
    const ac = d.groups.find((g) => g.key === 'ac');
    expect(ac?.nameKey).toBe('displayGroup.ac');
    expect(ac?.measures).toContainEqual({
      key: 'W',
      nameKey: 'register.W',
      unit: 'W',
      column: 'power_w',
      values: [],
    });
    // The operating state carries the words of its values from the protocol definition.
    const state = d.groups.flatMap((g) => g.measures).find((m) => m.key === 'St');
    expect(state?.column).toBe('status_code');
    expect(state?.values).toContainEqual({ value: 4, nameKey: 'registerValue.St.4' });
    expect(state?.values.map((v) => v.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // What hello said about the device, and the one input that reported a voltage (DCV_1 only).
    expect(d).toMatchObject({ unitId: 1, manufacturer: 'Sunfleet', capacityKwh: null, mpptInUse: [1] });
    // A 2-tracker model served by a 15-tracker definition shows its own two inputs only.
    const mppt = d.groups.find((g) => g.key === 'mppt');
    expect(mppt?.measures.map((m) => m.key)).toEqual(['DCA_1', 'DCV_1', 'DCW_1', 'DCA_2', 'DCV_2', 'DCW_2']);
    expect(d.groups.find((g) => g.key === 'common')?.measures).toContainEqual({
      key: 'SN',
      nameKey: 'register.SN',
      unit: null,
      column: null,
      values: [],
    });

    const meter = await installer1.get<Detail>(`/device/${meterId}`);
    expect(meter.data).toMatchObject({
      model: 'TEST-METER',
      modelId: null,
      manufacturer: null,
      mpptCount: 0,
      mpptInUse: [],
      groups: [],
    });

    const foreign = await installer2.get(`/device/${deviceId}`);
    const missing = await installer2.get('/device/999999');
    expect(foreign.status).toBe(4004);
    expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
  });

  it('details a battery: capacity, state of charge, power and its work mode words', async () => {
    const res = await installer1.get<Detail>(`/device/${batteryId}`);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      sn: batterySn,
      deviceType: 'BATTERY',
      model: 'SF-BAT-10K',
      capacityKwh: 10,
      ratedPowerKw: null,
      unitId: 3,
      manufacturer: 'Sunfleet',
      mpptCount: 0,
      mpptInUse: [],
      timeZone: 'Europe/Berlin',
    });
    const measures = res.data.groups.flatMap((g) => g.measures);
    const byKey = (key: string) => measures.find((m) => m.key === key);
    expect(byKey('ChaState')).toMatchObject({ unit: '%', column: 'soc_pct' });
    expect(byKey('BatW')).toMatchObject({ unit: 'W', column: 'power_w' });
    expect(byKey('ChaWH')?.column).toBe('charge_total_wh');
    expect(byKey('DisChaWH')?.column).toBe('discharge_total_wh');
    expect(byKey('TmpBat')?.column).toBe('temperature_c');
    expect(byKey('WorkMode')?.values.map((v) => v.nameKey)).toEqual(
      [0, 1, 2, 3, 4].map((n) => `registerValue.WorkMode.${n}`),
    );
    expect(byKey('ChaSt')?.values).toContainEqual({ value: 4, nameKey: 'registerValue.ChaSt.4' });

    const latest = await installer1.get<{ values: Record<string, unknown> }>(`/device/${batteryId}/latest`);
    expect(latest.data.values).toMatchObject({ BatW: -1500, ChaState: 55.5, WorkMode: 0 });
    const foreign = await installer2.get(`/device/${batteryId}`);
    expect(foreign.status).toBe(4004);
  });

  it('exports the uploaded readings as XLSX: header with units, local times, gaps left empty', async () => {
    const res = await exportOf(deviceId, `from=${FIRST}&to=${FIRST + 60 * MIN}&measures=W,WH,DCV_1,TmpSnk`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.xlsx"$/);
    const rows = await sheetRows(res.rawPayload);
    expect(rows).toHaveLength(1 + COUNT);
    const header = rows[0]!;
    expect(header.slice(0, 3)).toEqual(['Time (Europe/Berlin)', 'Active power (W)', 'Lifetime energy (Wh)']);
    expect(header[3]).toMatch(/\(V\)$/);
    expect(header[4]).toMatch(/\(°C\)$/);
    expect(rows[1]).toEqual(['2026-06-01 09:05:00', 1000, 2_345_000, 350, 40]);
    expect(rows[12]).toEqual(['2026-06-01 10:00:00', 1011, 2_346_100, 361, 45.5]);
    // The reading without W: an empty cell, not 0.
    expect(rows[6]![0]).toBe('2026-06-01 09:30:00');
    expect(rows[6]![1] ?? null).toBeNull();
    expect(rows[6]![2]).toBe(2_345_500);

    const part = await sheetRows(
      (await exportOf(deviceId, `from=${FIRST + 10 * MIN}&to=${FIRST + 20 * MIN}&measures=WH`)).rawPayload,
    );
    expect(part.map((r) => r[0])).toEqual([
      'Time (Europe/Berlin)',
      '2026-06-01 09:15:00',
      '2026-06-01 09:20:00',
      '2026-06-01 09:25:00',
    ]);
    // Without measures: every measure with its own column, in definition order.
    const all = await sheetRows((await exportOf(deviceId, `from=${FIRST}&to=${FIRST}`)).rawPayload);
    expect(all[0]).toContain('Active power (W)');
    expect(all).toHaveLength(2);
  });

  it('refuses bad ranges, unknown measures and foreign devices', async () => {
    const refused = async (query: string, enMsg: string) => {
      const res = await exportOf(deviceId, query);
      expect(res.json<{ status: number }>().status).toBe(4000);
      expect(res.json<{ enMsg: string }>().enMsg).toBe(enMsg);
    };
    await refused(`from=${FIRST + MIN}&to=${FIRST}&measures=W`, 'telemetry.rangeInvalid');
    await refused(`from=${FIRST}&to=${FIRST + 32 * 86_400_000}&measures=W`, 'telemetry.historyRangeTooLong');
    await refused(`from=${FIRST}&to=${FIRST + MIN}&measures=W,NoSuch`, 'stationDevices.measureUnknown');
    // Channel 3 exists in the definition but not on this 2-tracker model.
    await refused(`from=${FIRST}&to=${FIRST + MIN}&measures=DCV_3`, 'stationDevices.measureUnknown');
    const malformed = await exportOf(deviceId, `from=${FIRST}&to=${FIRST + MIN}&measures=W;drop`);
    expect(malformed.json<{ status: number }>().status).toBe(4000);
    const noMeasures = await exportOf(meterId, `from=${FIRST}&to=${FIRST + MIN}`);
    expect(noMeasures.json<{ enMsg: string }>().enMsg).toBe('stationDevices.noMeasures');

    const other = await t.login('demo.installer2', DEMO_PASSWORD);
    const foreign = await exportOf(deviceId, `from=${FIRST}&to=${FIRST + MIN}`, other);
    const missing = await exportOf(999_999, `from=${FIRST}&to=${FIRST + MIN}`, other);
    expect(foreign.json<{ status: number }>().status).toBe(4004);
    expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
  });

  it('cuts an export at the row limit and says so in a note row', async () => {
    const [gateway] = await db
      .select({ gatewayId: devices.gatewayId })
      .from(devices)
      .where(eq(devices.id, deviceId));
    const [big] = await db
      .insert(devices)
      .values({
        gatewayId: gateway!.gatewayId,
        sn: `SFI1${kind.toUpperCase()}BIG01`,
        deviceType: 'INVERTER',
        model: 'SF-INV-1P-5K',
        unitId: 7,
      })
      .returning({ id: devices.id });
    const start = Date.parse('2026-05-01T00:00:00Z');
    const total = 20_001;
    for (let i = 0; i < total; i += 5_000)
      await writeBatch(
        db,
        gateway!.gatewayId,
        big!.id,
        Array.from({ length: Math.min(5_000, total - i) }, (_, k) => ({
          ts: start + (i + k) * MIN,
          power: i + k,
        })),
      );
    const res = await exportOf(big!.id, `from=${start}&to=${start + 20 * 86_400_000}&measures=W`);
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows).toHaveLength(1 + 20_000 + 1);
    expect(rows[20_000]).toEqual(['2026-05-14 23:19:00', 19_999]);
    expect(String(rows[20_001]![0])).toContain('20000');
  }, 120_000);
});
