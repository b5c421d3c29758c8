import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../src/app.js';
import { seed } from '../src/bootstrap/seed.js';
import { loadConfig, type AppConfig } from '../src/config/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import type { Clock } from '../src/lib/clock.js';
import { paths } from '../src/paths.js';
import type { BrokerState } from '../src/services/broker.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const DATABASES: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const ADMIN_PASSWORD = 'Admin#Test-2026';

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

/** A fresh, migrated database: in-memory PGlite, or a new schema of its own in TEST_DATABASE_URL. */
export async function freshDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const options = { migrationsFolder: paths.migrations };
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: null }, options);
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = await openDatabase({ kind: 'postgres', url, schema, poolSize: 4 }, options);
  await database.migrate();
  return {
    database,
    drop: async () => {
      await database.close().catch(() => undefined);
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
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
  /** Lets a test add routes before the app is ready (e.g. to exercise the error envelope). */
  extend?: (app: FastifyInstance) => void;
}

export async function createTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const { database, drop } = await freshDatabase(kind);
  const config = loadConfig({
    SERVICES: 'api',
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent-test-data',
    ...options.env,
  });
  const logger = pino({ level: 'silent' });
  await seed(database.db, {
    adminUsername: config.adminUsername,
    adminPassword: ADMIN_PASSWORD,
    dataDir: null,
    localesRoot: paths.locales,
    log: logger,
  });
  const clock = new TestClock();
  const app = await buildApp({
    config,
    database,
    clock,
    logger,
    brokerState: options.brokerState ?? (() => 'disabled'),
    version: 'test',
    webDist: options.webDist ?? '/nonexistent-web-dist',
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
