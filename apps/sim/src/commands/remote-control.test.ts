// Remote operations on the device side (docs/protocol.md §6.1), through the broker as the cloud sends them:
// AC coupling (set, update, release; the inverter's output follows), local control authority (hello, the
// refusals, reads still allowed), a register that silently reverts (fault injection), the battery's next
// reading after each storage mode, and the devices' settings across a restart and a factory reset.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HelloDevice } from '@sunfleet/contracts';
import { encodeValues, wordsToHex } from '@sunfleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimLogger, type SimLoggerOptions } from '../logger/sim-logger.js';
import { ChargeState } from '../physics/battery.js';
import { TestBroker } from '../testing/broker.js';
import { finalAnswer } from '../testing/commands.js';
import { NIGHT, NOON, testSite, until } from '../testing/fixtures.js';

const MINUTE = 60_000;
let broker: TestBroker;
const dirs: string[] = [];

beforeAll(async () => {
  broker = await TestBroker.start();
});

afterAll(async () => {
  await broker.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A logger at a site with an inverter (unit 1), a battery (2), a meter (3) and a weather station (4). */
class Rig {
  private current: SimLogger | null = null;
  ts: number;
  readonly sn: string;
  readonly dir: string;
  private readonly extra: Partial<SimLoggerOptions>;

  constructor(sn: string, start: number, extra: Partial<SimLoggerOptions> = {}) {
    this.sn = sn;
    this.ts = start;
    this.extra = extra;
    this.dir = mkdtempSync(join(tmpdir(), 'sf-remote-'));
    dirs.push(this.dir);
  }

  /** Constructed on first use (the broker's URL is known once the suite runs). */
  get logger(): SimLogger {
    this.current ??= this.create();
    return this.current;
  }

  private create(): SimLogger {
    return new SimLogger({
      sn: this.sn,
      secret: 's',
      brokerUrl: broker.url,
      site: testSite(),
      bufferDir: this.dir,
      uploadInterval: 60,
      fsync: false,
      reconnectMinMs: 20,
      ...this.extra,
    });
  }

  get inv() {
    return this.logger.devices.byUnit(1)!;
  }
  get bat() {
    return this.logger.devices.byUnit(2)!;
  }
  get meter() {
    return this.logger.devices.byUnit(3)!;
  }

  async start(warmupMinutes = 0): Promise<void> {
    this.logger.advanceTo(this.ts);
    this.logger.start();
    await this.logger.uplink.whenReady();
    this.advance(warmupMinutes);
  }

  advance(minutes: number): void {
    for (let k = 0; k < minutes; k++) this.logger.advanceTo((this.ts += MINUTE));
  }

  async restart(): Promise<void> {
    await this.logger.stop();
    this.current = this.create();
    await this.start();
  }

  async stop(): Promise<void> {
    await this.logger.stop();
  }

  command(name: string, dev: string | undefined, params: Record<string, unknown> = {}) {
    return finalAnswer(broker, this.sn, { name, ...(dev === undefined ? {} : { dev }), params });
  }

  /** The device's reading in the telemetry of the next sample. */
  async nextReading(sn: string): Promise<Record<string, unknown>> {
    const before = broker.of('telemetry').length;
    this.advance(1);
    await this.logger.uplink.whenDrained();
    await until(() => broker.of('telemetry').length > before, 'the next telemetry');
    const message = broker.of('telemetry').at(-1) as {
      readings: { dev: string; values: Record<string, unknown> }[];
    };
    const reading = message.readings.find((r) => r.dev === sn);
    if (!reading) throw new Error(`no reading of ${sn}`);
    return reading.values;
  }

  /** The register's value as register.read returns it. */
  async readRegister(sn: string, key: string): Promise<string> {
    const device = this.logger.devices.bySn(sn)!;
    const register = device.registerOf(key)!;
    const answer = await this.command('register.read', sn, { address: register.address });
    expect(answer.state).toBe('DONE');
    return answer.result!.hex as string;
  }
}

function hexOf(device: SimLogger['devices']['devices'][number], key: string, value: number) {
  const register = device.registerOf(key)!;
  const [block] = encodeValues([register], { [key]: value });
  return { address: register.address, hex: wordsToHex(block!.words) };
}

function lastHelloDevice(sn: string, logger: string): HelloDevice | undefined {
  const hello = broker.committed.filter((u) => u.kind === 'hello' && u.topic.includes(logger)).at(-1);
  return (hello?.payload.devices as HelloDevice[] | undefined)?.find((d) => d.sn === sn);
}

describe('acCouple.set', () => {
  const rig = new Rig('SFLG2606000011', NOON - 60 * MINUTE);
  beforeAll(() => rig.start(60));
  afterAll(() => rig.stop());

  it('limits the inverter’s AC output through WMaxLimPct / WMaxLim_Ena, updates, and releases', async () => {
    expect((await rig.nextReading(rig.inv.sn)).W as number).toBeGreaterThan(5_000);
    expect(
      await rig.command('acCouple.set', rig.inv.sn, { coupledSn: rig.bat.sn, maxFeedInW: 3_000 }),
    ).toMatchObject({
      state: 'DONE',
      result: { dev: rig.inv.sn, coupledSn: rig.bat.sn, maxFeedInW: 3_000 },
    });
    // Visible in the registers (30 % of 10 kW, enabled) and in the next reading's power.
    expect(await rig.readRegister(rig.inv.sn, 'WMaxLimPct')).toBe('001E');
    expect(await rig.readRegister(rig.inv.sn, 'WMaxLim_Ena')).toBe('0001');
    const limited = await rig.nextReading(rig.inv.sn);
    expect(limited.W as number).toBeLessThanOrEqual(3_000);
    expect(limited.W as number).toBeGreaterThan(2_500);
    expect(rig.logger.devices.acCoupleOf(rig.inv.sn)).toEqual({ coupledSn: rig.bat.sn, maxFeedInW: 3_000 });

    // Update: a figure that is not a whole percent is rounded down, so the output stays within it.
    await rig.command('acCouple.set', rig.inv.sn, { coupledSn: rig.bat.sn, maxFeedInW: 4_567 });
    expect(rig.inv.value('WMaxLimPct')).toBe(45);
    expect((await rig.nextReading(rig.inv.sn)).W as number).toBeLessThanOrEqual(4_567);

    // Release: the limit is off, the inverter feeds in what it has again.
    expect(
      await rig.command('acCouple.set', rig.inv.sn, { coupledSn: null, maxFeedInW: null }),
    ).toMatchObject({ state: 'DONE', result: { dev: rig.inv.sn, coupledSn: null, maxFeedInW: null } });
    expect(await rig.readRegister(rig.inv.sn, 'WMaxLim_Ena')).toBe('0000');
    expect((await rig.nextReading(rig.inv.sn)).W as number).toBeGreaterThan(5_000);
    expect(rig.logger.devices.acCoupleOf(rig.inv.sn)).toBeNull();
  });

  it('lets a battery keep the figure', async () => {
    expect(
      await rig.command('acCouple.set', rig.bat.sn, { coupledSn: rig.inv.sn, maxFeedInW: 2_000 }),
    ).toMatchObject({ state: 'DONE', result: { dev: rig.bat.sn, coupledSn: rig.inv.sn, maxFeedInW: 2_000 } });
    expect(rig.logger.devices.acCoupleOf(rig.bat.sn)).toEqual({ coupledSn: rig.inv.sn, maxFeedInW: 2_000 });
    await rig.command('acCouple.set', rig.bat.sn, { coupledSn: null, maxFeedInW: null });
    expect(rig.logger.devices.acCoupleOf(rig.bat.sn)).toBeNull();
  });

  it.each([
    [
      'a partner not behind this logger',
      'inv',
      { coupledSn: 'SFB12606999999', maxFeedInW: 1_000 },
      'unknown-device',
    ],
    ['a meter as partner', 'inv', { coupledSn: 'meter', maxFeedInW: 1_000 }, 'wrong-device-type'],
    ['itself as partner', 'inv', { coupledSn: 'inv', maxFeedInW: 1_000 }, 'invalid-params'],
    ['a negative figure', 'inv', { coupledSn: 'bat', maxFeedInW: -1 }, 'invalid-params'],
    ['a figure as text', 'inv', { coupledSn: 'bat', maxFeedInW: '3000' }, 'invalid-params'],
    ['missing params', 'inv', {}, 'invalid-params'],
    ['a malformed SN', 'inv', { coupledSn: 'no spaces', maxFeedInW: null }, 'invalid-params'],
    ['a meter as the device', 'meter', { coupledSn: 'bat', maxFeedInW: 1_000 }, 'wrong-device-type'],
  ] as const)('refuses %s', async (_what, dev, params, error) => {
    const sn = (key: string): string =>
      key === 'inv' ? rig.inv.sn : key === 'bat' ? rig.bat.sn : key === 'meter' ? rig.meter.sn : key;
    const resolved = Object.fromEntries(
      Object.entries(params).map(([k, v]) => [k, k === 'coupledSn' && typeof v === 'string' ? sn(v) : v]),
    );
    const before = rig.inv.values();
    const answer = await rig.command('acCouple.set', sn(dev), resolved);
    expect(answer).toMatchObject({ state: 'FAILED', error });
    expect(answer.result?.detail).toMatch(/\w/);
    expect(rig.inv.values()).toMatchObject({
      WMaxLimPct: before.WMaxLimPct,
      WMaxLim_Ena: before.WMaxLim_Ena,
    });
    expect(rig.logger.devices.acCoupleOf(rig.inv.sn)).toBeNull();
  });

  it('needs a device', async () => {
    expect(
      await rig.command('acCouple.set', undefined, { coupledSn: null, maxFeedInW: 1_000 }),
    ).toMatchObject({
      state: 'FAILED',
      error: 'invalid-params',
    });
  });
});

describe('local control authority', () => {
  const rig = new Rig('SFLG2606000012', NOON - 30 * MINUTE);
  beforeAll(() => rig.start(30));
  afterAll(() => rig.stop());

  it('announces the switch in hello and refuses every state-changing command while it is on', async () => {
    expect(lastHelloDevice(rig.inv.sn, rig.sn)).not.toHaveProperty('localControl');
    const hellos = broker.of('hello').length;
    rig.logger.setLocalControl(rig.inv.sn, true);
    rig.logger.setLocalControl(rig.bat.sn, true);
    await until(
      () => lastHelloDevice(rig.bat.sn, rig.sn)?.localControl === true,
      'a hello with local control',
    );
    expect(broker.of('hello').length).toBeGreaterThan(hellos);
    expect(lastHelloDevice(rig.inv.sn, rig.sn)).toMatchObject({ localControl: true });
    expect(lastHelloDevice(rig.meter.sn, rig.sn)).not.toHaveProperty('localControl');

    const refused: [string, string, Record<string, unknown>][] = [
      ['register.write', rig.inv.sn, hexOf(rig.inv, 'WMaxLimPct', 20)],
      ['storage.mode', rig.bat.sn, { mode: 1 }],
      ['storage.mode', '', { mode: 1 }], // the only battery, not named
      ['storage.timeSlots', rig.bat.sn, { periods: [{ start: '01:00', end: '02:00', mode: 'CHARGE' }] }],
      ['device.factoryReset', rig.inv.sn, {}],
      ['acCouple.set', rig.inv.sn, { coupledSn: rig.bat.sn, maxFeedInW: 1_000 }],
    ];
    for (const [name, dev, params] of refused) {
      const answer = await rig.command(name, dev === '' ? undefined : dev, params);
      expect(answer, name).toMatchObject({ state: 'FAILED', error: 'local-control' });
      expect(answer.result?.detail, name).toContain('controlled locally');
    }
    expect(rig.inv.values()).toMatchObject({ WMaxLimPct: 100, WMaxLim_Ena: 1 });
    expect(rig.logger.site.battery!.mode).toBe('SELF_CONSUMPTION');
    expect(rig.logger.site.battery!.periods).toEqual([]);

    // Reads and scans still work.
    expect(await rig.readRegister(rig.inv.sn, 'WMaxLimPct')).toBe('0064');
    expect(await rig.command('iv.scan', rig.inv.sn, { points: 10 })).toMatchObject({ state: 'DONE' });
    // The logger's own registers are not the device's.
    expect(await rig.command('register.write', undefined, { address: 1, hex: '003C' })).toMatchObject({
      state: 'DONE',
    });
  });

  it('takes commands again once the switch is back, and says so in the next hello', async () => {
    rig.logger.setLocalControl(rig.inv.sn, false);
    rig.logger.setLocalControl(rig.bat.sn, false);
    await until(() => lastHelloDevice(rig.bat.sn, rig.sn)?.localControl === undefined, 'a hello without it');
    expect(lastHelloDevice(rig.inv.sn, rig.sn)).not.toHaveProperty('localControl');
    const limit = hexOf(rig.inv, 'WMaxLimPct', 20);
    expect(await rig.command('register.write', rig.inv.sn, limit)).toMatchObject({ state: 'DONE' });
    expect(rig.inv.value('WMaxLimPct')).toBe(20);
    await rig.command('register.write', rig.inv.sn, hexOf(rig.inv, 'WMaxLimPct', 100));
  });

  it('starts locally controlled from the options and refuses unknown devices', async () => {
    const other = new Rig('SFLG2606000013', NOON, { localControl: [testSiteSn(1)] });
    expect(other.logger.hello().devices[0]).toMatchObject({ localControl: true });
    expect(other.logger.hello().devices[1]).not.toHaveProperty('localControl');
    expect(() => other.logger.setLocalControl('SFI3A2606999999', true)).toThrow(/no device/);
    await other.stop();
    const unknown = new Rig('SFLG2606000014', NOON, { localControl: ['SFI3A2606999999'] });
    expect(() => unknown.logger).toThrow(/no device/);
  });
});

/** The SN of unit `unit` of the test site. */
function testSiteSn(unit: number): string {
  const site = testSite();
  const sns = [...site.inverters.map((i) => i.sn), site.battery?.sn, site.meter?.sn, site.weatherStation?.sn];
  return sns[unit - 1]!;
}

describe('a register that silently reverts (fault injection)', () => {
  const rig = new Rig('SFLG2606000015', NOON - 30 * MINUTE, {
    pinnedRegisters: { [testSiteSn(2)]: ['WorkMode'] },
  });
  beforeAll(() => rig.start(30));
  afterAll(() => rig.stop());

  it('answers DONE with the written value, yet reads and behaves as before', async () => {
    rig.logger.devices.pinRegister(rig.inv.sn, 'WMaxLimPct');
    const write = hexOf(rig.inv, 'WMaxLimPct', 40);
    expect(await rig.command('register.write', rig.inv.sn, write)).toMatchObject({
      state: 'DONE',
      result: { address: write.address, hex: '0028', values: { WMaxLimPct: 40 } },
    });
    expect(await rig.readRegister(rig.inv.sn, 'WMaxLimPct')).toBe('0064');
    expect((await rig.nextReading(rig.inv.sn)).W as number).toBeGreaterThan(5_000);

    rig.logger.devices.unpinRegister(rig.inv.sn, 'WMaxLimPct');
    await rig.command('register.write', rig.inv.sn, write);
    expect(await rig.readRegister(rig.inv.sn, 'WMaxLimPct')).toBe('0028');
    await rig.command('register.write', rig.inv.sn, hexOf(rig.inv, 'WMaxLimPct', 100));
  });

  it('reverts a pinned setting changed by a command too (from the options)', async () => {
    expect(await rig.command('storage.mode', rig.bat.sn, { mode: 1 })).toMatchObject({
      state: 'DONE',
      result: { mode: 1, name: 'EMERGENCY_CHARGING' },
    });
    expect(rig.bat.value('WorkMode')).toBe(0);
    expect(rig.logger.site.battery!.mode).toBe('SELF_CONSUMPTION');
  });

  it('refuses to pin what cannot be written', () => {
    expect(() => rig.logger.devices.pinRegister(rig.inv.sn, 'W')).toThrow(/no writable register W/);
    expect(() => rig.logger.devices.pinRegister('SFI3A2606999999', 'WMaxLimPct')).toThrow(/no device/);
  });
});

describe('storage.mode: the battery’s next reading follows the mode', () => {
  // 01:00, no sun, the house draws a few hundred W, the battery is half full.
  const rig = new Rig('SFLG2606000016', NIGHT - 10 * MINUTE);
  beforeAll(() => rig.start(10));
  afterAll(() => rig.stop());

  const mode = async (m: number): Promise<Record<string, unknown>> => {
    expect(await rig.command('storage.mode', rig.bat.sn, { mode: m })).toMatchObject({ state: 'DONE' });
    return rig.nextReading(rig.bat.sn);
  };

  it('self-consumption covers the house, emergency charging charges, full feed-in discharges, PV mode rests', async () => {
    const self = await mode(0);
    expect(self.BatW as number).toBeGreaterThan(0);
    expect(self.BatW as number).toBeLessThan(2_000);
    expect(self).toMatchObject({ WorkMode: 0, ChaSt: ChargeState.DISCHARGING });

    const emergency = await mode(1);
    expect(emergency).toMatchObject({ WorkMode: 1, BatW: -5_000, ChaSt: ChargeState.CHARGING });

    const feedIn = await mode(2);
    expect(feedIn).toMatchObject({ WorkMode: 2, BatW: 5_000, ChaSt: ChargeState.DISCHARGING });
    // What the house does not take goes out through the meter (negative = export).
    const meter = rig.meter.values();
    expect(meter.W as number).toBeLessThan(-3_000);

    const pv = await mode(3);
    expect(pv).toMatchObject({ WorkMode: 3, BatW: 0 });
  });

  it('time-shared control follows the period that covers now', async () => {
    expect(
      await rig.command('storage.timeSlots', rig.bat.sn, {
        periods: [{ start: '00:30', end: '03:00', mode: 'CHARGE', powerW: 2_000 }],
      }),
    ).toMatchObject({ state: 'DONE' });
    const shared = await mode(4);
    expect(shared).toMatchObject({ WorkMode: 4, BatW: -2_000, ChaSt: ChargeState.CHARGING });
    await mode(0);
  });
});

describe('device settings across a restart and a factory reset', () => {
  const rig = new Rig('SFLG2606000017', NOON - 30 * MINUTE);
  beforeAll(() => rig.start(30));
  afterAll(() => rig.stop());

  it('keeps the AC coupling (and its limit), the work mode and the periods across a restart', async () => {
    await rig.command('acCouple.set', rig.inv.sn, { coupledSn: rig.bat.sn, maxFeedInW: 3_000 });
    const periods = [{ start: '22:00', end: '05:00', mode: 'CHARGE', powerW: 1_500 }];
    await rig.command('storage.timeSlots', rig.bat.sn, { periods });
    await rig.command('storage.mode', rig.bat.sn, { mode: 4 });
    await rig.restart();
    expect(rig.logger.devices.acCoupleOf(rig.inv.sn)).toEqual({ coupledSn: rig.bat.sn, maxFeedInW: 3_000 });
    expect(rig.inv.values()).toMatchObject({ WMaxLimPct: 30, WMaxLim_Ena: 1 });
    expect((await rig.nextReading(rig.inv.sn)).W as number).toBeLessThanOrEqual(3_000);
    expect(rig.logger.site.battery!.mode).toBe('TIME_SHARED');
    expect(rig.logger.site.battery!.periods).toEqual(periods);
    expect(rig.bat.value('WorkMode')).toBe(4);
  });

  it('forgets the coupling on a factory reset', async () => {
    await rig.command('register.write', rig.inv.sn, hexOf(rig.inv, 'Conn', 0));
    rig.advance(1);
    expect(await rig.command('device.factoryReset', rig.inv.sn)).toMatchObject({ state: 'DONE' });
    expect(rig.logger.devices.acCoupleOf(rig.inv.sn)).toBeNull();
    expect(rig.inv.values()).toMatchObject({ Conn: 1, WMaxLimPct: 100, WMaxLim_Ena: 1 });
    await rig.restart();
    expect(rig.logger.devices.acCoupleOf(rig.inv.sn)).toBeNull();
    expect(rig.inv.values()).toMatchObject({ Conn: 1, WMaxLimPct: 100 });
    expect(rig.logger.site.battery!.mode).toBe('TIME_SHARED');
  });
});
