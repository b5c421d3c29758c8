// A small fleet of two tenants for the telemetry and command API tests: station A (installer 1's company,
// associated with owner 1) and station B (installer 2's company), each with a bound logger and devices.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { alarms, devices, gateways } from '../src/db/schema.js';
import type { TestApp } from './helpers.js';
import { as, DEMO_PASSWORD, setPasswords, userIdOf } from './organisation-fixtures.js';
import { addDevice } from './rollups-support.js';
import { createTestStation, registerTestLogger, type TestLogger } from './support/loggers.js';

export type Client = ReturnType<typeof as>;

export interface TwoTenants {
  admin: Client;
  installer1: Client;
  installer2: Client;
  owner1: Client;
  owner2: Client;
  stationA: number;
  stationB: number;
  loggerA: TestLogger;
  loggerB: TestLogger;
  inverterA: number;
  meterA: number;
  inverterB: number;
}

export async function twoTenants(t: TestApp, tag: string): Promise<TwoTenants> {
  const db = t.database.db;
  await setPasswords(t, ['demo.installer1', 'demo.installer2', 'demo.owner1', 'demo.owner2']);
  const stationA = await createTestStation(db, {
    companyId: 3,
    ownerUserId: await userIdOf(t, 'demo.owner1'),
    timeZone: 'Europe/Berlin',
    capacityKwp: 5,
    price: 0.4,
    currency: 'EUR',
  });
  const stationB = await createTestStation(db, { companyId: 4, timeZone: 'UTC' });
  const loggerA = await registerTestLogger(db, { stationId: stationA.id, companyId: 3 });
  const loggerB = await registerTestLogger(db, { stationId: stationB.id, companyId: 4 });
  return {
    admin: as(t, await t.login()),
    installer1: as(t, await t.login('demo.installer1', DEMO_PASSWORD)),
    installer2: as(t, await t.login('demo.installer2', DEMO_PASSWORD)),
    owner1: as(t, await t.login('demo.owner1', DEMO_PASSWORD)),
    owner2: as(t, await t.login('demo.owner2', DEMO_PASSWORD)),
    stationA: stationA.id,
    stationB: stationB.id,
    loggerA,
    loggerB,
    inverterA: await addDevice(db, loggerA.id, 'INVERTER', `INV-A-${tag}`),
    meterA: await addDevice(db, loggerA.id, 'METER', `MTR-A-${tag}`),
    inverterB: await addDevice(db, loggerB.id, 'INVERTER', `INV-B-${tag}`),
  };
}

/** Marks a logger and its devices as last heard from at `at`. */
export async function seenAt(db: Db, gatewayId: number, at: Date): Promise<void> {
  await db.update(gateways).set({ lastSeenAt: at, uploadIntervalS: 300 }).where(eq(gateways.id, gatewayId));
  await db.update(devices).set({ lastSeenAt: at }).where(eq(devices.gatewayId, gatewayId));
}

let alarmCounter = 0;

export async function raiseAlarm(
  db: Db,
  values: {
    gatewayId: number;
    deviceId: number | null;
    level: 'URGENT' | 'IMPORTANT' | 'COMMONLY' | 'PROMPT';
    kind?: 'ALARM' | 'EVENT';
    startedAt: Date;
    endedAt?: Date | null;
  },
): Promise<number> {
  const rows = await db
    .insert(alarms)
    .values({
      gatewayId: values.gatewayId,
      deviceId: values.deviceId,
      recordId: `R${++alarmCounter}`,
      kind: values.kind ?? 'ALARM',
      code: 100 + alarmCounter,
      level: values.level,
      message: `alarm ${alarmCounter}`,
      startedAt: values.startedAt,
      endedAt: values.endedAt ?? null,
    })
    .returning({ id: alarms.id });
  return rows[0]?.id ?? 0;
}

export async function clearAlarms(db: Db): Promise<void> {
  await db.execute(sql`delete from alarms`);
}

/** The body without its request id, to compare a foreign answer with a missing one byte for byte. */
export const withoutRequestId = (body: string): unknown =>
  ({ ...JSON.parse(body), requestId: null }) as unknown;
