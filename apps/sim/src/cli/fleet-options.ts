// What `run --fleet`, `backfill` and `fleet` share: reading the fleet file (default: the demo fleet) and
// scaling it, reading the credentials, building one SimLogger per logger that has a secret, a logger error
// line that does not repeat itself every reconnect, and waiting for a stop (signal, duration, stdin).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FleetFile } from '@sunfleet/contracts';
import { readCredentials } from '../fleet/credentials.js';
import { FleetError, readFleetFile } from '../fleet/fleet-file.js';
import { fleetLoggers, simLoggerOptions } from '../fleet/fleet-sites.js';
import { scaleFleet } from '../fleet/scale.js';
import { parseTrustedKey } from '../logger/logger-state.js';
import { SimLogger } from '../logger/sim-logger.js';
import { numberOption, UsageError } from './args.js';
import type { CommandIo } from './command.js';

export const FLEET_OPTIONS = {
  fleet: { type: 'string' },
  scale: { type: 'string' },
  credentials: { type: 'string' },
  'trusted-keys': { type: 'string' },
  mqtt: { type: 'string' },
  state: { type: 'string' },
} as const;

type Values = Record<string, string | boolean | undefined>;

/** apps/sim/fleets/demo.json, from the sources (src/cli) or from the bundle (dist). */
export function demoFleetPath(): string {
  const candidates = ['../../fleets/demo.json', '../fleets/demo.json'].map((p) =>
    fileURLToPath(new URL(p, import.meta.url)),
  );
  return candidates.find((p) => existsSync(p)) ?? (candidates[0] as string);
}

/** --fleet (default the demo fleet) times --scale. Problems become usage errors. */
export function loadFleet(values: Values): FleetFile {
  const path = typeof values.fleet === 'string' ? values.fleet : demoFleetPath();
  const scale = numberOption(values, 'scale', { min: 1, max: 100_000 }, 1);
  if (!Number.isInteger(scale)) throw new UsageError('--scale must be a whole number');
  try {
    return scaleFleet(readFleetFile(path), scale);
  } catch (error) {
    if (error instanceof FleetError || error instanceof RangeError) throw new UsageError(error.message);
    throw error;
  }
}

export interface FleetSetup {
  fleet: FleetFile;
  brokerUrl: string;
  loggers: SimLogger[];
  stations: number;
}

/** Reports a logger's errors, but the same message again only after a minute (reconnect loops). */
function errorReporter(io: CommandIo, now: () => number = Date.now): (sn: string, error: Error) => void {
  const last = new Map<string, { message: string; at: number }>();
  return (sn, error) => {
    const previous = last.get(sn);
    const at = now();
    if (previous && previous.message === error.message && at - previous.at < 60_000) return;
    last.set(sn, { message: error.message, at });
    io.err(`${sn}: ${error.message}`);
  };
}

/**
 * --trusted-keys: a JSON file with a list of Ed25519 public keys (PEM or base64 of the 32 raw bytes) the
 * loggers trust for firmware images; none without it (every firmware.upgrade then fails no-trusted-key).
 */
export function readTrustedKeys(path: string | boolean | undefined): string[] {
  if (typeof path !== 'string') return [];
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`--trusted-keys ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!Array.isArray(json) || json.some((k) => typeof k !== 'string'))
    throw new UsageError(`--trusted-keys ${path}: must be a JSON list of public keys (PEM or base64)`);
  const keys = json as string[];
  keys.forEach((key, i) => {
    try {
      parseTrustedKey(key);
    } catch (error) {
      throw new UsageError(
        `--trusted-keys ${path}: key ${i + 1}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  });
  return keys;
}

/** The fleet's loggers that have a secret in --credentials (the others are named on stderr and skipped). */
export function buildFleet(values: Values, io: CommandIo): FleetSetup {
  const fleet = loadFleet(values);
  if (typeof values.credentials !== 'string') throw new UsageError('--credentials is required');
  let credentials: ReadonlyMap<string, string>;
  try {
    credentials = readCredentials(values.credentials);
  } catch (error) {
    if (error instanceof FleetError) throw new UsageError(error.message);
    throw error;
  }
  const trustedKeys = readTrustedKeys(values['trusted-keys']);
  const brokerUrl = typeof values.mqtt === 'string' ? values.mqtt : 'mqtt://127.0.0.1:1883';
  if (!/^mqtts?:\/\/[^/]+/.test(brokerUrl)) throw new UsageError('--mqtt must be an mqtt:// or mqtts:// URL');
  const stateDir = typeof values.state === 'string' ? values.state : 'data/sim';
  const report = errorReporter(io);
  const loggers: SimLogger[] = [];
  const stations = new Set<string>();
  for (const entry of fleetLoggers(fleet)) {
    const secret = credentials.get(entry.logger.sn);
    if (secret === undefined) {
      io.err(`${entry.logger.sn}: no secret in ${values.credentials}, not simulated`);
      continue;
    }
    stations.add(entry.station.key);
    try {
      loggers.push(
        new SimLogger(
          simLoggerOptions(fleet, entry, {
            brokerUrl,
            stateDir,
            secret,
            trustedKeys,
            onError: (error) => report(entry.logger.sn, error),
          }),
        ),
      );
    } catch (error) {
      if (error instanceof RangeError) throw new UsageError(`${entry.logger.sn}: ${error.message}`);
      throw error;
    }
  }
  if (loggers.length === 0) {
    throw new UsageError(`no logger of the fleet has a secret in ${values.credentials}`);
  }
  return { fleet, brokerUrl, loggers, stations: stations.size };
}

export interface StopWait {
  /** Resolves with what stopped it: 'SIGINT', 'SIGTERM', 'duration' or 'stdin'. */
  promise: Promise<string>;
  cancel(): void;
}

/** Waits for SIGINT/SIGTERM, `seconds` (when given) or, with `stdin`, the parent closing our stdin. */
export function waitForStop(seconds?: number, stdin = false): StopWait {
  let cancel = (): void => undefined;
  const promise = new Promise<string>((resolve) => {
    const onInt = (): void => done('SIGINT');
    const onTerm = (): void => done('SIGTERM');
    const onEnd = (): void => done('stdin');
    const timer = seconds === undefined ? null : setTimeout(() => done('duration'), seconds * 1_000);
    function done(why: string): void {
      cancel();
      resolve(why);
    }
    cancel = () => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      if (stdin) {
        process.stdin.off('end', onEnd);
        process.stdin.off('close', onEnd);
        process.stdin.pause();
      }
      if (timer) clearTimeout(timer);
    };
    process.once('SIGINT', onInt);
    process.once('SIGTERM', onTerm);
    if (stdin) {
      // A parent that dies without a word closes the pipe: the simulator must not outlive it.
      process.stdin.once('end', onEnd);
      process.stdin.once('close', onEnd);
      process.stdin.resume();
    }
  });
  return { promise, cancel: () => cancel() };
}

/** Lines through `err` when the caller gave no progress sink (tests, piped output). */
export function progressSink(io: CommandIo): { tty: boolean; write(text: string): void } {
  return io.progress ?? { tty: false, write: (text) => io.err(text.replace(/\n$/, '')) };
}
