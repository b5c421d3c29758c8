// Simulated loggers sending a known set of readings through a cluster's Mosquitto (bench/chaos/cluster.ts),
// what they produced, and the check of what PostgreSQL stored against it: used by the chaos run and the
// scale-out suite. Each logger serves an inverter, a battery, a meter and a weather station, samples every
// simulated minute and uploads every 5 (25 readings a message), with its journal on disk.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { SimLogger, siteFromModels } from '../../apps/sim/src/index.js';
import { TcpProxy } from '../../apps/sim/src/testing/proxy.js';
import { queryRows, type Db } from '../../apps/server/src/db/client.js';
import { createTestStation, registerTestLogger } from '../../apps/server/test/support/loggers.js';
import type { Cluster } from './cluster.js';

const MINUTE = 60_000;
export const UPLOAD_MINUTES = 5;
/** A June day: the simulated sun shines, so power and energy change every minute. */
const START = Date.parse('2026-06-10T04:00:00Z');
const MODELS = ['SF-INV-3P-10K', 'SF-BAT-10K', 'SF-MTR-3P', 'SF-WS-1'];

interface Produced {
  /** dev@ts → power (null when the reading has none). */
  readings: Map<string, number | null>;
  /** seq → device readings of the message. */
  messages: Map<number, string[]>;
}

export interface FleetLogger {
  sim: SimLogger;
  produced: Produced;
  /** Between the logger and Mosquitto (the one whose journal is overfilled), or null. */
  proxy: TcpProxy | null;
}

export interface FleetOptions {
  loggers: number;
  /** SN prefix (4 letters). */
  prefix: string;
  /** The last logger gets a 24 kB journal and reaches Mosquitto through a TCP proxy. */
  smallJournalLast?: boolean;
}

/** What PostgreSQL holds against what the loggers produced. */
export interface ReadingsCheck {
  produced: number;
  stored: number;
  duplicated: number;
  lost: number;
  /** Readings in messages a journal dropped (counted by it, so not lost). */
  droppedByLogger: number;
  altered: number;
  /**
   * Per device: the readings to be stored (produced less what a journal dropped), those stored, and a
   * checksum over (device, ts, power) of each side.
   */
  perDevice: { device: string; expected: number; stored: number; expectedSum: string; storedSum: string }[];
  problems: string[];
}

/**
 * The value the checksum covers: what the device's definition stores as its power (`power_w`, what the
 * station charts are made of): `BatW` of a battery, `W` of an inverter or meter, none of a weather station.
 */
function powerOf(values: Record<string, unknown> | undefined): number | null {
  const power = values?.BatW ?? values?.W;
  return typeof power === 'number' ? power : null;
}

export class Fleet {
  readonly loggers: FleetLogger[] = [];
  /** What the harness itself noticed (a reading produced twice). */
  readonly problems: string[] = [];
  private simulated = START;
  private ticks = 0;
  private ticker: NodeJS.Timeout | null = null;
  private readonly tickWaiters: { at: number; resolve: () => void }[] = [];

  private constructor(
    private readonly db: Db,
    private readonly dir: string,
  ) {}

  /** Registers a station and a logger each, makes Mosquitto know them, connects them. */
  static async start(cluster: Cluster, options: FleetOptions): Promise<Fleet> {
    const db = cluster.database.db;
    const fleet = new Fleet(db, mkdtempSync(join(tmpdir(), 'sunfleet-fleet-')));
    try {
      for (let i = 0; i < options.loggers; i++) {
        const station = await createTestStation(db, { companyId: 1, timeZone: 'UTC' });
        const registered = await registerTestLogger(db, {
          sn: `${options.prefix}${String(i).padStart(4, '0')}`,
          companyId: 1,
          stationId: station.id,
        });
        const small = options.smallJournalLast === true && i === options.loggers - 1;
        let proxy: TcpProxy | null = null;
        if (small) {
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
              id: `${options.prefix}-${i}`,
              seed: `${options.prefix}-${i}`,
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
          bufferDir: join(fleet.dir, registered.sn),
          uploadInterval: UPLOAD_MINUTES * 60,
          sampleInterval: 60,
          fsync: false,
          // The protocol's recommended back-off (1 s doubling), capped lower so that runs stay short.
          reconnectMinMs: 1_000,
          reconnectMaxMs: 4_000,
          ...(small ? { journal: { maxBytes: 24_000, segmentBytes: 4_096 } } : {}),
          onTelemetry: (message) => {
            const devs: string[] = [];
            for (const r of message.readings) {
              if (r.dev === registered.sn) continue; // the logger's own measures are not telemetry rows
              const key = `${r.dev}@${r.ts}`;
              if (produced.readings.has(key)) fleet.problems.push(`the harness saw ${key} produced twice`);
              produced.readings.set(key, powerOf(r.values));
              devs.push(key);
            }
            produced.messages.set(message.seq, devs);
          },
        });
        sim.advanceTo(START);
        fleet.loggers.push({ sim, produced, proxy });
      }
      await cluster.syncBrokerFiles();
      for (const logger of fleet.loggers) logger.sim.start();
      await Promise.all(fleet.loggers.map((l) => l.sim.uplink.whenReady()));
      return fleet;
    } catch (err) {
      await fleet.stop();
      throw err;
    }
  }

  /** The loggers' simulated time now, epoch ms. */
  simulatedNow(): number {
    return this.simulated;
  }

  /** Traffic: every `tickMs`, every logger samples one more simulated minute (and uploads every 5). */
  startTraffic(tickMs: number): void {
    this.ticker = setInterval(() => this.tick(1), tickMs);
  }

  stopTraffic(): void {
    if (this.ticker !== null) clearInterval(this.ticker);
    this.ticker = null;
  }

  /** Resolves after `n` more ticks of the traffic. */
  afterTicks(n: number): Promise<void> {
    return new Promise((resolve) => this.tickWaiters.push({ at: this.ticks + n, resolve }));
  }

  /** Moves simulated time on by one upload interval: every logger uploads once more (its loss counter too). */
  uploadOnce(): void {
    this.tick(UPLOAD_MINUTES);
  }

  private tick(minutes: number): void {
    this.simulated += minutes * MINUTE;
    this.ticks += minutes;
    for (const logger of this.loggers) logger.sim.advanceTo(this.simulated);
    for (const waiter of this.tickWaiters.splice(0))
      if (this.ticks >= waiter.at) waiter.resolve();
      else this.tickWaiters.push(waiter);
  }

  /** Resolves when every logger has delivered (PUBACK) all it holds. */
  async drained(): Promise<void> {
    await Promise.all(this.loggers.map((l) => l.sim.uplink.whenDrained()));
  }

  producedCount(): number {
    return this.loggers.reduce((n, l) => n + l.produced.readings.size, 0);
  }

  /** Readings that must be stored by now: produced, less what journals dropped. */
  expected(): number {
    return this.producedCount() - this.loggers.reduce((n, l) => n + droppedOf(l), 0);
  }

  async storedCount(): Promise<number> {
    const [row] = await queryRows<{ n: number }>(this.db, sql`select count(*)::int as n from telemetry`);
    return row?.n ?? 0;
  }

  /** Resolves once `target` readings are stored (polling the database), with the time it took. */
  async caughtUp(
    target: number,
    deadlineMs: number,
    log: (line: string) => void = () => undefined,
  ): Promise<number> {
    const t0 = Date.now();
    let reported = t0;
    for (;;) {
      const n = await this.storedCount().catch(() => -1);
      if (n >= target) return Date.now() - t0;
      if (Date.now() - reported >= 10_000) {
        reported = Date.now();
        log(`  … ${n} of ${target} readings stored`);
      }
      if (Date.now() - t0 > deadlineMs)
        throw new Error(`only ${n} of ${target} readings stored after ${deadlineMs} ms`);
      await delay(50);
    }
  }

  /** Every reading produced against the rows in `telemetry` (see ReadingsCheck). */
  async verify(): Promise<ReadingsCheck> {
    const problems = [...this.problems];
    const rows = await queryRows<{ sn: string; ts: Date; power_w: number | null }>(
      this.db,
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
    for (const logger of this.loggers) {
      const { droppedMessages } = logger.sim.stats().journal;
      let wholeMissing = 0;
      /** Messages with readings missing beyond what the journal counted: seq and simulated time. */
      const unexplained: string[] = [];
      for (const [seq, keys] of logger.produced.messages) {
        const missing = keys.filter((k) => !stored.has(k));
        if (missing.length === keys.length && keys.length > 0 && wholeMissing < droppedMessages) {
          wholeMissing += 1;
          droppedByLogger += missing.length;
          for (const key of missing) dropped.add(key);
        } else if (missing.length > 0) {
          lost += missing.length;
          const ts = Number(keys[0]?.split('@')[1]);
          unexplained.push(
            `seq ${seq} (${new Date(ts).toISOString().slice(11, 16)}, ${missing.length} of ${keys.length})`,
          );
        }
      }
      // Which messages, so a failed run says when they were produced against the faults' times.
      if (unexplained.length > 0)
        problems.push(`${logger.sim.sn}: readings missing from ${unexplained.slice(0, 12).join(', ')}`);
      // A message the journal drops while it is in flight (sent, no PUBACK yet) may still arrive: it is
      // counted as dropped and stored. At most the in-flight window (16, docs/protocol.md) can be such.
      const arrivedAnyway = droppedMessages - wholeMissing;
      if (arrivedAnyway < 0 || arrivedAnyway > 16)
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
      if (!this.loggers.some((l) => l.produced.readings.has(key)))
        problems.push(`stored but never produced: ${key}`);
    if (lost > 0) problems.push(`${lost} readings lost`);
    if (duplicated > 0) problems.push(`${duplicated} readings stored twice`);
    if (altered > 0) problems.push(`${altered} readings stored with other values than produced`);
    return {
      produced: this.producedCount(),
      stored: rows.length,
      duplicated,
      lost,
      droppedByLogger,
      altered,
      perDevice: perDeviceSums(this.loggers, dropped, stored, storedPower),
      problems,
    };
  }

  async stop(): Promise<void> {
    this.stopTraffic();
    for (const logger of this.loggers) {
      await logger.sim.stop().catch(() => undefined);
      await logger.proxy?.stop();
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Device readings a logger's journal dropped (its count includes the logger's own reading per sample). */
function droppedOf(logger: FleetLogger): number {
  const { droppedReadings } = logger.sim.stats().journal;
  const devices = logger.sim.devices.devices.filter((d) => d.readable).length;
  return (droppedReadings * devices) / (devices + 1);
}

function perDeviceSums(
  fleet: readonly FleetLogger[],
  dropped: ReadonlySet<string>,
  stored: ReadonlyMap<string, number>,
  storedPower: ReadonlyMap<string, number | null>,
): ReadingsCheck['perDevice'] {
  const out: ReadingsCheck['perDevice'] = [];
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
