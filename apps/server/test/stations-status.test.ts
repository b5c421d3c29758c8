// The station list, its status filter, the map and the Home KPIs compute status in SQL (station-sql.ts);
// here every case of the domain rule is built and the answers are compared with GET /station/:id/status
// and GET /device/:id/latest, which apply packages/domain's functions to the facts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { devices, gateways } from '../src/db/schema.js';
import { createTestApp, DATABASES, type TestApp } from './helpers.js';
import { as } from './organisation-fixtures.js';
import { addDevice, writeBatch } from './rollups-support.js';
import { raiseAlarm } from './telemetry-api-support.js';
import { createTestStation, registerTestLogger } from './support/loggers.js';
import { setLatest, useCatalogueModel } from './stations-support.js';

const MIN = 60_000;

describe.each(DATABASES)('station and device status in lists on %s', (kind) => {
  let t: TestApp;
  let db: Db;
  const cases: Record<string, number> = {};
  const deviceIds: number[] = [];

  async function seen(gatewayId: number, at: Date | null): Promise<void> {
    await db.update(gateways).set({ lastSeenAt: at, uploadIntervalS: 300 }).where(eq(gateways.id, gatewayId));
    await db.update(devices).set({ lastSeenAt: at }).where(eq(devices.gatewayId, gatewayId));
  }

  async function station(
    label: string,
    loggers: (Date | null)[],
  ): Promise<{ id: number; loggerIds: number[] }> {
    const s = await createTestStation(db, {
      companyId: 3,
      name: `Status ${label} ${kind}`,
      longitude: 1,
      latitude: 1,
    });
    const loggerIds: number[] = [];
    for (const at of loggers) {
      const logger = await registerTestLogger(db, { stationId: s.id, companyId: 3 });
      const inverter = await addDevice(db, logger.id, 'INVERTER', `ST-${label}-${logger.sn}`);
      await useCatalogueModel(db, inverter, 'INVERTER');
      deviceIds.push(inverter);
      await seen(logger.id, at);
      if (at !== null) {
        // Both stores of the newest reading, as the ingest writes them: telemetry and device_latest.
        const power = label === 'night' ? 0 : 1500;
        await writeBatch(db, logger.id, inverter, [{ ts: at.getTime(), power, energy: 1000 }]);
        await setLatest(db, inverter, at, { W: power });
      }
      loggerIds.push(logger.id);
    }
    cases[label] = s.id;
    return { id: s.id, loggerIds };
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.database.db;
    const now = t.clock.now().getTime();
    const fresh = new Date(now - 2 * MIN);
    const stale = new Date(now - 60 * MIN);
    await station('none', []);
    await station('never', [null]);
    await station('stale', [stale]);
    await station('online', [fresh]);
    await station('night', [fresh]);
    await station('half', [fresh, stale]);
    const gwFault = await station('gwFault', [fresh]);
    await raiseAlarm(db, {
      gatewayId: gwFault.loggerIds[0]!,
      deviceId: null,
      level: 'URGENT',
      startedAt: fresh,
    });
    const devFault = await station('devFault', [fresh]);
    const [faulty] = await db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.gatewayId, devFault.loggerIds[0]!));
    await raiseAlarm(db, {
      gatewayId: devFault.loggerIds[0]!,
      deviceId: faulty!.id,
      level: 'IMPORTANT',
      startedAt: fresh,
    });
    const evented = await station('event', [fresh]);
    await raiseAlarm(db, {
      gatewayId: evented.loggerIds[0]!,
      deviceId: null,
      level: 'URGENT',
      kind: 'EVENT',
      startedAt: fresh,
    });
  }, 120_000);
  afterAll(() => t.close());

  it('gives every station the status of GET /station/:id/status, in the list, the filter, the map and the KPIs', async () => {
    const admin = as(t, await t.login());
    const expected: Record<number, string> = {};
    for (const id of Object.values(cases)) {
      const res = await admin.get<{ status: string }>(`/station/${id}/status`);
      expected[id] = res.data.status;
    }
    // The cases cover every outcome of the rule.
    expect(new Set(Object.values(expected))).toEqual(new Set(['ONLINE', 'ABNORMAL', 'OFFLINE', 'OTHER']));
    expect(expected[cases.none!]).toBe('OTHER');
    expect(expected[cases.online!]).toBe('ONLINE');
    expect(expected[cases.devFault!]).toBe('ABNORMAL');

    const list = await admin.get<{ list: { id: number; status: string }[] }>('/station/list?pageSize=200');
    const listed = Object.fromEntries(list.data.list.map((s) => [s.id, s.status]));
    for (const id of Object.values(cases)) expect([id, listed[id]]).toEqual([id, expected[id]]);

    for (const status of ['ONLINE', 'ABNORMAL', 'OFFLINE', 'OTHER']) {
      const filtered = await admin.get<{ total: number; list: { id: number }[] }>(
        `/station/list?status=${status}&pageSize=200`,
      );
      const want = Object.values(cases)
        .filter((id) => expected[id] === status)
        .sort();
      expect(filtered.data.list.map((s) => s.id).sort()).toEqual(want);
      expect(filtered.data.total).toBe(want.length);
    }

    const map = await admin.get<{ id: number; status: string }[]>('/station/locations');
    for (const s of map.data) expect([s.id, s.status]).toEqual([s.id, expected[s.id]]);

    const kpis = await admin.get<{
      stationStatus: Record<string, number>;
      deviceStatus: Record<string, number>;
    }>('/station/stats/index');
    const count = (status: string) => Object.values(expected).filter((s) => s === status).length;
    expect(kpis.data.stationStatus).toEqual({
      online: count('ONLINE'),
      abnormal: count('ABNORMAL'),
      offline: count('OFFLINE'),
      other: count('OTHER'),
      total: Object.keys(expected).length,
    });

    const deviceExpected: string[] = [];
    const rests: (string | null)[] = [];
    for (const id of deviceIds) {
      const latest = (await admin.get<{ status: string; rest: string | null }>(`/device/${id}/latest`)).data;
      deviceExpected.push(latest.status);
      rests.push(latest.rest);
    }
    const dcount = (status: string) => deviceExpected.filter((s) => s === status).length;
    expect(new Set(deviceExpected)).toEqual(new Set(['RUNNING', 'FAULT', 'OFFLINE', 'OTHER']));
    expect(kpis.data.deviceStatus).toEqual({
      running: dcount('RUNNING'),
      fault: dcount('FAULT'),
      offline: dcount('OFFLINE'),
      other: dcount('OTHER'),
      resting: rests.filter((r) => r !== null).length,
      total: deviceIds.length,
    });
  });
});
