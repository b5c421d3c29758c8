// Behind an external broker's shared subscription a logger's hello and its next telemetry can reach two
// ingest copies, and the telemetry can be handled first. Within the grace the telemetry is refused as
// transient (not acknowledged: the broker delivers it again) instead of becoming a dead letter; once the
// hello is stored it is taken; after the grace, unannounced devices are dead letters as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uplinkTopic, type UplinkKind } from '@sunfleet/contracts';
import { isTransient } from '../src/modules/ingest/transient.js';
import { registerTestLogger, type TestLogger } from './support/loggers.js';
import { oneDatabase } from './helpers.js';
import { count, deviceSn, hello, startIngestWorld, type IngestWorld } from './ingest-support.js';

const GRACE_MS = 30_000;

describe.each(oneDatabase())('telemetry before its hello (%s)', (kind) => {
  let world: IngestWorld;
  let logger: TestLogger;
  let clock = Date.now();
  const inverter = deviceSn('SFI3A');

  const send = (kind: UplinkKind, body: unknown): Promise<void> =>
    world.service.handle({
      sn: logger.sn,
      topic: uplinkTopic(logger.sn, kind),
      payload: Buffer.from(JSON.stringify(body)),
    });
  const telemetry = (seq: number) => ({
    v: 1,
    seq,
    readings: [{ dev: inverter, ts: clock - 60_000 * (seq + 1), values: { W: 1_000 + seq } }],
  });

  beforeAll(async () => {
    world = await startIngestWorld(kind, { unknownDeviceGraceMs: GRACE_MS, now: () => clock });
    logger = await registerTestLogger(world.db);
  }, 120_000);
  afterAll(() => world.close());

  it('holds the telemetry back (transient) until the hello arrives, then stores it', async () => {
    const refused = await send('telemetry', telemetry(0)).then(
      () => null,
      (err: unknown) => err,
    );
    expect(isTransient(refused)).toBe(true);
    expect(await count(world.db, 'ingest_dead_letters')).toBe(0);
    expect(await count(world.db, 'telemetry')).toBe(0);
    // The hello (through the other copy, here the same handler), then the broker's redelivery.
    await send('hello', hello([{ sn: inverter, type: 'INVERTER', model: 'SF-INV-3P-10K' }]));
    await send('telemetry', telemetry(0));
    expect(await count(world.db, 'telemetry')).toBe(1);
  });

  it('makes unannounced devices dead letters once the grace is over', async () => {
    const stranger = { v: 1, seq: 5, readings: [{ dev: deviceSn('SFI3A'), ts: clock - 60_000, values: {} }] };
    await expect(send('telemetry', stranger)).rejects.toSatisfy(isTransient);
    clock += GRACE_MS - 1;
    await expect(send('telemetry', stranger)).rejects.toSatisfy(isTransient);
    clock += 1;
    await send('telemetry', stranger);
    expect(await count(world.db, 'ingest_dead_letters', "reason = 'unknown-device'")).toBe(1);
    // The logger stays in its spent grace: the next such message is a dead letter at once.
    await send('telemetry', { ...stranger, seq: 6 });
    expect(await count(world.db, 'ingest_dead_letters', "reason = 'unknown-device'")).toBe(2);
  });
});
