// The `sim.readings` benchmark (bench/sim.ts): simulated device readings per second on one core — the
// fleet's loggers stepping their physics, refreshing the register images, sampling and journaling
// telemetry (no fsync, no broker) — against a baseline of the same run: JSON.stringify of the very same
// telemetry messages from precomputed objects, the least any simulator must do to emit a reading. The
// ratio (≤ 1) says which share of bare serialisation speed the simulation keeps, on any machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FleetFile, Reading } from '@sunfleet/contracts';
import { SimLogger } from '../logger/sim-logger.js';
import { fleetLoggers, simLoggerOptions } from './fleet-sites.js';

export interface ReadingsBenchmark {
  /** Device readings produced (the loggers' own readings not counted). */
  readings: number;
  simulatedHours: number;
  ms: number;
  perSecond: number;
  baselineMs: number;
  baselinePerSecond: number;
}

export interface ReadingsBenchmarkOptions {
  fleet: FleetFile;
  /** Simulated start, epoch ms (default 2026-06-10T00:00Z, a June day: long days everywhere north). */
  start?: number;
  hours: number;
}

/** Runs the fleet over `hours` of simulated time as fast as one core allows; see the file comment. */
export function measureSimReadings(opts: ReadingsBenchmarkOptions): ReadingsBenchmark {
  const dir = mkdtempSync(join(tmpdir(), 'sf-bench-'));
  const start = opts.start ?? Date.parse('2026-06-10T00:00:00Z');
  const end = start + opts.hours * 3_600_000;
  const loggers = fleetLoggers(opts.fleet).map(
    (entry) =>
      new SimLogger({
        ...simLoggerOptions(opts.fleet, entry, {
          brokerUrl: 'mqtt://127.0.0.1:9',
          stateDir: dir,
          secret: 'bench',
          fsync: false,
        }),
      }),
  );
  try {
    for (const logger of loggers) {
      logger.advanceTo(start);
      logger.setBackfilling(true);
    }
    // Only the stepping is timed; after each step the journal is emptied as a broker's acks would
    // (untimed), keeping the messages' text for the baseline.
    const texts: string[] = [];
    let ms = 0;
    const stepMs = 300_000;
    for (let t = start + stepMs; t <= end; t += stepMs) {
      const began = performance.now();
      for (const logger of loggers) logger.advanceTo(t);
      ms += performance.now() - began;
      for (const logger of loggers) {
        const journal = logger.journal;
        for (let e = journal.firstPendingFrom(0); e; e = journal.firstPendingFrom(e.id + 1)) {
          if (e.kind === 'telemetry') texts.push(e.text);
          journal.ack(e.id);
        }
      }
    }
    const loggerSns = new Set(loggers.map((l) => l.sn));
    const messages = texts.map((text) => JSON.parse(text) as { readings: Reading[] });
    let readings = 0;
    for (const m of messages) for (const r of m.readings) if (!loggerSns.has(r.dev)) readings++;
    const baselineBegan = performance.now();
    let bytes = 0;
    for (const message of messages) bytes += JSON.stringify(message).length;
    const baselineMs = Math.max(performance.now() - baselineBegan, 1e-3);
    if (bytes === 0 && readings > 0) throw new Error('nothing serialised');
    return {
      readings,
      simulatedHours: opts.hours,
      ms,
      perSecond: (readings * 1_000) / ms,
      baselineMs,
      baselinePerSecond: (readings * 1_000) / baselineMs,
    };
  } finally {
    for (const logger of loggers) logger.journal.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
