// The small shared worker helper of background queues (ENGINEERING §7 "One job mechanism"): a round runs
// now, then every intervalMs, and at once (coalesced) when kicked; never two rounds of one loop at a time
// in a process. Rounds claim their work in the database (FOR UPDATE SKIP LOCKED, leases), so several
// processes may run the same loop side by side. The rollup worker and the command dispatcher follow the
// same shape with their own code; new queues use this.
import type { Logger } from 'pino';

export interface WorkerLoopOptions {
  name: string;
  intervalMs: number;
  log: Logger;
  /** One round of work; a failure is logged and the next round retries. */
  round: () => Promise<unknown>;
  /** A kick waits this long so a burst becomes one round (default 20 ms). */
  kickDelayMs?: number;
}

export class WorkerLoop {
  private timer: NodeJS.Timeout | null = null;
  private kickTimer: NodeJS.Timeout | null = null;
  private active: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(private readonly opts: WorkerLoopOptions) {}

  start(): void {
    this.stopped = false;
    this.timer ??= setInterval(() => this.run(), this.opts.intervalMs);
    this.timer.unref();
    this.run();
  }

  /** Asks for a round soon; kicks while one is pending or running are coalesced into one more. */
  kick(): void {
    if (this.stopped || this.kickTimer !== null) return;
    this.kickTimer = setTimeout(() => {
      this.kickTimer = null;
      this.run();
    }, this.opts.kickDelayMs ?? 20);
    this.kickTimer.unref();
  }

  /** Stops the timers and waits for a round in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearInterval(this.timer);
    if (this.kickTimer !== null) clearTimeout(this.kickTimer);
    this.timer = null;
    this.kickTimer = null;
    this.again = false;
    await this.active;
  }

  private run(): void {
    if (this.stopped) return;
    if (this.active !== null) {
      this.again = true;
      return;
    }
    this.active = this.opts
      .round()
      .then(() => undefined)
      .catch((err: unknown) => this.opts.log.warn({ err }, `${this.opts.name} round failed; will retry`))
      .finally(() => {
        this.active = null;
        if (this.again) {
          this.again = false;
          this.run();
        }
      });
  }
}
