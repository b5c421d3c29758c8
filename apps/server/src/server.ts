import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { buildApp } from './app.js';
import { migrateAndSeed } from './bootstrap/seed.js';
import type { AppConfig } from './config/config.js';
import { openDatabase, type Database } from './db/client.js';
import { systemClock } from './lib/clock.js';
import { assertServicePortsFree } from './config/preflight.js';
import { isAddressInUse, PortInUseError } from './lib/listen.js';
import { usePasswordHashing } from './lib/password.js';
import { paths } from './paths.js';
import { connectExternalBroker, noBroker, startEmbeddedBroker, type Broker } from './services/broker.js';
import { startJobs } from './services/jobs.js';
import { StatisticsMailJob } from './modules/statistics/statistics-mail.job.js';
import { UPGRADE_ROUND_MS, UpgradeRunner } from './modules/firmware/upgrade.runner.js';
import { createMailer } from './services/mailer.js';
import { NotificationWorker } from './modules/notifications/notification.worker.js';
import { GatewayDirectory } from './modules/gateways/gateway-directory.js';
import { CommandDispatcher } from './modules/commands/dispatcher.js';
import { CommandsService } from './modules/commands/commands.service.js';
import { IngestService } from './modules/ingest/ingest.service.js';
import { DefinitionCache } from './modules/registry/definitions.cache.js';
import { RollupWorker } from './modules/rollups/rollup.worker.js';
import { startIngestConsumers } from './services/ingest-consumer.js';
import { loadSimFleet } from './modules/sim-fleet/fleet-file.js';
import { startSimFleet } from './modules/sim-fleet/sim-fleet.service.js';
import { loadFirmwareKeyring, trustedKeysOf } from './modules/firmware/signing-key.js';
import pkg from '../package.json' with { type: 'json' };

export const VERSION = pkg.version;

/** How long telemetry naming unannounced devices waits for a hello on another ingest copy, ms. */
const UNKNOWN_DEVICE_GRACE_MS = 30_000;

export interface RunningServer {
  app: FastifyInstance | null;
  database: Database;
  broker: Broker;
  log: Logger;
  close(): Promise<void>;
}

/**
 * Starts the services chosen in SERVICES in one process. The database is opened and migrated by every
 * service that needs it; the broker is embedded unless MQTT_URL points at an external one.
 */
export async function startServer(config: AppConfig): Promise<RunningServer> {
  const log = pino({ level: config.logLevel, base: { service: 'sunfleet' } });
  usePasswordHashing(config.passwordHashing);
  if (config.passwordHashing !== 'standard')
    log.warn('PASSWORD_HASHING=minimal: password hashes protect nothing (tests only)');
  await assertServicePortsFree(config);
  // A bad fleet file stops the start before anything is opened, like any other bad setting.
  const simFleetPath = config.simFleet ?? paths.demoFleet;
  const simFleet = config.services.has('sim') ? loadSimFleet(simFleetPath) : null;
  // The API signs firmware with it; the sim service gives its public half to the simulated loggers.
  const firmwareKeyring =
    config.services.has('api') || config.services.has('sim')
      ? loadFirmwareKeyring({ ...config.firmware, dataDir: config.dataDir })
      : null;
  if (firmwareKeyring !== null)
    log.info(
      {
        component: 'firmware',
        fingerprint: firmwareKeyring.platform.fingerprint,
        source: config.firmware.signingKey === null ? 'DATA_DIR' : 'FIRMWARE_SIGNING_KEY',
        vendorKeys: firmwareKeyring.vendors.length,
      },
      'firmware signing key loaded',
    );
  const database = await openDatabase(
    config.databaseUrl === null
      ? { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') }
      : { kind: 'postgres', url: config.databaseUrl },
    { migrationsFolder: paths.migrations },
  );
  const closers: (() => Promise<void>)[] = [() => database.close()];
  const close = async (): Promise<void> => {
    for (const fn of closers.reverse())
      await fn().catch((err: unknown) => log.warn({ err }, 'error while closing'));
  };
  try {
    await migrateAndSeed(database, config, log);
    log.info({ database: database.kind }, 'database ready');

    // The ingest (with the rollup worker and the command channel) runs before the broker so that the
    // embedded broker can hand it every uplink before its PUBACK.
    let ingest: IngestService | null = null;
    let commands: CommandsService | null = null;
    if (config.services.has('ingest')) {
      const rollups = new RollupWorker({ database, log });
      rollups.start();
      closers.push(() => rollups.stop());
      const commandService = new CommandsService({ db: database.db, clock: systemClock, log });
      commands = commandService;
      const service = new IngestService({
        database,
        definitions: new DefinitionCache(database.db),
        log,
        // Behind an external broker's shared subscription a hello may reach another copy (docs/telemetry.md).
        unknownDeviceGraceMs: config.mqttUrl === null ? 0 : UNKNOWN_DEVICE_GRACE_MS,
        hooks: {
          onCommitted: () => rollups.kick(),
          commandResult: (gatewayId, message) => commandService.applyResult(gatewayId, message),
          firmwareProgress: (gatewayId, message) => commandService.applyFirmwareProgress(gatewayId, message),
        },
      });
      ingest = service;
      closers.push(() => service.close());
    }

    let broker: Broker = noBroker;
    if (config.mqttUrl !== null) broker = await connectExternalBroker({ url: config.mqttUrl, log });
    else if (config.services.has('broker')) {
      const handler = ingest?.handle;
      broker = await startEmbeddedBroker({
        port: config.mqttPort,
        host: config.host,
        log,
        directory: new GatewayDirectory(database.db),
        // Without an ingest in this process no uplink can be stored, so none is acknowledged and the
        // loggers keep their messages until one runs (the embedded broker needs the ingest beside it).
        onUplink: handler ?? (() => Promise.reject(new Error('no ingest in this process'))),
      });
    }
    const activeBroker = broker;
    closers.push(() => activeBroker.close());

    if (ingest !== null && config.mqttUrl !== null) {
      const consumers = await startIngestConsumers({
        url: config.mqttUrl,
        consumers: config.ingestConsumers,
        subscription: config.ingestSubscription,
        handler: ingest.handle,
        log,
        ...(config.ingestClientId === null ? {} : { clientIdPrefix: config.ingestClientId }),
      });
      closers.push(() => consumers.close());
    }
    if (commands !== null && broker.downlink !== null) {
      const dispatcher = new CommandDispatcher({ database, downlink: broker.downlink, log });
      dispatcher.start();
      closers.push(() => dispatcher.stop());
    }

    if (config.services.has('jobs')) {
      const jobs = startJobs({
        database,
        clock: systemClock,
        log,
        alarmEveryMs: config.alarmEvaluateEveryMs,
        alarmEscalateAfterS: config.alarmEscalateAfterS,
        clientErrorRetentionDays: config.clientErrorRetentionDays,
      });
      closers.push(() => Promise.resolve(jobs.stop()));
      // Upgrade tasks: waves, progress, health watch (docs/firmware.md "Upgrade tasks").
      const upgrades = new UpgradeRunner({
        database,
        clock: systemClock,
        publicUrl: config.publicUrl,
        log: log.child({ component: 'upgrade' }),
      });
      upgrades.start(UPGRADE_ROUND_MS);
      closers.push(() => upgrades.stop());
      const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, log });
      const notifications = new NotificationWorker({
        database,
        clock: systemClock,
        log,
        mailer,
        settings: config.notify,
        publicUrl: config.publicUrl,
        userAgent: `Sunfleet-Webhook/${VERSION}`,
      });
      notifications.start();
      // Saved statistics views mailed weekly or monthly (docs/statistics.md "Mailed views").
      const statisticsMail = new StatisticsMailJob({
        database,
        clock: systemClock,
        log: log.child({ component: 'statistics-mail' }),
        mailer,
        publicUrl: config.publicUrl,
      });
      statisticsMail.start();
      closers.push(async () => {
        await notifications.stop();
        await statisticsMail.stop();
        await mailer.drain();
      });
    }

    let app: FastifyInstance | null = null;
    if (config.services.has('api')) {
      app = await buildApp({
        config,
        database,
        clock: systemClock,
        logger: log,
        brokerState: () => activeBroker.state(),
        version: VERSION,
        webDist: paths.webDist,
        disconnectLogger: (sn) => activeBroker.disconnect(sn),
        ...(firmwareKeyring === null ? {} : { firmwareKeyring }),
        ...(ingest === null ? {} : { metricsRegistries: [ingest.metrics.registry] }),
      });
      const httpApp = app;
      closers.push(() => httpApp.close());
      try {
        await app.listen({ port: config.port, host: config.host });
      } catch (err) {
        throw isAddressInUse(err) ? new PortInUseError('PORT', config.port) : err;
      }
    }
    // Last, so it is closed first: the simulated loggers leave before the broker and the database.
    if (simFleet !== null) {
      const sim = await startSimFleet({
        config,
        database,
        fleet: simFleet,
        fleetPath: simFleetPath,
        log,
        trustedKeys: firmwareKeyring === null ? [] : trustedKeysOf(firmwareKeyring),
      });
      closers.push(() => sim.close());
    }
    return { app, database, broker, log, close };
  } catch (err) {
    await close();
    throw err;
  }
}
