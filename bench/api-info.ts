// The console's first calls after login — /api/info and /api/routes — in req/s through the whole stack
// (HTTP, token → session, permissions, SQL, serialisation) ÷ GET /api/config (no session, no database) on
// the same server process. The server is the built one (`npm start`'s), in its own process so that the
// load generator does not share its event loop, running only the `api` service, on a fresh PostgreSQL
// database when one is reachable (BENCH_DATABASE_URL, TEST_DATABASE_URL or the local default), else on
// PGlite. Run alone with `npm run bench -- api.info`; `npm run bench` runs it too.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startServer } from '../e2e/support/server.js';
import type { BenchResult } from './ingest.js';

const CONCURRENCY = 16;
const REQUESTS = 2000;
const ROUNDS = 3;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const round = (n: number, digits = 3): number => Number(n.toFixed(digits));

interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database on the PostgreSQL server, or null when none is reachable. */
async function freshPostgres(): Promise<BenchDatabase | null> {
  const url = new URL(
    process.env.BENCH_DATABASE_URL ??
      process.env.TEST_DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/test',
  );
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url.href, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch {
    return null;
  } finally {
    await admin.end().catch(() => undefined);
  }
  const target = new URL(url.href);
  target.pathname = `/${name}`;
  return {
    url: target.href,
    drop: async () => {
      const c = new pg.Client({ connectionString: url.href });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Requests per second for one URL with CONCURRENCY requests in flight. */
async function rate(url: string, init: RequestInit): Promise<number> {
  let started = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (started < REQUESTS) {
        started += 1;
        const res = await fetch(url, init);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${url} answered HTTP ${res.status}`);
      }
    }),
  );
  return REQUESTS / ((performance.now() - t0) / 1000);
}

export async function runApiInfoBenchmark(print: (r: BenchResult) => void): Promise<void> {
  const postgres = await freshPostgres();
  try {
    const server = await startServer({
      env: { SERVICES: 'api', ...(postgres === null ? {} : { DATABASE_URL: postgres.url }) },
    });
    try {
      const login = (await (
        await fetch(`${server.baseUrl}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: server.adminUsername, password: server.adminPassword }),
        })
      ).json()) as { data: { token: string } };
      const headers = { authorization: `Bearer ${login.data.token}` };
      const where = postgres === null ? 'PGlite' : 'PostgreSQL';
      for (const [bench, path] of [
        ['api.info', '/api/info'],
        ['api.routes', '/api/routes'],
      ] as const) {
        await rate(`${server.baseUrl}${path}`, { headers }); // warm-up
        // Alternating rounds, median of each: the machine's other load hits both sides alike.
        const baselines: number[] = [];
        const values: number[] = [];
        for (let i = 0; i < ROUNDS; i += 1) {
          baselines.push(await rate(`${server.baseUrl}/api/config`, {}));
          values.push(await rate(`${server.baseUrl}${path}`, { headers }));
        }
        const baseline = median(baselines);
        const value = median(values);
        print({
          bench,
          value: round(value, 1),
          unit: 'req/s',
          baseline: round(baseline, 1),
          ratio: round(value / baseline),
          note: `${where}, SERVICES=api; baseline: GET /api/config (no session, no database) on the same server`,
        });
      }
    } finally {
      await server.stop();
    }
  } finally {
    await postgres?.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runApiInfoBenchmark((r) => console.log(JSON.stringify(r)));
}
