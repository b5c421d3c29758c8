// Many callers asking for single keys, answered by few queries: keys asked for while a query runs wait and
// go together in the next one (at most `batchMax` keys each), and at most `concurrency` queries run at
// once, so a burst of callers holds that many database connections however large it is — the rest wait
// here, not in the connection pool, where they would time out (a connection storm of loggers: each
// CONNECT is one logger authentication). Beyond `maxWaiting` waiting keys a new one is refused at once
// with LookupBusyError instead of queueing without bound.

export interface BatchedLookupOptions<K, V> {
  /** Answers the keys it finds; a key missing from the map is not there (the caller gets undefined). */
  load: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>;
  /** Keys per query (default 500). */
  batchMax?: number;
  /** Queries at once (default 2). */
  concurrency?: number;
  /** Keys waiting for a query beyond which new ones are refused (default 50,000). */
  maxWaiting?: number;
}

/** Too many lookups are waiting: try again later. */
export class LookupBusyError extends Error {
  override readonly name = 'LookupBusyError';
}

interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

export class BatchedLookup<K, V> {
  private readonly load: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>;
  private readonly batchMax: number;
  private readonly concurrency: number;
  private readonly maxWaiting: number;
  /** Waiting keys in arrival order; a key asked for twice waits once. */
  private readonly waiting = new Map<K, Waiter<V>[]>();
  private running = 0;
  private queries = 0;

  constructor(opts: BatchedLookupOptions<K, V>) {
    this.load = opts.load;
    this.batchMax = opts.batchMax ?? 500;
    this.concurrency = opts.concurrency ?? 2;
    this.maxWaiting = opts.maxWaiting ?? 50_000;
    for (const [name, value] of [
      ['batchMax', this.batchMax],
      ['concurrency', this.concurrency],
      ['maxWaiting', this.maxWaiting],
    ] as const) {
      if (!(Number.isInteger(value) && value >= 1))
        throw new RangeError(`${name} must be a whole number ≥ 1`);
    }
  }

  /** Keys waiting for a query (not counting those of the queries running). */
  get waitingKeys(): number {
    return this.waiting.size;
  }

  /** Queries started so far. */
  get queryCount(): number {
    return this.queries;
  }

  get(key: K): Promise<V | undefined> {
    return new Promise<V | undefined>((resolve, reject) => {
      const waiters = this.waiting.get(key);
      if (waiters) {
        waiters.push({ resolve, reject });
        return;
      }
      if (this.waiting.size >= this.maxWaiting) {
        reject(new LookupBusyError(`${this.waiting.size} lookups are already waiting`));
        return;
      }
      this.waiting.set(key, [{ resolve, reject }]);
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.concurrency && this.waiting.size > 0) {
      const batch = new Map<K, Waiter<V>[]>();
      for (const [key, waiters] of this.waiting) {
        if (batch.size >= this.batchMax) break;
        batch.set(key, waiters);
      }
      for (const key of batch.keys()) this.waiting.delete(key);
      this.running++;
      this.queries++;
      void this.run(batch);
    }
  }

  private async run(batch: Map<K, Waiter<V>[]>): Promise<void> {
    try {
      const found = await this.load([...batch.keys()]);
      for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
    } finally {
      this.running--;
      this.pump();
    }
  }
}
