// The fleet driver with thousands of loggers: first connects spread over a window, and stepping that
// lets I/O through between slices (tested here with stand-in loggers; backfill.test.ts drives real ones).
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { SimLogger } from '../logger/sim-logger.js';
import { until } from '../testing/fixtures.js';
import { FleetDriver } from './driver.js';

/** The part of a SimLogger the driver uses, recording what happens to it. */
function standIn(sn: string, events: string[]): SimLogger {
  const logger = {
    sn,
    uploadInterval: 60,
    journal: { size: 0 },
    uplink: new EventEmitter(),
    startDelays: [] as number[],
    start(delayMs = 0): void {
      logger.startDelays.push(delayMs);
    },
    setBackfilling(): void {},
    advanceTo(ts: number): void {
      events.push(`${sn}@${ts}`);
    },
  };
  return logger as unknown as SimLogger;
}

const delaysOf = (logger: SimLogger): number[] =>
  (logger as unknown as { startDelays: number[] }).startDelays;

describe('the fleet driver with many loggers', () => {
  it('spreads the first connects over the window, each at its own random delay', async () => {
    const events: string[] = [];
    const loggers = Array.from({ length: 5 }, (_, i) => standIn(`L${i}`, events));
    const draws = [0, 0.2, 0.5, 0.75, 0.999];
    let now = 60_000;
    const driver = new FleetDriver({
      loggers,
      from: loggers.map(() => now),
      target: () => now,
      connectSpreadMs: 40_000,
      random: () => draws.shift() ?? 0,
    });
    const running = driver.start();
    expect(loggers.map((l) => delaysOf(l))).toEqual([[0], [8_000], [20_000], [30_000], [39_960]]);
    now += 60_000;
    await driver.stop();
    await running;
  });

  it('connects every logger at once without a window', async () => {
    const loggers = Array.from({ length: 3 }, (_, i) => standIn(`L${i}`, []));
    const driver = new FleetDriver({ loggers, from: [0, 0, 0], target: () => 0, random: () => 0.5 });
    const running = driver.start();
    expect(loggers.map((l) => delaysOf(l))).toEqual([[0], [0], [0]]);
    await driver.stop();
    await running;
  });

  it('refuses a negative window', () => {
    expect(() => new FleetDriver({ loggers: [], from: [], target: () => 0, connectSpreadMs: -1 })).toThrow(
      'the connect spread must be ≥ 0 ms',
    );
  });

  /** Steps 4 loggers across one minute and says where I/O (a setImmediate) got in between. */
  async function minuteStep(sliceMs: number): Promise<string[]> {
    const events: string[] = [];
    const loggers = Array.from({ length: 4 }, (_, i) => standIn(`L${i}`, events));
    let now = 60_000;
    const driver = new FleetDriver({
      loggers,
      from: loggers.map(() => now),
      target: () => now,
      sliceMs,
      tickMs: 5,
    });
    const running = driver.start();
    events.length = 0;
    now = 120_000;
    // Pending I/O of the event loop while the minute is stepped.
    const io = (): void => {
      events.push('io');
      if (events.filter((e) => e.endsWith('@120000')).length < 4) setImmediate(io);
    };
    setImmediate(io);
    await until(() => events.filter((e) => e.endsWith('@120000')).length === 4, 'the minute stepped');
    await driver.stop();
    await running;
    return events.filter((e) => e === 'io' || e.endsWith('@120000'));
  }

  it('lets I/O through between slices of a long pass over the loggers', async () => {
    const sliced = await minuteStep(0);
    const steps = sliced.map((e, i) => (e === 'io' ? -1 : i)).filter((i) => i >= 0);
    // With a slice of 0 ms every logger is stepped in a turn of its own, with I/O between.
    for (let k = 1; k < steps.length; k++) expect(steps[k]! - steps[k - 1]!).toBeGreaterThan(1);
    const whole = await minuteStep(Number.POSITIVE_INFINITY);
    const first = whole.findIndex((e) => e !== 'io');
    expect(whole.slice(first, first + 4).every((e) => e !== 'io')).toBe(true);
  });
});
