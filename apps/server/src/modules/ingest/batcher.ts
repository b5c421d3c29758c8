// Group commit: callers add items and wait; the batcher writes many of them in one transaction and
// settles each caller with its own outcome. A batch is written when it reaches `maxWeight`, when the
// oldest item has waited `maxDelayMs`, at once when a previous write finishes with items waiting (they
// have waited a whole write already), and — when the caller says nothing else is on its way (`idle`) —
// as soon as the I/O already received has been handled: waiting longer would only add latency, and a
// broker that reads a logger's next messages only after the current ones are acknowledged would sit idle. Transient failures retry the whole batch with back-off and
// then reject every caller (the broker withholds their PUBACKs); any other failure splits the batch so
// one poison item cannot block the rest, and the item that still fails alone goes to `onPoison`.
import type { Logger } from 'pino';
import { isTransient } from './transient.js';

export interface BatcherOptions<T> {
  name: string;
  maxWeight: number;
  maxDelayMs: number;
  /** Batches written at the same time (1 on PGlite, which has one connection). */
  concurrency: number;
  /** Total tries of a batch on transient errors. */
  tries?: number;
  backoffMs?: number;
  /** Writes the items in one transaction: all or nothing. */
  write(items: T[]): Promise<void>;
  /** Sets an item aside that failed alone for a non-transient reason (e.g. as a dead letter). */
  onPoison(item: T, err: unknown): Promise<void>;
  /** True when no item is being prepared that could join the next batch soon. */
  idle?(): boolean;
  /** After a batch committed and its callers were settled. */
  afterCommit?(items: T[]): void;
  log: Logger;
}

interface Entry<T> {
  item: T;
  weight: number;
  resolve: () => void;
  reject: (err: unknown) => void;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export class Batcher<T> {
  private queue: Entry<T>[] = [];
  private queuedWeight = 0;
  private inFlight = 0;
  private timer: NodeJS.Timeout | null = null;
  private immediate: NodeJS.Immediate | null = null;
  private idleWaiters: (() => void)[] = [];
  private readonly tries: number;
  private readonly backoffMs: number;

  constructor(private readonly opts: BatcherOptions<T>) {
    this.tries = opts.tries ?? 3;
    this.backoffMs = opts.backoffMs ?? 100;
  }

  /** Resolves once the item is committed or set aside; rejects when it must be redelivered. */
  add(item: T, weight: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ item, weight, resolve, reject });
      this.queuedWeight += weight;
      if (this.queuedWeight >= this.opts.maxWeight) this.kick();
      else {
        this.timer ??= setTimeout(() => this.kick(), this.opts.maxDelayMs);
        this.kickIfIdle();
      }
    });
  }

  /**
   * Writes now when a writer is free and the caller has nothing else on its way. The write starts after
   * the I/O callbacks of this loop turn, so messages that arrived together on other sockets join it.
   */
  kickIfIdle(): void {
    if (this.queue.length === 0 || this.inFlight >= this.opts.concurrency || this.immediate !== null) return;
    if (!(this.opts.idle?.() ?? false)) return;
    this.immediate = setImmediate(() => {
      this.immediate = null;
      if (this.opts.idle?.() ?? false) this.kick();
    });
  }

  /** Writes everything queued and waits for the writes in flight. */
  async drain(): Promise<void> {
    this.kick();
    if (this.queue.length === 0 && this.inFlight === 0) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  private kick(): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.inFlight < this.opts.concurrency && this.queue.length > 0) {
      const batch = this.take();
      this.inFlight += 1;
      void this.run(batch).finally(() => {
        this.inFlight -= 1;
        if (this.queue.length > 0) this.kick();
        else if (this.inFlight === 0) for (const wake of this.idleWaiters.splice(0)) wake();
      });
    }
  }

  /** The oldest items up to maxWeight (at least one, however heavy). */
  private take(): Entry<T>[] {
    let weight = 0;
    let n = 0;
    for (const entry of this.queue) {
      if (n > 0 && weight + entry.weight > this.opts.maxWeight) break;
      weight += entry.weight;
      n += 1;
    }
    this.queuedWeight -= weight;
    return this.queue.splice(0, n);
  }

  /** Never rejects: every entry is settled. */
  private async run(batch: Entry<T>[]): Promise<void> {
    try {
      const items = batch.map((e) => e.item);
      await this.writeWithRetry(items);
      for (const e of batch) e.resolve();
      this.afterCommit(items);
    } catch (err) {
      if (isTransient(err)) {
        this.opts.log.warn(
          { err, items: batch.length, batcher: this.opts.name },
          'batch not stored; asking for redelivery',
        );
        for (const e of batch) e.reject(err);
      } else if (batch.length > 1) {
        // Halving isolates a poison item in log2(n) rounds; the healthy halves commit on the way.
        const middle = Math.ceil(batch.length / 2);
        await this.run(batch.slice(0, middle));
        await this.run(batch.slice(middle));
      } else {
        const [entry] = batch;
        if (entry === undefined) return;
        this.opts.log.warn(
          { err, batcher: this.opts.name },
          'item refused by the database; setting it aside',
        );
        await this.opts.onPoison(entry.item, err).then(entry.resolve, entry.reject);
      }
    }
  }

  private afterCommit(items: T[]): void {
    try {
      this.opts.afterCommit?.(items);
    } catch (err) {
      this.opts.log.error({ err, batcher: this.opts.name }, 'after-commit hook failed');
    }
  }

  private async writeWithRetry(items: T[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.opts.write(items);
        return;
      } catch (err) {
        if (!isTransient(err) || attempt >= this.tries) throw err;
        await sleep(this.backoffMs * 2 ** (attempt - 1));
      }
    }
  }
}
