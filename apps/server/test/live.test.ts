// GET /api/live over a real listening server (app.inject cannot read a stream that never ends): refusals
// come as envelopes before any streaming (foreign = missing = 4004), and telemetry a logger publishes over
// real MQTT reaches the streams watching its station or device — and no other stream. Both databases.
import { uplinkTopic } from '@sunfleet/contracts';
import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../src/db/schema.js';
import { IngestService } from '../src/modules/ingest/ingest.service.js';
import { DefinitionCache } from '../src/modules/registry/definitions.cache.js';
import type { Broker } from '../src/services/broker.js';
import { createTestApp, DATABASES, type TestApp } from './helpers.js';
import { connectLogger, startTestBroker } from './support/loggers.js';
import { Stream, type SseEvent } from './support/sse.js';

// Shortened poll and heartbeat intervals (LiveLimits holds the production ones), so that waiting for the
// next round or heartbeat takes a fraction of a second.
const POLL_MS = 100;
const HEARTBEAT_MS = 500;
import { twoTenants, withoutRequestId, type TwoTenants } from './telemetry-api-support.js';

describe.each(DATABASES)('live updates over SSE on %s', (kind) => {
  let t: TestApp;
  let w: TwoTenants;
  let base: string;
  let adminToken: string;
  let installer2Token: string;
  let broker: Broker;
  let ingest: IngestService;
  let client: MqttClient;
  let inverterId: number;
  const inverterSn = `SFI1LIVE${kind.toUpperCase()}01`;
  const streams: Stream[] = [];

  const get = (path: string, token: string | null, signal?: AbortSignal): Promise<Response> =>
    fetch(`${base}/api${path}`, {
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
      ...(signal ? { signal } : {}),
    });
  const openStream = async (path: string, token: string): Promise<Stream> => {
    const abort = new AbortController();
    const res = await get(path, token, abort.signal);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const stream = new Stream(res, abort);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { live: { pollIntervalMs: POLL_MS, heartbeatMs: HEARTBEAT_MS } });
    w = await twoTenants(t, kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    base = `http://127.0.0.1:${address.port}`;
    adminToken = await t.login();
    installer2Token = await t.login('demo.installer2', 'Demo#Pass-2026');
    const log = pino({ level: 'silent' });
    ingest = new IngestService({
      database: t.database,
      definitions: new DefinitionCache(t.database.db),
      hooks: {
        onCommitted: () => undefined,
        commandResult: () => Promise.resolve(),
        firmwareProgress: () => Promise.resolve(),
      },
      log,
      now: () => t.clock.now().getTime(),
    });
    broker = await startTestBroker(t.database.db, ingest.handle);
    client = await connectLogger(`mqtt://127.0.0.1:${broker.port() ?? 0}`, w.loggerA);
    await client.publishAsync(
      uplinkTopic(w.loggerA.sn, 'hello'),
      JSON.stringify({
        v: 1,
        model: 'SF-LOGGER-4G',
        firmware: '2.4.1',
        mac: '02:1A:2B:3C:4D:5F',
        signal: -60,
        uploadInterval: 300,
        devices: [{ sn: inverterSn, type: 'INVERTER', model: 'SF-INV-1P-5K', unitId: 1 }],
      }),
      { qos: 1 },
    );
    const [device] = await t.database.db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.sn, inverterSn));
    if (!device) throw new Error('hello did not register the inverter');
    inverterId = device.id;
  }, 120_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    client.end(true);
    await broker.close();
    await ingest.close();
    await t.close();
  });

  it('refuses before streaming: foreign = missing = 4004, bad targets 4000, no session 4001', async () => {
    const foreign = await get(`/live?stationId=${w.stationA}`, installer2Token);
    const missing = await get('/live?stationId=999999', installer2Token);
    expect(foreign.headers.get('content-type')).toContain('application/json');
    const foreignBody = await foreign.text();
    expect(JSON.parse(foreignBody)).toMatchObject({ status: 4004 });
    expect(withoutRequestId(foreignBody)).toEqual(withoutRequestId(await missing.text()));
    for (const path of [`/live?deviceId=${w.inverterA}`, `/live?gatewayId=${w.loggerA.id}`]) {
      const res = await get(path, installer2Token);
      expect(((await res.json()) as { status: number }).status).toBe(4004);
    }
    for (const path of [
      '/live',
      `/live?stationId=${w.stationA}&deviceId=${w.inverterA}`,
      '/live?stationId=x',
    ]) {
      const res = await get(path, adminToken);
      expect(((await res.json()) as { status: number }).status).toBe(4000);
    }
    const anonymous = await get(`/live?stationId=${w.stationA}`, null);
    expect(((await anonymous.json()) as { status: number }).status).toBe(4001);
  });

  it('streams statuses at once and the values a logger publishes over MQTT, only to streams watching them', async () => {
    const station = await openStream(`/live?stationId=${w.stationA}`, adminToken);
    const device = await openStream(`/live?deviceId=${inverterId}`, adminToken);
    const other = await openStream(`/live?stationId=${w.stationB}`, adminToken);
    const first = await station.next(
      (e) => e.event === 'status' && e.data.kind === 'STATION',
      'station status',
    );
    expect(first.data).toMatchObject({ id: w.stationA });
    expect(['ONLINE', 'ABNORMAL', 'OFFLINE', 'OTHER']).toContain(first.data.status);

    const ts = t.clock.now().getTime() - 60_000;
    await client.publishAsync(
      uplinkTopic(w.loggerA.sn, 'telemetry'),
      JSON.stringify({
        v: 1,
        seq: 1,
        readings: [{ dev: inverterSn, ts, values: { W: 3456, WH: 1_234_000 } }],
      }),
      { qos: 1 },
    );
    const isReading = (e: SseEvent): boolean => e.event === 'latest' && e.data.deviceId === inverterId;
    const viaStation = await station.next(isReading, 'the reading on the station stream');
    expect(viaStation.data).toMatchObject({ deviceId: inverterId, ts, values: { W: 3456, WH: 1_234_000 } });
    const viaDevice = await device.next(isReading, 'the reading on the device stream');
    expect(viaDevice.data.ts).toBe(ts);

    // A second, newer reading arrives once; the stream of station B sees neither.
    await client.publishAsync(
      uplinkTopic(w.loggerA.sn, 'telemetry'),
      JSON.stringify({
        v: 1,
        seq: 2,
        readings: [{ dev: inverterSn, ts: ts + 30_000, values: { W: 3500, WH: 1_234_010 } }],
      }),
      { qos: 1 },
    );
    await station.next((e) => isReading(e) && e.data.ts === ts + 30_000, 'the second reading');
    // Two heartbeats later the poller has run several more rounds: a repeated reading would be here.
    for (let i = 0; i < 2; i++) await station.next((e) => e.event === 'heartbeat', 'a heartbeat');
    expect(station.events.filter(isReading)).toHaveLength(2);
    expect(other.events.filter((e) => e.event === 'latest')).toEqual([]);
    expect(
      other.events.some((e) => e.event === 'status' && e.data.kind === 'STATION' && e.data.id === w.stationB),
    ).toBe(true);
  }, 60_000);

  it('sends the current values when a stream opens', async () => {
    const late = await openStream(`/live?stationId=${w.stationA}`, adminToken);
    const event = await late.next(
      (e) => e.event === 'latest' && e.data.deviceId === inverterId,
      'current values',
      5_000,
    );
    expect(event.data).toMatchObject({ values: { W: 3500 } });
    expect(late.events.filter((e) => e.event === 'latest' && e.data.deviceId === inverterId)).toHaveLength(1);
  });

  it('ends the stream at the next heartbeat once the session is logged out', async () => {
    const token = await t.login();
    const stream = await openStream(`/live?gatewayId=${w.loggerA.id}`, token);
    await stream.next((e) => e.event === 'status', 'the first status');
    const loggedOut = Date.now();
    const res = await fetch(`${base}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await res.json()) as { status: number }).status).toBe(200);
    await stream.next((e) => e.event === 'end', 'the end of the stream', 2 * HEARTBEAT_MS + 5_000);
    expect(stream.endedAt).not.toBeNull();
    expect(stream.endedAt! - loggedOut).toBeLessThanOrEqual(HEARTBEAT_MS + 1_000);
    // Reconnecting with the old token is refused before any streaming.
    const again = await get(`/live?gatewayId=${w.loggerA.id}`, token);
    expect(((await again.json()) as { status: number }).status).toBe(4001);
  }, 40_000);

  it('limits open streams per user and frees a slot when a client goes away', async () => {
    const mine: Stream[] = [];
    // Streams of this user still open from the tests before count too.
    const open = streams.filter((s) => !s.closed && s.endedAt === null).length;
    for (let i = open; i < 20; i++) mine.push(await openStream(`/live?deviceId=${inverterId}`, adminToken));
    const refused = await get(`/live?deviceId=${inverterId}`, adminToken);
    expect(refused.headers.get('content-type')).toContain('application/json');
    expect(((await refused.json()) as { status: number }).status).toBe(4029);
    mine[0]!.close();
    // The server notices the closed connection and frees the slot.
    const deadline = Date.now() + 5_000;
    let res = await get(`/live?deviceId=${inverterId}`, adminToken);
    while (res.headers.get('content-type')?.includes('json') && Date.now() < deadline) {
      await res.text();
      await new Promise((r) => setTimeout(r, 100));
      res = await get(`/live?deviceId=${inverterId}`, adminToken);
    }
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    await res.body?.cancel();
    for (const s of mine) s.close();
  }, 30_000);
});
