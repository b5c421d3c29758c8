// alarm.notify: how long from a raised alarm to the mail in the recipient's SMTP server, through the real
// pipeline in one process, as `npm start` wires it — a logger publishes an alarm record over MQTT (the
// embedded broker, QoS 1) → the ingest's alarm handler stores the alarm and its RAISED event → the
// alarm_events trigger queues it → the notification worker (its WorkerLoop, NOTIFY_INTERVAL_MS apart; the
// ingest does not wake it, as across processes) fans it out to the station's REAL_TIME subscription,
// claims the delivery, words the mail from the fault-code catalogue and hands it to SMTP → a real SMTP
// listener (smtp-server) receives it. 100 alarms one after another (each waits for its mail), median and
// p95. Baseline: the same listener's round trip for a plain mail sent directly with nodemailer (p95 of
// 100), so ratio = what the pipeline costs on top of SMTP itself, polling interval included.
// PostgreSQL when reachable (BENCH_DATABASE_URL, TEST_DATABASE_URL or the local default), else PGlite.
// Run alone with `npm run bench -- alarm`.
import type { AddressInfo } from 'node:net';
import mqtt from 'mqtt';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { uplinkTopic } from '@sunfleet/contracts';
import { seed } from '../apps/server/src/bootstrap/seed.js';
import { loadConfig } from '../apps/server/src/config/config.js';
import type { Database } from '../apps/server/src/db/client.js';
import { generateSecret, hashSecret } from '../apps/server/src/modules/gateways/credentials.js';
import { GatewayDirectory } from '../apps/server/src/modules/gateways/gateway-directory.js';
import { IngestService } from '../apps/server/src/modules/ingest/ingest.service.js';
import { sqlRunner } from '../apps/server/src/modules/ingest/sql.js';
import { NotificationWorker } from '../apps/server/src/modules/notifications/notification.worker.js';
import { DefinitionCache } from '../apps/server/src/modules/registry/definitions.cache.js';
import { paths } from '../apps/server/src/paths.js';
import { startEmbeddedBroker } from '../apps/server/src/services/broker.js';
import { createMailer } from '../apps/server/src/services/mailer.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { openBenchDatabase, type BenchResult } from './ingest.js';

const ALARMS = Number(process.env.BENCH_ALARMS ?? 100);
const INTERVAL_MS = Number(process.env.BENCH_NOTIFY_INTERVAL_MS ?? 100);
const RECIPIENT = 'operator@bench.invalid';
const round = (n: number, digits = 1): number => Number(n.toFixed(digits));
const quantile = (xs: readonly number[], q: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
};

/** An SMTP listener that resolves the next waiter each time a message has been received whole. */
async function listen(): Promise<{ url: string; next(): Promise<number>; close(): Promise<void> }> {
  const waiters: ((at: number) => void)[] = [];
  const early: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    // No reverse DNS of the client (smtp-server's default). Its fixed 100 ms pause before the greeting of
    // each new connection (early-talker check) stays: both paths open one connection per mail.
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        const at = performance.now();
        const waiter = waiters.shift();
        if (waiter) waiter(at);
        else early.push(at);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    next: () => {
      const at = early.shift();
      if (at !== undefined) return Promise.resolve(at);
      return new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no mail within 30 s')), 30_000);
        waiters.push((v) => {
          clearTimeout(timer);
          resolve(v);
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A station with a logger (and one inverter announced by hello) and a REAL_TIME mail subscription. */
async function fleet(database: Database): Promise<{ sn: string; secret: string; stationId: number }> {
  const sql = sqlRunner(database);
  const sn = `SFLGN${Date.now().toString(36).toUpperCase().slice(-6)}`;
  const secret = generateSecret();
  const [station] = await sql.query<{ id: number }>(
    `insert into stations (company_id, name, type, time_zone) values (1, 'Bench notify', 'HOUSEHOLD_PV',
       'Europe/Berlin') returning id`,
  );
  await sql.query(
    `insert into gateways (sn, model, secret_hash, station_id, company_id) values ($1, 'SF-LOGGER-4G', $2, $3, 1)`,
    [sn, hashSecret(secret), station!.id],
  );
  await sql.query(
    `insert into station_subscriptions (station_id, subject, notify_type, email, language)
     values ($1, 'Alarms', 'REAL_TIME', $2, 'EN')`,
    [station!.id, RECIPIENT],
  );
  return { sn, secret, stationId: station!.id };
}

/** p95 and median of `count` plain mails sent with nodemailer straight to the listener (send → receipt). */
async function smtpBaseline(
  smtp: Awaited<ReturnType<typeof listen>>,
  count: number,
): Promise<{ p95: number; median: number }> {
  const transport = nodemailer.createTransport(smtp.url);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const received = smtp.next();
    await transport.sendMail({
      from: 'sunfleet@bench.invalid',
      to: RECIPIENT,
      subject: `Plain ${i}`,
      text: 'A plain mail of about the size of an alarm mail.\n'.repeat(12),
    });
    times.push((await received) - started);
  }
  transport.close();
  return { p95: quantile(times, 0.95), median: quantile(times, 0.5) };
}

export async function runAlarmNotifyBenchmark(print: (r: BenchResult) => void): Promise<void> {
  const log = pino({ level: process.env.BENCH_LOG_LEVEL ?? 'silent' });
  let opened: Awaited<ReturnType<typeof openBenchDatabase>>;
  let kind: 'postgres' | 'pglite' = 'postgres';
  try {
    opened = await openBenchDatabase('postgres');
  } catch {
    kind = 'pglite';
    opened = await openBenchDatabase('pglite');
  }
  const { database, drop } = opened;
  const smtp = await listen();
  try {
    await seed(database.db, {
      adminUsername: 'admin',
      adminPassword: generateSecret(),
      dataDir: null,
      localesRoot: paths.locales,
      log,
    });
    const logger = await fleet(database);
    const definitions = new DefinitionCache(database.db);
    const ingest = new IngestService({
      database,
      definitions,
      log,
      hooks: {
        onCommitted: () => undefined,
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
    const config = loadConfig({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'sunfleet@bench.invalid',
      PUBLIC_URL: 'http://sunfleet.bench.invalid',
      NOTIFY_INTERVAL_MS: String(INTERVAL_MS),
    });
    const mailer = createMailer({ smtpUrl: smtp.url, from: config.mailFrom, db: database.db, log });
    const worker = new NotificationWorker({
      database,
      clock: systemClock,
      log,
      mailer,
      settings: config.notify,
      publicUrl: config.publicUrl,
    });
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port() ?? 0}`, {
      clientId: logger.sn,
      username: logger.sn,
      password: logger.secret,
      reconnectPeriod: 0,
    });
    try {
      const inverter = `SFI3A${logger.sn.slice(-6)}001`;
      await client.publishAsync(
        uplinkTopic(logger.sn, 'hello'),
        JSON.stringify({
          v: 1,
          model: 'SF-LOGGER-4G',
          firmware: '1.0',
          mac: '02:00:00:00:00:02',
          signal: null,
          uploadInterval: 300,
          devices: [{ sn: inverter, type: 'INVERTER', model: 'SF-INV-3P-10K', unitId: 1 }],
        }),
        { qos: 1 },
      );
      const baseline = await smtpBaseline(smtp, ALARMS);
      worker.start();
      const times: number[] = [];
      const run = Date.now().toString(36);
      // One warm-up alarm (first catalogue and text loads, first SMTP connection), not counted.
      for (let i = -1; i < ALARMS; i++) {
        // Alarms come at random times relative to the worker's rounds: without this pause each would be
        // published right after the previous mail, in step with the loop.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * INTERVAL_MS * 1.5));
        const received = smtp.next();
        const started = performance.now();
        await client.publishAsync(
          uplinkTopic(logger.sn, 'alarm'),
          JSON.stringify({
            v: 1,
            alarms: [
              {
                id: `B-${run}-${i + 1}`,
                dev: inverter,
                kind: 'ALARM',
                code: 2031,
                level: 'IMPORTANT',
                start: Date.now(),
                end: null,
                message: 'Grid overvoltage',
              },
            ],
          }),
          { qos: 1 },
        );
        const at = await received;
        if (i >= 0) times.push(at - started);
      }
      await worker.stop();
      const [sent] = await sqlRunner(database).query<{ n: number }>(
        `select count(*)::int as n from notification_deliveries where state = 'SENT'`,
      );
      if (sent?.n !== ALARMS + 1) throw new Error(`${sent?.n} deliveries sent for ${ALARMS + 1} alarms`);
      const p95 = quantile(times, 0.95);
      print({
        bench: 'alarm.notify',
        value: round(p95),
        unit: 'ms raise → SMTP receipt (p95)',
        baseline: round(baseline.p95),
        ratio: round(p95 / baseline.p95, 2),
        note:
          `${ALARMS} alarms one at a time on ${kind}: MQTT alarm record → ingest → alarm_events → queue → ` +
          `worker every ${INTERVAL_MS} ms → SMTP; median ${round(quantile(times, 0.5))} ms, p95 ${round(p95)} ms, ` +
          `max ${round(Math.max(...times))} ms. Baseline: p95 of ${ALARMS} plain mails sent directly with ` +
          `nodemailer to the same listener (median ${round(baseline.median)} ms; smtp-server waits 100 ms before ` +
          `greeting a new connection). The worker is not woken by the ingest: up to one interval of waiting ` +
          `is part of every figure.`,
      });
    } finally {
      await client.endAsync(true);
      await worker.stop();
      await mailer.drain();
      await broker.close();
      await ingest.close();
    }
  } finally {
    await smtp.close();
    await drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runAlarmNotifyBenchmark((r) => console.log(JSON.stringify(r)));
}
