import { describe, expect, it } from 'vitest';
import { parseChange, parseCommandChange, type Change, type ChangeFeed } from './change-feed.js';
import { FeedCache } from './feed-cache.js';

/** A feed driven by hand. */
class HandFeed implements ChangeFeed {
  live = true;
  generation = 0;
  readonly listenerPid = null;
  private readonly listeners = new Set<(change: Change) => void>();
  subscribe(listener: (change: Change) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  subscribeCommands(): () => void {
    return () => undefined;
  }
  send(change: Change): void {
    this.generation += 1;
    for (const listener of this.listeners) listener(change);
  }
  caughtUp(): Promise<void> {
    return Promise.resolve();
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

interface Entry {
  userId: number;
  text: string;
}

function setUp(): { feed: HandFeed; cache: FeedCache<string, Entry> } {
  const feed = new HandFeed();
  const cache = new FeedCache<string, Entry>(feed, {
    max: 3,
    stale: (change, entry) => change.kind === 'user' && change.id === entry.userId,
  });
  return { feed, cache };
}

describe('FeedCache', () => {
  it('keeps what was read and drops exactly what a change makes stale', async () => {
    const { feed, cache } = setUp();
    await cache.load('a', () => Promise.resolve({ userId: 1, text: 'a' }));
    await cache.load('b', () => Promise.resolve({ userId: 2, text: 'b' }));
    expect(cache.get('a')?.text).toBe('a');
    feed.send({ kind: 'user', id: 1 });
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.text).toBe('b');
    feed.send({ kind: 'reset' });
    expect(cache.get('b')).toBeUndefined();
  });

  it('does not keep a value when a change arrived while it was being read', async () => {
    const { feed, cache } = setUp();
    const value = await cache.load('a', () => {
      feed.send({ kind: 'user', id: 99 });
      return Promise.resolve({ userId: 1, text: 'read before the change committed' });
    });
    expect(value.text).toBe('read before the change committed');
    expect(cache.get('a')).toBeUndefined();
  });

  it('neither answers nor fills while the feed is not live', async () => {
    const { feed, cache } = setUp();
    await cache.load('a', () => Promise.resolve({ userId: 1, text: 'a' }));
    feed.live = false;
    expect(cache.get('a')).toBeUndefined();
    let reads = 0;
    const read = (): Promise<Entry> => {
      reads += 1;
      return Promise.resolve({ userId: 2, text: 'b' });
    };
    await cache.load('b', read);
    await cache.load('b', read);
    expect(reads).toBe(2);
  });

  it('stays within its bound, least recently used first', async () => {
    const { cache } = setUp();
    for (const key of ['a', 'b', 'c']) await cache.load(key, () => Promise.resolve({ userId: 1, text: key }));
    cache.get('a');
    await cache.load('d', () => Promise.resolve({ userId: 1, text: 'd' }));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.text).toBe('a');
  });
});

describe('FeedCache with a maximum age', () => {
  /** A cache of at most 5 s old entries on a clock moved by hand, dropped by station changes. */
  function aged(start: number): { feed: HandFeed; cache: FeedCache<string, Entry>; clock: { now: number } } {
    const feed = new HandFeed();
    const clock = { now: start };
    const cache = new FeedCache<string, Entry>(feed, {
      max: 3,
      stale: (change) => change.kind === 'station',
      maxAge: { ms: 5_000, now: () => clock.now },
    });
    return { feed, cache, clock };
  }

  it('answers an entry until it is older than allowed, counted from the start of its read', async () => {
    const { cache, clock } = aged(1_000);
    await cache.load('a', () => {
      clock.now += 1_000; // the read itself took a second
      return Promise.resolve({ userId: 1, text: 'a' });
    });
    clock.now += 4_000; // 5 s since the read started: as old as allowed, still answered
    expect(cache.get('a')?.text).toBe('a');
    clock.now += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not keep a value that was already too old when its read ended, and drops entries on a change', async () => {
    const { feed, cache, clock } = aged(0);
    await cache.load('slow', () => {
      clock.now += 5_000;
      return Promise.resolve({ userId: 1, text: 'slow' });
    });
    expect(cache.get('slow')).toBeUndefined();
    await cache.load('b', () => Promise.resolve({ userId: 1, text: 'b' }));
    feed.send({ kind: 'session', id: 1 });
    expect(cache.get('b')?.text).toBe('b');
    feed.send({ kind: 'station' });
    expect(cache.get('b')).toBeUndefined();
  });
});

describe('parseCommandChange', () => {
  it('reads a command id and nothing else', () => {
    const id = '5b2f7c1e-0d7a-4c43-9d0e-8f1d7e1a9b20';
    expect(parseCommandChange(`k:${id}`)).toBe(id);
    for (const odd of ['k:', 'k:12', `k:${id}x`, `K:${id}`, 's:12', 't'])
      expect(parseCommandChange(odd)).toBeUndefined();
  });
});

describe('parseChange', () => {
  it('reads the triggers’ payloads and treats anything else as a reset', () => {
    expect(parseChange('s:12')).toEqual({ kind: 'session', id: 12 });
    expect(parseChange('u:3')).toEqual({ kind: 'user', id: 3 });
    expect(parseChange('r:41')).toEqual({ kind: 'role', id: 41 });
    expect(parseChange('c:2')).toEqual({ kind: 'company', id: 2 });
    expect(parseChange('n')).toEqual({ kind: 'navigation' });
    expect(parseChange('a')).toEqual({ kind: 'alarm' });
    expect(parseChange('t')).toEqual({ kind: 'station' });
    for (const odd of ['', 't:1', 'x:1', 's:', 's:1:2', 'u:abc', 's:1234567890123456'])
      expect(parseChange(odd)).toEqual({ kind: 'reset' });
  });
});
