// A second API process in miniature: another buildApp() over the same database as a TestApp, with its own
// caches, change feed and (on PostgreSQL) its own connection pool — what several API copies behind a load
// balancer look like to each other. On PGlite it shares the one in-process database, as it must.
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/app.js';
import { openDatabase, queryRows } from '../../src/db/client.js';
import type { Change } from '../../src/db/change-feed.js';
import { paths } from '../../src/paths.js';
import type { TestApp } from '../helpers.js';
import { postgresUrlOf } from './database-templates.js';

export interface PeerApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function createPeerApp(t: TestApp): Promise<PeerApp> {
  let database = t.database;
  if (t.database.kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    const [row] = await queryRows<{ schema: string; name: string }>(
      t.database.db,
      sql`select current_schema() as schema, current_database() as name`,
    );
    database = await openDatabase(
      { kind: 'postgres', url: postgresUrlOf(url, row!.name), schema: row!.schema, poolSize: 2 },
      { migrationsFolder: paths.migrations },
    );
  }
  const app = await buildApp({
    config: t.config,
    database,
    clock: t.clock,
    logger: pino({ level: 'silent' }),
    brokerState: () => 'disabled',
    version: 'test',
    webDist: '/nonexistent-web-dist',
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      if (database !== t.database) await database.close();
    },
  };
}

/** Resolves with the first change `app` receives that matches; subscribe before making the change. */
export function nextChange(app: FastifyInstance, matches: (change: Change) => boolean): Promise<Change> {
  return new Promise((resolve) => {
    const stop = app.changes.subscribe((change) => {
      if (!matches(change)) return;
      stop();
      resolve(change);
    });
  });
}
