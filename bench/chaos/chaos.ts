// The chaos run (docs/chaos.md): simulated loggers send a known set of readings through a private Mosquitto
// to an ingest process while the harness restarts Mosquitto twice, SIGKILLs the ingest, crashes and
// restarts PostgreSQL and overfills one logger's journal. Afterwards every reading the loggers produced is
// compared with what PostgreSQL holds (per device: count and checksum), the rollups are compared with a
// recomputation from the raw rows, the API's answers while the database was down are checked (5003, in
// time), and the logger's reported loss counter with what its journal dropped.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { SimLogger, siteFromModels } from '../../apps/sim/src/index.js';
import { TcpProxy } from '../../apps/sim/src/testing/proxy.js';
import { queryRows } from '../../apps/server/src/db/client.js';
import { createTestStation, registerTestLogger } from '../../apps/server/test/support/loggers.js';
import { snapshot, worker } from '../../apps/server/test/rollups-support.js';
import { ADMIN_PASSWORD, startCluster, type Cluster, type ServerProcess } from './cluster.js';

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
  note: string;
}

export interface ChaosReport {
  produced: number;
  stored: number;
  duplicated: number;
  lost: number;
  /** Readings the overfilled logger's journal dropped (counted by it, so not lost). */
  droppedByLogger: number;
  /** Readings whose stored values differ from what was produced. */
  altered: number;
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
  /** Per device: the readings to be stored (produced less what a journal dropped), those stored, and a
   * checksum over (device, ts, power) of each side. */
  perDevice: { device: string; expected: number; stored: number; expectedSum: string; storedSum: string }[];
  ok: boolean;
  problems: string[];
}

const MINUTE = 60_000;
const UPLOAD_MINUTES = 5;
/** A June day: the simulated sun shines, so power and energy change every minute. */
const START = Date.parse('2026-06-10T04:00:00Z');
const MODELS = ['SF-INV-3P-10K', 'SF-BAT-10K', 'SF-MTR-3P', 'SF-WS-1'];

interface Produced {
  /** dev@ts → power (null when the reading has none). */
  readings: Map<string, number | null>;
  /** seq → device readings of the message. */
  messages: Map<number, string[]>;
}

interface FleetLogger {
  sim: SimLogger;
  produced: Produced;
  proxy: TcpProxy | null;
}

/**
 * The value the checksum covers: what the device's definition stores as its power (`power_w`, what the
 * station charts are made of): `BatW` of a battery, `W` of an inverter or meter, none of a weather station.
 */
function powerOf(values: Record<string, unknown> | undefined): number | null {
  const power = values?.BatW ?? values?.W;
  return typeof power === 'number' ? power : null;
}

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const log = options.log ?? (() => undefined);
  const problems: string[] = [];
  const cluster = await startCluster();
  const dir = mkdtempSync(join(tmpdir(), 'sunfleet-chaos-'));
  const fleet: FleetLogger[] = [];
  let ticker: NodeJS.Timeout | null = null;
  try {
    log(`PostgreSQL on :${cluster.postgres.port}, Mosquitto on :${cluster.mosquitto.loggerPort}`);
    const api = await cluster.server('api', 'api,jobs');
    const ingest = await cluster.server('ingest', 'ingest', { ingestId: 'chaos-ingest' });
    await Promise.all([api.start(), ingest.start()]);

    // The fleet: one station and logger each; the last logger's journal is small and its link proxied.
    const db = cluster.database.db;
    const overfill = options.faults.includes('journal-overfill') ? options.loggers - 1 : -1;
    for (let i = 0; i < options.loggers; i++) {
      const station = await createTestStation(db, { companyId: 1, timeZone: 'UTC' });
      const registered = await registerTestLogger(db, {
        sn: `SFCH${String(i).padStart(4, '0')}`,
        companyId: 1,
        stationId: station.id,
      });
      let proxy: TcpProxy | null = null;
      if (i === overfill) {
        proxy = new TcpProxy({ host: '127.0.0.1', port: cluster.mosquitto.loggerPort });
        await proxy.start();
      }
      const produced: Produced = { readings: new Map(), messages: new Map() };
      const sim = new SimLogger({
        sn: registered.sn,
        secret: registered.secret,
        brokerUrl: proxy === null ? cluster.mosquitto.loggerUrl : `mqtt://127.0.0.1:${proxy.port}`,
        site: {
          ...siteFromModels({
            id: `chaos-${i}`,
            seed: `chaos-${i}`,
            latitude: 48.14,
            longitude: 11.58,
            timeZone: 'Europe/Berlin',
            models: MODELS,
            // Device serial numbers of their own per logger (a device registers behind one logger only).
            serialBase: 1 + i * MODELS.length,
            faultRate: 0,
          }),
          cloudClimate: { clearDays: 0.999, overcastDays: 0.0005 },
        },
        bufferDir: join(dir, registered.sn),
        // A sample every minute, uploaded every 5 minutes: 25 readings per message, as in the field.
        uploadInterval: UPLOAD_MINUTES * 60,
        sampleInterval: 60,
        fsync: false,
        // The protocol's recommended back-off (1 s doubling), capped lower so the run stays short.
        reconnectMinMs: 1_000,
        reconnectMaxMs: 4_000,
        ...(i === overfill ? { journal: { maxBytes: 24_000, segmentBytes: 4_096 } } : {}),
        onTelemetry: (message) => {
          const devs: string[] = [];
          for (const r of message.readings) {
            if (r.dev === registered.sn) continue; // the logger's own measures are not stored as telemetry
            const key = `${r.dev}@${r.ts}`;
            if (produced.readings.has(key)) problems.push(`the harness saw ${key} produced twice`);
            produced.readings.set(key, powerOf(r.values));
            devs.push(key);
          }
          produced.messages.set(message.seq, devs);
        },
      });
      sim.advanceTo(START);
      fleet.push({ sim, produced, proxy });
    }
    await cluster.syncBrokerFiles();
    for (const logger of fleet) logger.sim.start();
    await Promise.all(fleet.map((l) => l.sim.uplink.whenReady()));
    log(`${fleet.length} loggers connected`);

    // Traffic: every tick, every logger samples one more minute and uploads it.
    let simulated = START;
    let ticks = 0;
    const tickWaiters: { at: number; resolve: () => void }[] = [];
    ticker = setInterval(() => {
      simulated += MINUTE;
      ticks += 1;
      for (const logger of fleet) logger.sim.advanceTo(simulated);
      for (const waiter of tickWaiters.splice(0))
        if (ticks >= waiter.at) waiter.resolve();
        else tickWaiters.push(waiter);
    }, options.tickMs);
    const afterTicks = (n: number): Promise<void> =>
      new Promise((resolve) => tickWaiters.push({ at: ticks + n, resolve }));

    const producedCount = (): number => fleet.reduce((n, l) => n + l.produced.readings.size, 0);
    /** Device readings a logger's journal dropped (its count includes the logger's own reading per sample). */
    const droppedOf = (logger: FleetLogger): number => {
      const { droppedReadings } = logger.sim.stats().journal;
      const devices = logger.sim.devices.devices.filter((d) => d.readable).length;
      return (droppedReadings * devices) / (devices + 1);
    };
    const expected = (): number => producedCount() - fleet.reduce((n, l) => n + droppedOf(l), 0);
    const storedCount = async (): Promise<number> => {
      const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from telemetry`);
      return row?.n ?? 0;
    };
    /** Resolves once `target` readings are stored (polling the database), with the time it took. */
    const caughtUp = async (target: number, deadlineMs: number): Promise<number> => {
      const t0 = Date.now();
      let reported = t0;
      for (;;) {
        const n = await storedCount().catch(() => -1);
        if (n >= target) return Date.now() - t0;
        if (Date.now() - reported >= 10_000) {
          reported = Date.now();
          log(`  … ${n} of ${target} readings stored`);
        }
        if (Date.now() - t0 > deadlineMs)
          throw new Error(`only ${n} of ${target} readings stored after ${deadlineMs} ms`);
        await delay(50);
      }
    };

    const token = await login(api);
    const faults: FaultResult[] = [];
    const apiWhileDown: ChaosReport['apiWhileDown'] = [];
    let mosquittoRestarts = 0;
    let lossCounter: ChaosReport['lossCounter'] = null;

    await afterTicks(options.quietMinutes);
    await caughtUp(expected(), 60_000);
    log(`quiet traffic stored: ${await storedCount()} readings`);

    for (const fault of options.faults) {
      const before = producedCount();
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
        const target = fleet[overfill];
        if (target?.proxy == null) throw new Error('no logger to overfill');
        await target.proxy.stop();
        const t = target;
        // Offline until its journal has dropped at least 10 messages.
        await new Promise<void>((resolve) => {
          const check = setInterval(() => {
            if (t.sim.stats().journal.droppedMessages >= 10) {
              clearInterval(check);
              resolve();
            }
          }, options.tickMs);
        });
        await target.proxy.start();
        note = `${target.sim.sn} cut off by its proxy until its 24 kB journal dropped ${target.sim.stats().journal.droppedMessages} messages`;
      }
      const back = Date.now();
      const target = expected();
      const recoveryMs = await caughtUp(target, Number(process.env.CHAOS_RECOVERY_DEADLINE_MS ?? 120_000));
      const result: FaultResult = {
        fault: name,
        downMs: back - t0,
        recoveryMs,
        producedWhileDown: producedCount() - before,
        note,
      };
      faults.push(result);
      log(`${name}: down ${result.downMs} ms, recovered in ${recoveryMs} ms`);
      await afterTicks(options.quietMinutes);
    }

    // The end: traffic stops, the loggers deliver what they hold, the ingest stores it.
    clearInterval(ticker);
    ticker = null;
    await Promise.all(fleet.map((l) => l.sim.uplink.whenDrained()));
    await caughtUp(expected(), 120_000);
    // One more upload (5 minutes) carries each logger's final loss counter, then the rollups settle.
    simulated += UPLOAD_MINUTES * MINUTE;
    for (const logger of fleet) logger.sim.advanceTo(simulated);
    await Promise.all(fleet.map((l) => l.sim.uplink.whenDrained()));
    await caughtUp(expected(), 60_000);
    await settledRollups(cluster);

    // Every reading: produced vs stored, per device.
    const rows = await queryRows<{ sn: string; ts: Date; power_w: number | null }>(
      db,
      sql`select d.sn, t.ts, t.power_w from telemetry t join devices d on d.id = t.device_id`,
    );
    const stored = new Map<string, number>();
    const storedPower = new Map<string, number | null>();
    for (const row of rows) {
      const key = `${row.sn}@${new Date(row.ts).getTime()}`;
      stored.set(key, (stored.get(key) ?? 0) + 1);
      storedPower.set(key, row.power_w);
    }
    let duplicated = 0;
    for (const n of stored.values()) if (n > 1) duplicated += n - 1;
    let lost = 0;
    let droppedByLogger = 0;
    let altered = 0;
    /** Readings of the messages a journal dropped (whole messages, as many as it counted). */
    const dropped = new Set<string>();
    for (const logger of fleet) {
      const { droppedMessages } = logger.sim.stats().journal;
      let wholeMissing = 0;
      for (const keys of logger.produced.messages.values()) {
        const missing = keys.filter((k) => !stored.has(k));
        if (missing.length === keys.length && keys.length > 0 && wholeMissing < droppedMessages) {
          wholeMissing += 1;
          droppedByLogger += missing.length;
          for (const key of missing) dropped.add(key);
        } else lost += missing.length;
      }
      if (wholeMissing !== droppedMessages)
        problems.push(
          `${logger.sim.sn}: its journal counted ${droppedMessages} dropped messages, ${wholeMissing} are missing`,
        );
      for (const [key, power] of logger.produced.readings) {
        if (!stored.has(key)) continue;
        const got = storedPower.get(key) ?? null;
        if (power === null ? got !== null : got === null || Math.abs(got - power) > 1e-6) altered += 1;
      }
    }
    for (const key of stored.keys())
      if (!fleet.some((l) => l.produced.readings.has(key)))
        problems.push(`stored but never produced: ${key}`);

    // The overfilled logger's counter as the cloud stored it.
    if (overfill >= 0) {
      const target = fleet[overfill]!;
      const [row] = await queryRows<{ buffer_dropped: number | null }>(
        db,
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

    const perDevice = perDeviceSums(fleet, dropped, stored, storedPower);
    const [redeliveries] = await queryRows<{ n: number }>(
      db,
      sql`select coalesce(sum(duplicates), 0)::int as n from gateway_seq_seen`,
    );
    const rollups = await compareRollups(cluster);

    for (const answer of apiWhileDown)
      if (answer.status !== 5003)
        problems.push(`${answer.call} answered ${answer.status} while the database was down`);
    if (lost > 0) problems.push(`${lost} readings lost`);
    if (duplicated > 0) problems.push(`${duplicated} readings stored twice`);
    if (altered > 0) problems.push(`${altered} readings stored with other values than produced`);
    if (rollups.mismatches > 0)
      problems.push(`${rollups.mismatches} rollup rows differ from a recomputation`);
    if (!rollups.samplesEqualRows) problems.push('rollup samples differ from the raw row counts');
    return {
      produced: producedCount(),
      stored: rows.length,
      duplicated,
      lost,
      droppedByLogger,
      altered,
      redelivered: redeliveries?.n ?? 0,
      faults,
      rollupMismatches: rollups.mismatches,
      rollupSamplesEqualRows: rollups.samplesEqualRows,
      apiWhileDown,
      lossCounter,
      perDevice,
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
    for (const logger of fleet) log(`--- ${logger.sim.sn}: ${JSON.stringify(logger.sim.stats())}`);
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
    if (ticker !== null) clearInterval(ticker);
    for (const logger of fleet) {
      await logger.sim.stop().catch(() => undefined);
      await logger.proxy?.stop();
    }
    await cluster.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function login(api: ServerProcess): Promise<string> {
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
async function settledRollups(cluster: Cluster): Promise<void> {
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
 * The rollups as the ingest left them against a recomputation of every device's whole span from the
 * stored rows (the rollup worker's own code, run here), row by row; and Σ samples = rows per device.
 */
async function compareRollups(cluster: Cluster): Promise<{ mismatches: number; samplesEqualRows: boolean }> {
  const db = cluster.database.db;
  const before = await snapshot(db);
  await db.execute(sql`
    insert into rollup_dirty (device_id, from_ts, to_ts)
    select device_id, min(ts), max(ts) from telemetry group by device_id`);
  const recompute = worker(cluster.database);
  while ((await recompute.drainOnce()) > 0);
  const after = await snapshot(db);
  let mismatches = 0;
  for (const table of Object.keys(after)) {
    const a = before[table] ?? [];
    const b = after[table] ?? [];
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++) if (JSON.stringify(a[i]) !== JSON.stringify(b[i])) mismatches += 1;
  }
  const differing = await queryRows<{ device_id: number }>(
    db,
    sql`select t.device_id from (select device_id, count(*)::int as n from telemetry group by device_id) t
        left join (select device_id, sum(samples)::int as n from rollup_device_day group by device_id) r
          on r.device_id = t.device_id
        where r.n is distinct from t.n`,
  );
  return { mismatches, samplesEqualRows: differing.length === 0 };
}

function perDeviceSums(
  fleet: readonly FleetLogger[],
  dropped: ReadonlySet<string>,
  stored: ReadonlyMap<string, number>,
  storedPower: ReadonlyMap<string, number | null>,
): ChaosReport['perDevice'] {
  const out: ChaosReport['perDevice'] = [];
  for (const logger of fleet) {
    const byDevice = new Map<string, string[]>();
    for (const key of logger.produced.readings.keys()) {
      if (dropped.has(key)) continue;
      const dev = key.slice(0, key.indexOf('@'));
      byDevice.set(dev, [...(byDevice.get(dev) ?? []), key]);
    }
    for (const [device, keys] of byDevice) {
      const produced = createHash('sha256');
      const kept = createHash('sha256');
      let storedCount = 0;
      for (const key of keys.sort()) {
        produced.update(`${key}=${logger.produced.readings.get(key)}\n`);
        if (stored.has(key)) {
          storedCount += stored.get(key) ?? 0;
          kept.update(`${key}=${storedPower.get(key)}\n`);
        }
      }
      out.push({
        device,
        expected: keys.length,
        stored: storedCount,
        expectedSum: produced.digest('hex').slice(0, 12),
        storedSum: kept.digest('hex').slice(0, 12),
      });
    }
  }
  return out;
}
