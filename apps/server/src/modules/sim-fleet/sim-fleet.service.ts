// The `sim` service (docs/simulator.md): provisions the fleet file's stations and loggers in the registry
// (idempotent: run at every start, it changes only what differs), keeps the loggers' secrets in
// DATA_DIR/sim/credentials.json, gives them the platform's firmware keys (DATA_DIR/sim/trusted-keys.json),
// then runs the simulator as a child process publishing to the broker.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { FleetLimits, type FleetFile } from '@sunfleet/contracts';
import { DEMO_COMPANY_ID } from '../../bootstrap/seed-data.js';
import { ConfigError, type AppConfig } from '../../config/config.js';
import type { Database } from '../../db/client.js';
import { paths } from '../../paths.js';
import { generateSecret, hashSecret, verifySecret } from '../gateways/credentials.js';
import { keepPrivate, readCredentialsFile, writeCredentialsFile } from './credentials-file.js';
import { SimFleetRepository, type GatewayRecord, type StationValues } from './sim-fleet.repository.js';
import { keepProvisioningPvStrings } from './pv-strings-provision.js';
import { SimProcess, simLaunch } from './sim-process.js';

export interface ProvisionResult {
  stations: number;
  createdStations: number;
  updatedStations: number;
  loggers: number;
  createdLoggers: number;
  /** Loggers whose secret was replaced (missing from the credentials file or not matching the registry). */
  rotated: string[];
  /** Fleet loggers left alone: their SN belongs to a logger that is not simulated. */
  skipped: string[];
}

export interface ProvisionOptions {
  credentialsPath: string;
  log: Logger;
  now?: () => Date;
}

function stationValues(
  station: FleetFile['stations'][number],
  owner: { id: number; companyId: number } | undefined,
): StationValues {
  return {
    companyId: station.companyId,
    ownerUserId: owner?.id ?? null,
    name: station.name,
    type: station.type,
    address: station.address,
    latitude: station.latitude,
    longitude: station.longitude,
    installedAt: station.installedAt === undefined ? null : new Date(`${station.installedAt}T00:00:00Z`),
    capacityKwp: station.capacityKwp,
    price: station.price,
    currency: station.currency,
    timeZone: station.timeZone,
  };
}

/**
 * Makes the registry hold the fleet: the demo distributor flagged simulated; per station one simulated
 * station (found again through its loggers, so renaming a station in the file keeps its history) with the
 * file's fields; per logger a simulated logger bound to it with a secret from the credentials file — a
 * new one (hashed in the registry, written to the file) when the file has none or it no longer matches.
 * A logger SN that belongs to a real (not simulated) logger is skipped with a warning.
 */
export async function provisionFleet(
  database: Database,
  fleet: FleetFile,
  opts: ProvisionOptions,
): Promise<ProvisionResult> {
  const now = opts.now ?? (() => new Date());
  const credentials = readCredentialsFile(opts.credentialsPath);
  const before = JSON.stringify([...credentials].sort());
  const result: ProvisionResult = {
    stations: fleet.stations.length,
    createdStations: 0,
    updatedStations: 0,
    loggers: 0,
    createdLoggers: 0,
    rotated: [],
    skipped: [],
  };
  await database.db.transaction(async (tx) => {
    const repo = new SimFleetRepository(tx);
    const companyIds = await repo.existingCompanyIds([...new Set(fleet.stations.map((s) => s.companyId))]);
    fleet.stations.forEach((station, i) => {
      if (!companyIds.has(station.companyId)) {
        throw new ConfigError(
          'SIM_FLEET',
          `names company ${station.companyId} at stations[${i}].companyId (${station.key}), which does not exist`,
        );
      }
    });
    if (await repo.markCompanySimulated(DEMO_COMPANY_ID)) {
      opts.log.info({ component: 'sim', companyId: DEMO_COMPANY_ID }, 'demo company marked simulated');
    }
    const owners = await repo.usersByName(
      fleet.stations.flatMap((s) => (s.ownerUsername === undefined ? [] : [s.ownerUsername])),
    );
    const known = await repo.gatewaysBySn(fleet.stations.flatMap((s) => s.loggers.map((l) => l.sn)));
    const boundStations = [...known.values()].flatMap((g) =>
      g.simulated && g.stationId !== null ? [g.stationId] : [],
    );
    const simulatedStations = await repo.simulatedStationIds(boundStations);
    const claimed = new Set<number>();
    for (const station of fleet.stations) {
      let owner =
        station.ownerUsername === undefined ? undefined : owners.get(station.ownerUsername.toLowerCase());
      if (station.ownerUsername !== undefined && owner?.companyId !== station.companyId) {
        opts.log.warn(
          { component: 'sim', station: station.key, owner: station.ownerUsername },
          owner
            ? 'owner belongs to another company: station left without owner'
            : 'owner not found: station left without owner',
        );
        owner = undefined;
      }
      const values = stationValues(station, owner);
      const reusable = station.loggers
        .map((l) => known.get(l.sn)?.stationId ?? null)
        .find((id): id is number => id !== null && simulatedStations.has(id) && !claimed.has(id));
      let stationId: number;
      if (reusable === undefined) {
        stationId = await repo.insertStation(values);
        result.createdStations++;
      } else {
        stationId = reusable;
        if (await repo.updateStation(stationId, values)) result.updatedStations++;
      }
      claimed.add(stationId);
      for (const logger of station.loggers) {
        const model = logger.model ?? FleetLimits.defaultLoggerModel;
        const existing = known.get(logger.sn);
        if (existing && !existing.simulated) {
          opts.log.warn(
            { component: 'sim', sn: logger.sn },
            'fleet logger SN belongs to a logger that is not simulated: not provisioned, not simulated',
          );
          result.skipped.push(logger.sn);
          credentials.delete(logger.sn);
          continue;
        }
        result.loggers++;
        let secret = credentials.get(logger.sn);
        if (!existing) {
          secret ??= generateSecret();
          await repo.insertGateway({
            sn: logger.sn,
            model,
            companyId: station.companyId,
            stationId,
            secretHash: hashSecret(secret),
            uploadIntervalS: logger.uploadInterval ?? 300,
            boundAt: now(),
          });
          result.createdLoggers++;
        } else {
          const changes: Parameters<SimFleetRepository['updateGateway']>[1] = {};
          if (secret === undefined || !verifySecret(secret, existing.secretHash)) {
            secret = generateSecret();
            changes.secretHash = hashSecret(secret);
            result.rotated.push(logger.sn);
          }
          bindingChanges(existing, stationId, station.companyId, model, now, changes);
          await repo.updateGateway(existing.id, changes);
        }
        credentials.set(logger.sn, secret);
      }
    }
  });
  if (JSON.stringify([...credentials].sort()) !== before)
    writeCredentialsFile(opts.credentialsPath, credentials);
  else keepPrivate(opts.credentialsPath);
  return result;
}

function bindingChanges(
  existing: GatewayRecord,
  stationId: number,
  companyId: number,
  model: string,
  now: () => Date,
  changes: Parameters<SimFleetRepository['updateGateway']>[1],
): void {
  if (existing.stationId !== stationId) {
    changes.stationId = stationId;
    changes.boundAt = now();
  } else if (existing.boundAt === null) changes.boundAt = now();
  if (existing.companyId !== companyId) changes.companyId = companyId;
  if (existing.model !== model) changes.model = model;
}

/** Where the simulator reaches the broker: MQTT_URL, or the embedded broker on this host. */
export function simBrokerUrl(config: AppConfig): string | null {
  if (config.mqttUrl !== null) {
    const url = new URL(config.mqttUrl);
    const protocol = { 'mqtt:': 'mqtt:', 'tcp:': 'mqtt:', 'mqtts:': 'mqtts:', 'ssl:': 'mqtts:' }[
      url.protocol
    ];
    if (protocol === undefined) return null;
    return `${protocol}//${url.host}`;
  }
  const wildcard = config.host === '0.0.0.0' || config.host === '::' || config.host === '';
  const host = wildcard ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `mqtt://${host}:${config.mqttPort}`;
}

export interface SimFleetService {
  close(): Promise<void>;
}

export interface SimFleetOptions {
  config: AppConfig;
  database: Database;
  fleet: FleetFile;
  fleetPath: string;
  log: Logger;
  /** Public keys (PEM) the simulated loggers trust for firmware, as a factory would install them. */
  trustedKeys: readonly string[];
}

/** Provisions the fleet, then runs the simulator beside the server until close(). */
export async function startSimFleet(opts: SimFleetOptions): Promise<SimFleetService> {
  const { config, log } = opts;
  const dir = join(config.dataDir, 'sim');
  const credentialsPath = join(dir, 'credentials.json');
  const result = await provisionFleet(opts.database, opts.fleet, { credentialsPath, log });
  log.info(
    {
      component: 'sim',
      fleet: opts.fleetPath,
      stations: result.stations,
      loggers: result.loggers,
      created: { stations: result.createdStations, loggers: result.createdLoggers },
      rotatedSecrets: result.rotated.length,
    },
    'simulated fleet provisioned',
  );
  const brokerUrl = simBrokerUrl(config);
  if (brokerUrl === null) {
    log.warn(
      { component: 'sim' },
      'MQTT_URL is not mqtt(s):// or tcp/ssl://: the simulator cannot reach it, not started',
    );
    return { close: () => Promise.resolve() };
  }
  if (result.loggers === 0) {
    log.warn(
      { component: 'sim' },
      'no logger of the fleet could be provisioned: the simulator is not started',
    );
    return { close: () => Promise.resolve() };
  }
  // Written at every start: the loggers trust the keys of this platform as it is now configured.
  const trustedKeysPath = join(dir, 'trusted-keys.json');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(trustedKeysPath, `${JSON.stringify(opts.trustedKeys, null, 2)}\n`);
  const args = [
    'run',
    '--fleet',
    opts.fleetPath,
    '--credentials',
    credentialsPath,
    '--trusted-keys',
    trustedKeysPath,
    '--mqtt',
    brokerUrl,
    '--state',
    join(dir, 'state'),
    '--backfill-days',
    String(config.simBackfillDays),
    '--acceleration',
    String(config.simAcceleration),
    '--stop-on-stdin-close',
  ];
  if (paths.bundled && !existsSync(paths.simDist)) {
    log.warn(
      { component: 'sim', missing: paths.simDist },
      'the bundled simulator is missing (npm run build): running it from its sources through tsx',
    );
  }
  const child = new SimProcess({ ...simLaunch(), args, log });
  child.start();
  const strings = keepProvisioningPvStrings(opts.database, opts.fleet, log);
  return {
    close: () => {
      strings.stop();
      return child.stop();
    },
  };
}
