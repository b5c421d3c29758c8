// Requests first on the embedded database. PGlite is one connection inside this process and runs each
// statement on the event loop: while a background transaction (an ingest batch, a rollup drain, a facts
// refresh) runs, an API request can neither query nor even be read. During a backfill the background
// work never stops, so every query of a request used to wait for a whole background transaction.
//
// The gate lets background transactions through one at a time, and only while no API request is being
// answered and none has ended in the last `quietMs` (a page's next request follows the previous one
// closely); a background transaction that has waited `maxWaitMs` goes anyway, so a busy console slows
// a backfill down but cannot stop it. A request that arrives while a background transaction runs waits
// for that one only. PostgreSQL needs none of this: every request has a connection of its own.

export interface PriorityOptions {
  quietMs: number;
  maxWaitMs: number;
}

export const DEFAULT_PRIORITY: PriorityOptions = { quietMs: 20, maxWaitMs: 1_000 };

interface Waiter {
  since: number;
  start: () => void;
}

export class PriorityGate {
  private requests = 0;
  private lastRequestEnd = Number.NEGATIVE_INFINITY;
  private running = false;
  private readonly waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly opts: PriorityOptions = DEFAULT_PRIORITY,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** An API request is being answered until the returned function is called (idempotent). */
  request(): () => void {
    this.requests += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.requests -= 1;
      this.lastRequestEnd = this.now();
      this.next();
    };
  }

  /** Runs `work` (one background transaction) when its turn comes. Never nest: it would wait for itself. */
  async background<T>(work: () => Promise<T>): Promise<T> {
    await new Promise<void>((start) => {
      this.waiters.push({ since: this.now(), start });
      this.next();
    });
    try {
      return await work();
    } finally {
      this.running = false;
      this.next();
    }
  }

  /** Background transactions waiting for their turn (tests, metrics). */
  get waiting(): number {
    return this.waiters.length;
  }

  /** Starts the oldest waiter if its turn has come, else wakes up when it will have. */
  private next(): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const first = this.waiters[0];
    if (this.running || first === undefined) return;
    const now = this.now();
    const quietAt = this.requests === 0 ? this.lastRequestEnd + this.opts.quietMs : Number.POSITIVE_INFINITY;
    const at = Math.min(quietAt, first.since + this.opts.maxWaitMs);
    if (at <= now) {
      this.waiters.shift();
      this.running = true;
      first.start();
      return;
    }
    this.timer = setTimeout(() => this.next(), Math.ceil(at - now));
  }
}
