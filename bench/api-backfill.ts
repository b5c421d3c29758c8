// The console's first calls while the demo fleet back-fills its history on PGlite (a fresh `npm start`):
// p95 latency of login, /api/info, /api/routes, /api/station/list and /api/station/stats/index while the
// simulator uploads its backlog as fast as the ingest acknowledges ÷ the same p95 on the same server once
// the backfill is done. The server is the built one, in its own process, with every service on embedded
// defaults (PGlite, embedded broker, simulated demo fleet), exactly as `npm start` runs it.
// Run alone with `npm run bench -- api.duringBackfill`.
import { startServer, type RunningTestServer } from '../e2e/support/server.js';
import type { BenchResult } from './ingest.js';

/** Days of history the fleet back-fills (the default of SIM_BACKFILL_DAYS is 2). */
const BACKFILL_DAYS = Number(process.env.BENCH_BACKFILL_DAYS ?? 2);
/** Console visits measured once the backfill is done. */
const IDLE_VISITS = Number(process.env.BENCH_BACKFILL_IDLE_VISITS ?? 30);
const round = (n: number, digits = 3): number => Number(n.toFixed(digits));

/** The q-quantile (nearest rank) of the samples. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

interface Call {
  name: string;
  ms: number;
}

/** One timed request; fails on anything but a successful envelope (status 200). */
async function timed(
  server: RunningTestServer,
  name: string,
  path: string,
  init: RequestInit,
  calls: Call[],
): Promise<unknown> {
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}${path}`, init);
  const body = (await res.json()) as { status?: number; enMsg?: string; data?: unknown };
  calls.push({ name, ms: performance.now() - started });
  if (!res.ok || body.status !== 200)
    throw new Error(`${path} answered HTTP ${res.status}, status ${body.status}: ${body.enMsg ?? ''}`);
  return body.data;
}

/**
 * What the console asks right after the login form is sent: the login, then the user and the menu
 * together, then Home's station page and figures together (as the browser sends them).
 */
async function visit(server: RunningTestServer, calls: Call[]): Promise<void> {
  const login = (await timed(
    server,
    'login',
    '/api/login',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: server.adminUsername, password: server.adminPassword }),
    },
    calls,
  )) as { token: string };
  const headers = { authorization: `Bearer ${login.token}` };
  await Promise.all([
    timed(server, 'info', '/api/info', { headers }, calls),
    timed(server, 'routes', '/api/routes', { headers }, calls),
  ]);
  await Promise.all([
    timed(server, 'stationList', '/api/station/list?pageNum=1&pageSize=20', { headers }, calls),
    timed(server, 'homeStats', '/api/station/stats/index', { headers }, calls),
  ]);
}

/** Resolves when the server's output (its log, the simulator's lines included) contains `text`. */
async function outputContains(server: RunningTestServer, text: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!server.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`server output never said "${text}"`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const p95Of = (calls: readonly Call[]): number =>
  quantile(
    calls.map((c) => c.ms),
    0.95,
  );

function perCall(calls: readonly Call[]): string {
  const names = [...new Set(calls.map((c) => c.name))];
  return names.map((n) => `${n} ${Math.round(p95Of(calls.filter((c) => c.name === n)))}`).join(', ');
}

export async function runBackfillApiBenchmark(print: (r: BenchResult) => void): Promise<void> {
  const server = await startServer({
    env: { SIM_BACKFILL_DAYS: String(BACKFILL_DAYS), LOG_LEVEL: 'info' },
  });
  try {
    await outputContains(server, 'catching up', 60_000);
    const busy: Call[] = [];
    let visits = 0;
    const started = performance.now();
    while (!server.output().includes('caught up:')) {
      await visit(server, busy);
      visits += 1;
    }
    const backfillSeconds = (performance.now() - started) / 1000;
    const idle: Call[] = [];
    for (let i = 0; i < IDLE_VISITS; i += 1) await visit(server, idle);
    const value = p95Of(busy);
    const baseline = p95Of(idle);
    const debug = process.env.BENCH_DEBUG !== undefined;
    if (debug) console.error({ busy: perCall(busy), idle: perCall(idle) });
    print({
      bench: 'api.duringBackfill',
      value: round(value, 1),
      unit: 'ms (p95)',
      baseline: round(baseline, 1),
      ratio: round(value / baseline),
      note:
        `PGlite, demo fleet back-filling ${BACKFILL_DAYS} days (${round(backfillSeconds, 1)} s, ${visits} console visits of 5 calls); ` +
        `p95 ms by call during: ${perCall(busy)}; after: ${perCall(idle)}`,
    });
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runBackfillApiBenchmark((r) => console.log(JSON.stringify(r)));
}
