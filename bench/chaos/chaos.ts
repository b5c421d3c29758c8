// The chaos run (docs/chaos.md): simulated loggers send a known set of readings through a private Mosquitto
// to an ingest process while the harness restarts Mosquitto twice, SIGKILLs the ingest, crashes and
// restarts PostgreSQL and overfills one logger's journal. Afterwards every reading the loggers produced is
// compared with what PostgreSQL holds (per device: count and checksum), the rollups are compared with a
// recomputation from the raw rows, the API's answers while the database was down are checked (5003, in
// time), and the logger's reported loss counter with what its journal dropped.
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../apps/server/src/db/client.js';
import { snapshot, worker } from '../../apps/server/test/rollups-support.js';
import { ADMIN_PASSWORD, startCluster, type Cluster, type ServerProcess } from './cluster.js';
import { Fleet, type ReadingsCheck } from './fleet.js';

export type FaultName = 'mosquitto-restart' | 'ingest-sigkill' | 'postgres-restart' | 'journal-overfill';
export const FAULTS: readonly FaultName[] = [
  'mosquitto-restart',
  'ingest-sigkill',
  'postgres-restart',
  'mosquitto-restart',
  'journal-overfill',
];

export interface ChaosOptions {
  /** Simulated loggers (each: an inverter, a battery, a meter and a weather station). */
  loggers: number;
  /** Wall milliseconds per simulated minute (every logger samples each minute and uploads every 5). */
  tickMs: number;
  /** Simulated minutes of normal traffic before the first fault and between faults. */
  quietMinutes: number;
  /** How long each part stays down, ms (traffic goes on meanwhile). */
  downMs: number;
  faults: readonly FaultName[];
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

export const DEFAULT_OPTIONS: ChaosOptions = {
  loggers: 6,
  tickMs: 100,
  quietMinutes: 60,
  downMs: 3_000,
  faults: FAULTS,
};

export interface FaultResult {
  fault: string;
  /** How long the part was down, ms. */
  downMs: number;
  /** From the part being back until everything produced before that was stored, ms. */
  recoveryMs: number;
  /** Readings produced while the part was down. */
  producedWhileDown: number;
  /** The loggers' simulated time when the fault began and when the part was back (HH:MM UTC). */
  simulated: { from: string; to: string };
  note: string;
}

/** The readings check of the whole run (bench/chaos/fleet.ts) with what the faults showed. */
export interface ChaosReport extends ReadingsCheck {
  /** Messages the ingest received more than once (redeliveries it absorbed). */
  redelivered: number;
  faults: FaultResult[];
  /** Rollup rows that differ from a recomputation out of the raw rows (0 = equal). */
  rollupMismatches: number;
  /** Σ samples of the device day rollups = raw rows. */
  rollupSamplesEqualRows: boolean;
  /** The API's answers while PostgreSQL was down: [what, envelope status, ms]. */
  apiWhileDown: { call: string; status: number | null; ms: number }[];
  /** The overfilled logger: dropped messages by its journal, and the counter the cloud stored. */
  lossCounter: { journal: number; reported: number | null } | null;
  ok: boolean;
}

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const log = options.log ?? (() => undefined);
  const cluster = await startCluster();
  let fleet: Fleet | null = null;
  try {
    log(`PostgreSQL on :${cluster.postgres.port}, Mosquitto on :${cluster.mosquitto.loggerPort}`);
    const api = await cluster.server('api', 'api,jobs');
    const ingest = await cluster.server('ingest', 'ingest', { ingestId: 'chaos-ingest' });
    await Promise.all([api.start(), ingest.start()]);
    // The last logger's journal is small and its link proxied (the overfill).
    const overfill = options.faults.includes('journal-overfill');
    const loggers = await Fleet.start(cluster, {
      loggers: options.loggers,
      prefix: 'SFCH',
      smallJournalLast: overfill,
    });
    fleet = loggers;
    log(`${loggers.loggers.length} loggers connected`);
    loggers.startTraffic(options.tickMs);
    const caughtUp = (target: number, deadlineMs: number): Promise<number> =>
      loggers.caughtUp(target, deadlineMs, log);
    const storedCount = (): Promise<number> => loggers.storedCount();

    const token = await login(api);
    const faults: FaultResult[] = [];
    const apiWhileDown: ChaosReport['apiWhileDown'] = [];
    let mosquittoRestarts = 0;
    let lossCounter: ChaosReport['lossCounter'] = null;

    await loggers.afterTicks(options.quietMinutes);
    await caughtUp(loggers.expected(), 60_000);
    log(`quiet traffic stored: ${await storedCount()} readings`);

    const hhmm = (): string => new Date(loggers.simulatedNow()).toISOString().slice(11, 16);
    for (const fault of options.faults) {
      const before = loggers.producedCount();
      const simulatedFrom = hhmm();
      const t0 = Date.now();
      let note = '';
      let name: string = fault;
      if (fault === 'mosquitto-restart') {
        mosquittoRestarts += 1;
        name = `${fault}-${mosquittoRestarts}`;
        await cluster.mosquitto.stop();
        await delay(options.downMs);
        await cluster.mosquitto.start();
        note = 'SIGTERM, then started again on the same ports and persistence file';
      } else if (fault === 'ingest-sigkill') {
        // Frozen first, so that a backlog waits in its sessions; killed while it works that off, so
        // that messages die committed but not yet acknowledged, or half-written.
        ingest.signal('SIGSTOP');
        await delay(options.downMs);
        const busy = await storedCount();
        ingest.signal('SIGCONT');
        const t1 = Date.now();
        while ((await storedCount()) === busy && Date.now() - t1 < 10_000) await delay(5);
        await ingest.kill('SIGKILL');
        await ingest.start();
        note =
          'frozen (SIGSTOP), let go, SIGKILLed while storing the backlog, started again (same INGEST_CLIENT_ID)';
      } else if (fault === 'postgres-restart') {
        await cluster.postgres.stop('immediate');
        // While it is down the API answers 5003, in time.
        apiWhileDown.push(await probe(api, '/api/health', undefined));
        apiWhileDown.push(await probe(api, '/api/station/list?pageNum=1&pageSize=10', token));
        await delay(options.downMs);
        await cluster.postgres.start();
        note = 'pg_ctl stop -m immediate (a crash: recovery replays the WAL), then start';
      } else {
        const target = loggers.loggers.at(-1);
        if (target?.proxy == null) throw new Error('no logger to overfill');
        await target.proxy.stop();
        const t = target;
        // Offline until its journal has dropped 10 more messages (an earlier outage may have made it drop some).
        const before = t.sim.stats().journal.droppedMessages;
        await new Promise<void>((resolve) => {
          const check = setInterval(() => {
            if (t.sim.stats().journal.droppedMessages >= before + 10) {
              clearInterval(check);
              resolve();
            }
          }, options.tickMs);
        });
        await target.proxy.start();
        note = `${target.sim.sn} cut off by its proxy until its 24 kB journal dropped ${target.sim.stats().journal.droppedMessages} messages`;
      }
      const back = Date.now();
      const simulatedTo = hhmm();
      const target = loggers.expected();
      const recoveryMs = await caughtUp(target, Number(process.env.CHAOS_RECOVERY_DEADLINE_MS ?? 120_000));
      const result: FaultResult = {
        fault: name,
        downMs: back - t0,
        recoveryMs,
        producedWhileDown: loggers.producedCount() - before,
        simulated: { from: simulatedFrom, to: simulatedTo },
        note,
      };
      faults.push(result);
      log(
        `${name}: down ${result.downMs} ms (simulated ${simulatedFrom}–${simulatedTo}), recovered in ${recoveryMs} ms`,
      );
      await loggers.afterTicks(options.quietMinutes);
    }

    // The end: traffic stops, the loggers deliver what they hold, the ingest stores it.
    loggers.stopTraffic();
    await loggers.drained();
    // Short of the target the run goes on: the check below names the readings that are missing.
    const shortfall: string[] = [];
    await caughtUp(loggers.expected(), 120_000).catch((err: unknown) => shortfall.push(String(err)));
    // One more upload carries each logger's final loss counter, then the rollups settle.
    loggers.uploadOnce();
    await loggers.drained();
    await caughtUp(loggers.expected(), shortfall.length > 0 ? 5_000 : 60_000).catch((err: unknown) =>
      shortfall.push(String(err)),
    );
    await settledRollups(cluster);
    const readings = await loggers.verify();
    const problems = [...shortfall, ...readings.problems];

    // The overfilled logger's counter as the cloud stored it.
    const overfilled = overfill ? loggers.loggers.at(-1) : undefined;
    if (overfilled !== undefined) {
      const target = overfilled;
      const [row] = await queryRows<{ buffer_dropped: number | null }>(
        cluster.database.db,
        sql`select buffer_dropped::int as buffer_dropped from gateways where sn = ${target.sim.sn}`,
      );
      lossCounter = {
        journal: target.sim.stats().journal.droppedMessages,
        reported: row?.buffer_dropped ?? null,
      };
      if (lossCounter.reported !== lossCounter.journal)
        problems.push(
          `loss counter: the logger dropped ${lossCounter.journal} messages, the cloud shows ${lossCounter.reported}`,
        );
    }

    const [redeliveries] = await queryRows<{ n: number }>(
      cluster.database.db,
      sql`select coalesce(sum(duplicates), 0)::int as n from gateway_seq_seen`,
    );
    const rollups = await compareRollups(cluster, log);

    for (const answer of apiWhileDown)
      if (answer.status !== 5003)
        problems.push(`${answer.call} answered ${answer.status} while the database was down`);
    if (rollups.mismatches > 0)
      problems.push(`${rollups.mismatches} rollup rows differ from a recomputation`);
    if (!rollups.samplesEqualRows) problems.push('rollup samples differ from the raw row counts');
    return {
      ...readings,
      redelivered: redeliveries?.n ?? 0,
      faults,
      rollupMismatches: rollups.mismatches,
      rollupSamplesEqualRows: rollups.samplesEqualRows,
      apiWhileDown,
      lossCounter,
      ok: problems.length === 0,
      problems,
    };
  } catch (err) {
    // What the parts said, for the reader of a failed run.
    const tail = (text: string): string =>
      text
        .split('\n')
        .filter((line) => !line.startsWith('{"level":30'))
        .slice(-15)
        .map((line) => line.slice(0, 300))
        .join('\n');
    for (const server of cluster.servers()) log(`--- ${server.name} (last lines)\n${tail(server.output())}`);
    log(`--- mosquitto (last lines)\n${tail(cluster.mosquitto.log())}`);
    if (process.env.CHAOS_DUMP !== undefined) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(`${process.env.CHAOS_DUMP}-mosquitto.log`, cluster.mosquitto.log());
      for (const server of cluster.servers())
        writeFileSync(`${process.env.CHAOS_DUMP}-${server.name}.log`, server.output());
    }
    for (const logger of fleet?.loggers ?? [])
      log(`--- ${logger.sim.sn}: ${JSON.stringify(logger.sim.stats())}`);
    const facts = await queryRows(
      cluster.database.db,
      sql`select g.sn, count(t.*)::int as stored, max(t.ts) as newest from gateways g
          left join telemetry t on t.gateway_id = g.id group by g.sn order by g.sn`,
    ).catch((e: unknown) => [String(e)]);
    log(`--- stored per logger: ${JSON.stringify(facts)}`);
    const letters = await queryRows(
      cluster.database.db,
      sql`select reason, count(*)::int as n from ingest_dead_letters group by reason`,
    ).catch((e: unknown) => [String(e)]);
    log(`--- dead letters: ${JSON.stringify(letters)}`);
    throw err;
  } finally {
    await fleet?.stop();
    await cluster.close();
  }
}

export async function login(api: ServerProcess): Promise<string> {
  const res = await fetch(`${api.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const body = (await res.json()) as { status: number; data: { token: string } };
  if (body.status !== 200) throw new Error(`login refused: ${JSON.stringify(body)}`);
  return body.data.token;
}

/** One API call while the database is down: its envelope status (null: no answer in 15 s) and time. */
async function probe(
  api: ServerProcess,
  path: string,
  token: string | undefined,
): Promise<{ call: string; status: number | null; ms: number }> {
  const t0 = Date.now();
  try {
    const res = await fetch(`${api.baseUrl}${path}`, {
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await res.json()) as { status?: number };
    return { call: `GET ${path}`, status: body.status ?? null, ms: Date.now() - t0 };
  } catch {
    return { call: `GET ${path}`, status: null, ms: Date.now() - t0 };
  }
}

/** Waits until the rollup workers have emptied their queue. */
export async function settledRollups(cluster: Cluster): Promise<void> {
  const t0 = Date.now();
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      cluster.database.db,
      sql`select count(*)::int as n from rollup_dirty`,
    );
    if ((row?.n ?? 0) === 0) return;
    if (Date.now() - t0 > 60_000) throw new Error(`rollup queue still holds ${row?.n} entries after 60 s`);
    await delay(100);
  }
}

/**
 * Two rollup rows are equal when their keys and texts are and their numbers agree to 1e-9 (relative):
 * PostgreSQL's float sums depend on the order rows are read in, which differs between two recomputations
 * of the same bucket.
 */
function sameRow(a: Record<string, unknown> | undefined, b: Record<string, unknown> | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const x = a[key];
    const y = b[key];
    if (typeof x === 'number' && typeof y === 'number') {
      if (Math.abs(x - y) > 1e-9 * Math.max(1, Math.abs(x), Math.abs(y))) return false;
    } else if (x !== y) return false;
  }
  return true;
}

/**
 * The rollups as the ingest left them against a recomputation of every device's whole span from the
 * stored rows (the rollup worker's own code, run here), row by row; and Σ samples = rows per device.
 */
export async function compareRollups(
  cluster: Cluster,
  log: (line: string) => void = () => undefined,
): Promise<{ mismatches: number; samplesEqualRows: boolean }> {
  const db = cluster.database.db;
  const before = await snapshot(db);
  await db.execute(sql`
    insert into rollup_dirty (device_id, from_ts, to_ts)
    select device_id, min(ts), max(ts) from telemetry group by device_id`);
  const recompute = worker(cluster.database);
  while ((await recompute.drainOnce()) > 0);
  const after = await snapshot(db);
  let mismatches = 0;
  const examples: string[] = [];
  for (const table of Object.keys(after)) {
    const a = before[table] ?? [];
    const b = after[table] ?? [];
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++)
      if (!sameRow(a[i], b[i])) {
        mismatches += 1;
        if (examples.length < 3) examples.push(`${table}: ${JSON.stringify(a[i])} ≠ ${JSON.stringify(b[i])}`);
      }
  }
  for (const example of examples) log(`rollup differs: ${example}`);
  const differing = await queryRows<{ device_id: number }>(
    db,
    sql`select t.device_id from (select device_id, count(*)::int as n from telemetry group by device_id) t
        left join (select device_id, sum(samples)::int as n from rollup_device_day group by device_id) r
          on r.device_id = t.device_id
        where r.n is distinct from t.n`,
  );
  return { mismatches, samplesEqualRows: differing.length === 0 };
}
