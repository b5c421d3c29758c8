// Drives the loggers of a fleet on one clock. A logger whose simulated time is far behind the target
// catches up as fast as the broker acknowledges: it advances a few upload intervals at a time only while
// its journal holds fewer than `highWater` unacknowledged messages, so nothing is dropped from the bounded
// journal and a slow ingest slows the catch-up instead of losing data. Loggers are held back one by one:
// one that cannot deliver (broker down, wrong secret) does not stop the others. Catch-up uploads are
// flagged `backlog: true` (history, as from a logger's buffer); with a finite `pace` the past plays as a
// time-lapse instead, at `pace` simulated seconds per real second, with live uploads. Within one upload
// interval of the target a logger is live and simply follows the clock.
//
// Thousands of loggers: their first connects can be spread over `connectSpreadMs` (a fleet powering up
// together does not reach the broker in the same millisecond, and a broker answers a storm of CONNECTs
// slower than its loggers' connect timeouts), and a pass over them yields to the event loop every
// `sliceMs` — stepping 10,000 loggers across a minute boundary takes seconds, and meanwhile PUBACKs,
// CONNACKs and keepalives must still be read, or connections time out although the broker answered.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SimLogger } from '../logger/sim-logger.js';

export interface CatchUpProgress {
  /** Loggers still catching up. */
  behind: number;
  loggers: number;
  /** Share of the simulated time to catch up that is done and acknowledged (about), 0…1. */
  fraction: number;
  doneMs: number;
  totalMs: number;
  /** Readings and messages acknowledged by the broker since the start. */
  readings: number;
  messages: number;
  elapsedMs: number;
  /** Estimated real time left, ms (null until something is done). */
  etaMs: number | null;
}

export interface FleetDriverOptions {
  loggers: readonly SimLogger[];
  /** Where each logger starts, epoch ms (same order as `loggers`). */
  from: readonly number[];
  /** The simulated time to reach: the wall clock (`run`) or a fixed instant (`backfill`). */
  target: () => number;
  /** Simulated seconds per real second while catching up (default Infinity: as fast as acknowledged). */
  pace?: number;
  /** Flag every upload as backlog, live ones too (a backfill). */
  backfill?: boolean;
  /** Unacknowledged messages per logger before its catch-up waits (default 32: twice the in-flight window). */
  highWater?: number;
  /** Upload intervals per catch-up step (default 8). */
  chunkUploads?: number;
  /** How often live loggers follow the clock, ms (default 1000). */
  tickMs?: number;
  realNow?: () => number;
  /** First connects spread over this many ms, each logger at a uniform random delay (default 0: at once). */
  connectSpreadMs?: number;
  /** Uniform draws in [0, 1) for the connect spread (default Math.random). */
  random?: () => number;
  /** Stepping in one go before letting I/O through, ms (default 20). */
  sliceMs?: number;
}

interface Track {
  logger: SimLogger;
  from: number;
  /** The argument of the last advanceTo: every sample up to it is taken. */
  at: number;
  /** Target when the run started (what the progress measures against). */
  goal: number;
  catchingUp: boolean;
}

export class FleetDriver {
  private readonly opts: Required<Omit<FleetDriverOptions, 'loggers' | 'from' | 'target'>> &
    Pick<FleetDriverOptions, 'target'>;
  private readonly tracks: Track[];
  private readonly realStart: number;
  private stopped = false;
  private wakeUp: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private readings = 0;
  private messages = 0;

  constructor(options: FleetDriverOptions) {
    if (options.from.length !== options.loggers.length) throw new RangeError('one start per logger');
    this.opts = {
      pace: Number.POSITIVE_INFINITY,
      backfill: false,
      highWater: 32,
      chunkUploads: 8,
      tickMs: 1_000,
      realNow: Date.now,
      connectSpreadMs: 0,
      random: Math.random,
      sliceMs: 20,
      ...options,
    };
    if (!(this.opts.pace > 0)) throw new RangeError('the pace must be positive');
    if (!(this.opts.connectSpreadMs >= 0)) throw new RangeError('the connect spread must be ≥ 0 ms');
    this.realStart = this.opts.realNow();
    const goal = options.target();
    this.tracks = options.loggers.map((logger, i) => {
      const from = Math.min(options.from[i] as number, goal);
      logger.advanceTo(from);
      return { logger, from, at: from, goal, catchingUp: goal - from > this.liveLagMs(logger) };
    });
    for (const track of this.tracks) {
      track.logger.uplink.on('delivered', (entry) => {
        this.messages++;
        this.readings += entry.readings;
        // A logger catching up may take its next step now; a live one follows the clock anyway (waking a
        // pass over 10,000 loggers for each of their uploads cost seconds a minute).
        if (track.catchingUp) this.wake();
      });
    }
  }

  /** Connects every logger and starts driving them; resolves when stopped (rejects on a logger's failure). */
  start(): Promise<void> {
    const spread = this.opts.connectSpreadMs;
    for (const { logger } of this.tracks) logger.start(spread > 0 ? this.opts.random() * spread : 0);
    this.loop ??= this.run();
    return this.loop;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.loop?.catch(() => undefined);
  }

  private liveLagMs(logger: SimLogger): number {
    return Math.max(logger.uploadInterval * 1_000, 60_000);
  }

  private wake(): void {
    const wake = this.wakeUp;
    this.wakeUp = null;
    wake?.();
  }

  private async idle(): Promise<void> {
    if (this.stopped) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      this.wakeUp = resolve;
      timer = setTimeout(resolve, this.opts.tickMs);
    });
    clearTimeout(timer);
    this.wakeUp = null;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const worked = await this.round();
      if (worked) await nextTurn();
      else await this.idle();
    }
  }

  /**
   * One pass over the loggers, letting I/O through every `sliceMs`; true when a catch-up step was taken
   * (more may follow at once).
   */
  private async round(): Promise<boolean> {
    const now = this.opts.target();
    const o = this.opts;
    let worked = false;
    let sliceStart = performance.now();
    for (const track of this.tracks) {
      if (performance.now() - sliceStart >= o.sliceMs) {
        await nextTurn();
        if (this.stopped) break;
        sliceStart = performance.now();
      }
      const { logger } = track;
      if (track.at >= now) continue;
      if (now - track.at <= this.liveLagMs(logger)) {
        track.catchingUp = false;
        logger.setBackfilling(o.backfill);
        logger.advanceTo(now);
        track.at = now;
        continue;
      }
      if (logger.journal.size >= o.highWater) continue;
      let to = Math.min(now, track.at + o.chunkUploads * logger.uploadInterval * 1_000);
      if (Number.isFinite(o.pace)) {
        to = Math.min(to, track.from + (o.realNow() - this.realStart) * o.pace);
        if (to <= track.at) continue;
      }
      logger.setBackfilling(o.backfill || !Number.isFinite(o.pace));
      logger.advanceTo(to);
      track.at = to;
      track.catchingUp = now - to > this.liveLagMs(logger);
      worked = true;
    }
    return worked;
  }

  /** True when every logger has reached `target` and the broker has acknowledged everything. */
  finished(): boolean {
    const target = this.opts.target();
    return this.tracks.every((t) => t.at >= target && t.logger.journal.size === 0);
  }

  /** Resolves when finished() holds (checked after every acknowledgement and tick). */
  async whenFinished(): Promise<void> {
    while (!this.finished()) {
      if (this.stopped) throw new Error('stopped before the end');
      await new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          for (const { logger } of this.tracks) logger.uplink.off('delivered', done);
          resolve();
        };
        const timer = setTimeout(done, 200);
        for (const { logger } of this.tracks) logger.uplink.on('delivered', done);
      });
    }
  }

  progress(): CatchUpProgress {
    let doneMs = 0;
    let totalMs = 0;
    let behind = 0;
    for (const t of this.tracks) {
      const span = Math.max(t.goal - t.from, 0);
      totalMs += span;
      // What is journaled but not yet acknowledged is not done: about one upload interval per message.
      const unacknowledged = t.logger.journal.size * t.logger.uploadInterval * 1_000;
      doneMs += Math.min(Math.max(t.at - t.from - unacknowledged, 0), span);
      if (t.catchingUp) behind++;
    }
    const fraction = totalMs === 0 ? 1 : doneMs / totalMs;
    const elapsedMs = this.opts.realNow() - this.realStart;
    return {
      behind,
      loggers: this.tracks.length,
      fraction,
      doneMs,
      totalMs,
      readings: this.readings,
      messages: this.messages,
      elapsedMs,
      etaMs:
        fraction > 0 && fraction < 1 ? (elapsedMs * (1 - fraction)) / fraction : fraction >= 1 ? 0 : null,
    };
  }
}
