import { describe, expect, it } from 'vitest';
import { BatchedLookup, LookupBusyError } from './batched-lookup.js';

/** A load the test answers by hand: each call waits until `answer()` or `fail()`. */
function manualLoad() {
  const calls: { keys: readonly string[]; answer: () => void; fail: (e: Error) => void }[] = [];
  let running = 0;
  let maxRunning = 0;
  const load = (keys: readonly string[]) =>
    new Promise<ReadonlyMap<string, string>>((resolve, reject) => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      calls.push({
        keys,
        answer: () => {
          running--;
          // Odd-numbered keys exist; their value is the key upper-cased.
          resolve(new Map(keys.filter((k) => Number(k.slice(1)) % 2 === 1).map((k) => [k, k.toUpperCase()])));
        },
        fail: (e) => {
          running--;
          reject(e);
        },
      });
    });
  return { load, calls, maxRunning: () => maxRunning };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('BatchedLookup', () => {
  it('answers a storm of keys with few queries, never more than `concurrency` at once', async () => {
    const { load, calls, maxRunning } = manualLoad();
    const lookup = new BatchedLookup({ load, batchMax: 100, concurrency: 2 });
    const keys = Array.from({ length: 1_000 }, (_, i) => `k${i}`);
    const answers = Promise.all(keys.map((k) => lookup.get(k)));
    // Two queries start at once (one key each: nothing waited yet); the rest wait here, not in the pool.
    expect(calls.map((c) => c.keys.length)).toEqual([1, 1]);
    expect(lookup.waitingKeys).toBe(998);
    for (let i = 0; i < calls.length; i++) {
      calls[i]?.answer();
      await settle();
    }
    const values = await answers;
    expect(values[1]).toBe('K1');
    expect(values[2]).toBeUndefined();
    expect(values.filter((v) => v !== undefined)).toHaveLength(500);
    expect(maxRunning()).toBe(2);
    // 2 single keys, then full batches of 100: 998 keys in 10 queries.
    expect(calls).toHaveLength(12);
    expect(Math.max(...calls.map((c) => c.keys.length))).toBe(100);
    expect(lookup.queryCount).toBe(12);
  });

  it('asks for a key wanted twice once, and answers both', async () => {
    const { load, calls } = manualLoad();
    const lookup = new BatchedLookup({ load, concurrency: 1 });
    const first = lookup.get('k0');
    const a = lookup.get('k1');
    const b = lookup.get('k1');
    calls[0]?.answer();
    await settle();
    expect(calls[1]?.keys).toEqual(['k1']);
    calls[1]?.answer();
    expect(await Promise.all([first, a, b])).toEqual([undefined, 'K1', 'K1']);
  });

  it('rejects every waiter of a failed query, and goes on with the next', async () => {
    const { load, calls } = manualLoad();
    const lookup = new BatchedLookup({ load, concurrency: 1 });
    const first = lookup.get('k1');
    const second = lookup.get('k3');
    const third = lookup.get('k5');
    calls[0]?.fail(new Error('timeout exceeded when trying to connect'));
    await expect(first).rejects.toThrow('timeout exceeded');
    await settle();
    expect(calls[1]?.keys).toEqual(['k3', 'k5']);
    calls[1]?.fail(new Error('database down'));
    await expect(second).rejects.toThrow('database down');
    await expect(third).rejects.toThrow('database down');
    const later = lookup.get('k7');
    calls[2]?.answer();
    expect(await later).toBe('K7');
  });

  it('refuses at once beyond `maxWaiting` waiting keys, with a busy error', async () => {
    const { load, calls } = manualLoad();
    const lookup = new BatchedLookup({ load, concurrency: 1, maxWaiting: 3 });
    const running = lookup.get('k1');
    const waiting = ['k3', 'k5', 'k7'].map((k) => lookup.get(k));
    await expect(lookup.get('k9')).rejects.toThrow(LookupBusyError);
    // A key already waiting joins its query instead.
    const again = lookup.get('k3');
    calls[0]?.answer();
    await settle();
    calls[1]?.answer();
    expect(await Promise.all([running, ...waiting, again])).toEqual(['K1', 'K3', 'K5', 'K7', 'K3']);
  });

  it('refuses nonsense options', () => {
    const load = () => Promise.resolve(new Map<string, string>());
    expect(() => new BatchedLookup({ load, batchMax: 0 })).toThrow('batchMax must be a whole number ≥ 1');
    expect(() => new BatchedLookup({ load, concurrency: 1.5 })).toThrow('concurrency');
    expect(() => new BatchedLookup({ load, maxWaiting: -1 })).toThrow('maxWaiting');
  });
});
