// Test world of the remote operations: the app (its remote calls wait REMOTE_ANSWER_WAIT_MS for devices),
// the ingest and the command dispatcher on the test clock (set to real time, so the simulator and the cloud
// agree on expiry), the embedded broker, and the simulator itself as a child process running one fleet
// logger with an inverter, a battery and a meter. A second app over the same database waits only briefly
// (the "device did not answer in time" path); an unconnected logger with a device stands for one offline.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FleetFile } from '@sunfleet/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import type { Db } from '../src/db/client.js';
import { commands, devices, gateways, telemetry } from '../src/db/schema.js';
import { CommandsService } from '../src/modules/commands/commands.service.js';
import { CommandDispatcher } from '../src/modules/commands/dispatcher.js';
import { IngestService } from '../src/modules/ingest/ingest.service.js';
import { DefinitionCache } from '../src/modules/registry/definitions.cache.js';
import { provisionFleet } from '../src/modules/sim-fleet/sim-fleet.service.js';
import { SimProcess, simLaunch } from '../src/modules/sim-fleet/sim-process.js';
import type { Broker } from '../src/services/broker.js';
import { ADMIN_PASSWORD, createTestApp, type DatabaseKind, type TestApp } from './helpers.js';
import { as, DEMO_PASSWORD, setPasswords } from './organisation-fixtures.js';
import { addDevice } from './rollups-support.js';
import { registerTestLogger, startTestBroker } from './support/loggers.js';
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
  /** Manager of the fleet's company (3) with the remote permissions. */
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

/** Polls until `check` holds (the world's events arrive through the database). */
export async function until<T>(
  check: () => Promise<T | null | undefined | false>,
  what: string,
  ms = 25_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Degrees of longitude where the sun is at its highest right now (so the inverter feeds in). */
function noonLongitude(now = new Date()): number {
  const hours = now.getUTCHours() + now.getUTCMinutes() / 60;
  const longitude = (12 - hours) * 15;
  return longitude > 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude;
}

function fleetOf(tag: string): FleetFile {
  return {
    version: 1,
    seed: `remote-${tag}`,
    stations: [
      {
        key: `remote-${tag.toLowerCase()}`,
        name: `Remote test ${tag}`,
        type: 'HOUSEHOLD_PV_STORAGE',
        companyId: 3,
        address: 'Equator 1',
        latitude: 0,
        longitude: noonLongitude(),
        elevation: 10,
        timeZone: 'UTC',
        capacityKwp: 5.4,
        price: 0.3,
        currency: 'EUR',
        cloudClimate: { clearDays: 1, overcastDays: 0 },
        faultRate: 0,
        loggers: [
          {
            sn: `SFLG26${tag}`,
            uploadInterval: 5,
            sampleInterval: 1,
            devices: [
              { sn: `SFI126${tag}`, model: 'SF-INV-1P-5K' },
              {
                sn: `SFB126${tag}`,
                model: 'SF-BAT-10K',
                workMode: 'FULL_FEED_IN',
                initialSocPct: 50,
              },
              { sn: `SFM126${tag}`, model: 'SF-MTR-1P' },
            ],
          },
        ],
      },
    ],
  };
}

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
  // The simulator judges expiry by its wall clock: the test clock starts there and moves only by hand.
  t.clock.advance((Date.now() - t.clock.now().getTime()) / 1000);
  const log = pino({ level: 'silent' });
  const commandService = new CommandsService({ db, clock: t.clock, log });
  const ingest = new IngestService({
    database: t.database,
    definitions: new DefinitionCache(db),
    log,
    hooks: {
      onCommitted: () => undefined,
      commandResult: (gatewayId, message) => commandService.applyResult(gatewayId, message),
      firmwareProgress: (gatewayId, message) => commandService.applyFirmwareProgress(gatewayId, message),
    },
  });
  const broker = await startTestBroker(db, ingest.handle);
  if (!broker.downlink) throw new Error('no downlink');
  const dispatcher = new CommandDispatcher({
    database: t.database,
    downlink: broker.downlink,
    log,
    clock: t.clock,
    intervalMs: 100,
  });
  dispatcher.start();
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

  // The simulator: the fleet provisioned like the `sim` service does, then run as its child process.
  const dir = mkdtempSync(join(tmpdir(), 'sunfleet-remote-'));
  const tag = `${process.pid.toString().slice(-4)}${String(++worlds).padStart(2, '0')}${kind === 'pglite' ? 1 : 2}`
    .padStart(8, '0')
    .slice(-8);
  const fleet = fleetOf(tag);
  const fleetPath = join(dir, 'fleet.json');
  writeFileSync(fleetPath, JSON.stringify(fleet));
  const credentialsPath = join(dir, 'credentials.json');
  await provisionFleet(t.database, fleet, { credentialsPath, log });
  const sim = new SimProcess({
    ...simLaunch(),
    args: [
      'run',
      '--fleet',
      fleetPath,
      '--credentials',
      credentialsPath,
      '--mqtt',
      `mqtt://127.0.0.1:${broker.port() ?? 0}`,
      '--state',
      join(dir, 'state'),
      '--backfill-days',
      '0',
      '--stop-on-stdin-close',
    ],
    log,
    stopGraceMs: 3_000,
  });
  sim.start();
  const loggerSn = fleet.stations[0]!.loggers[0]!.sn;
  const [logger] = await db
    .select({ id: gateways.id, sn: gateways.sn })
    .from(gateways)
    .where(eq(gateways.sn, loggerSn));
  if (!logger) throw new Error('fleet logger not provisioned');
  // hello registers the devices; the first telemetry shows the logger is running.
  await until(async () => {
    const rows = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(telemetry)
      .where(eq(telemetry.gatewayId, logger.id));
    return (rows[0]?.n ?? 0) >= 3;
  }, 'the simulated logger’s first readings', 50_000);
  const [inverterSn, batterySn, meterSn] = fleet.stations[0]!.loggers[0]!.devices.map((d) => d.sn);

  const offlineLogger = await registerTestLogger(db, { companyId: 3 });
  const offlineInverter = await addDevice(db, offlineLogger.id, 'INVERTER', `OFF-${tag}`);
  // The managers get the remote permissions (role 2 holds none by default).
  await db.execute(
    sql`update roles set permissions = array_cat(permissions, array['register:read', 'register:write', 'storage:update', 'forwarding:update', 'device:factoryReset']) where id = 2`,
  );
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
    inverter: await deviceBySn(db, inverterSn!),
    battery: await deviceBySn(db, batterySn!),
    meter: await deviceBySn(db, meterSn!),
    offline: { gatewayId: offlineLogger.id, inverterId: offlineInverter },
    commandCount: async () =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(commands))[0]?.n ?? 0,
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
      await dispatcher.stop();
      await quick.close();
      await broker.close();
      await ingest.close();
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
