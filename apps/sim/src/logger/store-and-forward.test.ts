// Store and forward end to end: a simulated logger uploading through an outage of the broker (embedded
// Aedes, stopped and started again) and through a restart of the logger itself. What the broker
// acknowledged is compared with what the logger sampled, by (device, ts): nothing lost, nothing twice.
// With TEST_MQTT_URL the outage is also played against that broker (e.g. Mosquitto) through a TCP proxy.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { Value } from 'typebox/value';
import { afterEach, describe, expect, it } from 'vitest';
import { UplinkSchemas } from '@sunfleet/contracts';
import { TestBroker } from '../testing/broker.js';
import { NOON, testSite, until } from '../testing/fixtures.js';
import { TcpProxy } from '../testing/proxy.js';
import { SimLogger, type SimLoggerOptions } from './sim-logger.js';

const SN = 'SFLG2606000001';
const MINUTE = 60_000;
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sf-logger-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function makeLogger(
  overrides: Partial<SimLoggerOptions> & Pick<SimLoggerOptions, 'brokerUrl' | 'bufferDir'>,
) {
  const logger = new SimLogger({
    sn: SN,
    secret: 'test-secret',
    site: testSite(),
    uploadInterval: 60,
    fsync: false,
    reconnectMinMs: 20,
    reconnectMaxMs: 100,
    ...overrides,
  });
  cleanups.push(() => logger.stop());
  return logger;
}

type Telemetry = {
  seq: number;
  backlog?: boolean;
  readings: { dev: string; ts: number; values?: Record<string, unknown> }[];
};

/** Every (device, ts) of the telemetry messages, with how often it came. */
function readingCounts(messages: readonly Telemetry[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of messages)
    for (const r of m.readings) counts.set(`${r.dev}@${r.ts}`, (counts.get(`${r.dev}@${r.ts}`) ?? 0) + 1);
  return counts;
}

/** What the logger sampled: every device and the logger itself at every minute of (from, to]. */
function expectedReadings(logger: SimLogger, from: number, to: number): Set<string> {
  const sns = [...logger.devices.devices.map((d) => d.sn), logger.sn];
  const out = new Set<string>();
  for (let ts = from + MINUTE; ts <= to; ts += MINUTE) for (const sn of sns) out.add(`${sn}@${ts}`);
  return out;
}

describe('store and forward (embedded Aedes broker)', () => {
  it('uploads the backlog after a broker restart: every reading once, none lost, backlog flagged', async () => {
    const broker = await TestBroker.start();
    cleanups.push(() => broker.stop());
    // A window of two messages in flight makes the interleaving after the reconnect visible.
    const logger = makeLogger({ brokerUrl: broker.url, bufferDir: tempDir(), maxInFlight: 2 });
    let ts = NOON - 60 * MINUTE;
    const start = ts;
    logger.advanceTo(ts);
    logger.start();
    await logger.uplink.whenReady();

    const upload = (minutes: number): void => {
      for (let k = 0; k < minutes; k++) logger.advanceTo((ts += MINUTE));
    };
    upload(10);
    await logger.uplink.whenDrained();
    expect(broker.of('telemetry')).toHaveLength(10);

    // The ingest stops answering: two messages (the window) reach the broker but get no PUBACK…
    broker.hold = true;
    upload(3);
    await until(() => broker.withheld.length === 2, 'withheld messages');
    // …then the broker goes down, and the logger keeps sampling for 20 minutes.
    await broker.stop();
    upload(20);
    expect(logger.stats().journal.pendingMessages).toBe(23);

    // Back up: right after the new hello, three live uploads join the backlog.
    await broker.restart();
    logger.uplink.once('ready', () => upload(3));
    await until(() => logger.stats().connects === 2, 'reconnect');
    await logger.uplink.whenDrained();

    const telemetry = broker.of('telemetry') as unknown as Telemetry[];
    expect(telemetry.map((m) => m.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 36 }, (_, i) => i),
    );
    const counts = readingCounts(telemetry);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(counts.keys())).toEqual(expectedReadings(logger, start, ts));
    // Seqs 10…32 were created before the reconnect (3 held up, 20 offline): backlog; 33…35 live.
    for (const m of telemetry) expect(m.backlog, `seq ${m.seq}`).toBe(m.seq >= 10 && m.seq < 33);
    // The withheld messages came again (the PUBACK is the only proof of delivery).
    expect(broker.withheld.map((w) => w.payload.seq)).toEqual([10, 11]);
    // After the reconnect: hello first, then live and backlog take turns, each oldest first.
    const after = broker.committed.slice(broker.committed.findLastIndex((u) => u.kind === 'hello'));
    expect(after[0]!.kind).toBe('hello');
    expect(after.slice(1, 8).map((u) => u.payload.seq)).toEqual([33, 10, 34, 11, 35, 12, 13]);
    expect(broker.of('hello')).toHaveLength(2);
    // Everything published conforms to the protocol schemas.
    for (const u of broker.committed) {
      expect(Value.Check(UplinkSchemas[u.kind as keyof typeof UplinkSchemas], u.payload), u.kind).toBe(true);
    }
  });

  it('resumes from its journal after a restart of the logger process', async () => {
    const dir = tempDir();
    const broker = await TestBroker.start();
    cleanups.push(() => broker.stop());
    await broker.stop(); // down while the first process runs
    const first = makeLogger({ brokerUrl: broker.url, bufferDir: dir });
    let ts = NOON - 30 * MINUTE;
    const start = ts;
    first.advanceTo(ts);
    first.start();
    for (let k = 0; k < 12; k++) first.advanceTo((ts += MINUTE));
    const energy = first.devices.byUnit(1)!.values().WH as number;
    await first.stop();
    // As if the process died between journaling the last message and writing the index: the seq
    // persisted there lags behind; the journal itself tells where to continue.
    const indexPath = join(dir, 'journal', 'index.json');
    const index = JSON.parse(readFileSync(indexPath, 'utf8')) as { meta: { seq: number } };
    expect(index.meta.seq).toBe(12);
    writeFileSync(indexPath, JSON.stringify({ ...index, meta: { seq: 11 } }));

    await broker.restart();
    const second = makeLogger({ brokerUrl: broker.url, bufferDir: dir });
    second.advanceTo(ts);
    second.start();
    await second.uplink.whenReady();
    for (let k = 0; k < 3; k++) second.advanceTo((ts += MINUTE));
    await until(() => broker.of('telemetry').length === 15, 'all telemetry');
    await second.uplink.whenDrained();

    const telemetry = broker.of('telemetry') as unknown as Telemetry[];
    expect(telemetry.map((m) => m.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 15 }, (_, i) => i),
    );
    expect(telemetry.filter((m) => m.backlog).map((m) => m.seq)).toEqual(
      Array.from({ length: 12 }, (_, i) => i),
    );
    const counts = readingCounts(telemetry);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(counts.keys())).toEqual(expectedReadings(second, start, ts));
    // The energy counter continues where the first process left it.
    expect(second.devices.byUnit(1)!.values().WH as number).toBeGreaterThanOrEqual(energy);
  });

  it('drops the oldest when the buffer is full, counts it, and uploads the rest', async () => {
    const broker = await TestBroker.start();
    cleanups.push(() => broker.stop());
    await broker.stop();
    const logger = makeLogger({
      brokerUrl: broker.url,
      bufferDir: tempDir(),
      journal: { maxBytes: 40_000, segmentBytes: 8_000 },
    });
    let ts = NOON - 60 * MINUTE;
    logger.advanceTo(ts);
    logger.start();
    for (let k = 0; k < 60; k++) logger.advanceTo((ts += MINUTE));
    const { journal } = logger.stats();
    expect(journal.diskBytes).toBeLessThanOrEqual(40_000);
    expect(journal.droppedMessages).toBeGreaterThan(20);
    expect(journal.droppedMessages + journal.pendingMessages).toBe(60);
    expect(journal.droppedReadings).toBe(5 * journal.droppedMessages);

    await broker.restart();
    let window = 0;
    logger.uplink.on('delivered', () => (window = Math.max(window, logger.uplink.inFlightCount + 1)));
    await logger.uplink.whenReady();
    logger.advanceTo(ts + MINUTE);
    await until(() => broker.of('telemetry').length === journal.pendingMessages + 1, 'the kept telemetry');
    const seqs = (broker.of('telemetry') as unknown as Telemetry[]).map((m) => m.seq).sort((a, b) => a - b);
    // The newest survived, oldest first; the live message reports the count on the logger's own reading.
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => 61 - seqs.length + i));
    expect(window).toBe(16); // at most 16 in flight, and the window is used
    const live = (broker.of('telemetry') as unknown as Telemetry[]).find((m) => m.seq === 60)!;
    expect(live.readings.find((r) => r.dev === SN)!.values!.BufDropped).toBe(journal.droppedMessages);
  });
});

const EXTERNAL = process.env.TEST_MQTT_URL;

describe.skipIf(!EXTERNAL)('store and forward (TEST_MQTT_URL broker, outage through a proxy)', () => {
  it.each([4, 5] as const)(
    'uploads everything after the connection comes back (MQTT protocol %i)',
    async (version) => {
      const target = new URL(EXTERNAL ?? 'mqtt://127.0.0.1:1883');
      const sn = `SFLGT${version}${Date.now().toString(36)}`.slice(0, 32);
      const received: Telemetry[] = [];
      const observer = await mqtt.connectAsync(EXTERNAL!, { clientId: `${sn}-observer` });
      cleanups.push(async () => {
        await observer.endAsync();
      });
      observer.on('message', (topic, payload) => {
        if (topic.endsWith('/up/telemetry')) received.push(JSON.parse(payload.toString()) as Telemetry);
      });
      await observer.subscribeAsync(`sf/v1/${sn}/up/#`, { qos: 1 });
      const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 1883) });
      await proxy.start();
      cleanups.push(() => proxy.stop());
      const logger = new SimLogger({
        sn,
        secret: 'unused-on-an-anonymous-broker',
        site: testSite(),
        uploadInterval: 60,
        fsync: false,
        reconnectMinMs: 20,
        reconnectMaxMs: 100,
        protocolVersion: version,
        brokerUrl: `mqtt://127.0.0.1:${proxy.port}`,
        bufferDir: tempDir(),
      });
      cleanups.push(() => logger.stop());
      let ts = NOON - 60 * MINUTE;
      const start = ts;
      logger.advanceTo(ts);
      logger.start();
      await logger.uplink.whenReady();
      for (let k = 0; k < 10; k++) logger.advanceTo((ts += MINUTE));
      await proxy.stop();
      for (let k = 0; k < 15; k++) logger.advanceTo((ts += MINUTE));
      await proxy.start();
      await until(() => logger.stats().connects === 2, 'reconnect');
      for (let k = 0; k < 3; k++) logger.advanceTo((ts += MINUTE));
      await logger.uplink.whenDrained();
      await until(() => new Set(received.map((m) => m.seq)).size === 28, 'all telemetry at the observer');
      const counts = readingCounts(received);
      expect(new Set(counts.keys())).toEqual(expectedReadings(logger, start, ts));
      // Messages in flight at the cut may arrive twice (QoS 1); nothing else does.
      expect(received.length - 28).toBeLessThanOrEqual(16);
    },
  );
});
