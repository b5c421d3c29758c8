// Progress output (a bar redrawn in place on a terminal, throttled lines otherwise) and the benchmark
// helper behind `sim.readings`.
import { describe, expect, it } from 'vitest';
import { demoFleetPath } from '../cli/fleet-options.js';
import { measureSimReadings } from './bench.js';
import type { CatchUpProgress } from './driver.js';
import { readFleetFile } from './fleet-file.js';
import { formatDuration, ProgressPrinter, progressBar } from './progress.js';

const HALF: CatchUpProgress = {
  behind: 2,
  loggers: 3,
  fraction: 0.5,
  doneMs: 12 * 3_600_000,
  totalMs: 24 * 3_600_000,
  readings: 12_345,
  messages: 300,
  elapsedMs: 10_000,
  etaMs: 10_000,
};

describe('progress', () => {
  it('formats durations and bars', () => {
    expect(formatDuration(42_400)).toBe('42 s');
    expect(formatDuration(185_000)).toBe('3 min 05 s');
    expect(formatDuration(7_620_000)).toBe('2 h 07 min');
    expect(progressBar(0.5, 10)).toBe('[#####-----]');
    expect(progressBar(2, 4)).toBe('[####]');
  });

  it('redraws one bar on a terminal and ends its line', () => {
    const written: string[] = [];
    let now = 0;
    const printer = new ProgressPrinter(
      { tty: true, write: (t) => written.push(t) },
      'backfill',
      200,
      () => now,
    );
    printer.update(HALF);
    printer.update({ ...HALF, fraction: 0.6 }); // too soon: skipped
    now = 250;
    printer.update({ ...HALF, fraction: 1, doneMs: HALF.totalMs, etaMs: 0 });
    printer.finish();
    expect(written).toEqual([
      '\r[############------------] backfill 50.0% 12.0/24.0 h simulated, 12,345 readings (1,235/s), ETA 10 s\u001b[K',
      '\r[########################] backfill 100.0% 24.0/24.0 h simulated, 12,345 readings (1,235/s), ETA 0 s\u001b[K',
      '\n',
    ]);
  });

  it('prints plain lines every few seconds elsewhere', () => {
    const written: string[] = [];
    let now = 0;
    const printer = new ProgressPrinter(
      { tty: false, write: (t) => written.push(t) },
      'backfill',
      5_000,
      () => now,
    );
    printer.update({ ...HALF, etaMs: null });
    now = 4_000;
    printer.update(HALF);
    now = 5_000;
    printer.update(HALF);
    printer.finish();
    expect(written).toEqual([
      'backfill 50.0% 12.0/24.0 h simulated, 12,345 readings (1,235/s), ETA …\n',
      'backfill 50.0% 12.0/24.0 h simulated, 12,345 readings (1,235/s), ETA 10 s\n',
    ]);
  });
});

describe('the sim.readings benchmark helper', () => {
  it('counts the device readings it simulated and measures a serialisation baseline', () => {
    const demo = readFleetFile(demoFleetPath());
    const fleet = { ...demo, stations: demo.stations.slice(0, 2) };
    const r = measureSimReadings({ fleet, hours: 1 });
    // Munich: inverter, battery, meter; Seville: ten inverters and a weather station — twelve 5-minute samples.
    expect(r.readings).toBe((3 + 11) * 12);
    expect(r.perSecond).toBeGreaterThan(0);
    expect(r.baselinePerSecond).toBeGreaterThan(0);
    expect(r.simulatedHours).toBe(1);
  });
});
