// The device pipeline for real, as `npm start` runs it, around a test app: the ingest (hellos, telemetry,
// command answers into the commands service), the embedded broker on a free port, the command dispatcher,
// and the simulator as a child process running a small fleet file provisioned into the app's database —
// so remote operations travel over real MQTT to simulated loggers and devices and back.
//
// The app's test clock is set to the wall clock once (the simulated loggers refuse commands whose expiry
// lies in their past) and then stands still unless a test moves it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uplinkTopic, type FleetFile } from '@sunfleet/contracts';
import { eq, inArray } from 'drizzle-orm';
import pino, { type Logger } from 'pino';
import type { Db } from '../../src/db/client.js';
import { deviceModels, devices, gateways, protocolDefinitions } from '../../src/db/schema.js';
import { CommandsService } from '../../src/modules/commands/commands.service.js';
import { CommandDispatcher } from '../../src/modules/commands/dispatcher.js';
import { IngestService } from '../../src/modules/ingest/ingest.service.js';
import { DefinitionCache } from '../../src/modules/registry/definitions.cache.js';
import { provisionFleet } from '../../src/modules/sim-fleet/sim-fleet.service.js';
import { SimProcess, simLaunch } from '../../src/modules/sim-fleet/sim-process.js';
import type { Broker } from '../../src/services/broker.js';
import { createTestApp, type DatabaseKind, type TestApp, type TestAppOptions } from '../helpers.js';
import { connectLogger, registerTestLogger, startTestBroker } from './loggers.js';
import { waitFor } from './poll.js';

export { until, waitFor } from './poll.js';

/** The SNs of the remote-operations fleet (remoteFleet). */
export interface RemoteFleetSns {
  /** Station A (company 3, owner demo.owner1), logger 1: two inverters, a battery, one inverter under local control. */
  loggerA1: string;
  inverter1: string;
  inverter2: string;
  battery: string;
  localInverter: string;
  /** Station A, logger 2: one inverter (same station, another logger). */
  loggerA2: string;
  inverter4: string;
  /** Station B (company 4). */
  loggerB: string;
  inverterB: string;
}

/**
 * Two stations for the remote operations: A of installer 1's company (demo.owner1's) with two loggers, B of
 * installer 2's. Every inverter is an SF-INV-1P-5K; loggers upload every 5 s; the sun is up in a clear sky.
 */
export function remoteFleet(tag: string): { fleet: FleetFile; sns: RemoteFleetSns } {
  const sns: RemoteFleetSns = {
    loggerA1: `SFLG${tag}A1`,
    inverter1: `SFI1${tag}01`,
    inverter2: `SFI1${tag}02`,
    battery: `SFB1${tag}01`,
    localInverter: `SFI1${tag}03`,
    loggerA2: `SFLG${tag}A2`,
    inverter4: `SFI1${tag}04`,
    loggerB: `SFLG${tag}B1`,
    inverterB: `SFI1${tag}05`,
  };
  const site = {
    type: 'HOUSEHOLD_PV_STORAGE',
    address: 'Test street 1',
    latitude: 5,
    longitude: noonLongitude(),
    elevation: 100,
    timeZone: 'UTC',
    capacityKwp: 12,
    price: 0.3,
    currency: 'EUR',
    // Clear skies and no random faults: the inverters feed in steadily.
    cloudClimate: { clearDays: 1, overcastDays: 0 },
    faultRate: 0,
  } as const;
  const inverter = (sn: string, extra: { localControl?: boolean } = {}) => ({
    sn,
    model: 'SF-INV-1P-5K',
    ...extra,
  });
  const fleet: FleetFile = {
    version: 1,
    seed: `remote-${tag}`,
    stations: [
      {
        key: `remote-a-${tag.toLowerCase()}`,
        name: `Remote A ${tag}`,
        companyId: 3,
        ownerUsername: 'demo.owner1',
        ...site,
        loggers: [
          {
            sn: sns.loggerA1,
            uploadInterval: 5,
            devices: [
              inverter(sns.inverter1),
              inverter(sns.inverter2),
              { sn: sns.battery, model: 'SF-BAT-10K' },
              inverter(sns.localInverter, { localControl: true }),
            ],
          },
          { sn: sns.loggerA2, uploadInterval: 5, devices: [inverter(sns.inverter4)] },
        ],
      },
      {
        key: `remote-b-${tag.toLowerCase()}`,
        name: `Remote B ${tag}`,
        companyId: 4,
        ...site,
        loggers: [{ sn: sns.loggerB, uploadInterval: 5, devices: [inverter(sns.inverterB)] }],
      },
    ],
  };
  return { fleet, sns };
}

/**
 * A device that was online and is not any more: a logger of the same station as `besideLoggerSn` connects,
 * announces one SF-INV-1P-5K and leaves. Answers the device's id.
 */
export async function addOfflineInverter(
  world: SimWorld,
  besideLoggerSn: string,
  sn: string,
): Promise<number> {
  const [beside] = await world.db
    .select({ stationId: gateways.stationId, companyId: gateways.companyId })
    .from(gateways)
    .where(eq(gateways.sn, besideLoggerSn));
  if (!beside) throw new Error(`no logger ${besideLoggerSn}`);
  const logger = await registerTestLogger(world.db, {
    stationId: beside.stationId,
    companyId: beside.companyId,
  });
  const client = await connectLogger(`mqtt://127.0.0.1:${world.broker.port() ?? 0}`, logger);
  const hello = {
    v: 1,
    model: 'SF-LOGGER-4G',
    firmware: '2.4.1',
    mac: '02:1a:2b:3c:4d:5e',
    signal: -67,
    uploadInterval: 60,
    devices: [{ sn, type: 'INVERTER', model: 'SF-INV-1P-5K', unitId: 1 }],
  };
  // Resolves on the PUBACK, which the ingest sends after storing the hello.
  await client.publishAsync(uplinkTopic(logger.sn, 'hello'), JSON.stringify(hello), { qos: 1 });
  await client.endAsync();
  const [device] = await world.db.select({ id: devices.id }).from(devices).where(eq(devices.sn, sn));
  if (!device) throw new Error(`hello of ${sn} not stored`);
  return device.id;
}

export interface SimWorld {
  t: TestApp;
  db: Db;
  broker: Broker;
  dispatcher: CommandDispatcher;
  /** The ingest the broker hands uplinks to (a test may hand it a message directly). */
  ingest: IngestService;
  /** The devices of the fleet by SN (registered from the loggers' hellos). */
  deviceIds: ReadonlyMap<string, number>;
  close(): Promise<void>;
}

/** The address of a register of a model's protocol definition. */
export async function registerAddress(db: Db, model: string, key: string): Promise<number> {
  const [row] = await db
    .select({ registers: protocolDefinitions.registers })
    .from(deviceModels)
    .innerJoin(protocolDefinitions, eq(protocolDefinitions.id, deviceModels.definitionId))
    .where(eq(deviceModels.model, model));
  const register = row?.registers.find((r) => r.key === key);
  if (!register) throw new Error(`${model} has no register ${key}`);
  return register.address;
}

/**
 * A fleet around solar noon at the time of the run: `longitude` puts the sun high now, so inverters feed
 * in (whatever hour the suite runs at).
 */
export function noonLongitude(now = new Date()): number {
  const hours = now.getUTCHours() + now.getUTCMinutes() / 60;
  const longitude = (12 - hours) * 15;
  return Math.round((((longitude + 180) % 360) + 360) % 360) - 180;
}

export interface DevicePipeline {
  ingest: IngestService;
  broker: Broker;
  dispatcher: CommandDispatcher;
  /** Stops the dispatcher, the broker and the ingest (the app stays). */
  close: () => Promise<void>;
}

/**
 * What `npm start` runs between devices and the app, around a test app: the ingest handing the loggers'
 * answers to the commands service, the embedded broker on a free port and the command dispatcher, all on
 * the app's test clock — set to the wall clock here, since simulated loggers refuse commands whose expiry
 * lies in their past.
 */
export async function startDevicePipeline(
  t: TestApp,
  log: Logger,
  dispatchIntervalMs = 200,
): Promise<DevicePipeline> {
  const db = t.database.db;
  t.clock.advance((Date.now() - t.clock.now().getTime()) / 1000);
  const commands = new CommandsService({ db, clock: t.clock, log });
  const ingest = new IngestService({
    database: t.database,
    definitions: new DefinitionCache(db),
    log,
    hooks: {
      onCommitted: () => undefined,
      commandResult: (gatewayId, message) => commands.applyResult(gatewayId, message),
      firmwareProgress: (gatewayId, message) => commands.applyFirmwareProgress(gatewayId, message),
    },
  });
  const broker = await startTestBroker(db, ingest.handle).catch(async (error: unknown) => {
    await ingest.close();
    throw error;
  });
  if (!broker.downlink) throw new Error('the embedded broker has no downlink');
  const dispatcher = new CommandDispatcher({
    database: t.database,
    downlink: broker.downlink,
    log,
    clock: t.clock,
    intervalMs: dispatchIntervalMs,
  });
  dispatcher.start();
  return {
    ingest,
    broker,
    dispatcher,
    close: async () => {
      await dispatcher.stop();
      await broker.close();
      await ingest.close();
    },
  };
}

/**
 * Starts the pipeline, provisions `fleet` (its stations and loggers, with fresh secrets) and runs the
 * simulator until every device of the fleet has been announced by its logger.
 */
export async function startSimWorld(
  kind: DatabaseKind,
  fleet: FleetFile,
  options: TestAppOptions = {},
  simulator: {
    /** Public keys (PEM) the simulated loggers trust for firmware images (none by default). */
    trustedKeys?: readonly string[];
  } = {},
): Promise<SimWorld> {
  const log = pino({ level: 'silent' });
  const t = await createTestApp(kind, options);
  const closers: (() => Promise<unknown>)[] = [() => t.close()];
  const dir = mkdtempSync(join(tmpdir(), 'sunfleet-simworld-'));
  closers.push(async () => rmSync(dir, { recursive: true, force: true }));
  const close = async (): Promise<void> => {
    for (const fn of closers.reverse()) await fn().catch(() => undefined);
  };
  try {
    const db = t.database.db;
    const { broker, dispatcher, ingest, close: closePipeline } = await startDevicePipeline(t, log);
    closers.push(closePipeline);

    const fleetPath = join(dir, 'fleet.json');
    const credentialsPath = join(dir, 'credentials.json');
    writeFileSync(fleetPath, JSON.stringify(fleet));
    const trustedKeysPath = join(dir, 'trusted-keys.json');
    writeFileSync(trustedKeysPath, JSON.stringify(simulator.trustedKeys ?? []));
    await provisionFleet(t.database, fleet, { credentialsPath, log });
    const sim = new SimProcess({
      ...simLaunch(),
      args: [
        'run',
        '--fleet',
        fleetPath,
        '--credentials',
        credentialsPath,
        '--trusted-keys',
        trustedKeysPath,
        '--mqtt',
        `mqtt://127.0.0.1:${broker.port() ?? 0}`,
        '--state',
        join(dir, 'state'),
        '--backfill-days',
        '0',
        '--stop-on-stdin-close',
      ],
      log,
      stopGraceMs: 2_000,
    });
    sim.start();
    // Closed first: the loggers leave before the dispatcher, the broker and the database.
    closers.push(() => sim.stop());

    const sns = fleet.stations.flatMap((s) => s.loggers.flatMap((l) => l.devices.map((d) => d.sn)));
    const deviceIds = new Map<string, number>();
    await waitFor(
      async () => {
        const rows = await db
          .select({ id: devices.id, sn: devices.sn })
          .from(devices)
          .where(inArray(devices.sn, sns));
        for (const row of rows) deviceIds.set(row.sn, row.id);
        return deviceIds.size === sns.length;
      },
      'the simulated loggers to announce their devices',
      90_000,
    );
    return { t, db, broker, dispatcher, ingest, deviceIds, close };
  } catch (error) {
    await close();
    throw error;
  }
}
