// Determinism: a logger run twice with the same seed publishes exactly the same payloads (hello,
// telemetry, alarms, in the same order); another seed gives other data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TestBroker } from '../testing/broker.js';
import { NIGHT, testSite } from '../testing/fixtures.js';
import { SimLogger } from './sim-logger.js';

async function publishedDay(seed: string): Promise<{ kind: string; payload: unknown }[]> {
  const broker = await TestBroker.start();
  const dir = mkdtempSync(join(tmpdir(), 'sf-determinism-'));
  const logger = new SimLogger({
    sn: 'SFLG2606000009',
    secret: 's',
    brokerUrl: broker.url,
    // Many faults, so that a day has alarm records to compare.
    site: testSite(seed, { faultRate: 400, cloudClimate: undefined }),
    bufferDir: dir,
    uploadInterval: 300,
    fsync: false,
  });
  try {
    logger.advanceTo(NIGHT);
    logger.start();
    await logger.uplink.whenReady();
    for (let ts = NIGHT; ts <= NIGHT + 86_400_000; ts += 300_000) logger.advanceTo(ts);
    await logger.uplink.whenDrained();
    return broker.committed.map((u) => ({ kind: u.kind, payload: u.payload }));
  } finally {
    await logger.stop();
    await broker.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('determinism', () => {
  it('publishes identical payloads for the same seed, and different data for another', async () => {
    const first = await publishedDay('seed-a');
    const second = await publishedDay('seed-a');
    expect(first.filter((m) => m.kind === 'telemetry')).toHaveLength(288);
    expect(first.filter((m) => m.kind === 'alarm').length).toBeGreaterThan(0);
    expect(second).toEqual(first);
    const other = await publishedDay('seed-b');
    const telemetry = (run: typeof first) => run.filter((m) => m.kind === 'telemetry').map((m) => m.payload);
    expect(telemetry(other)).not.toEqual(telemetry(first));
  });
});
