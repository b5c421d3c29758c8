// Soak (docs/soak.md): the built server in its own process, every service on (api, ingest, jobs, embedded
// broker, sim), on a fresh PostgreSQL database, while its `sim` service runs a simulated fleet of about
// 100,000 inverters live — apps/sim/fleets/soak.json `--scale`d, each logger uploading every minute —
// for `--minutes` (default 10). A small steady client calls the console's Home and station calls
// throughout. Every `--every` seconds one line on stderr: memory and CPU of the server and simulator,
// PostgreSQL's CPU for this database, the ingest's throughput, lag and queue, the rollup and
// notification queues and the API's p99. At the end JSON result lines on stdout: the server's memory
// slope over the second half (flat or not), the API p99 against the same calls on the quiet server
// (simulator paused), and the ingest lag against the upload interval.
// Runs only when named: `npm run bench -- soak [--minutes M] [--inverters N | --scale N] [--every S]
// [--without-jobs]` (the last to tell the jobs' share of the database from the ingest's, docs/soak.md).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { FleetLimits, type FleetFile } from '@sunfleet/contracts';
import { modelOf } from '../apps/sim/src/fleet/fleet-sites.js';
import { scaleFleet } from '../apps/sim/src/fleet/scale.js';
import { startServer, type RunningTestServer } from '../e2e/support/server.js';
import { quantile } from './api-backfill.js';
import type { BenchResult } from './ingest.js';
import { childrenOf, commandLineOf, cpuMsOf, machineCpuMs, rssBytesOf } from './proc.js';

const FLEET_FILE = resolve(import.meta.dirname, '../apps/sim/fleets/soak.json');
/** Inverters of the full soak. */
const DEFAULT_INVERTERS = 100_000;
/** RSS growth (MB per minute, second half) up to which the server counts as flat; see docs/soak.md. */
const FLAT_MB_PER_MIN = 1;
/** Console calls of the steady client: one round of them every this many ms. */
const API_ROUND_MS = 1_000;
/** Rounds of the same calls on the quiet server (simulator paused) for the p99 baseline. */
const QUIET_ROUNDS = 30;
/** How long the server may take to answer (it checks the fleet file first), and then to start the simulator
 * (provisioning the fleet). */
const PROVISION_TIMEOUT_MS = 20 * 60_000;

const MB = 1024 * 1024;
const round = (n: number, digits = 3): number => Number(n.toFixed(digits));

export interface SoakOptions {
  minutes: number;
  /** Copies of the soak fleet. */
  scale: number;
  /** Seconds between two printed samples. */
  everyS: number;
  /**
   * The server without its `jobs` service (alarm rounds, notifications, upgrades, housekeeping; the rollup
   * worker runs with the ingest and stays): a diagnosis, not the soak.
   */
  withoutJobs: boolean;
}

/** The soak fleet file and what one copy of it holds. */
function soakFleet(): { fleet: FleetFile; inverters: number; loggers: number; uploadS: number } {
  const fleet = JSON.parse(readFileSync(FLEET_FILE, 'utf8')) as FleetFile;
  const loggers = fleet.stations.flatMap((s) => s.loggers);
  const inverters = loggers
    .flatMap((l) => l.devices)
    .filter((d) => modelOf(d).deviceType === 'INVERTER').length;
  const intervals = new Set(loggers.map((l) => l.sampleInterval ?? l.uploadInterval ?? 300));
  const [uploadS] = [...intervals];
  if (intervals.size !== 1 || uploadS === undefined)
    throw new Error(`${FLEET_FILE}: every logger must sample at the same interval`);
  return { fleet, inverters, loggers: loggers.length, uploadS };
}

/** `--minutes M` (default 10), `--inverters N` (default 100,000) or `--scale N`, `--every S`. */
export function soakOptions(args: readonly string[]): SoakOptions {
  const { values } = parseArgs({
    args: [...args],
    options: {
      minutes: { type: 'string' },
      inverters: { type: 'string' },
      scale: { type: 'string' },
      every: { type: 'string' },
      'without-jobs': { type: 'boolean' },
    },
    strict: true,
  });
  const number = (
    name: string,
    raw: string | undefined,
    min: number,
    integer: boolean,
  ): number | undefined => {
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min || (integer && !Number.isInteger(n)))
      throw new Error(`--${name} must be ${integer ? 'a whole number' : 'a number'} ≥ ${min} (got '${raw}')`);
    return n;
  };
  if (values.inverters !== undefined && values.scale !== undefined)
    throw new Error('give --inverters or --scale, not both');
  const perCopy = soakFleet();
  const maxScale = Math.floor(FleetLimits.stationsMax / perCopy.fleet.stations.length);
  const minutes = number('minutes', values.minutes, 0.1, false) ?? 10;
  const inverters = number('inverters', values.inverters, 1, true) ?? DEFAULT_INVERTERS;
  const scale =
    number('scale', values.scale, 1, true) ?? Math.max(1, Math.round(inverters / perCopy.inverters));
  if (scale > maxScale)
    throw new Error(`at most ${maxScale} copies of the soak fleet (a fleet file's limit)`);
  // About 40 samples over the run, 5 to 15 s apart.
  const everyS = number('every', values.every, 1, false) ?? Math.min(15, Math.max(5, (minutes * 60) / 40));
  return { minutes, scale, everyS, withoutJobs: values['without-jobs'] === true };
}

/** A fresh database on the machine's PostgreSQL (BENCH_DATABASE_URL, TEST_DATABASE_URL or the default). */
async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  const name = `soak_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string): Promise<void> => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** The simulator the server's `sim` service started, once provisioning is done. */
async function simulatorOf(server: RunningTestServer): Promise<number> {
  const deadline = Date.now() + PROVISION_TIMEOUT_MS;
  for (;;) {
    const sim = childrenOf(server.pid).find((pid) => / run --fleet /.test(commandLineOf(pid)));
    if (sim !== undefined) return sim;
    if (cpuMsOf(server.pid) === null) throw new Error(`the server exited:\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`the simulator did not start:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * A value of /metrics, summed over the label sets matching `labels`; 0 when none is there yet (a counter
 * with labels appears with its first increment).
 */
function metric(text: string, name: string, labels = ''): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || (line[name.length] !== ' ' && line[name.length] !== '{')) continue;
    if (labels !== '' && !line.includes(labels)) continue;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

interface Call {
  at: number;
  ms: number;
  /** What went wrong, when the call did not answer a successful envelope. */
  error?: string;
}

/**
 * The console's calls, one round every API_ROUND_MS while `running()`: the station list's first page and
 * Home's figures as the platform administrator, and one station's power chart of today.
 */
async function steadyClient(
  server: RunningTestServer,
  calls: Call[],
  running: () => boolean,
  rounds = Number.POSITIVE_INFINITY,
): Promise<void> {
  // A failed call is counted (the soak goes on: errors under load are a finding) and answers null.
  const call = async (path: string, init?: RequestInit): Promise<unknown> => {
    const started = performance.now();
    try {
      const res = await fetch(`${server.baseUrl}${path}`, init);
      const body = (await res.json()) as { status?: number; enMsg?: string; data?: unknown };
      const ok = res.ok && body.status === 200;
      calls.push({
        at: Date.now(),
        ms: performance.now() - started,
        ...(ok
          ? {}
          : {
              error: `${path.split('?')[0]}: HTTP ${res.status}, status ${body.status} ${body.enMsg ?? ''}`,
            }),
      });
      return ok ? body.data : null;
    } catch (err) {
      calls.push({ at: Date.now(), ms: performance.now() - started, error: `${path}: ${String(err)}` });
      return null;
    }
  };
  const login = (await call('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: server.adminUsername, password: server.adminPassword }),
  })) as { token: string } | null;
  const refused = calls.pop();
  if (login === null) throw new Error(`the client could not log in: ${refused?.error ?? ''}`);
  const headers = { authorization: `Bearer ${login.token}` };
  let stationId: number | undefined;
  for (let n = 0; n < rounds && running(); n++) {
    const began = Date.now();
    const page = (await call('/api/station/list?pageNum=1&pageSize=20', { headers })) as {
      list: { id: number }[];
    } | null;
    stationId ??= page?.list[0]?.id;
    await call('/api/station/stats/index', { headers });
    if (stationId !== undefined) {
      const day = new Date().toISOString().slice(0, 10);
      await call(`/api/station/powerChartData?stationId=${stationId}&date=${day}`, { headers });
    }
    const wait = began + API_ROUND_MS - Date.now();
    if (wait > 0 && n + 1 < rounds) await new Promise((r) => setTimeout(r, wait));
  }
}

interface Sample {
  /** Minutes since the simulator started. */
  minute: number;
  serverRssMb: number;
  heapMb: number;
  simRssMb: number;
  serverCpu: number;
  simCpu: number;
  dbCpu: number;
  machineCpu: number;
  storedPerS: number;
  devices: number;
  stale: number;
  lagP99S: number | null;
  lagMaxS: number | null;
  pending: number;
  rollupQueue: number;
  rollupAgeS: number | null;
  notifyQueue: number;
  apiP99Ms: number | null;
  apiCalls: number;
  apiErrors: number;
  loopP99Ms: number;
}

/** Reads one sample every `everyS` seconds and keeps the previous readings the deltas need. */
class Sampler {
  private last: {
    wall: number;
    server: number;
    sim: number;
    db: Map<number, number>;
    machine: { busy: number; total: number } | null;
    stored: number;
    dbNow: Date;
  };

  constructor(
    private readonly server: RunningTestServer,
    /** The simulator's process; the server starts a new one when it exits (followed in take()). */
    public simPid: number,
    private readonly db: pg.Client,
    private readonly staleAfterS: number,
    private readonly started: number,
  ) {
    this.last = {
      wall: Date.now(),
      server: cpuMsOf(server.pid) ?? 0,
      sim: cpuMsOf(simPid) ?? 0,
      db: new Map(),
      machine: machineCpuMs(),
      stored: 0,
      dbNow: new Date(0),
    };
  }

  async metrics(): Promise<string> {
    return (await fetch(`${this.server.baseUrl}/metrics`)).text();
  }

  async take(calls: readonly Call[]): Promise<Sample> {
    const wall = Date.now();
    const seconds = (wall - this.last.wall) / 1000;
    const percent = (ms: number): number => ms / 10 / seconds;
    const text = await this.metrics();
    const [latest] = (
      await this.db.query<{
        now: Date;
        devices: number;
        stale: number;
        lag_p99: number | null;
        lag_max: number | null;
      }>(
        `select now() as now, count(*)::int as devices,
           count(*) filter (where ts < now() - make_interval(secs => $1))::int as stale,
           percentile_cont(0.99) within group (order by extract(epoch from updated_at - ts))
             filter (where updated_at > $2)::float8 as lag_p99,
           max(extract(epoch from updated_at - ts)) filter (where updated_at > $2)::float8 as lag_max
         from device_latest`,
        [this.staleAfterS, this.last.dbNow],
      )
    ).rows;
    const [queues] = (
      await this.db.query<{ rollup: number; rollup_age: number | null; notify: number }>(
        `select (select count(*) from rollup_dirty)::int as rollup,
           (select extract(epoch from now() - min(created_at)) from rollup_dirty)::float8 as rollup_age,
           (select count(*) from notification_queue)::int as notify`,
      )
    ).rows;
    const backends = (
      await this.db.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      )
    ).rows;
    const db = new Map(backends.map(({ pid }) => [pid, cpuMsOf(pid) ?? 0]));
    let dbMs = 0;
    for (const [pid, ms] of db) dbMs += ms - (this.last.db.get(pid) ?? 0);
    const serverMs = cpuMsOf(this.server.pid) ?? this.last.server;
    let simMs = cpuMsOf(this.simPid);
    if (simMs === null) {
      // The simulator exited and the server restarted it: follow the new one from here.
      const next = childrenOf(this.server.pid).find((pid) => / run --fleet /.test(commandLineOf(pid)));
      if (next !== undefined) {
        this.simPid = next;
        this.last.sim = 0;
        simMs = cpuMsOf(next);
      }
    }
    simMs ??= this.last.sim;
    const machine = machineCpuMs();
    const stored = metric(text, 'sunfleet_ingest_readings_total', 'result="stored"');
    const interval = calls.filter((c) => c.at > this.last.wall);
    const recent = interval.map((c) => c.ms);
    const sample: Sample = {
      minute: (wall - this.started) / 60_000,
      serverRssMb: (rssBytesOf(this.server.pid) ?? Number.NaN) / MB,
      heapMb: metric(text, 'sunfleet_nodejs_heap_size_used_bytes') / MB,
      simRssMb: (rssBytesOf(this.simPid) ?? Number.NaN) / MB,
      serverCpu: percent(serverMs - this.last.server),
      simCpu: percent(simMs - this.last.sim),
      dbCpu: percent(dbMs),
      machineCpu:
        machine && this.last.machine
          ? ((machine.busy - this.last.machine.busy) / (machine.total - this.last.machine.total)) * 100
          : Number.NaN,
      storedPerS: (stored - this.last.stored) / seconds,
      devices: latest?.devices ?? 0,
      stale: latest?.stale ?? 0,
      lagP99S: latest?.lag_p99 ?? null,
      lagMaxS: latest?.lag_max ?? null,
      pending: metric(text, 'sunfleet_ingest_pending_messages'),
      rollupQueue: queues?.rollup ?? 0,
      rollupAgeS: queues?.rollup_age ?? null,
      notifyQueue: queues?.notify ?? 0,
      apiP99Ms: recent.length > 0 ? quantile(recent, 0.99) : null,
      apiCalls: recent.length,
      apiErrors: interval.filter((c) => c.error !== undefined).length,
      loopP99Ms: metric(text, 'sunfleet_nodejs_eventloop_lag_p99_seconds') * 1000,
    };
    this.last = {
      wall,
      server: serverMs,
      sim: simMs,
      db,
      machine,
      stored,
      dbNow: latest?.now ?? this.last.dbNow,
    };
    return sample;
  }
}

const HEADER =
  ' time  srvRSS  heap  simRSS  srvCPU simCPU  dbCPU  host | stored/s devices stale  lag p99/max s | pending rollupQ (age s) notifyQ | API p99 ms (n) err  loop p99';

function line(s: Sample): string {
  const mmss = `${Math.floor(s.minute)}:${String(Math.round((s.minute % 1) * 60) % 60).padStart(2, '0')}`;
  const pct = (n: number): string => `${Math.round(n)}%`.padStart(6);
  const sec = (n: number | null): string => (n === null ? '-' : n.toFixed(1));
  return [
    mmss.padStart(5),
    `${Math.round(s.serverRssMb)}`.padStart(7),
    `${Math.round(s.heapMb)}`.padStart(5),
    `${Math.round(s.simRssMb)}`.padStart(7),
    pct(s.serverCpu),
    pct(s.simCpu),
    pct(s.dbCpu),
    `${pct(s.machineCpu)} |`,
    `${Math.round(s.storedPerS)}`.padStart(8),
    `${s.devices}`.padStart(7),
    `${s.stale}`.padStart(5),
    `${sec(s.lagP99S)}/${sec(s.lagMaxS)}`.padStart(14),
    '|',
    `${s.pending}`.padStart(7),
    `${s.rollupQueue}`.padStart(7),
    `(${sec(s.rollupAgeS)})`.padStart(9),
    `${s.notifyQueue}`.padStart(7),
    '|',
    `${s.apiP99Ms === null ? '-' : Math.round(s.apiP99Ms)} (${s.apiCalls})`.padStart(14),
    `${s.apiErrors}`.padStart(4),
    `${Math.round(s.loopP99Ms)}`.padStart(9),
  ].join(' ');
}

/** Least-squares slope of y over x, and its standard error. */
export function slope(points: readonly { x: number; y: number }[]): { slope: number; se: number } {
  const n = points.length;
  if (n < 2) return { slope: Number.NaN, se: Number.NaN };
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const p of points) {
    sxx += (p.x - mx) ** 2;
    sxy += (p.x - mx) * (p.y - my);
  }
  const b = sxy / sxx;
  const residuals = points.reduce((s, p) => s + (p.y - my - b * (p.x - mx)) ** 2, 0);
  return { slope: b, se: n > 2 ? Math.sqrt(residuals / (n - 2) / sxx) : Number.NaN };
}

/** Waits until the ingest has nothing left (at most `ms`); answers the rollup queue's rows then, or null. */
async function settle(sampler: Sampler, db: pg.Client, ms: number): Promise<number | null> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (metric(await sampler.metrics(), 'sunfleet_ingest_pending_messages') === 0) {
      const [row] = (await db.query<{ n: number }>('select count(*)::int as n from rollup_dirty')).rows;
      return row?.n ?? 0;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return null;
}

/** Seconds between two ANALYZE runs when the PostgreSQL under test has autovacuum off (its naptime). */
const ANALYZE_EVERY_S = 60;

/**
 * What autovacuum would do, where it is off (this machine's PostgreSQL is tuned for test runs): the soak's
 * tables go from empty to 10,000 stations and 110,000 devices within a minute, and without statistics the
 * planner keeps its empty-table estimates — nested loops that scanned all devices once per logger, a
 * single alarm round running for more than 11 minutes (docs/soak.md). ANALYZE at once and then every
 * ANALYZE_EVERY_S seconds, one after the other, on a connection of its own. Null when autovacuum is on.
 */
async function analyzeLikeAutovacuum(
  url: string,
): Promise<{ runs: () => number; stop: () => Promise<void> } | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const [setting] = (await client.query<{ autovacuum: string }>('show autovacuum')).rows;
  if (setting?.autovacuum !== 'off') {
    await client.end();
    return null;
  }
  let runs = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const run = (): void => {
    // A failed ANALYZE (the database busy, a lock) is tried again at the next turn, as autovacuum would.
    running = client
      .query('analyze')
      .then(
        () => {
          runs++;
        },
        () => undefined,
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(run, ANALYZE_EVERY_S * 1_000);
      });
  };
  run();
  await running;
  return {
    runs: () => runs,
    stop: async () => {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      await running;
      await client.end().catch(() => undefined);
    },
  };
}

/** Memory every second (server RSS from /proc, heap from /metrics), for the slopes: less noise than the lines. */
function memoryEverySecond(
  sampler: Sampler,
  serverPid: number,
  started: number,
): { points: { minute: number; rss: number; heap: number; sim: number }[]; stop(): void } {
  const points: { minute: number; rss: number; heap: number; sim: number }[] = [];
  const timer = setInterval(() => {
    const minute = (Date.now() - started) / 60_000;
    const rss = (rssBytesOf(serverPid) ?? Number.NaN) / MB;
    const sim = (rssBytesOf(sampler.simPid) ?? Number.NaN) / MB;
    sampler.metrics().then(
      (text) =>
        points.push({ minute, rss, sim, heap: metric(text, 'sunfleet_nodejs_heap_size_used_bytes') / MB }),
      () => undefined,
    );
  }, 1_000);
  return { points, stop: () => clearInterval(timer) };
}

export async function runSoakBenchmark(print: (r: BenchResult) => void, options: SoakOptions): Promise<void> {
  const perCopy = soakFleet();
  const fleet = scaleFleet(perCopy.fleet, options.scale);
  const inverters = perCopy.inverters * options.scale;
  const loggers = perCopy.loggers * options.scale;
  // The server's data directory, the simulated loggers' journals and state included, on tmpfs when there
  // is one: every logger fsyncs its journal and state at each upload as a real one does on its own flash,
  // and on one shared disk those fsyncs of thousands of loggers queue up in the simulator (docs/soak.md).
  const dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'sunfleet-soak-'));
  const fleetPath = join(dir, 'fleet.json');
  writeFileSync(fleetPath, JSON.stringify(fleet));
  const log = (text: string): void => void process.stderr.write(`${text}\n`);
  log(
    `soak: ${inverters.toLocaleString('en')} inverters on ${loggers.toLocaleString('en')} loggers ` +
      `(${fleet.stations.length.toLocaleString('en')} stations; soak.json × ${options.scale}), ` +
      `readings every ${perCopy.uploadS} s, for ${options.minutes} min, a line every ${options.everyS} s` +
      (options.withoutJobs ? '; WITHOUT the jobs service (no alarm rounds, notifications, upgrades)' : ''),
  );
  let interrupted = false;
  let wake = (): void => undefined;
  const onSigint = (): void => {
    interrupted = true;
    wake();
  };
  process.once('SIGINT', onSigint);
  const database = await freshDatabase();
  let server: RunningTestServer | null = null;
  let analyzer: Awaited<ReturnType<typeof analyzeLikeAutovacuum>> = null;
  const db = new pg.Client({ connectionString: database.url });
  try {
    const booted = Date.now();
    server = await startServer({
      env: {
        DATABASE_URL: database.url,
        DATA_DIR: join(dir, 'data'),
        SIM_FLEET: fleetPath,
        SERVICES: options.withoutJobs ? 'api,ingest,broker,sim' : 'all',
        SIM_BACKFILL_DAYS: '0',
      },
      healthTimeoutMs: PROVISION_TIMEOUT_MS,
    });
    await db.connect();
    const simPid = await simulatorOf(server);
    analyzer = await analyzeLikeAutovacuum(database.url);
    const started = Date.now();
    log(
      `soak: server ${server.pid} up and fleet provisioned in ${round((started - booted) / 1000, 1)} s; ` +
        `simulator ${simPid} started` +
        (analyzer === null
          ? ''
          : `; PostgreSQL's autovacuum is off here: the soak runs ANALYZE every ${ANALYZE_EVERY_S} s as it would`),
    );
    const sampler = new Sampler(server, simPid, db, 2 * perCopy.uploadS, started);
    const calls: Call[] = [];
    const end = started + options.minutes * 60_000;
    const running = (): boolean => !interrupted && Date.now() < end;
    const client: { error: Error | null } = { error: null };
    const clientDone = steadyClient(server, calls, running).catch((err: unknown) => {
      client.error = err instanceof Error ? err : new Error(String(err));
    });
    const samples: Sample[] = [];
    const memory = memoryEverySecond(sampler, server.pid, started);
    let logOffset = 0;
    log(HEADER);
    for (let k = 1; running(); k++) {
      const next = started + k * options.everyS * 1000;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, Math.min(next, end) - Date.now()));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      const sample = await sampler.take(calls);
      samples.push(sample);
      log(line(sample));
      // The server's errors of the interval and the simulator's complaints (its stderr, logged at warn):
      // the first two, shortened.
      const output = server.output();
      const errors = output
        .slice(logOffset)
        .split('\n')
        .filter(
          (l) => /"level":(50|60)/.test(l) || (l.includes('"component":"sim"') && l.includes('"level":40')),
        );
      logOffset = output.length;
      for (const e of errors.slice(0, 2)) log(`  server: ${e.slice(0, 300)}`);
      if (errors.length > 2) log(`  server: … ${errors.length - 2} more errors`);
      if (client.error !== null) throw client.error;
    }
    memory.stop();
    await clientDone;
    if (client.error !== null) throw client.error;

    // The same calls on the quiet server: the simulator paused (SIGSTOP) and the ingest's queue empty;
    // the rollup worker may still be catching up (its queue is in the note).
    let quietP99: number = Number.NaN;
    let rollupLeft: number | null = null;
    if (!interrupted) {
      const paused = sampler.simPid;
      process.kill(paused, 'SIGSTOP');
      try {
        rollupLeft = await settle(sampler, db, 60_000);
        const quiet: Call[] = [];
        await steadyClient(server, quiet, () => true, QUIET_ROUNDS);
        quietP99 = quantile(
          quiet.map((c) => c.ms),
          0.99,
        );
      } finally {
        process.kill(paused, 'SIGCONT');
      }
    }

    const endMinute = samples.at(-1)?.minute ?? 0;
    const half = samples.filter((s) => s.minute >= endMinute / 2);
    const halfPoints = memory.points.filter((p) => p.minute >= endMinute / 2);
    const rss = slope(halfPoints.map((p) => ({ x: p.minute, y: p.rss })));
    const heap = slope(halfPoints.map((p) => ({ x: p.minute, y: p.heap })));
    const sim = slope(halfPoints.map((p) => ({ x: p.minute, y: p.sim })));
    const first = samples[0];
    const last = samples.at(-1);
    const span = `${halfPoints.length} readings (1 s apart) from minute ${round(endMinute / 2, 1)} to ${round(endMinute, 1)}`;
    const fleetNote =
      `${inverters.toLocaleString('en')} inverters on ${loggers.toLocaleString('en')} loggers, readings every ${perCopy.uploadS} s, ${round(options.minutes, 2)} min` +
      (options.withoutJobs ? ', without the jobs service' : '');
    print({
      bench: 'soak.memorySlope',
      value: round(rss.slope, 2),
      unit: 'MB/min (server RSS, 2nd half)',
      baseline: FLAT_MB_PER_MIN,
      ratio: round(rss.slope / FLAT_MB_PER_MIN, 2),
      note:
        `${fleetNote}; least squares over ${span}, ±${round(2 * rss.se, 2)} (2 SE); ` +
        `RSS ${Math.round(first?.serverRssMb ?? 0)} → ${Math.round(last?.serverRssMb ?? 0)} MB, peak ${Math.round(Math.max(...samples.map((s) => s.serverRssMb)))}; ` +
        `flat = slope ≤ ${FLAT_MB_PER_MIN} MB/min; simulator RSS ${round(sim.slope, 2)} MB/min`,
    });
    print({
      bench: 'soak.heapSlope',
      value: round(heap.slope, 2),
      unit: 'MB/min (server heap used, 2nd half)',
      baseline: FLAT_MB_PER_MIN,
      ratio: round(heap.slope / FLAT_MB_PER_MIN, 2),
      note: `${span}, ±${round(2 * heap.se, 2)} (2 SE); heap ${Math.round(first?.heapMb ?? 0)} → ${Math.round(last?.heapMb ?? 0)} MB`,
    });
    const loaded = calls.filter((c) => (c.at - started) / 60_000 >= endMinute / 2).map((c) => c.ms);
    const apiP99 = quantile(loaded, 0.99);
    const failed = calls.filter((c) => c.error !== undefined);
    print({
      bench: 'soak.apiP99',
      value: round(apiP99, 1),
      unit: 'ms (p99 of station list, Home stats, power chart; 2nd half)',
      baseline: round(quietP99, 1),
      ratio: round(apiP99 / quietP99, 2),
      note:
        `${loaded.length} calls in the 2nd half, ${failed.length} of all ${calls.length} failed` +
        (failed[0] ? ` (first: ${failed[0].error})` : '') +
        `; whole run p99 ${Math.round(
          quantile(
            calls.map((c) => c.ms),
            0.99,
          ),
        )} ms, worst interval p99 ${Math.round(Math.max(...samples.map((s) => s.apiP99Ms ?? 0)))} ms; ` +
        `baseline: ${QUIET_ROUNDS * 3} calls on the same server with the simulator paused and the ingest idle` +
        (rollupLeft === null
          ? ' (the ingest did not empty within 60 s)'
          : `, the rollup worker still on ${rollupLeft} queued rows`),
    });
    const lagOf = (list: readonly Sample[]): number => Math.max(0, ...list.map((s) => s.lagP99S ?? 0));
    const lag = lagOf(half);
    print({
      bench: 'soak.ingestLag',
      value: round(lag, 1),
      unit: 's (worst interval p99, sample → stored, 2nd half)',
      baseline: perCopy.uploadS,
      ratio: round(lag / perCopy.uploadS, 2),
      note:
        `whole run worst p99 ${round(lagOf(samples), 1)} s, max ${round(Math.max(0, ...samples.map((s) => s.lagMaxS ?? 0)), 1)} s; ` +
        `${last?.devices ?? 0} devices reporting, ${last?.stale ?? 0} without a reading for ${2 * perCopy.uploadS} s at the end; ` +
        `peak ingest queue ${Math.max(0, ...samples.map((s) => s.pending))} messages, rollup queue ${Math.max(0, ...samples.map((s) => s.rollupQueue))} rows`,
    });
  } finally {
    process.off('SIGINT', onSigint);
    await analyzer?.stop();
    await db.end().catch(() => undefined);
    await server?.stop();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runSoakBenchmark((r) => console.log(JSON.stringify(r)), soakOptions(process.argv.slice(2)));
}
