// Test world of the remote operations: the app (its remote calls wait REMOTE_ANSWER_WAIT_MS for devices),
// the ingest and the command dispatcher on the test clock (set to real time, so the simulator and the cloud
// agree on expiry), the embedded broker, and the simulator itself as a child process running one
// logger with an inverter, a battery and a meter. A second app over the same database waits only briefly
// (the "device did not answer in time" path); an unconnected logger with a device stands for one offline.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import type { Db } from '../src/db/client.js';
import { commands, devices, telemetry } from '../src/db/schema.js';
import type { CommandDispatcher } from '../src/modules/commands/dispatcher.js';
import { SimProcess, simLaunch } from '../src/modules/sim-fleet/sim-process.js';
import type { Broker } from '../src/services/broker.js';
import { ADMIN_PASSWORD, createTestApp, type DatabaseKind, type TestApp } from './helpers.js';
import { as, DEMO_PASSWORD, setPasswords } from './organisation-fixtures.js';
import { addDevice } from './rollups-support.js';
import { createTestStation, registerTestLogger } from './support/loggers.js';
import { noonLongitude, startDevicePipeline, until } from './support/sim-world.js';
import type { Client } from './telemetry-api-support.js';

/** How long the main app waits for a device (the simulator answers within a second or two). */
export const ANSWER_WAIT_MS = 20_000;
/** The second app's wait: a device that does not answer at once is reported as not answered yet. */
export const QUICK_WAIT_MS = 300;

/** SunSpec model 124 ChaSt values (the battery's status_code). */
export const CHARGE_STATE = { CHARGING: 4, HOLDING: 6 } as const;
/** SunSpec inverter St values (the inverter's status_code). */
export const INVERTER_STATE = { MPPT: 4, STANDBY: 8 } as const;

let worlds = 0;

export interface RemoteWorld {
  kind: DatabaseKind;
  t: TestApp;
  db: Db;
  /** The same database behind an app that waits QUICK_WAIT_MS. */
  quick: FastifyInstance;
  broker: Broker;
  dispatcher: CommandDispatcher;
  admin: Client;
  /** Manager of the logger’s company (3) with the remote permissions. */
  installer1: Client;
  /** Manager of another company (4). */
  installer2: Client;
  logger: { id: number; sn: string };
  inverter: { id: number; sn: string };
  battery: { id: number; sn: string };
  meter: { id: number; sn: string };
  /** A logger that never connects, with one inverter behind it. */
  offline: { gatewayId: number; inverterId: number };
  /** Commands in the database (to prove nothing was sent). */
  commandCount(): Promise<number>;
  /** Resolves with the newest telemetry row of a device stored after `after` that passes `check`. */
  reading(
    deviceId: number,
    after: Date,
    check: (row: typeof telemetry.$inferSelect) => boolean,
  ): Promise<typeof telemetry.$inferSelect>;
  close(): Promise<void>;
}

export interface SimDevices {
  inverter: string;
  battery: string;
  meter: string;
}

/**
 * The simulator's `run --config` for one logger: a 5 kW single-phase inverter on the equator at local noon
 * under a clear sky (it feeds in), a 10 kWh battery in full feed-in (discharging into the grid), a meter;
 * a sample a second and an upload every 5 s. The battery's InWRte silently reverts (the sim's fault
 * injection for "a write whose read-back differs").
 */
function simConfig(
  broker: string,
  logger: { sn: string; secret: string },
  sns: SimDevices,
  bufferDir: string,
): Record<string, unknown> {
  return {
    broker,
    seed: `remote-${logger.sn}`,
    bufferDir,
    loggers: [
      {
        sn: logger.sn,
        secret: logger.secret,
        uploadInterval: 5,
        sampleInterval: 1,
        pinnedRegisters: { [sns.battery]: [PINNED_REGISTER] },
        site: {
          id: `remote-${logger.sn}`,
          latitude: 0,
          longitude: noonLongitude(),
          timeZone: 'UTC',
          cloudClimate: { clearDays: 1, overcastDays: 0 },
          faultRate: 0,
          inverters: [
            {
              sn: sns.inverter,
              ratedPowerW: 5_000,
              phases: 1,
              mppts: [1, 2].map(() => ({ strings: 1, modulesPerString: 6, tilt: 10, azimuth: 180 })),
            },
          ],
          battery: { sn: sns.battery, capacityWh: 10_000, initialSocPct: 60, mode: 'FULL_FEED_IN' },
          meter: { sn: sns.meter, phases: 1 },
        },
      },
    ],
  };
}

/** The battery register the simulator puts back after every write. */
export const PINNED_REGISTER = 'InWRte';

async function deviceBySn(db: Db, sn: string): Promise<{ id: number; sn: string }> {
  const rows = await db.select({ id: devices.id }).from(devices).where(eq(devices.sn, sn));
  const row = rows[0];
  if (!row) throw new Error(`device ${sn} not registered`);
  return { id: row.id, sn };
}

export async function startRemoteWorld(kind: DatabaseKind): Promise<RemoteWorld> {
  const env = { REMOTE_ANSWER_WAIT_MS: String(ANSWER_WAIT_MS) };
  const t = await createTestApp(kind, { env });
  const db = t.database.db;
  const log = pino({ level: 'silent' });
  const { broker, dispatcher, close: closePipeline } = await startDevicePipeline(t, log, 100);
  const quick = await buildApp({
    config: loadConfig({
      SERVICES: 'api',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'silent',
      DATA_DIR: '/nonexistent-test-data',
      PASSWORD_HASHING: 'minimal',
      REMOTE_ANSWER_WAIT_MS: String(QUICK_WAIT_MS),
    }),
    database: t.database,
    clock: t.clock,
    logger: log,
    brokerState: () => 'disabled',
    version: 'test',
    webDist: '/nonexistent-web-dist',
  });
  await quick.ready();

  // The simulator as a child process, running one registered logger of a station of company 3.
  const dir = mkdtempSync(join(tmpdir(), 'sunfleet-remote-'));
  const station = await createTestStation(db, { companyId: 3, timeZone: 'UTC' });
  const registered = await registerTestLogger(db, { stationId: station.id, companyId: 3 });
  const serial = `${process.pid % 10_000}${++worlds}`.padStart(6, '0');
  const sns: SimDevices = {
    inverter: `SFI12606${serial}`,
    battery: `SFB12606${serial}`,
    meter: `SFM12606${serial}`,
  };
  const configPath = join(dir, 'sim.json');
  const brokerUrl = `mqtt://127.0.0.1:${broker.port() ?? 0}`;
  writeFileSync(configPath, JSON.stringify(simConfig(brokerUrl, registered, sns, join(dir, 'state'))));
  const sim = new SimProcess({
    ...simLaunch(),
    args: ['run', '--config', configPath],
    log,
    stopGraceMs: 3_000,
  });
  sim.start();
  const logger = { id: registered.id, sn: registered.sn };
  // hello registers the devices; the first readings show the logger is running.
  await until(
    async () => {
      const rows = await db
        .select({ n: sql<number>`count(distinct ${telemetry.deviceId})::int` })
        .from(telemetry)
        .where(eq(telemetry.gatewayId, logger.id));
      return (rows[0]?.n ?? 0) >= 3;
    },
    'the simulated logger’s first readings',
    50_000,
  );

  const offlineLogger = await registerTestLogger(db, { companyId: 3 });
  const offlineInverter = await addDevice(db, offlineLogger.id, 'INVERTER', `SFI12607${serial}`);
  await db.execute(
    sql`update devices set model = m.model, model_id = m.id from device_models m
        where m.device_type = 'INVERTER' and m.model = 'SF-INV-1P-5K' and devices.id = ${offlineInverter}`,
  );
  // The managers get the remote permissions (role 2 holds none by default).
  await db.execute(
    sql`update roles set permissions = array_cat(permissions, array['register:read', 'register:write', 'storage:update', 'forwarding:update', 'device:factoryReset']) where id = 2`,
  );
  await t.app.changes.caughtUp();
  await setPasswords(t, ['demo.installer1', 'demo.installer2']);

  return {
    kind,
    t,
    db,
    quick,
    broker,
    dispatcher,
    admin: as(t, await t.login()),
    installer1: as(t, await t.login('demo.installer1', DEMO_PASSWORD)),
    installer2: as(t, await t.login('demo.installer2', DEMO_PASSWORD)),
    logger,
    inverter: await deviceBySn(db, sns.inverter),
    battery: await deviceBySn(db, sns.battery),
    meter: await deviceBySn(db, sns.meter),
    offline: { gatewayId: offlineLogger.id, inverterId: offlineInverter },
    commandCount: async () => (await db.select({ n: sql<number>`count(*)::int` }).from(commands))[0]?.n ?? 0,
    reading: (deviceId, after, check) =>
      until(async () => {
        const rows = await db
          .select()
          .from(telemetry)
          .where(and(eq(telemetry.deviceId, deviceId), gt(telemetry.ts, after)))
          .orderBy(sql`${telemetry.ts} desc`)
          .limit(1);
        const row = rows[0];
        return row && check(row) ? row : null;
      }, `a reading of device ${deviceId}`),
    close: async () => {
      await sim.stop();
      await quick.close();
      await closePipeline();
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
