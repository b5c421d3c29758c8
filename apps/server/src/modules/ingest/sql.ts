// A thin transaction runner over the two drivers the server supports. The ingest writes with plain SQL
// text and parameters (and COPY on PostgreSQL), so it talks to the drivers directly instead of through
// the query builder: fewer allocations per row, and COPY is not something drizzle can express.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../../db/client.js';
import type { PriorityGate } from '../../db/priority.js';
import { isTransient } from './transient.js';

export interface SqlTx {
  query<T extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** COPY … FROM STDIN with the given text chunks (PostgreSQL); null on PGlite. */
  copyIn: ((statement: string, chunks: readonly string[]) => Promise<void>) | null;
  /** One object per physical connection, for per-connection state such as temp tables. */
  connection: object;
  /**
   * Runs `script` (statements without parameters, separated by semicolons, each with its own snapshot)
   * and commits: on PostgreSQL in one round trip with the COMMIT. Nothing may follow it.
   */
  finish(script: string): Promise<void>;
}

export interface SqlRunner {
  kind: Database['kind'];
  /**
   * `factsWriter`: the transaction keeps the station facts itself (SET LOCAL sunfleet.facts = 'writer'),
   * so the triggers that mark them stale stay quiet (docs/stations.md "Status model").
   */
  transaction<T>(fn: (tx: SqlTx) => Promise<T>, opts?: { factsWriter?: boolean }): Promise<T>;
  /** One statement outside any explicit transaction. */
  query<T extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/** Marks a transaction as one that keeps the station facts itself (see SqlRunner.transaction). */
const FACTS_WRITER = `SET LOCAL sunfleet.facts = 'writer'`;

/** Seconds a single ingest statement may run before it is cancelled (and the batch retried). */
const STATEMENT_TIMEOUT_S = 30;

const safeName = (name: string): string =>
  name.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 60) || 'sunfleet-ingest';

/**
 * Transactions on PostgreSQL through the pool. Each transaction names itself (`application_name`, set
 * LOCAL so it shows only while a batch is in flight) and caps statement time, so a stuck statement is
 * cancelled and retried instead of holding every waiting logger forever.
 */
function postgresRunner(pool: pg.Pool, applicationName: string): SqlRunner {
  const beginTx = `BEGIN; SET LOCAL application_name = '${safeName(applicationName)}'; SET LOCAL statement_timeout = '${STATEMENT_TIMEOUT_S}s'`;
  /**
   * The transaction opens with its first statement: a COPY carries BEGIN and the SET LOCALs in the same
   * simple-query message (one round trip less per telemetry batch); a parameterised query, which must
   * travel alone, is preceded by them.
   */
  const txOf = (
    client: pg.PoolClient,
    factsWriter: boolean,
  ): { tx: SqlTx; begun: () => boolean; finished: () => boolean } => {
    const begin = factsWriter ? `${beginTx}; ${FACTS_WRITER}` : beginTx;
    let begun = false;
    let finished = false;
    const tx: SqlTx = {
      query: async <T extends Record<string, unknown>>(text: string, params?: unknown[]) => {
        if (!begun) {
          begun = true;
          await client.query(begin);
        }
        return (await client.query<T>(text, params)).rows;
      },
      copyIn: async (statement, chunks) => {
        const text = begun ? statement : `${begin}; ${statement}`;
        begun = true;
        await pipeline(Readable.from(chunks), client.query(copyFrom(text)));
      },
      connection: client,
      finish: async (script) => {
        if (finished) throw new Error('transaction already finished');
        const text = begun ? `${script}; COMMIT` : `${begin}; ${script}; COMMIT`;
        begun = true;
        finished = true;
        // A failing statement aborts the transaction before the COMMIT; the caller's ROLLBACK ends it.
        await client.query(text);
      },
    };
    return { tx, begun: () => begun, finished: () => finished };
  };
  return {
    kind: 'postgres',
    query: async <T extends Record<string, unknown>>(text: string, params?: unknown[]) =>
      (await pool.query<T>(text, params)).rows,
    transaction: async <T>(fn: (tx: SqlTx) => Promise<T>, opts?: { factsWriter?: boolean }): Promise<T> => {
      const client = await pool.connect();
      let failure: unknown = undefined;
      // The pool listens for errors only on idle clients: a connection killed between two statements
      // of this transaction would otherwise be an uncaught 'error' event. The next statement fails anyway.
      const onError = (err: Error): void => {
        failure ??= err;
      };
      client.on('error', onError);
      const { tx, begun, finished } = txOf(client, opts?.factsWriter === true);
      try {
        const result = await fn(tx);
        if (begun() && !finished()) await client.query('COMMIT');
        return result;
      } catch (err) {
        failure = err;
        // A dead connection cannot roll back; it is discarded below either way.
        if (begun()) await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.removeListener('error', onError);
        // A connection that failed for connection reasons is destroyed rather than reused.
        client.release(failure !== undefined && isTransient(failure) ? toError(failure) : undefined);
      }
    },
  };
}

/**
 * Transactions on PGlite, each when the priority gate gives the turn (API requests first: the ingest and
 * the jobs are background work there).
 */
function pgliteRunner(client: PGlite, priority: PriorityGate | null): SqlRunner {
  const connection = {};
  const turn = <T>(work: () => Promise<T>): Promise<T> =>
    priority === null ? work() : priority.background(work);
  return {
    kind: 'pglite',
    query: async <T extends Record<string, unknown>>(text: string, params?: unknown[]) =>
      (await client.query<T>(text, params)).rows,
    transaction: <T>(fn: (tx: SqlTx) => Promise<T>, opts?: { factsWriter?: boolean }): Promise<T> =>
      turn(() =>
        client.transaction(async (t) => {
          if (opts?.factsWriter === true) await t.exec(FACTS_WRITER);
          return fn({
            query: async <R extends Record<string, unknown>>(text: string, params?: unknown[]) =>
              (await t.query<R>(text, params)).rows,
            copyIn: null,
            connection,
            // PGlite's transaction commits when `fn` returns.
            finish: async (script) => {
              await t.exec(script);
            },
          });
        }),
      ),
  };
}

const toError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));

export function sqlRunner(database: Database, applicationName = 'sunfleet-ingest'): SqlRunner {
  if (database.pgPool !== null) return postgresRunner(database.pgPool, applicationName);
  // drizzle keeps the driver client it was built on as `$client`.
  const client = (database.db as unknown as { $client?: PGlite }).$client;
  if (client === undefined) throw new Error('PGlite client not found on the database');
  return pgliteRunner(client, database.priority);
}
