// The chaos run, bounded, in CI (docs/chaos.md): three loggers through a private Mosquitto and PostgreSQL
// while every fault is played once; nothing may be lost, stored twice or altered, rollups must equal a
// recomputation, the API must answer 5003 while the database is down and the loss counter must match.
// `npm run chaos` runs the longer version with more loggers.
import { describe, expect, it } from 'vitest';
import { postgresBinDir } from '../../apps/server/test/support/postgres-instance.js';
import { mosquittoInstalled } from '../../apps/server/test/support/mosquitto-process.js';
import { FAULTS, runChaos } from './chaos.js';
import { printReport } from './report.js';

// Skipped on a machine without Mosquitto's and PostgreSQL's binaries (the private instances need them).
const runnable = mosquittoInstalled() && postgresBinDir() !== null;

describe.skipIf(!runnable)('chaos: private Mosquitto and PostgreSQL, every fault once', () => {
  it('loses, duplicates and alters no reading through every fault', async () => {
    const report = await runChaos({
      loggers: 3,
      tickMs: 100,
      quietMinutes: 10,
      downMs: 1_000,
      faults: FAULTS,
    });
    printReport(report);
    expect(report.problems).toEqual([]);
    expect(report.faults.map((f) => f.fault)).toEqual([
      'mosquitto-restart-1',
      'ingest-sigkill',
      'postgres-restart',
      'mosquitto-restart-2',
      'journal-overfill',
    ]);
    expect(report.lost).toBe(0);
    expect(report.duplicated).toBe(0);
    expect(report.altered).toBe(0);
    expect(report.stored).toBe(report.produced - report.droppedByLogger);
    expect(report.droppedByLogger).toBeGreaterThan(0);
    expect(report.lossCounter?.reported).toBe(report.lossCounter?.journal);
    expect(report.apiWhileDown.map((a) => a.status)).toEqual([5003, 5003]);
    expect(report.rollupMismatches).toBe(0);
    expect(report.rollupSamplesEqualRows).toBe(true);
  });
});
