import { resolve } from 'node:path';
import {
  AppReleaseLimits,
  DocumentLimits,
  ClientErrorLimits,
  FirmwareLimits,
  RemoteLimits,
  SERVER_KEYS,
  type ServerKey,
} from '@sunfleet/contracts';
import { PASSWORD_HASHINGS, type PasswordHashing } from '../lib/password.js';
import type { IngestSubscription } from '../services/ingest-consumer.js';
import { parsePrivateKey, parsePublicKey } from '../modules/firmware/signing-key.js';

/** The services one process can run (ENGINEERING §1). `npm start` runs them all. */
export const SERVICE_NAMES = ['api', 'ingest', 'jobs', 'broker', 'sim'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface RegionalServer {
  key: ServerKey;
  url: string;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  mqttPort: number;
  mqttUrl: string | null;
  /**
   * Shared secret an external broker (EMQX, mosquitto-go-auth) presents to the MQTT auth endpoints;
   * null = the endpoints answer 4004 as if absent.
   */
  mqttAuthSecret: string | null;
  publicUrl: string;
  /** Whether PUBLIC_URL was set: only then are links built from it meant for other people. */
  publicUrlSet: boolean;
  logLevel: LogLevel;
  adminUsername: string;
  adminPassword: string | null;
  /** Cost of new password hashes (PASSWORD_HASHING): `standard` (default) or `minimal` (test suites only). */
  passwordHashing: PasswordHashing;
  smtpUrl: string | null;
  /** Sender of verification mails, `address` or `Name <address>`. */
  mailFrom: string;
  services: ReadonlySet<ServiceName>;
  trustProxy: boolean;
  /** METRICS_TOKEN: when set, /metrics answers only `Authorization: Bearer <token>`; null = open. */
  metricsToken: string | null;
  guestLogin: boolean;
  regionalServers: RegionalServer[];
  appDownloadUrl: string;
  /** External broker only: MQTT connections of this ingest process (INGEST_CONSUMERS). */
  ingestConsumers: number;
  /**
   * External broker only (INGEST_SUBSCRIPTION): `plain` (default; one ingest copy: ordinary persistent
   * subscriptions, nothing lost across a broker restart) or `shared` (several copies share the uplinks).
   */
  ingestSubscription: IngestSubscription;
  /**
   * External broker only: stable prefix of the ingest's MQTT client ids (INGEST_CLIENT_ID), so a
   * restarted process resumes its persistent sessions; default host name + pid (not resumable).
   */
  ingestClientId: string | null;
  /** XYZ tile template for maps (MAP_TILE_URL); null (`none`) = maps without tiles. */
  mapTileUrl: string | null;
  mapTileAttribution: string;
  /** Nominatim-compatible geocoder (MAP_GEOCODER_URL); null = addresses are not searched. */
  mapGeocoderUrl: string | null;
  /** Open-Meteo-compatible forecast endpoint (WEATHER_FORECAST_URL); null = no forecast (default). */
  weatherForecastUrl: string | null;
  /** `sim` service: the fleet file (SIM_FLEET); null = the demo fleet (apps/sim/fleets/demo.json). */
  simFleet: string | null;
  /** `sim` service: days of history a fresh logger uploads first, and the most a restart fills in. */
  simBackfillDays: number;
  /** `sim` service: 1 = that history as fast as the ingest acknowledges; > 1 = a time-lapse at that speed. */
  simAcceleration: number;
  /**
   * How old the figures of a cached station list page or Home answer may be (STATION_FIGURES_MAX_AGE_MS);
   * edits to stations, follows, companies, users and exchange rates drop them at once. 0 = no cache.
   */
  stationFiguresMaxAgeMs: number;
  /**
   * REMOTE_ANSWER_WAIT_MS: how long a remote operation (register read/write, storage, forwarding, factory
   * reset) waits for the device's answer before it answers with the commands' state so far.
   */
  remoteAnswerWaitMs: number;
  /** ALARM_ESCALATE_AFTER_S: an unacknowledged URGENT/IMPORTANT alarm escalates after this (unless its rule says). */
  alarmEscalateAfterS: number;
  /** ALARM_EVALUATE_EVERY_MS: how often the `jobs` service evaluates the alarm rules. */
  alarmEvaluateEveryMs: number;
  /** Days a runtime error group is kept after it was last seen (docs/runtime-errors.md). */
  clientErrorRetentionDays: number;
  /** Notifications (docs/alarms.md "Notifications"). */
  notify: NotifySettings;
  /** The firmware library (docs/firmware.md). */
  firmware: FirmwareSettings;
  /** DOCUMENT_MAX_BYTES: the largest platform document accepted (docs/documents.md). */
  documentMaxBytes: number;
  /** APP_RELEASE_MAX_BYTES: the largest companion-app package accepted (docs/app-release.md). */
  appReleaseMaxBytes: number;
}

export interface FirmwareSettings {
  /** FIRMWARE_SIGNING_KEY: the platform's Ed25519 private key; null = the one in DATA_DIR (made on first start). */
  signingKey: string | null;
  /** FIRMWARE_VENDOR_KEYS: vendor public keys whose detached signatures an upload may carry. */
  vendorKeys: string[];
  /** FIRMWARE_REQUIRE_VENDOR_SIGNATURE: uploads without a vendor signature are refused (the platform signs none). */
  requireVendorSignature: boolean;
  /** FIRMWARE_MAX_BYTES: the largest image accepted. */
  maxBytes: number;
}

export interface NotifySettings {
  /** How often the notification worker looks for work (NOTIFY_INTERVAL_MS). */
  intervalMs: number;
  /** Attempts of one delivery before it is given up as FAILED (NOTIFY_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** First retry delay; each further retry waits twice as long, at most an hour (NOTIFY_RETRY_BASE_MS). */
  retryBaseMs: number;
  /** Time a webhook receiver has to answer (WEBHOOK_TIMEOUT_MS). */
  webhookTimeoutMs: number;
  /** Failed attempts in a row after which a webhook is switched off (WEBHOOK_DISABLE_AFTER). */
  webhookDisableAfter: number;
  /** Whether webhooks may call loopback, private and link-local addresses (WEBHOOK_ALLOW_PRIVATE). */
  webhookAllowPrivate: boolean;
}

/** Thrown at boot when an environment variable is unusable; the message names the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? null : value;
}

function port(env: Env, name: string, fallback: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) {
    throw new ConfigError(name, `must be a port number from 0 to 65535 (got '${raw}')`);
  }
  return Number(raw);
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max} (got '${raw}')`);
  }
  return Number(raw);
}

function ingestClientId(env: Env): string | null {
  const raw = text(env, 'INGEST_CLIENT_ID');
  if (raw === null) return null;
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(raw))
    throw new ConfigError('INGEST_CLIENT_ID', 'must be 1 to 40 letters, digits, _ or -');
  return raw;
}

function url(env: Env, name: string, protocols: readonly string[]): string | null {
  const raw = text(env, name);
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be a URL such as ${protocols[0]}//host:port (got an unparsable value)`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use one of ${protocols.join(', ')} (got '${parsed.protocol}')`);
  }
  return raw;
}

function mailFrom(env: Env, publicUrl: string): string {
  const raw = text(env, 'MAIL_FROM');
  if (raw === null) return `Sunfleet <no-reply@${new URL(publicUrl).hostname}>`;
  if (!/^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(raw)) {
    throw new ConfigError('MAIL_FROM', `must be an address or 'Name <address>' (got '${raw}')`);
  }
  return raw;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(name, `must be true or false (got '${raw}')`);
}

function services(env: Env): Set<ServiceName> {
  const raw = text(env, 'SERVICES');
  if (raw === null || raw === 'all') return new Set(SERVICE_NAMES);
  const chosen = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = chosen.filter((s) => !(SERVICE_NAMES as readonly string[]).includes(s));
  if (unknown.length > 0 || chosen.length === 0) {
    throw new ConfigError(
      'SERVICES',
      `must be 'all' or a comma-separated list of ${SERVICE_NAMES.join(', ')} (unknown: '${unknown.join(',')}')`,
    );
  }
  return new Set(chosen as ServiceName[]);
}

function regionalServers(env: Env, publicUrl: string): RegionalServer[] {
  const raw = text(env, 'REGIONAL_SERVERS');
  const ownLogin = `${publicUrl.replace(/\/$/, '')}/#/login/index`;
  if (raw === null) return SERVER_KEYS.map((key) => ({ key, url: ownLogin }));
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError(
      'REGIONAL_SERVERS',
      'must be JSON like {"EuropeanServer":"https://eu.example.com/#/login/index"}',
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('REGIONAL_SERVERS', 'must be a JSON object mapping server keys to login URLs');
  }
  const entries = Object.entries(parsed as Record<string, unknown>);
  const result: RegionalServer[] = [];
  for (const [key, value] of entries) {
    if (!(SERVER_KEYS as readonly string[]).includes(key)) {
      throw new ConfigError(
        'REGIONAL_SERVERS',
        `has unknown key '${key}' (allowed: ${SERVER_KEYS.join(', ')})`,
      );
    }
    if (typeof value !== 'string' || !/^https?:\/\//.test(value)) {
      throw new ConfigError('REGIONAL_SERVERS', `value of ${key} must be an http(s) URL`);
    }
    result.push({ key: key as ServerKey, url: value });
  }
  return result;
}

function simFleet(env: Env): string | null {
  const raw = text(env, 'SIM_FLEET');
  return raw === null ? null : resolve(raw);
}

/** A decimal number within [min, max] (SIM_ACCELERATION). */
function decimal(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!/^\d+(\.\d+)?$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `must be a number from ${min} to ${max} (got '${raw}')`);
  }
  return Number(raw);
}

/** FIRMWARE_SIGNING_KEY and FIRMWARE_VENDOR_KEYS are parsed at boot, so a bad key stops the start. */
function firmwareSettings(env: Env): FirmwareSettings {
  const signingKey = text(env, 'FIRMWARE_SIGNING_KEY');
  if (signingKey !== null) {
    try {
      parsePrivateKey(signingKey);
    } catch {
      throw new ConfigError(
        'FIRMWARE_SIGNING_KEY',
        'must be an Ed25519 private key: PKCS#8 PEM, or base64 of its 32-byte seed',
      );
    }
  }
  const vendorKeys = (text(env, 'FIRMWARE_VENDOR_KEYS') ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '');
  vendorKeys.forEach((key, i) => {
    try {
      parsePublicKey(key);
    } catch {
      throw new ConfigError(
        'FIRMWARE_VENDOR_KEYS',
        `key ${i + 1} must be an Ed25519 public key: SPKI PEM, or base64 of its 32 bytes (keys separated by commas)`,
      );
    }
  });
  const requireVendorSignature = bool(env, 'FIRMWARE_REQUIRE_VENDOR_SIGNATURE', false);
  if (requireVendorSignature && vendorKeys.length === 0)
    throw new ConfigError('FIRMWARE_REQUIRE_VENDOR_SIGNATURE', 'needs FIRMWARE_VENDOR_KEYS');
  return {
    signingKey,
    vendorKeys,
    requireVendorSignature,
    maxBytes: integer(
      env,
      'FIRMWARE_MAX_BYTES',
      FirmwareLimits.fileBytesDefault,
      1_024,
      FirmwareLimits.fileBytesMax,
    ),
  };
}

/** At least 32 characters: the secret guards logger authentication for a whole fleet. */
function mqttAuthSecret(env: Env): string | null {
  const raw = text(env, 'MQTT_AUTH_SECRET');
  if (raw === null) return null;
  if (raw.length < 32 || raw.length > 256 || !/^[\x21-\x7E]+$/.test(raw)) {
    throw new ConfigError(
      'MQTT_AUTH_SECRET',
      'must be 32 to 256 printable characters without spaces (e.g. `openssl rand -hex 32`)',
    );
  }
  return raw;
}

/** METRICS_TOKEN: 16 to 256 printable characters without spaces, when set. */
function metricsToken(env: Env): string | null {
  const raw = text(env, 'METRICS_TOKEN');
  if (raw === null) return null;
  if (raw.length < 16 || raw.length > 256 || !/^[\x21-\x7E]+$/.test(raw))
    throw new ConfigError('METRICS_TOKEN', 'must be 16 to 256 printable characters without spaces');
  return raw;
}

/** MAP_TILE_URL: an http(s) template with {z}, {x} and {y}; `none` turns tiles off. */
function mapTileUrl(env: Env): string | null {
  const raw = text(env, 'MAP_TILE_URL');
  if (raw === null) return 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
  if (raw === 'none') return null;
  const checked = url(env, 'MAP_TILE_URL', ['http:', 'https:']);
  if (checked === null || !['{z}', '{x}', '{y}'].every((p) => raw.includes(p))) {
    throw new ConfigError('MAP_TILE_URL', `must contain {z}, {x} and {y}, or be 'none' (got '${raw}')`);
  }
  return raw;
}

function ingestSubscription(env: Env): IngestSubscription {
  const value = text(env, 'INGEST_SUBSCRIPTION') ?? 'plain';
  if (value !== 'plain' && value !== 'shared')
    throw new ConfigError('INGEST_SUBSCRIPTION', `must be plain or shared (got '${value}')`);
  return value;
}

function passwordHashing(env: Env): PasswordHashing {
  const value = text(env, 'PASSWORD_HASHING') ?? 'standard';
  if (!Object.hasOwn(PASSWORD_HASHINGS, value)) {
    throw new ConfigError(
      'PASSWORD_HASHING',
      `must be one of ${Object.keys(PASSWORD_HASHINGS).join(', ')} (got '${value}')`,
    );
  }
  return value as PasswordHashing;
}

/** Reads and validates the whole configuration once at boot. */
export function loadConfig(env: Env = process.env): AppConfig {
  const portNumber = port(env, 'PORT', 8080);
  const logLevel = text(env, 'LOG_LEVEL') ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')} (got '${logLevel}')`);
  }
  const configuredPublicUrl = url(env, 'PUBLIC_URL', ['http:', 'https:']);
  const publicUrl = configuredPublicUrl ?? `http://localhost:${portNumber}`;
  const adminUsername = text(env, 'ADMIN_USERNAME') ?? 'admin';
  if (!/^[A-Za-z0-9_.@-]{3,64}$/.test(adminUsername)) {
    throw new ConfigError('ADMIN_USERNAME', 'must be 3 to 64 letters, digits or . _ @ -');
  }
  const adminPassword = env.ADMIN_PASSWORD ?? null;
  if (adminPassword !== null && adminPassword.length < 8) {
    throw new ConfigError('ADMIN_PASSWORD', 'must be at least 8 characters long');
  }
  return {
    port: portNumber,
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir: resolve(text(env, 'DATA_DIR') ?? './data'),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    mqttPort: port(env, 'MQTT_PORT', 1883),
    mqttUrl: url(env, 'MQTT_URL', ['mqtt:', 'mqtts:', 'tcp:', 'ssl:', 'ws:', 'wss:']),
    mqttAuthSecret: mqttAuthSecret(env),
    ingestConsumers: integer(env, 'INGEST_CONSUMERS', 4, 1, 64),
    ingestSubscription: ingestSubscription(env),
    ingestClientId: ingestClientId(env),
    simFleet: simFleet(env),
    mapTileUrl: mapTileUrl(env),
    mapTileAttribution: text(env, 'MAP_TILE_ATTRIBUTION') ?? '© OpenStreetMap contributors',
    mapGeocoderUrl: url(env, 'MAP_GEOCODER_URL', ['http:', 'https:']),
    weatherForecastUrl: url(env, 'WEATHER_FORECAST_URL', ['http:', 'https:']),
    // The cloud refuses readings older than 3 × 366 days.
    simBackfillDays: integer(env, 'SIM_BACKFILL_DAYS', 2, 0, 3 * 366 - 1),
    simAcceleration: decimal(env, 'SIM_ACCELERATION', 1, 1, 1_000_000),
    stationFiguresMaxAgeMs: integer(env, 'STATION_FIGURES_MAX_AGE_MS', 5_000, 0, 60_000),
    remoteAnswerWaitMs: integer(
      env,
      'REMOTE_ANSWER_WAIT_MS',
      RemoteLimits.answerWaitMsDefault,
      0,
      RemoteLimits.answerWaitMsMax,
    ),
    notify: {
      intervalMs: integer(env, 'NOTIFY_INTERVAL_MS', 5_000, 100, 60_000),
      maxAttempts: integer(env, 'NOTIFY_MAX_ATTEMPTS', 10, 1, 100),
      retryBaseMs: integer(env, 'NOTIFY_RETRY_BASE_MS', 30_000, 1_000, 3_600_000),
      webhookTimeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 1_000, 60_000),
      webhookDisableAfter: integer(env, 'WEBHOOK_DISABLE_AFTER', 20, 1, 1_000),
      webhookAllowPrivate: bool(env, 'WEBHOOK_ALLOW_PRIVATE', false),
    },
    alarmEscalateAfterS: integer(env, 'ALARM_ESCALATE_AFTER_S', 3600, 60, 7 * 86_400),
    alarmEvaluateEveryMs: integer(env, 'ALARM_EVALUATE_EVERY_MS', 30_000, 1000, 3_600_000),
    clientErrorRetentionDays: integer(
      env,
      'CLIENT_ERROR_RETENTION_DAYS',
      ClientErrorLimits.retentionDaysDefault,
      1,
      3650,
    ),
    firmware: firmwareSettings(env),
    documentMaxBytes: integer(
      env,
      'DOCUMENT_MAX_BYTES',
      DocumentLimits.fileBytesDefault,
      1_024,
      DocumentLimits.fileBytesMax,
    ),
    appReleaseMaxBytes: integer(
      env,
      'APP_RELEASE_MAX_BYTES',
      AppReleaseLimits.fileBytesDefault,
      1_024,
      AppReleaseLimits.fileBytesMax,
    ),
    publicUrl,
    publicUrlSet: configuredPublicUrl !== null,
    logLevel: logLevel as LogLevel,
    adminUsername,
    adminPassword,
    passwordHashing: passwordHashing(env),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: mailFrom(env, publicUrl),
    services: services(env),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    metricsToken: metricsToken(env),
    guestLogin: bool(env, 'GUEST_LOGIN', true),
    regionalServers: regionalServers(env, publicUrl),
    appDownloadUrl: url(env, 'APP_DOWNLOAD_URL', ['http:', 'https:']) ?? `${publicUrl.replace(/\/$/, '')}/`,
  };
}
