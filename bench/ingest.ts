// Ingest throughput: readings/s committed from MQTT (embedded broker, loggers publishing QoS 1 batches of
// 100 readings, at most 16 unacknowledged each, as docs/protocol.md asks) ÷ the database's raw bulk path
// for the same rows in the same run — COPY on PostgreSQL, multi-row INSERT on PGlite. The ratio is what
// validation, decoding, dedupe, the latest-values/rollup/sequence bookkeeping and MQTT cost on top.
// Run alone with `npx tsx bench/ingest.ts`; `npm run bench` runs it after the web and API benchmarks.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import pino from 'pino';
import { TelemetryColumns, uplinkTopic, type RegisterDefinition } from '@sunfleet/contracts';
import { toWideRow, WideRowMapper } from '@sunfleet/domain';
import { seedDeviceRegistry } from '../apps/server/src/bootstrap/seed-devices.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { generateSecret, hashSecret } from '../apps/server/src/modules/gateways/credentials.js';
import { GatewayDirectory } from '../apps/server/src/modules/gateways/gateway-directory.js';
import { AlarmEvaluator } from '../apps/server/src/modules/alarms/evaluator.js';
import { IngestService } from '../apps/server/src/modules/ingest/ingest.service.js';
import { sqlRunner } from '../apps/server/src/modules/ingest/sql.js';
import { copyChunks, RowEncoder, WRITE_COLUMNS } from '../apps/server/src/modules/ingest/telemetry.encode.js';
import { DefinitionCache } from '../apps/server/src/modules/registry/definitions.cache.js';
import { paths } from '../apps/server/src/paths.js';
import { startEmbeddedBroker } from '../apps/server/src/services/broker.js';
import { cpuMsOf } from './proc.js';

export interface BenchResult {
  bench: string;
  value: number;
  unit: string;
  baseline: number;
  ratio: number;
  note?: string;
}

const LOGGERS = 8;
/**
 * The alarm engine runs beside the ingest as the `jobs` service would, a round every this many ms
 * (BENCH_ALARM_EVERY_MS; 0 = off). 1 s is the shortest ALARM_EVALUATE_EVERY_MS allowed (default 30 s).
 */
const ALARM_EVERY_MS = Number(process.env.BENCH_ALARM_EVERY_MS ?? 1000);
const DEVICES_PER_LOGGER = 10;
const READINGS_PER_MESSAGE = 100;
const IN_FLIGHT = 16;
const round = (n: number, digits = 3): number => Number(n.toFixed(digits));
const log = pino({ level: process.env.BENCH_LOG_LEVEL ?? 'silent' });

export interface Fleet {
  loggers: { id: number; sn: string; secret: string; devices: { id: number; sn: string }[] }[];
}

/** What an inverter logger typically uploads per reading (decoded values, SunSpec point names). */
function values(i: number): Record<string, number> {
  return {
    W: 4000 + (i % 1000),
    WH: 10_000_000 + i * 10,
    PhVphA: 230.1,
    Hz: 50.01,
    St: 4,
    TmpCab: 41.5,
    DCV_1: 612.3,
    DCA_1: 5.1,
    DCV_2: 598.7,
    DCA_2: 4.9,
  };
}

export async function openBenchDatabase(
  kind: 'postgres' | 'pglite',
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const options = { migrationsFolder: paths.migrations };
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: null }, options);
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const url =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = await openDatabase({ kind: 'postgres', url, schema, poolSize: 8 }, options);
  await database.migrate();
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

export async function registerFleet(database: Database): Promise<Fleet> {
  const sql = sqlRunner(database);
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const loggers: Fleet['loggers'] = [];
  for (let l = 0; l < LOGGERS; l++) {
    const sn = `SFLGB${tag}${l.toString().padStart(3, '0')}`;
    const secret = generateSecret();
    // Each logger is bound to a station of its own, as in the field: every batch then also refreshes
    // the stations' facts (facts/facts.writer.ts), whose cost belongs in the figure.
    const [station] = await sql.query<{ id: number }>(
      `insert into stations (company_id, name, type, time_zone) values (1, $1, 'HOUSEHOLD_PV', 'Europe/Berlin')
       returning id`,
      [`Bench ${sn}`],
    );
    const [row] = await sql.query<{ id: number }>(
      `insert into gateways (sn, model, secret_hash, station_id, company_id) values ($1, 'SF-LOGGER-4G', $2, $3, 1)
       returning id`,
      [sn, hashSecret(secret), station!.id],
    );
    loggers.push({ id: row!.id, sn, secret, devices: [] });
  }
  return { loggers };
}

/** Messages per logger: each of 100 readings = 10 devices × 10 consecutive minutes. */
export function messagesOf(logger: Fleet['loggers'][number], count: number, start: number): string[] {
  const messages: string[] = [];
  const steps = READINGS_PER_MESSAGE / DEVICES_PER_LOGGER;
  for (let m = 0; m < count; m++) {
    const readings = [];
    for (let s = 0; s < steps; s++) {
      const ts = start + (m * steps + s) * 60_000;
      for (const device of logger.devices)
        readings.push({ dev: device.sn, ts, values: values(m * steps + s) });
    }
    messages.push(JSON.stringify({ v: 1, seq: m, readings }));
  }
  return messages;
}

/** One reading of the baseline: the COPY line the ingest sends, and the VALUES tuple of the same row. */
interface BaselineRow {
  ts: number;
  encoded: string;
}

/** The rows the ingest writes for those messages, encoded for the raw baseline. */
function rowsOf(
  fleet: Fleet,
  count: number,
  start: number,
  registers: readonly RegisterDefinition[],
  kind: 'postgres' | 'pglite',
): BaselineRow[] {
  const rows: BaselineRow[] = [];
  const encoder = new RowEncoder('copy');
  const mapper = WideRowMapper.of(registers);
  const steps = READINGS_PER_MESSAGE / DEVICES_PER_LOGGER;
  for (const logger of fleet.loggers) {
    for (let m = 0; m < count; m++) {
      for (let s = 0; s < steps; s++) {
        const ts = start + (m * steps + s) * 60_000;
        for (const device of logger.devices) {
          const merged = values(m * steps + s);
          rows.push({
            ts,
            encoded:
              kind === 'postgres'
                ? encoder.encode(mapper, device.id, ts, logger.id, false, merged)
                : valuesTuple(device.id, ts, logger.id, registers, merged),
          });
        }
      }
    }
  }
  return rows;
}

/**
 * One row of a multi-row VALUES list (PGlite's baseline). Every value is a finite number, a boolean, an
 * ISO time or JSON in a quoted literal with quotes doubled (standard_conforming_strings is on), so
 * inlining is safe.
 */
function valuesTuple(
  deviceId: number,
  ts: number,
  gatewayId: number,
  registers: readonly RegisterDefinition[],
  merged: Record<string, number>,
): string {
  const wide = toWideRow(registers, merged);
  const sqlNumber = (n: number | null | undefined): string =>
    n === null || n === undefined ? 'NULL' : String(n);
  const sqlArray = (a: (number | null)[]): string =>
    a.length === 0 ? 'NULL' : `'{${a.map((n) => (n === null ? 'NULL' : String(n))).join(',')}}'::float8[]`;
  const extra = Object.keys(wide.extra).length > 0 ? JSON.stringify(wide.extra) : null;
  let tuple = `(${deviceId},'${new Date(ts).toISOString()}',${gatewayId},false`;
  for (const column of TelemetryColumns) tuple += `,${sqlNumber(wide.columns[column])}`;
  return `${tuple},${sqlArray(wide.mppt.mppt_v)},${sqlArray(wide.mppt.mppt_i)},${sqlArray(wide.mppt.mppt_p)},${
    extra === null ? 'NULL' : `'${extra.replace(/'/g, "''")}'::jsonb`
  })`;
}

/** Raw bulk load of the rows into telemetry (COPY, or PGlite's multi-row INSERT); rows/s. */
async function rawLoad(database: Database, rows: readonly BaselineRow[]): Promise<number> {
  const columns = WRITE_COLUMNS.join(', ');
  if (database.pgPool !== null) {
    const text = copyChunks(rows);
    const client = await database.pgPool.connect();
    try {
      const started = performance.now();
      await pipeline(Readable.from(text), client.query(copyFrom(`COPY telemetry (${columns}) FROM STDIN`)));
      return rows.length / ((performance.now() - started) / 1000);
    } finally {
      client.release();
    }
  }
  const sql = sqlRunner(database);
  const statements: string[] = [];
  for (let i = 0; i < rows.length; i += 2_000) {
    statements.push(
      `INSERT INTO telemetry (${columns}) VALUES ${rows
        .slice(i, i + 2_000)
        .map((r) => r.encoded)
        .join(',\n')}`,
    );
  }
  const started = performance.now();
  for (const statement of statements) await sql.query(statement);
  return rows.length / ((performance.now() - started) / 1000);
}

/**
 * CPU time (ms) the pool's PostgreSQL backends have used so far, when the server runs on this machine
 * (BENCH_DEBUG: what the database did, against what the run took); null when it cannot be read.
 */
export function backendCpuMs(database: Database): number | null {
  const clients = (database.pgPool as unknown as { _clients?: { processID?: number }[] } | null)?._clients;
  if (!clients) return null;
  let ms = 0;
  for (const { processID } of clients) {
    const used = processID === undefined ? null : cpuMsOf(processID);
    if (used === null) return null;
    ms += used;
  }
  return ms;
}

/** CPU time (ms) this thread has used so far (Linux), to tell the ingest's thread from the loggers' worker. */
const threadCpuMs = (): number | null => cpuMsOf('thread-self');

/** Profiles the main thread (BENCH_PROFILE=path-prefix): the returned function stops and writes the profile. */
async function startProfiler(): Promise<(file: string) => Promise<void>> {
  const { Session } = await import('node:inspector/promises');
  const { writeFile } = await import('node:fs/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async (file) => {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(file, JSON.stringify(profile));
    session.disconnect();
  };
}

/**
 * Loggers in a worker thread: each connects, then (on "go") publishes its messages with at most IN_FLIGHT
 * unacknowledged, and the worker answers "done" when every PUBACK has arrived.
 */
const PUBLISHER = `
const { parentPort, workerData } = require('node:worker_threads');
const mqtt = require(workerData.mqttPath);
(async () => {
  const clients = await Promise.all(workerData.loggers.map((logger) => mqtt.connectAsync(workerData.url, {
    clientId: logger.sn, username: logger.sn, password: logger.secret, reconnectPeriod: 0,
  })));
  const go = new Promise((resolve) => parentPort.once('message', resolve));
  parentPort.postMessage('ready');
  await go;
  await Promise.all(clients.map(async (client, i) => {
    const messages = workerData.payloads[i];
    const topic = 'sf/v1/' + workerData.loggers[i].sn + '/up/telemetry';
    let next = 0;
    await Promise.all(Array.from({ length: workerData.inFlight }, async () => {
      while (next < messages.length) await client.publishAsync(topic, messages[next++], { qos: 1 });
    }));
  }));
  parentPort.postMessage('done');
  await Promise.all(clients.map((c) => c.endAsync()));
})().catch((err) => parentPort.postMessage(String((err && err.stack) || err)));
`;

/** Starts the publishers; `run` publishes everything and resolves when all is acknowledged. */
async function startPublishers(
  url: string,
  fleet: Fleet,
  payloads: string[][],
): Promise<{ run(): Promise<void>; stop(): Promise<void> }> {
  const worker = new Worker(PUBLISHER, {
    eval: true,
    workerData: {
      url,
      mqttPath: createRequire(import.meta.url).resolve('mqtt'),
      inFlight: IN_FLIGHT,
      loggers: fleet.loggers.map((l) => ({ sn: l.sn, secret: l.secret })),
      payloads,
    },
  });
  const next = (): Promise<unknown> =>
    new Promise<unknown>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  const expect = async (answer: Promise<unknown>, wanted: string): Promise<void> => {
    const got = await answer;
    if (got !== wanted) throw new Error(`publisher failed: ${String(got)}`);
  };
  try {
    await expect(next(), 'ready');
  } catch (err) {
    await worker.terminate();
    throw err;
  }
  return {
    run: async () => {
      const done = next();
      worker.postMessage('go');
      await expect(done, 'done');
    },
    stop: async () => {
      await worker.terminate();
    },
  };
}

/**
 * The alarm engine's rounds beside the ingest: a global rule of every kind (besides the two offline rules
 * migration 0012 seeds), evaluated one round after another with ALARM_EVERY_MS between them; `stop`
 * answers how many rounds ran.
 */
async function alarmEngine(database: Database): Promise<{ stop(): Promise<number> }> {
  await sqlRunner(database).query(
    `insert into alarm_rules (kind, level, code, threshold, hysteresis, min_irradiance)
     values ('STRING_LOW', 'COMMONLY', 9003, 0.5, 0.2, 200), ('OUTPUT_LOW', 'COMMONLY', 9004, 0.5, 0.2, 200),
       ('BATTERY_SOC', 'COMMONLY', 9005, 10, 5, null), ('BATTERY_TEMP', 'IMPORTANT', 9006, 45, 5, null)`,
  );
  const evaluator = new AlarmEvaluator(database, { escalateAfterS: 3600 });
  let running = true;
  let rounds = 0;
  let wake = (): void => undefined;
  const loop = (async () => {
    while (running) {
      await evaluator.round(new Date());
      rounds += 1;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ALARM_EVERY_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();
  return {
    stop: async () => {
      running = false;
      wake();
      await loop;
      return rounds;
    },
  };
}

/** The logger's hello: its 10 inverters (their SNs derive from the logger's). */
export async function announce(client: MqttClient, logger: Fleet['loggers'][number]): Promise<void> {
  const devices = Array.from({ length: DEVICES_PER_LOGGER }, (_, d) => ({
    sn: `SFI3A${logger.sn.slice(-6)}${d.toString().padStart(3, '0')}`,
    type: 'INVERTER',
    model: 'SF-INV-3P-10K',
    unitId: d + 1,
  }));
  const hello = {
    v: 1,
    model: 'SF-LOGGER-4G',
    firmware: '1.0',
    mac: '02:00:00:00:00:01',
    signal: null,
    uploadInterval: 60,
    devices,
  };
  await client.publishAsync(uplinkTopic(logger.sn, 'hello'), JSON.stringify(hello), { qos: 1 });
}

export async function connect(url: string, logger: Fleet['loggers'][number]): Promise<MqttClient> {
  return mqtt.connectAsync(url, {
    clientId: logger.sn,
    username: logger.sn,
    password: logger.secret,
    reconnectPeriod: 0,
  });
}

async function benchOne(kind: 'postgres' | 'pglite', messagesPerLogger: number): Promise<BenchResult> {
  const { database, drop } = await openBenchDatabase(kind);
  try {
    await seedDeviceRegistry(database.db);
    const definitions = new DefinitionCache(database.db);
    const fleet = await registerFleet(database);
    let committed = 0;
    const ingest = new IngestService({
      database,
      definitions,
      log,
      batch: {
        ...(process.env.BENCH_INGEST_CONCURRENCY
          ? { concurrency: Number(process.env.BENCH_INGEST_CONCURRENCY) }
          : {}),
        ...(process.env.BENCH_INGEST_MAX_READINGS
          ? { maxReadings: Number(process.env.BENCH_INGEST_MAX_READINGS) }
          : {}),
      },
      hooks: {
        onCommitted: () => (committed += 1),
        commandResult: async () => undefined,
        firmwareProgress: async () => undefined,
      },
    });
    const broker = await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      log,
      directory: new GatewayDirectory(database.db),
      onUplink: ingest.handle,
    });
    const url = `mqtt://127.0.0.1:${broker.port() ?? 0}`;
    const clients: MqttClient[] = [];
    try {
      for (const logger of fleet.loggers) {
        const client = await connect(url, logger);
        clients.push(client);
        await announce(client, logger);
      }
      const devices = await sqlRunner(database).query<{ id: number; sn: string; gateway_id: number }>(
        'select id, sn, gateway_id from devices order by sn',
      );
      for (const logger of fleet.loggers) logger.devices = devices.filter((d) => d.gateway_id === logger.id);
      // The worker connects with the same client ids; these connections only announced the devices.
      await Promise.all(clients.splice(0).map((c) => c.endAsync()));
      const model = await definitions.resolveModel('INVERTER', 'SF-INV-3P-10K', '');
      const registers = (await definitions.registersForModel(model!.id)) ?? [];

      // Baseline first, on the same (then emptied) table and the same partitions. Neither its rows nor the
      // loggers' payloads stay referenced during the run: the ingest's heap is what its GC should walk.
      const start = Date.now() - 20 * 86_400_000;
      const { baseline, expected } = await (async () => {
        const rows = rowsOf(fleet, messagesPerLogger, start, registers, kind);
        for (const month of new Set(rows.map((r) => new Date(r.ts).toISOString().slice(0, 7)))) {
          await sqlRunner(database).query('select telemetry_ensure_partition($1::date)', [`${month}-01`]);
        }
        const cpu = backendCpuMs(database);
        const baseline = await rawLoad(database, rows);
        if (process.env.BENCH_DEBUG && cpu !== null)
          console.error({ kind, baselineBackendCpuMs: (backendCpuMs(database) ?? 0) - cpu });
        return { baseline, expected: rows.length };
      })();
      await sqlRunner(database).query('truncate telemetry');

      // The loggers publish from a worker thread: in the field they are other machines, and their MQTT
      // encoding should not eat the ingest's CPU.
      const publishers = await startPublishers(
        url,
        fleet,
        fleet.loggers.map((logger) => messagesOf(logger, messagesPerLogger, start)),
      );
      const profiler = process.env.BENCH_PROFILE ? await startProfiler() : null;
      const cpuBefore = {
        process: process.cpuUsage(),
        thread: threadCpuMs(),
        backend: backendCpuMs(database),
      };
      const engine = ALARM_EVERY_MS > 0 ? await alarmEngine(database) : null;
      const started = performance.now();
      let seconds: number;
      try {
        await publishers.run();
        seconds = (performance.now() - started) / 1000;
      } finally {
        await publishers.stop();
      }
      const alarmRounds = (await engine?.stop()) ?? 0;
      await profiler?.(`${process.env.BENCH_PROFILE}-${kind}.cpuprofile`);
      if (process.env.BENCH_DEBUG) {
        const sumOf = async (name: string, suffix: string): Promise<number | undefined> =>
          (await ingest.metrics.registry.getSingleMetric(name)?.get())?.values.find((v) =>
            (v as { metricName?: string }).metricName?.endsWith(suffix),
          )?.value;
        const batches = await sumOf('sunfleet_ingest_batch_readings', '_count');
        const readings = await sumOf('sunfleet_ingest_batch_readings', '_sum');
        console.error({
          kind,
          seconds,
          commitSeconds: await sumOf('sunfleet_ingest_commit_seconds', '_sum'),
          readingsPerBatch: batches ? Math.round((readings ?? 0) / batches) : null,
          cpu: process.cpuUsage(cpuBefore.process),
          // The main thread runs the broker and the ingest; the rest of `cpu` is the loggers' worker.
          mainThreadCpuMs: cpuBefore.thread === null ? null : (threadCpuMs() ?? 0) - cpuBefore.thread,
          backendCpuMs: cpuBefore.backend === null ? null : (backendCpuMs(database) ?? 0) - cpuBefore.backend,
        });
      }
      const [stored] = await sqlRunner(database).query<{ n: number }>(
        'select count(*)::int as n from telemetry',
      );
      if (stored?.n !== expected) throw new Error(`ingest stored ${stored?.n} of ${expected} readings`);
      const [facts] = await sqlRunner(database).query<{ n: number }>(
        `select count(*)::int as n from station_facts where devices = ${DEVICES_PER_LOGGER} and gateways_online = 1`,
      );
      if (facts?.n !== LOGGERS)
        throw new Error(`the batches kept the facts of ${facts?.n} of ${LOGGERS} stations`);
      const value = expected / seconds;
      return {
        bench: `ingest.${kind}`,
        value: round(value, 1),
        unit: 'readings/s',
        baseline: round(baseline, 1),
        ratio: round(value / baseline),
        note: `${expected} readings, ${LOGGERS} loggers × ${messagesPerLogger} messages of ${READINGS_PER_MESSAGE}; ${committed} commits; ${
          engine === null
            ? 'alarm engine off'
            : `alarm engine on (every rule kind, a round every ${ALARM_EVERY_MS} ms: ${alarmRounds} rounds)`
        }; baseline: ${kind === 'postgres' ? 'COPY' : 'multi-row INSERT'} of the same rows`,
      };
    } finally {
      await Promise.all(clients.map((c) => c.endAsync(true)));
      await broker.close();
      await ingest.close();
    }
  } finally {
    await drop();
  }
}

/** Prints one JSON line per benchmark; PostgreSQL is skipped (with a note) when it is unreachable. */
export async function runIngestBenchmarks(print: (r: BenchResult) => void): Promise<void> {
  try {
    print(await benchOne('postgres', Number(process.env.BENCH_INGEST_MESSAGES_PG ?? 250)));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    print({
      bench: 'ingest.postgres',
      value: 0,
      unit: 'readings/s',
      baseline: 0,
      ratio: 0,
      note: `skipped: ${message}`,
    });
  }
  print(await benchOne('pglite', Number(process.env.BENCH_INGEST_MESSAGES_PGLITE ?? 60)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runIngestBenchmarks((r) => console.log(JSON.stringify(r)));
}
