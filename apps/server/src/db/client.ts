import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './pglite-lock.js';
import { PriorityGate } from './priority.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The connection pool on PostgreSQL (the ingest's COPY needs a raw client); null on PGlite. */
  pgPool: pg.Pool | null;
  /** The embedded database on PGlite (its LISTEN/NOTIFY is in-process); null on PostgreSQL. */
  pglite: PGlite | null;
  /**
   * On PGlite, API requests go before background transactions (db/priority.ts): the ingest, the rollup
   * worker and the jobs run theirs through `priority.background`. Null on PostgreSQL.
   */
  priority: PriorityGate | null;
  /**
   * Applies the checked-in migrations, then runs `then` (the seed) on the same connection before letting
   * go: safe to call from several processes at once, and copies started together on a new database
   * neither migrate nor seed it twice (two seeds racing to insert the first rows failed one copy's start).
   */
  migrate(then?: (db: Db) => Promise<void>): Promise<void>;
  /** Cheap liveness probe used by /api/health. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  /**
   * `template`: the database starts as a copy of this dump (PGlite `dumpDataDir`), in memory as tests do,
   * or in an empty `dataDir` (PGlite refuses a directory that already holds a database).
   */
  | { kind: 'pglite'; dataDir: string | null; template?: Blob }
  | { kind: 'postgres'; url: string; schema?: string; poolSize?: number };

interface Options {
  migrationsFolder: string;
}

/** Serialises migrations between processes that start at the same time against one PostgreSQL. */
const MIGRATION_LOCK_ID = 727_2026_01;

export async function openDatabase(target: DatabaseTarget, options: Options): Promise<Database> {
  if (target.kind === 'pglite') {
    if (target.dataDir !== null) mkdirSync(target.dataDir, { recursive: true });
    // A data directory on disk is this process's alone while it is open (db/pglite-lock.ts).
    const unlock = target.dataDir === null ? () => undefined : lockDataDir(target.dataDir);
    const loadDataDir = target.template === undefined ? {} : { loadDataDir: target.template };
    let client: PGlite;
    try {
      // Not `new PGlite(undefined, options)`: without a data directory PGlite reads its options from the
      // first argument only.
      client = target.dataDir === null ? new PGlite(loadDataDir) : new PGlite(target.dataDir, loadDataDir);
      await client.waitReady;
    } catch (err) {
      unlock();
      throw err;
    }
    const db = drizzlePglite({ client, schema });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      pgPool: null,
      pglite: client,
      priority: new PriorityGate(),
      migrate: async (then) => {
        await migratePglite(db, { migrationsFolder: options.migrationsFolder });
        await then?.(db);
      },
      ping: async () => {
        try {
          await client.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          unlock();
        }
      },
    };
  }

  // JIT off for our connections: the console's statements are short lookups whose cost estimates (many
  // correlated subplans) cross jit_above_cost, so PostgreSQL spent more time compiling (30–50 ms per
  // statement, measured on the station list and Home KPIs at 10,000 stations) than executing them.
  const settings = [
    '-c jit=off',
    ...(target.schema === undefined ? [] : [`-c search_path=${target.schema}`]),
  ];
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    options: settings.join(' '),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // Nor a checked-out one (the pool listens on idle clients only): when the server goes away mid-transaction
  // (a crash, a restart, pg_terminate_backend) the statement in progress fails with the error and the
  // caller answers 5003; without a listener the client's 'error' event would end the process (the chaos
  // run's PostgreSQL restart did). The pool discards such a client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    pgPool: pool,
    pglite: null,
    priority: null,
    migrate: async (then) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        try {
          const locked = drizzlePg({ client, schema });
          await migratePg(locked, {
            migrationsFolder: options.migrationsFolder,
            ...(target.schema === undefined ? {} : { migrationsSchema: target.schema }),
          });
          await then?.(locked);
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
        }
      } finally {
        client.release();
      }
    },
    ping: async () => {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. Prefer the query builder where it can express the query. */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
