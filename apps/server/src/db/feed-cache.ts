import { LRUCache } from 'lru-cache';
import type { Change, ChangeFeed } from './change-feed.js';

export interface FeedCacheOptions<K, V> {
  /** Most entries kept (least recently used go first). */
  max: number;
  /** Whether a change makes an entry stale; a reset always empties the cache. */
  stale: (change: Exclude<Change, { kind: 'reset' }>, value: V, key: K) => boolean;
  /**
   * For values that also change without a notification (live figures): the most an entry may age, from
   * the start of the read that produced it, measured on `now` (milliseconds). Unset: only changes expire.
   */
  maxAge?: { ms: number; now: () => number };
}

/**
 * A bounded in-process cache that is only trusted while the change feed is live. A value read from the
 * database is kept only when no change arrived while it was being read, so a change that commits during
 * the read is never papered over.
 */
export class FeedCache<K extends string | number, V extends object> {
  private readonly entries: LRUCache<K, V>;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly options: FeedCacheOptions<K, V>,
  ) {
    const age = options.maxAge;
    this.entries = new LRUCache<K, V>({
      max: options.max,
      ...(age === undefined ? {} : { ttl: age.ms, ttlResolution: 0, perf: { now: age.now } }),
    });
    feed.subscribe((change) => this.apply(change));
  }

  get(key: K): V | undefined {
    return this.feed.live ? this.entries.get(key) : undefined;
  }

  /** Captures the point before a database read; pass it to `set` with what was read. */
  mark(): number {
    return this.feed.generation;
  }

  /**
   * Keeps a value read after `mark`, unless a change arrived since or the feed is not live; `readStart`
   * (on the `maxAge` clock) dates it, so its age counts from before the read.
   */
  set(key: K, value: V, mark: number, readStart?: number): void {
    if (!this.feed.live || this.feed.generation !== mark) return;
    const age = this.options.maxAge;
    if (age === undefined || readStart === undefined) {
      this.entries.set(key, value);
      return;
    }
    const left = age.ms - (age.now() - readStart);
    if (left > 0) this.entries.set(key, value, { ttl: left });
  }

  /** The cached value, or the read one (kept when nothing changed meanwhile); null is not cached. */
  async load<R extends V | null>(key: K, read: () => Promise<R>): Promise<V | R> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const mark = this.mark();
    const readStart = this.options.maxAge?.now();
    const value = await read();
    if (value !== null) this.set(key, value, mark, readStart);
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** A change scans every entry: at most `max`, and changes come at the pace of people editing things. */
  private apply(change: Change): void {
    if (change.kind === 'reset') {
      this.entries.clear();
      return;
    }
    const stale: K[] = [];
    for (const [key, value] of this.entries.entries()) {
      if (this.options.stale(change, value, key)) stale.push(key);
    }
    for (const key of stale) this.entries.delete(key);
  }
}
