// The uplink's jitter: a fleet started together spreads its first connects (start with a delay), and
// loggers dropped together wait different times before reconnecting.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestBroker } from '../testing/broker.js';
import { testSite, until } from '../testing/fixtures.js';
import { SimLogger } from './sim-logger.js';
import { jitteredDelay } from './uplink.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('uplink jitter', () => {
  it('waits between half and all of the back-off before reconnecting, by the draw', () => {
    expect(jitteredDelay(1_000, 0)).toBe(500);
    expect(jitteredDelay(1_000, 0.5)).toBe(750);
    expect(jitteredDelay(60_000, 0.999_999)).toBeCloseTo(60_000, 0);
    // 10,000 loggers dropped together: their first retries spread over the whole half second.
    const draws = Array.from({ length: 10_000 }, (_, i) => jitteredDelay(1_000, i / 10_000));
    expect(Math.min(...draws)).toBe(500);
    expect(Math.max(...draws)).toBeGreaterThan(999);
    expect(new Set(draws.map((d) => Math.floor(d / 10))).size).toBe(50);
  });

  it('connects only when its start delay is over', async () => {
    const broker = await TestBroker.start();
    const dir = mkdtempSync(join(tmpdir(), 'sf-uplink-'));
    const loggerOf = (sn: string): SimLogger =>
      new SimLogger({
        sn,
        secret: 's',
        brokerUrl: broker.url,
        site: testSite('uplink-delay'),
        bufferDir: join(dir, sn),
        fsync: false,
      });
    const delayed = loggerOf('SFLG2606000077');
    const prompt = loggerOf('SFLG2606000078');
    cleanups.push(
      () => broker.stop(),
      () => rmSync(dir, { recursive: true, force: true }),
      () => delayed.stop(),
      () => prompt.stop(),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    delayed.start(30_000);
    prompt.start();
    await vi.advanceTimersByTimeAsync(29_000);
    // The one started at once is in and has said hello; the delayed one has not even tried.
    // (until() polls with setTimeout, faked here: the hello's PUBACK is the event to await.)
    await prompt.uplink.whenReady();
    expect(broker.of('hello')).toHaveLength(1);
    expect(delayed.uplink.connectCount).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    vi.useRealTimers();
    await delayed.uplink.whenReady();
    await until(() => broker.of('hello').length === 2, 'the second hello');
    expect(delayed.uplink.connectCount).toBe(1);
  });
});
