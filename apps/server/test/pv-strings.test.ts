// An inverter's PV strings (Step 5c, docs/iv-curves.md "Strings"): stored per device, replaced as a whole,
// every string checked before anything is stored, the device in the caller's reach, the write audited.
import {
  BUILT_IN_PV_MODULES,
  PV_MODULE_SF_M450,
  type PvString,
  type PvStringsView,
} from '@sunfleet/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, devices, pvStrings } from '../src/db/schema.js';
import { createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { as, DEMO_PASSWORD, setPasswords, userIdOf } from './organisation-fixtures.js';
import { createTestStation, registerTestLogger } from './support/loggers.js';

describe.each(oneDatabase('pglite'))('PV strings of an inverter on %s', (kind) => {
  let t: TestApp;
  let installer1: ReturnType<typeof as>;
  let installer2: ReturnType<typeof as>;
  let guest: ReturnType<typeof as>;
  let inverterId: number;
  let batteryId: number;

  const url = (id: number): string => `/device/${id}/pvStrings`;
  const string = (mppt: number, n: number, modulesInSeries = 12): PvString => ({
    mppt,
    string: n,
    module: { ...PV_MODULE_SF_M450 },
    modulesInSeries,
  });
  const stored = async (): Promise<number> =>
    (await t.database.db.select().from(pvStrings).where(eq(pvStrings.deviceId, inverterId))).length;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.database.db;
    await setPasswords(t, ['demo.installer1', 'demo.installer2', 'demo.owner1']);
    const station = await createTestStation(db, {
      companyId: 3,
      ownerUserId: await userIdOf(t, 'demo.owner1'),
      timeZone: 'Europe/Berlin',
    });
    const logger = await registerTestLogger(db, { stationId: station.id, companyId: 3 });
    const add = async (deviceType: 'INVERTER' | 'BATTERY', model: string, sn: string): Promise<number> =>
      (
        await db
          .insert(devices)
          .values({ gatewayId: logger.id, sn, deviceType, model, unitId: 1 })
          .returning({ id: devices.id })
      )[0]!.id;
    inverterId = await add('INVERTER', 'SF-INV-1P-5K', `SFI-PV-${kind}`);
    batteryId = await add('BATTERY', 'SF-BAT-10K', `SFB-PV-${kind}`);
    installer1 = as(t, await t.login('demo.installer1', DEMO_PASSWORD));
    installer2 = as(t, await t.login('demo.installer2', DEMO_PASSWORD));
    const guestLogin = await t.app.inject({ method: 'POST', url: '/api/login/guest' });
    guest = as(t, guestLogin.json<{ data: { token: string } }>().data.token);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is empty until set, with the MPPT count of the model and the built-in modules to choose from', async () => {
    const answer = await installer1.get<PvStringsView>(url(inverterId));
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      deviceId: inverterId,
      mpptCount: 2,
      strings: [],
      updatedAt: null,
      builtInModules: BUILT_IN_PV_MODULES,
    });
  });

  it('stores every string at once, reads them back in MPPT order, replaces and clears them; audited', async () => {
    const strings = [string(2, 1, 10), string(1, 2), string(1, 1)];
    const saved = await installer1.put<PvStringsView>(url(inverterId), { strings });
    expect(saved.status).toBe(200);
    expect(saved.data.strings).toEqual([string(1, 1), string(1, 2), string(2, 1, 10)]);
    expect(saved.data.updatedAt).toBe(t.clock.now().getTime());
    expect((await installer1.get<PvStringsView>(url(inverterId))).data.strings).toEqual(saved.data.strings);

    const replaced = await installer1.put<PvStringsView>(url(inverterId), { strings: [string(1, 1, 14)] });
    expect(replaced.data.strings).toEqual([string(1, 1, 14)]);
    expect(await stored()).toBe(1);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'device.pvStrings.update'), eq(auditLog.targetId, String(inverterId))));
    expect(audit.map((r) => [r.targetType, r.status])).toEqual([
      ['device', 200],
      ['device', 200],
    ]);

    expect((await installer1.put<PvStringsView>(url(inverterId), { strings: [] })).data.strings).toEqual([]);
    expect(await stored()).toBe(0);
  });

  it('refuses each bad string with 4000 naming it, and stores nothing of the request', async () => {
    await installer1.put(url(inverterId), { strings: [string(1, 1)] });
    const refused = async (body: unknown, rule: string, field: string): Promise<void> => {
      const answer = await installer1.put<{ field: string; rule: string }[]>(url(inverterId), body);
      expect(answer.status, JSON.stringify(answer.data)).toBe(4000);
      expect(answer.data[0]).toMatchObject({ field, rule });
      expect((await installer1.get<PvStringsView>(url(inverterId))).data.strings).toEqual([string(1, 1)]);
    };
    await refused({ strings: [string(1, 2), string(3, 1)] }, 'pv.mpptOutOfRange', 'body.strings[1].mppt');
    await refused({ strings: [string(1, 2), string(1, 2)] }, 'pv.duplicateString', 'body.strings[1]');
    await refused(
      { strings: [{ ...string(1, 2), module: { ...PV_MODULE_SF_M450, vmp: 50 } }] },
      'pv.moduleInvalid',
      'body.strings[0].module',
    );
    const bySchema = [
      { strings: [{ ...string(1, 1), modulesInSeries: 0 }] },
      { strings: [{ ...string(1, 1), modulesInSeries: 61 }] },
      { strings: [{ ...string(1, 1), module: { ...PV_MODULE_SF_M450, voc: -1 } }] },
      { strings: [{ ...string(1, 1), extra: true }] },
      { strings: 'all' },
    ];
    for (const body of bySchema) {
      const answer = await installer1.put(url(inverterId), body);
      expect(answer.status, JSON.stringify(body)).toBe(4000);
    }
    expect(await stored()).toBe(1);

    const battery = await installer1.put<{ rule: string }[]>(url(batteryId), { strings: [string(1, 1)] });
    expect(battery.status).toBe(4000);
    expect(battery.data[0]?.rule).toBe('pv.notInverter');
  });

  it("answers 4004 for another company's inverter, and 4003 to the read-only guest's write", async () => {
    expect((await installer2.get(url(inverterId))).status).toBe(4004);
    expect((await installer2.put(url(inverterId), { strings: [] })).status).toBe(4004);
    expect((await installer1.get(url(999_999))).status).toBe(4004);
    expect((await guest.put(url(inverterId), { strings: [] })).status).toBe(4003);
    expect(await stored()).toBe(1);
  });
});
