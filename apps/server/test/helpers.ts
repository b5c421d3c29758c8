import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../src/app.js';
import { seed } from '../src/bootstrap/seed.js';
import { loadConfig, type AppConfig } from '../src/config/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import type { Clock } from '../src/lib/clock.js';
import { usePasswordHashing } from '../src/lib/password.js';
import { paths } from '../src/paths.js';
import type { BrokerState } from '../src/services/broker.js';
import {
  onServer,
  postgresUrlOf,
  TEMPLATE_ADMIN,
  templateBlob,
  type TemplateName,
} from './support/database-templates.js';

// Password hashes made by tests cost microseconds (src/lib/password.test.ts keeps the production cost).
usePasswordHashing('minimal');

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const DATABASES: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * The database a suite runs on when the driver and the server's own behaviour do not matter to it: once, on
 * `preferred` when this run has it, else on PGlite. Both drivers speak to the same PostgreSQL engine (PGlite
 * is PostgreSQL compiled to WebAssembly), so an API suite's SQL means the same on either; what differs is
 * the driver (type parsing, errors), the connections (one in-process connection against a pool and a
 * server), LISTEN/NOTIFY, outages and the server's settings. Suites about those run on `DATABASES` (both):
 * the change feed and its caches, live streams, ingest, rollups, jobs and locks, commands' concurrency,
 * ids, time ranges and zones, hostile input, outages (docs/testing.md "Which database a suite runs on").
 * The API suites run on PostgreSQL in CI — the production database and here the quicker of the two —, on
 * PGlite in a run without TEST_DATABASE_URL, where the e2e suites too drive the whole console on PGlite. The
 * suites that drive the simulator over MQTT alternate `preferred`, so both carry journeys.
 */
export function oneDatabase(preferred: DatabaseKind = 'postgres'): DatabaseKind[] {
  return [DATABASES.includes(preferred) ? preferred : 'pglite'];
}

export const ADMIN_PASSWORD = TEMPLATE_ADMIN.password;

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  private t = Date.parse('2026-06-01T08:00:00Z');
  now(): Date {
    return new Date(this.t);
  }
  advance(seconds: number): void {
    this.t += seconds * 1000;
  }
}

export interface TestDatabase {
  database: Database;
  drop: () => Promise<void>;
}

/**
 * A fresh, migrated database: in-memory PGlite, or a database of its own on TEST_DATABASE_URL's server.
 * Both start from the run's templates (support/database-templates.ts) when there are some; without them
 * PostgreSQL gets a new schema in TEST_DATABASE_URL's database.
 */
export async function freshDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  return openFresh(kind, 'migrated');
}

async function openFresh(
  kind: DatabaseKind,
  template: TemplateName,
): Promise<TestDatabase & { seeded: boolean }> {
  const options = { migrationsFolder: paths.migrations };
  if (kind === 'pglite') {
    const file = inject('pgliteTemplates')?.[template];
    if (file !== undefined) {
      const database = await openDatabase(
        { kind: 'pglite', dataDir: null, template: templateBlob(file) },
        options,
      );
      return { database, drop: () => database.close(), seeded: template === 'seeded' };
    }
    const database = await openDatabase({ kind: 'pglite', dataDir: null }, options);
    await database.migrate();
    return { database, drop: () => database.close(), seeded: false };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const templates = inject('postgresTemplates');
  if (templates !== undefined) {
    // A database of its own, copied from the run's template (a file copy, not migrations and a seed).
    const name = `${templates.prefix}_t_${randomBytes(6).toString('hex')}`;
    await onServer(url, (c) => c.query(`create database ${name} template ${templates.databases[template]}`));
    const database = await openDatabase(
      { kind: 'postgres', url: postgresUrlOf(url, name), schema: templates.schema, poolSize: 4 },
      options,
    );
    return {
      database,
      seeded: template === 'seeded',
      drop: async () => {
        await database.close().catch(() => undefined);
        await onServer(url, (c) => c.query(`drop database if exists ${name} with (force)`));
      },
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await onServer(url, (c) => c.query(`create schema ${schema}`));
  const database = await openDatabase({ kind: 'postgres', url, schema, poolSize: 4 }, options);
  await database.migrate();
  return {
    database,
    seeded: false,
    drop: async () => {
      await database.close().catch(() => undefined);
      await onServer(url, (c) => c.query(`drop schema ${schema} cascade`));
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  config: AppConfig;
  close(): Promise<void>;
  /** Logs in and returns the token (fails the test when login fails). */
  login(username?: string, password?: string): Promise<string>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  brokerState?: () => BrokerState;
  webDist?: string;
  /** Poll and heartbeat intervals of GET /live (live.test shortens them). */
  live?: AppDeps['live'];
  /**
   * How long remote operations (registers, storage, AC coupling, register tests…) wait for devices' answers;
   * 0 (answer at once with the commands' state) unless a suite that talks to devices says otherwise.
   */
  remoteAnswerWaitMs?: number;
  /** Lets a test add routes before the app is ready (e.g. to exercise the error envelope). */
  extend?: (app: FastifyInstance) => void;
  /**
   * The app on this database instead of a fresh one (a restored backup, an upgraded release's data): it is
   * migrated and, unless `seeded` says this version's seed already ran on it, seeded first, as a server
   * start does; dropped with the app.
   */
  database?: TestDatabase & { seeded?: boolean };
}

export async function createTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({
    SERVICES: 'api',
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent-test-data',
    PASSWORD_HASHING: 'minimal',
    // Suites read figures right after writing them without a request in between; the cache has its own
    // suite (station-answers-cache.test.ts).
    STATION_FIGURES_MAX_AGE_MS: '0',
    // Most suites have no device online: a remote call answers at once with its commands' state.
    REMOTE_ANSWER_WAIT_MS: String(options.remoteAnswerWaitMs ?? 0),
    ...options.env,
  });
  usePasswordHashing(config.passwordHashing);
  const fromTemplate = config.adminUsername === TEMPLATE_ADMIN.username;
  const { database, drop, seeded } =
    options.database === undefined
      ? await openFresh(kind, fromTemplate ? 'seeded' : 'migrated')
      : { ...options.database, seeded: options.database.seeded === true };
  if (options.database !== undefined) await database.migrate();
  const logger = pino({ level: 'silent' });
  if (!seeded) {
    await seed(database.db, {
      adminUsername: config.adminUsername,
      adminPassword: ADMIN_PASSWORD,
      dataDir: null,
      localesRoot: paths.locales,
      log: logger,
    });
  }
  const clock = new TestClock();
  const app = await buildApp({
    config,
    database,
    clock,
    logger,
    brokerState: options.brokerState ?? (() => 'disabled'),
    version: 'test',
    webDist: options.webDist ?? '/nonexistent-web-dist',
    ...(options.live ? { live: options.live } : {}),
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    close: async () => {
      await app.close();
      await drop();
    },
    login: async (username = config.adminUsername, password = ADMIN_PASSWORD) => {
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
      const body = res.json<{ status: number; data: { token: string } }>();
      if (body.status !== 200) throw new Error(`login failed: ${res.body}`);
      return body.data.token;
    },
  };
}

export const bearer = (token: string): { authorization: string } => ({ authorization: `Bearer ${token}` });
