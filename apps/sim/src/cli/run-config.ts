// The `run` command's JSON configuration: a broker, a seed and one or more loggers, each with its
// credentials and its site — a full SiteConfig (`site`) or, shorter, a list of catalogue models at a place
// (`devices` + latitude/longitude/timeZone). Every problem is reported with its JSON path.
//
//   {
//     "broker": "mqtt://localhost:1883",
//     "seed": "demo",
//     "acceleration": 60,                        // optional, simulated seconds per real second
//     "start": "2026-06-10T05:00:00+02:00",      // optional, default now
//     "bufferDir": "data/sim",                   // optional, one sub-directory per logger SN
//     "trustedKeys": ["-----BEGIN PUBLIC KEY-----…"],   // optional, Ed25519 firmware keys
//     "loggers": [
//       { "sn": "SFLG2606000001", "secret": "…", "uploadInterval": 300,
//         "devices": ["SF-INV-3P-10K", "SF-BAT-10K", "SF-MTR-3P"],
//         "latitude": 48.14, "longitude": 11.58, "timeZone": "Europe/Berlin" },
//       { "sn": "SFLG2606000002", "secret": "…", "site": { "id": "farm", "latitude": …, "inverters": […] },
//         "localControl": ["SFI12606000201"],          // optional, devices controlled on site
//         "pinnedRegisters": { "SFI12606000201": ["WMaxLimPct"] } }   // optional, registers that revert
//     ]
//   }
import { join, resolve } from 'node:path';
import { PATTERNS, ProtocolLimits } from '@sunfleet/contracts';
import { siteFromModels } from '../devices/catalogue.js';
import type { SimLoggerOptions } from '../logger/sim-logger.js';
import { isRecord } from '../logger/state-file.js';
import type { SiteConfig } from '../site-config.js';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export interface RunConfig {
  broker: string;
  seed: string | number;
  acceleration: number;
  start: number | null;
  loggers: SimLoggerOptions[];
}

type Json = Record<string, unknown>;

function fail(path: string, why: string): never {
  throw new ConfigError(`${path}: ${why}`);
}

function str(o: Json, key: string, path: string, fallback?: string): string {
  const value = o[key];
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'string' || value === '') return fail(`${path}.${key}`, 'must be a non-empty string');
  return value;
}

function num(o: Json, key: string, path: string, min: number, max: number, fallback?: number): number {
  const value = o[key];
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    return fail(`${path}.${key}`, `must be a number ${min}…${max}`);
  }
  return value;
}

function optional<T>(o: Json, key: string, read: () => T): T | undefined {
  return o[key] === undefined ? undefined : read();
}

function siteOf(entry: Json, path: string, seed: string | number, index: number): SiteConfig {
  if (entry.site !== undefined) {
    if (!isRecord(entry.site)) return fail(`${path}.site`, 'must be an object');
    const site = { seed, ...entry.site } as unknown as SiteConfig;
    if (!Array.isArray(site.inverters)) return fail(`${path}.site.inverters`, 'must be a list');
    return site;
  }
  const devices = entry.devices;
  if (!Array.isArray(devices) || devices.some((d) => typeof d !== 'string')) {
    return fail(path, 'needs "site" or "devices" (a list of model names)');
  }
  try {
    return siteFromModels({
      id: str(entry, 'siteId', path, `site-${index + 1}`),
      seed,
      latitude: num(entry, 'latitude', path, -90, 90),
      longitude: num(entry, 'longitude', path, -180, 180),
      timeZone: str(entry, 'timeZone', path),
      models: devices as string[],
      serialBase: (index + 1) * 100,
    });
  } catch (error) {
    return fail(`${path}.devices`, error instanceof Error ? error.message : String(error));
  }
}

const SN = new RegExp(PATTERNS.loggerSn);

function snList(entry: Json, path: string): string[] | undefined {
  const value = entry.localControl;
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    return fail(`${path}.localControl`, 'must be a list of device SNs');
  }
  return value as string[];
}

function pins(entry: Json, path: string): Record<string, string[]> | undefined {
  const value = entry.pinnedRegisters;
  if (value === undefined) return undefined;
  if (
    !isRecord(value) ||
    Object.values(value).some((keys) => !Array.isArray(keys) || keys.some((k) => typeof k !== 'string'))
  ) {
    return fail(`${path}.pinnedRegisters`, 'must map device SNs to lists of register keys');
  }
  return value as Record<string, string[]>;
}

/** Parses the configuration; relative paths are taken from `baseDir` (the config file's directory). */
export function parseRunConfig(value: unknown, baseDir: string): RunConfig {
  if (!isRecord(value)) return fail('config', 'must be a JSON object');
  const broker = str(value, 'broker', 'config');
  if (!/^mqtts?:\/\//.test(broker)) fail('config.broker', 'must be an mqtt:// or mqtts:// URL');
  const seed = typeof value.seed === 'number' ? value.seed : str(value, 'seed', 'config', 'sunfleet');
  const acceleration = num(value, 'acceleration', 'config', 0.001, 1e6, 1);
  const startText = optional(value, 'start', () => str(value, 'start', 'config'));
  const start = startText === undefined ? null : Date.parse(startText);
  if (start !== null && Number.isNaN(start)) fail('config.start', 'must be an ISO 8601 date-time');
  const bufferDir = resolve(baseDir, str(value, 'bufferDir', 'config', 'data/sim'));
  const trustedKeys = value.trustedKeys ?? [];
  if (!Array.isArray(trustedKeys) || trustedKeys.some((k) => typeof k !== 'string')) {
    fail('config.trustedKeys', 'must be a list of public keys (PEM or base64)');
  }
  if (!Array.isArray(value.loggers) || value.loggers.length === 0)
    fail('config.loggers', 'must be a non-empty list');
  const sns = new Set<string>();
  const loggers = value.loggers.map((entry: unknown, index): SimLoggerOptions => {
    const path = `config.loggers[${index}]`;
    if (!isRecord(entry)) return fail(path, 'must be an object');
    const sn = str(entry, 'sn', path);
    if (!SN.test(sn)) fail(`${path}.sn`, 'must match ^[A-Za-z0-9_-]{6,32}$');
    if (sns.has(sn)) fail(`${path}.sn`, `${sn} appears twice`);
    sns.add(sn);
    const loggerSeed = typeof entry.seed === 'number' ? entry.seed : str(entry, 'seed', path, String(seed));
    const readings = entry.readings ?? 'values';
    if (readings !== 'values' && readings !== 'raw' && readings !== 'both') {
      fail(`${path}.readings`, 'must be values, raw or both');
    }
    const network = entry.network ?? 'CELLULAR';
    if (network !== 'CELLULAR' && network !== 'WIFI' && network !== 'ETHERNET') {
      fail(`${path}.network`, 'must be CELLULAR, WIFI or ETHERNET');
    }
    const protocolVersion = entry.protocolVersion ?? 4;
    if (protocolVersion !== 4 && protocolVersion !== 5) fail(`${path}.protocolVersion`, 'must be 4 or 5');
    const uploadInterval = num(
      entry,
      'uploadInterval',
      path,
      ProtocolLimits.uploadIntervalMin,
      ProtocolLimits.uploadIntervalMax,
      300,
    );
    if (!Number.isInteger(uploadInterval)) fail(`${path}.uploadInterval`, 'must be whole seconds');
    const sampleInterval = optional(entry, 'sampleInterval', () =>
      num(entry, 'sampleInterval', path, 1, 3_600),
    );
    const localControl = snList(entry, path);
    const pinnedRegisters = pins(entry, path);
    return {
      sn,
      secret: str(entry, 'secret', path),
      brokerUrl: typeof entry.broker === 'string' ? entry.broker : broker,
      site: siteOf(entry, path, loggerSeed, index),
      bufferDir: join(bufferDir, sn),
      uploadInterval,
      ...(sampleInterval === undefined ? {} : { sampleInterval }),
      readings: readings,
      network: network,
      protocolVersion: protocolVersion,
      trustedKeys: trustedKeys as string[],
      ...(typeof entry.firmware === 'string' ? { firmware: entry.firmware } : {}),
      ...(typeof entry.model === 'string' ? { model: entry.model } : {}),
      ...(localControl ? { localControl } : {}),
      ...(pinnedRegisters ? { pinnedRegisters } : {}),
    };
  });
  return { broker, seed, acceleration, start, loggers };
}
