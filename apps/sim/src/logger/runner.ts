// Drives simulated loggers in (accelerated) real time: a clock mapping wall time to simulated time, and a
// ticker advancing every logger to the clock's now. With `capAtRealTime` (the default for loggers that
// talk to a cloud, which refuses readings from the future) an accelerated run that started in the past
// catches up to the present and then continues at 1×.
import type { SimLogger } from './sim-logger.js';

export interface SimClockOptions {
  /** Simulated time at the start, epoch ms (default: now). */
  start?: number;
  /** Simulated seconds per real second (default 1). */
  acceleration?: number;
  capAtRealTime?: boolean;
  realNow?: () => number;
}

export class SimClock {
  readonly start: number;
  readonly acceleration: number;
  private readonly realStart: number;
  private readonly cap: boolean;
  private readonly realNow: () => number;

  constructor(opts: SimClockOptions = {}) {
    this.realNow = opts.realNow ?? Date.now;
    this.realStart = this.realNow();
    this.start = opts.start ?? this.realStart;
    this.acceleration = opts.acceleration ?? 1;
    if (!(this.acceleration > 0)) throw new RangeError('the acceleration must be positive');
    this.cap = opts.capAtRealTime ?? true;
  }

  now(): number {
    const real = this.realNow();
    const simulated = this.start + (real - this.realStart) * this.acceleration;
    return this.cap && this.start <= this.realStart ? Math.min(simulated, real) : simulated;
  }
}

export interface Runner {
  stop(): Promise<void>;
}

/** Starts the loggers and advances them every `tickMs` (default: a sample interval of simulated time). */
export function runLoggers(loggers: readonly SimLogger[], clock: SimClock, tickMs?: number): Runner {
  const now = clock.now();
  for (const logger of loggers) {
    logger.advanceTo(now);
    logger.start();
  }
  const tick = tickMs ?? Math.min(Math.max(60_000 / clock.acceleration, 50), 1_000);
  const timer = setInterval(() => {
    const at = clock.now();
    for (const logger of loggers) logger.advanceTo(at);
  }, tick);
  return {
    stop: async () => {
      clearInterval(timer);
      await Promise.all(loggers.map((l) => l.stop()));
    },
  };
}

/** Resolves at SIGINT or SIGTERM (or after `seconds`, when given). */
export async function untilSignal(seconds?: number): Promise<string> {
  return new Promise((resolve) => {
    const done = (why: string): void => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      if (timer) clearTimeout(timer);
      resolve(why);
    };
    const onInt = (): void => done('SIGINT');
    const onTerm = (): void => done('SIGTERM');
    process.once('SIGINT', onInt);
    process.once('SIGTERM', onTerm);
    const timer = seconds === undefined ? null : setTimeout(() => done('duration'), seconds * 1_000);
  });
}
