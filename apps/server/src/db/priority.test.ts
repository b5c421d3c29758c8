import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PriorityGate } from './priority.js';

/** Background work that records when it started and ends when told. */
function work(log: string[], name: string): { run: () => Promise<void>; end: () => void } {
  let end = (): void => undefined;
  const ended = new Promise<void>((resolve) => (end = resolve));
  return {
    run: async () => {
      log.push(`${name} @${Date.now()}`);
      await ended;
    },
    end: () => end(),
  };
}

describe('PriorityGate: API requests before background transactions', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const gate = (): PriorityGate => new PriorityGate({ quietMs: 20, maxWaitMs: 1_000 }, () => Date.now());

  it('starts background work at once when no request is in progress', async () => {
    const g = gate();
    const log: string[] = [];
    const a = work(log, 'a');
    const done = g.background(a.run);
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['a @0']);
    a.end();
    await done;
  });

  it('waits while a request is answered and a quiet moment after it', async () => {
    const g = gate();
    const log: string[] = [];
    const end = g.request();
    const a = work(log, 'a');
    const done = g.background(a.run);
    await vi.advanceTimersByTimeAsync(100);
    expect(log).toEqual([]);
    end();
    end(); // idempotent
    await vi.advanceTimersByTimeAsync(19);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['a @120']);
    a.end();
    await done;
    expect(g.waiting).toBe(0);
  });

  it('lets background work through one at a time, and a request in between goes first', async () => {
    const g = gate();
    const log: string[] = [];
    const a = work(log, 'a');
    const b = work(log, 'b');
    const doneA = g.background(a.run);
    const doneB = g.background(b.run);
    await vi.advanceTimersByTimeAsync(50);
    expect(log).toEqual(['a @0']);
    const end = g.request();
    a.end();
    await doneA;
    await vi.advanceTimersByTimeAsync(50);
    expect(log).toEqual(['a @0']);
    end();
    await vi.advanceTimersByTimeAsync(20);
    expect(log).toEqual(['a @0', 'b @120']);
    b.end();
    await doneB;
  });

  it('does not starve background work behind a console that never rests', async () => {
    const g = gate();
    const log: string[] = [];
    const end = g.request();
    const a = work(log, 'a');
    const done = g.background(a.run);
    await vi.advanceTimersByTimeAsync(999);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['a @1000']);
    a.end();
    await done;
    end();
  });

  it('settles the caller with the work’s outcome and frees the turn after a failure', async () => {
    const g = gate();
    await expect(g.background(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await expect(g.background(() => Promise.resolve(42))).resolves.toBe(42);
  });
});
