// One status and power everywhere (Step 4a): a logger publishes over real MQTT for an inverter whose
// protocol names its active power `ACPower` (not `W`); the station list, the station's devices tab, the
// logger page, the device page, the public share page and the live stream all show the same status and
// power, and agree again once the inverter goes to sleep at night. Both databases.
import { uplinkTopic } from '@sunfleet/contracts';
import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceModels, devices, protocolDefinitions } from '../src/db/schema.js';
import { IngestService } from '../src/modules/ingest/ingest.service.js';
import { DefinitionCache } from '../src/modules/registry/definitions.cache.js';
import { RollupWorker } from '../src/modules/rollups/rollup.worker.js';
import type { Broker } from '../src/services/broker.js';
import { createTestApp, DATABASES, type TestApp } from './helpers.js';
import { as } from './organisation-fixtures.js';
import { Stream } from './support/sse.js';
import { connectLogger, createTestStation, registerTestLogger, startTestBroker } from './support/loggers.js';

const register = (key: string, address: number, column: string | null) => ({
  key,
  nameKey: `test.${key}`,
  address,
  count: 1,
  dataType: 'S16' as const,
  scale: 0,
  unit: '',
  group: 'test',
  writable: false,
  min: null,
  max: null,
  column,
});

describe.each(DATABASES)('one status model on %s', (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let broker: Broker;
  let ingest: IngestService;
  let rollups: RollupWorker;
  let client: MqttClient;
  let base: string;
  let token: string;
  let stationId: number;
  let gatewayId: number;
  let deviceId: number;
  let shareToken: string;
  let stream: Stream;
  let loggerSn: string;
  let seq = 1;
  const inverterSn = `ACP${kind.toUpperCase()}0000001`;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.database.db;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    base = `http://127.0.0.1:${address.port}`;
    token = await t.login();
    admin = as(t, token);
    // A protocol whose active power register is called ACPower and whose state register is OpState.
    const [definition] = await db
      .insert(protocolDefinitions)
      .values({
        code: `acp-${kind}`,
        name: 'ACP inverter',
        deviceType: 'INVERTER',
        registers: [register('ACPower', 100, 'power_w'), register('OpState', 101, 'status_code')],
      })
      .returning({ id: protocolDefinitions.id });
    await db
      .insert(deviceModels)
      .values({ deviceType: 'INVERTER', model: 'ACP-INV-1', definitionId: definition!.id });
    stationId = (await createTestStation(db, { companyId: 3, timeZone: 'UTC', longitude: 10, latitude: 50 }))
      .id;
    const logger = await registerTestLogger(db, { stationId, companyId: 3 });
    gatewayId = logger.id;
    loggerSn = logger.sn;
    rollups = new RollupWorker({ database: t.database, log: pino({ level: 'silent' }), intervalMs: 60_000 });
    rollups.start();
    ingest = new IngestService({
      database: t.database,
      definitions: new DefinitionCache(db),
      hooks: {
        onCommitted: () => rollups.kick(),
        commandResult: () => Promise.resolve(),
        firmwareProgress: () => Promise.resolve(),
      },
      log: pino({ level: 'silent' }),
      now: () => t.clock.now().getTime(),
    });
    broker = await startTestBroker(db, ingest.handle);
    client = await connectLogger(`mqtt://127.0.0.1:${broker.port() ?? 0}`, logger);
    await client.publishAsync(
      uplinkTopic(logger.sn, 'hello'),
      JSON.stringify({
        v: 1,
        model: 'SF-LOGGER-4G',
        firmware: '2.4.1',
        mac: '02:1A:2B:3C:4D:60',
        signal: -60,
        uploadInterval: 300,
        devices: [{ sn: inverterSn, type: 'INVERTER', model: 'ACP-INV-1', unitId: 1 }],
      }),
      { qos: 1 },
    );
    const [device] = await db.select({ id: devices.id }).from(devices).where(eq(devices.sn, inverterSn));
    if (!device) throw new Error('hello did not register the inverter');
    deviceId = device.id;
    const link = await admin.post<{ token: string }>('/shareLink', { stationId, expiresAt: null });
    if (link.status !== 200) throw new Error(`share link: ${JSON.stringify(link)}`);
    shareToken = link.data.token;
    const abort = new AbortController();
    const res = await fetch(`${base}/api/live?stationId=${stationId}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    });
    stream = new Stream(res, abort);
  }, 120_000);

  afterAll(async () => {
    stream.close();
    client.end(true);
    await broker.close();
    await ingest.close();
    await rollups.stop();
    await t.close();
  });

  const publish = (values: Record<string, number>): Promise<unknown> =>
    client.publishAsync(
      uplinkTopic(loggerSn, 'telemetry'),
      JSON.stringify({
        v: 1,
        seq: seq++,
        readings: [{ dev: inverterSn, ts: t.clock.now().getTime() - 1000, values }],
      }),
      { qos: 1 },
    );

  /** What every screen shows for the station and the inverter. */
  async function everywhere(): Promise<Record<string, unknown>> {
    const list = await admin.get<{ list: { id: number; status: string; powerKw: number | null }[] }>(
      '/station/list?pageSize=200',
    );
    const row = list.data.list.find((s) => s.id === stationId);
    const tab = await admin.get<{
      list: { id: number; status: string; rest: string | null; powerKw: number | null }[];
    }>(`/station/gateway/inverterPage?stationId=${stationId}`);
    const tabRow = tab.data.list.find((d) => d.id === deviceId);
    const logger = await admin.get<{
      status: string;
      devices: { id: number; status: string; rest: string | null }[];
    }>(`/gateway/${gatewayId}`);
    const device = await admin.get<{ status: string; rest: string | null }>(`/device/${deviceId}`);
    const latest = await admin.get<{ status: string; rest: string | null }>(`/device/${deviceId}/latest`);
    const home = await admin.get<{ deviceStatus: { other: number; resting: number } }>(
      '/station/stats/index',
    );
    const shared = await t.app.inject({ url: `/api/station/share?token=${encodeURIComponent(shareToken)}` });
    const shareBody = shared.json<{
      status: number;
      data?: { station: { status: string }; stats: { powerKw: number | null } };
    }>();
    if (shareBody.data?.station === undefined) throw new Error(`share page: ${shared.body}`);
    const share = shareBody.data;
    const filtered = await admin.get<{ list: { id: number }[] }>(
      `/station/list?pageSize=200&status=${row?.status}`,
    );
    return {
      stationList: row?.status,
      stationFilter: filtered.data.list.some((s) => s.id === stationId),
      sharePage: share.station.status,
      listPower: row?.powerKw,
      sharePower: share.stats.powerKw,
      tabPower: tabRow?.powerKw,
      devicesTab: tabRow?.status,
      loggerPage: logger.data.devices.find((d) => d.id === deviceId)?.status,
      devicePage: device.data.status,
      // The rest beside OTHER (docs/stations.md "Status model"), and Home's count of it.
      rests: [
        tabRow?.rest,
        logger.data.devices.find((d) => d.id === deviceId)?.rest,
        device.data.rest,
        latest.data.rest,
      ],
      latestStatus: latest.data.status,
      homeOther: { other: home.data.deviceStatus.other, resting: home.data.deviceStatus.resting },
    };
  }

  it('shows the same status and power on every screen and the live stream while it produces', async () => {
    await publish({ ACPower: 2300, OpState: 4 });
    expect(await everywhere()).toEqual({
      stationList: 'ONLINE',
      stationFilter: true,
      sharePage: 'ONLINE',
      listPower: 2.3,
      sharePower: 2.3,
      tabPower: 2.3,
      devicesTab: 'RUNNING',
      loggerPage: 'RUNNING',
      devicePage: 'RUNNING',
      rests: [null, null, null, null],
      latestStatus: 'RUNNING',
      homeOther: { other: 0, resting: 0 },
    });
    await stream.next(
      (e) =>
        e.event === 'status' &&
        e.data.kind === 'DEVICE' &&
        e.data.id === deviceId &&
        e.data.status === 'RUNNING',
      'the device RUNNING on the live stream',
    );
    await stream.next(
      (e) => e.event === 'status' && e.data.kind === 'STATION' && e.data.status === 'ONLINE',
      'the station ONLINE',
    );
    const stats = await stream.next(
      (e) => e.event === 'stats' && (e.data as { powerKw: number | null }).powerKw === 2.3,
      'the station figures pushed after the reading',
    );
    expect(stats.data).toMatchObject({ stationId, powerKw: 2.3 });
    // Today's curve moves on as the rollups take the reading in: its bucket is pushed, not refetched.
    const curve = await stream.next(
      (e) =>
        e.event === 'curve' && (e.data as { series: { pvKw: (number | null)[] } }).series.pvKw.includes(2.3),
      'the newest curve bucket pushed',
    );
    expect(curve.data).toMatchObject({ stationId, date: '2026-06-01', intervalMinutes: 5 });
  });

  it('agrees again when the inverter sleeps: no power, OTHER everywhere, the station still online', async () => {
    t.clock.advance(60);
    await publish({ ACPower: 0, OpState: 2 });
    expect(await everywhere()).toEqual({
      stationList: 'ONLINE',
      stationFilter: true,
      sharePage: 'ONLINE',
      listPower: 0,
      sharePower: 0,
      tabPower: 0,
      devicesTab: 'OTHER',
      loggerPage: 'OTHER',
      devicePage: 'OTHER',
      rests: ['SLEEPING', 'SLEEPING', 'SLEEPING', 'SLEEPING'],
      latestStatus: 'OTHER',
      homeOther: { other: 1, resting: 1 },
    });
    await stream.next(
      (e) =>
        e.event === 'status' &&
        e.data.kind === 'DEVICE' &&
        e.data.id === deviceId &&
        e.data.status === 'OTHER' &&
        e.data.rest === 'SLEEPING',
      'the device OTHER, asleep, on the live stream',
    );
    // At dawn it starts: still OTHER, another rest — news on the stream although the status stayed.
    t.clock.advance(60);
    await publish({ ACPower: 0, OpState: 3 });
    await stream.next(
      (e) =>
        e.event === 'status' &&
        e.data.kind === 'DEVICE' &&
        e.data.id === deviceId &&
        e.data.status === 'OTHER' &&
        e.data.rest === 'STARTING',
      'the device starting on the live stream',
    );
    expect((await everywhere()).rests).toEqual(['STARTING', 'STARTING', 'STARTING', 'STARTING']);
  });

  it('shows it offline everywhere once the logger has been silent for three intervals and a minute', async () => {
    t.clock.advance(3 * 300 + 61);
    const seen = await everywhere();
    expect(seen).toMatchObject({
      stationList: 'OFFLINE',
      stationFilter: true,
      sharePage: 'OFFLINE',
      devicesTab: 'OFFLINE',
      loggerPage: 'OFFLINE',
      devicePage: 'OFFLINE',
      rests: [null, null, null, null],
    });
    // An offline inverter has no power now on any screen.
    expect([seen.listPower, seen.sharePower, seen.tabPower]).toEqual([null, null, null]);
  });
});
