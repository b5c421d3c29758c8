// Command semantics (docs/protocol.md §6) through the broker, as the cloud sends them: expiry,
// idempotency, ACKNOWLEDGED then DONE/FAILED, and each command name.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeValues, hexToWords, wordsToHex } from '@sunfleet/domain';
import { SimLogger } from '../logger/sim-logger.js';
import { FORWARDING_SERIAL_DEFAULTS, storedForwarding } from './forwarding.js';
import { TestBroker } from '../testing/broker.js';
import { finalAnswer, sendCommand } from '../testing/commands.js';
import { NOON, testSite, until } from '../testing/fixtures.js';

const SN = 'SFLG2606000002';
const MINUTE = 60_000;
let broker: TestBroker;
let logger: SimLogger;
let dir: string;
let ts = NOON - 60 * MINUTE;
const INV = () => logger.devices.byUnit(1)!;
const BAT = () => logger.devices.byUnit(2)!;

function advance(minutes: number): void {
  for (let k = 0; k < minutes; k++) logger.advanceTo((ts += MINUTE));
}

function hexOf(key: string, value: number): { address: number; hex: string } {
  const register = INV().registerOf(key)!;
  const [block] = encodeValues([register], { [key]: value });
  return { address: register.address, hex: wordsToHex(block!.words) };
}

function newLogger(): SimLogger {
  return new SimLogger({
    sn: SN,
    secret: 's',
    brokerUrl: broker.url,
    site: testSite(),
    bufferDir: dir,
    uploadInterval: 60,
    fsync: false,
    reconnectMinMs: 20,
  });
}

beforeAll(async () => {
  broker = await TestBroker.start();
  dir = mkdtempSync(join(tmpdir(), 'sf-commands-'));
  logger = newLogger();
  logger.advanceTo(ts);
  logger.start();
  await logger.uplink.whenReady();
  advance(60);
});

afterAll(async () => {
  await logger.stop();
  await broker.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('command envelope', () => {
  it('answers ACKNOWLEDGED, then DONE with the result', async () => {
    const answers = await sendCommand(broker, SN, {
      name: 'register.read',
      dev: INV().sn,
      params: { address: 40_000, count: 4 },
    });
    expect(answers.map((a) => a.state)).toEqual(['ACKNOWLEDGED', 'DONE']);
    expect(answers[1]!.result).toEqual({ address: 40_000, hex: '53756E5300010042' });
  });

  it('does not run an expired request and answers EXPIRED', async () => {
    const { address, hex } = hexOf('WMaxLimPct', 10);
    const answers = await sendCommand(broker, SN, {
      name: 'register.write',
      dev: INV().sn,
      params: { address, hex },
      expiresAt: Date.now() - 1,
    });
    expect(answers.map((a) => a.state)).toEqual(['EXPIRED']);
    expect(INV().value('WMaxLimPct')).toBe(100);
  });

  it('runs an idempotency key once and answers repeats with the stored outcome, also after a restart', async () => {
    const { address, hex } = hexOf('WMaxLimPct', 40);
    const key = 'write-limit-40';
    const first = await finalAnswer(broker, SN, {
      name: 'register.write',
      dev: INV().sn,
      params: { address, hex },
      idempotencyKey: key,
    });
    expect(first).toMatchObject({ state: 'DONE', result: { values: { WMaxLimPct: 40 } } });
    // Someone else lifts the limit; a re-sent command must not put it back.
    const lift = hexOf('WMaxLimPct', 100);
    logger.devices.write(INV(), lift.address, hexToWords(lift.hex));
    const again = await sendCommand(broker, SN, {
      name: 'register.write',
      dev: INV().sn,
      params: { address, hex },
      idempotencyKey: key,
    });
    expect(again.map((a) => a.state)).toEqual(['DONE']);
    expect(again[0]!.result).toEqual(first.result);
    expect(INV().value('WMaxLimPct')).toBe(100);

    await logger.stop();
    logger = newLogger();
    logger.advanceTo(ts);
    logger.start();
    await logger.uplink.whenReady();
    const afterRestart = await sendCommand(broker, SN, {
      name: 'register.write',
      dev: INV().sn,
      params: { address, hex },
      idempotencyKey: key,
    });
    expect(afterRestart.map((a) => a.state)).toEqual(['DONE']);
    expect(INV().value('WMaxLimPct')).toBe(100);
  });

  it('fails unknown names, unknown devices and malformed requests', async () => {
    expect(await sendCommand(broker, SN, { name: 'coffee.brew' })).toMatchObject([
      { state: 'FAILED', error: 'unknown-command' },
    ]);
    expect(
      await finalAnswer(broker, SN, {
        name: 'register.read',
        dev: 'SFI3A2606999999',
        params: { address: 40_000 },
      }),
    ).toMatchObject({
      state: 'FAILED',
      error: 'unknown-device',
    });
    expect(await finalAnswer(broker, SN, { name: 'register.read', params: { address: 'x' } })).toMatchObject({
      state: 'FAILED',
      error: 'invalid-params',
    });
  });
});

describe('register.read / register.write', () => {
  it('reads and writes the logger’s own registers when no device is named', async () => {
    expect(await finalAnswer(broker, SN, { name: 'register.read', params: { address: 1 } })).toMatchObject({
      result: { hex: '003C' },
    });
    const hellos = broker.of('hello').length;
    expect(
      await finalAnswer(broker, SN, { name: 'register.write', params: { address: 1, hex: '0078' } }),
    ).toMatchObject({
      state: 'DONE',
      result: { values: { UploadIntvl: 120 } },
    });
    expect(logger.uploadInterval).toBe(120);
    // The new interval is announced (the cloud derives online/offline from it).
    await until(() => broker.of('hello').length > hellos, 'a new hello');
    expect(broker.of('hello').at(-1)).toMatchObject({ uploadInterval: 120 });
    expect(
      await finalAnswer(broker, SN, { name: 'register.write', params: { address: 1, hex: '0002' } }),
    ).toMatchObject({
      error: 'out-of-range',
    });
    await finalAnswer(broker, SN, { name: 'register.write', params: { address: 1, hex: '003C' } });
  });

  it('writes the power limit (the inverter follows) and refuses read-only and out-of-range values', async () => {
    const { address, hex } = hexOf('WMaxLimPct', 25);
    expect(
      await finalAnswer(broker, SN, { name: 'register.write', dev: INV().sn, params: { address, hex } }),
    ).toMatchObject({
      state: 'DONE',
      result: { address, hex, values: { WMaxLimPct: 25 } },
    });
    advance(10);
    expect(INV().values().W as number).toBeLessThanOrEqual(2_500);
    const w = hexOf('W', 100);
    expect(await finalAnswer(broker, SN, { name: 'register.write', dev: INV().sn, params: w })).toMatchObject(
      {
        state: 'FAILED',
        error: 'read-only',
      },
    );
    expect(
      await finalAnswer(broker, SN, {
        name: 'register.write',
        dev: INV().sn,
        params: { address, hex: '0065' },
      }),
    ).toMatchObject({ error: 'out-of-range' });
    expect(
      await finalAnswer(broker, SN, {
        name: 'register.read',
        dev: INV().sn,
        params: { address: 65_000, count: 2 },
      }),
    ).toMatchObject({
      error: 'illegal-address',
    });
    const lift = hexOf('WMaxLimPct', 100);
    await finalAnswer(broker, SN, { name: 'register.write', dev: INV().sn, params: lift });
  });
});

describe('storage and device commands', () => {
  it('sets the work mode and validated time slots', async () => {
    expect(
      await finalAnswer(broker, SN, { name: 'storage.mode', dev: BAT().sn, params: { mode: 4 } }),
    ).toMatchObject({
      state: 'DONE',
      result: { mode: 4, name: 'TIME_SHARED' },
    });
    const periods = [
      { start: '22:00', end: '06:00', mode: 'CHARGE', powerW: 2_000 },
      { start: '17:00', end: '21:00', mode: 'DISCHARGE' },
    ];
    expect(await finalAnswer(broker, SN, { name: 'storage.timeSlots', params: { periods } })).toMatchObject({
      state: 'DONE',
      result: { mode: 4, periods },
    });
    expect(logger.site.battery!.periods).toEqual(periods);
    const overlapping = [...periods, { start: '05:00', end: '07:00', mode: 'CHARGE' }];
    expect(
      await finalAnswer(broker, SN, { name: 'storage.timeSlots', params: { periods: overlapping } }),
    ).toMatchObject({
      state: 'FAILED',
      error: 'invalid-params',
      result: { detail: 'rule.timePeriodDuplicate' },
    });
    const seven = Array.from({ length: 7 }, (_, i) => ({
      start: `0${i}:00`,
      end: `0${i}:30`,
      mode: 'CHARGE',
    }));
    expect(
      await finalAnswer(broker, SN, { name: 'storage.timeSlots', params: { periods: seven } }),
    ).toMatchObject({
      error: 'invalid-params',
    });
    expect(
      await finalAnswer(broker, SN, { name: 'storage.mode', dev: BAT().sn, params: { mode: 5 } }),
    ).toMatchObject({
      error: 'invalid-params',
    });
    expect(
      await finalAnswer(broker, SN, { name: 'storage.mode', dev: INV().sn, params: { mode: 1 } }),
    ).toMatchObject({
      error: 'wrong-device-type',
    });
    await finalAnswer(broker, SN, { name: 'storage.mode', params: { mode: 0 } });
    expect(logger.site.battery!.mode).toBe('SELF_CONSUMPTION');
  });

  it('refuses a factory reset unless the device is in standby', async () => {
    const limit = hexOf('WMaxLimPct', 50);
    await finalAnswer(broker, SN, { name: 'register.write', dev: INV().sn, params: limit });
    expect(await finalAnswer(broker, SN, { name: 'device.factoryReset', dev: INV().sn })).toMatchObject({
      state: 'FAILED',
      error: 'not-in-standby',
    });
    await finalAnswer(broker, SN, { name: 'register.write', dev: INV().sn, params: hexOf('Conn', 0) });
    advance(2);
    expect(INV().value('St')).toBe(8);
    expect(await finalAnswer(broker, SN, { name: 'device.factoryReset', dev: INV().sn })).toMatchObject({
      state: 'DONE',
    });
    expect(INV().values()).toMatchObject({ Conn: 1, WMaxLimPct: 100 });
    advance(5);
    expect(INV().values().W as number).toBeGreaterThan(5_000);
  });
});

describe('iv.scan and recording.start', () => {
  it('returns the IV curve of every string from the single-diode model', async () => {
    const answer = await finalAnswer(broker, SN, { name: 'iv.scan', dev: INV().sn, params: { points: 40 } });
    expect(answer.state).toBe('DONE');
    const curves = answer.result!.curves as {
      mppt: number;
      string: number;
      voc: number;
      isc: number;
      vmp: number;
      imp: number;
      pmax: number;
      v: number[];
      i: number[];
    }[];
    expect(curves.map((c) => [c.mppt, c.string])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    for (const c of curves) {
      expect(c.v).toHaveLength(40);
      expect(c.v[0]).toBe(0);
      expect(c.i[0]).toBeCloseTo(c.isc, 1);
      expect(c.v.at(-1)).toBeCloseTo(c.voc, 0);
      expect(c.vmp).toBeGreaterThan(0.6 * c.voc);
      expect(c.pmax).toBeCloseTo(c.vmp * c.imp, -1);
      // The strings' maximum power is what the tracker harvests, within a few percent.
      const dcw = INV().values()[`DCW_${c.mppt}`] as number;
      expect(Math.abs(c.pmax - dcw) / dcw).toBeLessThan(0.05);
    }
    expect(await finalAnswer(broker, SN, { name: 'iv.scan', dev: BAT().sn })).toMatchObject({
      error: 'wrong-device-type',
    });
  });

  it('records waveforms per channel: AC voltage as a 50 Hz sine, a counter as its level, scaled by zoom', async () => {
    const inv = INV();
    const v = inv.registerOf('PhVphA')!;
    const wh = inv.registerOf('WH')!;
    const answer = await finalAnswer(broker, SN, {
      name: 'recording.start',
      dev: inv.sn,
      params: {
        channels: [
          { channel: 1, address: v.address, dataType: 'S16' },
          { channel: 2, address: wh.address, dataType: 'U32' },
        ],
        samplingPeriodMs: 1,
        triggerAddress: inv.registerOf('St')!.address,
        delayMs: 0,
        zoom: 0.1,
        samples: 40,
      },
    });
    expect(answer.state).toBe('DONE');
    const [voltage, energy] = answer.result!.channels as { channel: number; samples: number[] }[];
    const rms = inv.value('PhVphA') as number;
    expect(Math.max(...voltage!.samples)).toBeCloseTo(rms * Math.SQRT2, -1);
    expect(Math.min(...voltage!.samples)).toBeCloseTo(-rms * Math.SQRT2, -1);
    expect(voltage!.samples).toHaveLength(40);
    const level = (inv.value('WH') as number) * 0.1;
    for (const s of energy!.samples) expect(Math.abs(s - level) / level).toBeLessThan(0.01);
    expect(answer.result!.triggerValue).toBe(inv.value('St'));
    // Without source and trigger: the master DSP's recorder on a fault trigger.
    expect(answer.result).toMatchObject({ source: 'MASTER_DSP', trigger: 'FAULT' });
    const levelled = await finalAnswer(broker, SN, {
      name: 'recording.start',
      dev: inv.sn,
      params: {
        channels: [{ channel: 3, address: v.address, dataType: 'S16' }],
        samplingPeriodMs: 2,
        triggerAddress: v.address,
        source: 'SLAVE_DSP',
        trigger: 'LEVEL',
        triggerLevel: -5,
      },
    });
    expect(levelled.result).toMatchObject({ source: 'SLAVE_DSP', trigger: 'LEVEL', triggerLevel: -5 });
    const channel = { channel: 1, address: v.address, dataType: 'S16' };
    for (const params of [
      { trigger: 'LEVEL' },
      { trigger: 'FAULT', triggerLevel: 3 },
      { source: 'DSP3' },
      { channels: [{ ...channel, dataType: 'U16' }] },
    ])
      expect(
        await finalAnswer(broker, SN, {
          name: 'recording.start',
          dev: inv.sn,
          params: { channels: [channel], samplingPeriodMs: 1, triggerAddress: 0, ...params },
        }),
        JSON.stringify(params),
      ).toMatchObject({ error: 'invalid-params' });
  });
});

describe('forwarding.set', () => {
  let http: HttpServer;
  let tcp: TcpServer;
  const posted: string[] = [];
  const lines: string[] = [];

  beforeAll(async () => {
    http = createHttpServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        posted.push(body);
        res.end('ok');
      });
    });
    tcp = createTcpServer((socket) => {
      let buffer = '';
      socket.on('data', (chunk) => {
        buffer += chunk.toString();
        const parts = buffer.split('\n');
        buffer = parts.pop() ?? '';
        lines.push(...parts);
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', () => resolve()));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => http.close(() => resolve()));
    await new Promise<void>((resolve) => tcp.close(() => resolve()));
  });

  const port = (server: HttpServer | TcpServer): number => (server.address() as { port: number }).port;
  const lastTelemetry = (): Record<string, unknown> => broker.of('telemetry').at(-1)!;

  it('sends copies of each telemetry message over HTTP, TCP and MQTT, and stops on OFF', async () => {
    await finalAnswer(broker, SN, {
      name: 'forwarding.set',
      params: { protocol: 'HTTP', url: `http://127.0.0.1:${port(http)}/ingest` },
    });
    advance(1);
    await logger.forwarder.idle();
    await logger.uplink.whenDrained();
    expect(posted.map((p) => JSON.parse(p) as unknown)).toEqual([lastTelemetry()]);

    await finalAnswer(broker, SN, {
      name: 'forwarding.set',
      params: { protocol: 'TCP', host: '127.0.0.1', port: port(tcp) },
    });
    advance(2);
    await until(() => lines.length === 2, 'two lines over TCP');
    await logger.uplink.whenDrained();
    expect(JSON.parse(lines[1]!)).toEqual(lastTelemetry());

    await finalAnswer(broker, SN, {
      name: 'forwarding.set',
      params: { protocol: 'MQTT', url: `${broker.url}/third-party/plant-7` },
    });
    await logger.forwarder.whenConnected();
    advance(1);
    await until(() => broker.committed.some((u) => u.topic === 'third-party/plant-7'), 'a copy over MQTT');
    expect(broker.committed.find((u) => u.topic === 'third-party/plant-7')!.payload).toEqual(lastTelemetry());

    await finalAnswer(broker, SN, { name: 'forwarding.set', params: { protocol: 'OFF' } });
    const before = logger.forwarder.stats.sent;
    advance(2);
    expect(logger.forwarder.stats.sent).toBe(before);
    expect(
      await finalAnswer(broker, SN, { name: 'forwarding.set', params: { protocol: 'UDP' } }),
    ).toMatchObject({
      error: 'invalid-params',
    });
  });

  it('keeps the serial settings with the setting: defaults, echoed, across a restart', async () => {
    const toTcp = { protocol: 'TCP', host: '127.0.0.1', port: port(tcp) };
    expect(await finalAnswer(broker, SN, { name: 'forwarding.set', params: toTcp })).toEqual(
      expect.objectContaining({
        state: 'DONE',
        result: {
          ...toTcp,
          serialPort: 1,
          baudRate: 9600,
          parity: 'NONE',
          stopBits: 1,
          acquisitionInterval: 60,
        },
      }),
    );
    const serial = { serialPort: 3, baudRate: 19_200, parity: 'EVEN', stopBits: 2, acquisitionInterval: 300 };
    const toHttp = { protocol: 'HTTP', url: `http://127.0.0.1:${port(http)}/serial`, uploadInterval: 120 };
    const answer = await finalAnswer(broker, SN, {
      name: 'forwarding.set',
      params: { ...toHttp, ...serial },
    });
    expect(answer).toMatchObject({ state: 'DONE' });
    expect(answer.result).toEqual({ ...toHttp, ...serial });
    expect(logger.forwarder.current).toEqual({ ...toHttp, ...serial });

    await logger.stop();
    logger = newLogger();
    logger.advanceTo(ts);
    logger.start();
    await logger.uplink.whenReady();
    expect(logger.forwarder.current).toEqual({ ...toHttp, ...serial });
    // Copies go on arriving after the restart.
    const before = posted.length;
    advance(1);
    await logger.forwarder.idle();
    expect(posted.length).toBe(before + 1);
    await finalAnswer(broker, SN, { name: 'forwarding.set', params: { protocol: 'OFF' } });
    expect(logger.forwarder.current).toBeNull();
  });

  it.each([
    ['serialPort', 0, 'serialPort must be an integer 1…4'],
    ['serialPort', 5, 'serialPort must be an integer 1…4'],
    ['serialPort', 1.5, 'serialPort must be an integer 1…4'],
    ['baudRate', 9_601, 'baudRate must be one of 1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200'],
    ['baudRate', '9600', 'baudRate must be one of 1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200'],
    ['parity', 'MARK', 'parity must be NONE, ODD, EVEN'],
    ['parity', 'none', 'parity must be NONE, ODD, EVEN'],
    ['stopBits', 1.5, 'stopBits must be 1 or 2'],
    ['stopBits', 0, 'stopBits must be 1 or 2'],
    ['acquisitionInterval', 4, 'acquisitionInterval must be an integer 5…3600'],
    ['acquisitionInterval', 3_601, 'acquisitionInterval must be an integer 5…3600'],
  ])('refuses %s = %j, and keeps the setting it had', async (key, value, detail) => {
    const setting = { protocol: 'TCP', host: '127.0.0.1', port: port(tcp), ...FORWARDING_SERIAL_DEFAULTS };
    await finalAnswer(broker, SN, { name: 'forwarding.set', params: setting });
    expect(
      await finalAnswer(broker, SN, {
        name: 'forwarding.set',
        params: { protocol: 'TCP', host: '127.0.0.1', port: 9, [key]: value },
      }),
    ).toMatchObject({ state: 'FAILED', error: 'invalid-params', result: { detail } });
    expect(logger.forwarder.current).toEqual(setting);
    await finalAnswer(broker, SN, { name: 'forwarding.set', params: { protocol: 'OFF' } });
  });

  it('gives a setting saved before the serial settings existed their defaults', () => {
    expect(storedForwarding({ protocol: 'TCP', host: 'h', port: 7 })).toEqual({
      protocol: 'TCP',
      host: 'h',
      port: 7,
      ...FORWARDING_SERIAL_DEFAULTS,
    });
    expect(storedForwarding({ protocol: 'UDP' })).toBeNull();
  });
});
