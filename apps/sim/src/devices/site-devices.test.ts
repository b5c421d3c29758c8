import { describe, expect, it } from 'vitest';
import { BUILT_IN_MODELS } from '@sunfleet/contracts';
import { decodeBlocks, encodeValues } from '@sunfleet/domain';
import { SiteSimulator } from '../site.js';
import { NIGHT, NOON, testSite } from '../testing/fixtures.js';
import { definitionOfModel, siteFromModels } from './catalogue.js';
import { RegisterError } from './register-image.js';
import { SiteDevices } from './site-devices.js';
import type { SimDevice } from './sim-device.js';

const lastStep = new WeakMap<SiteSimulator, number>();

/** Runs the site in 5-minute steps up to `end` (the first call starts an hour before). */
function runUntil(site: SiteSimulator, devices: SiteDevices, end: number): void {
  let ts = lastStep.get(site) ?? end - 3_600_000;
  while (ts + 300_000 <= end) site.step((ts += 300_000), 300);
  lastStep.set(site, ts);
  devices.refresh();
}

function wordsOf(device: SimDevice, key: string, value: number): { address: number; words: number[] } {
  const register = device.registerOf(key)!;
  const [block] = encodeValues([register], { [key]: value });
  return { address: register.address, words: [...block!.words] };
}

describe('SiteDevices', () => {
  it('serves every built-in model with the SunS marker and its models laid out as the definition says', () => {
    const models = BUILT_IN_MODELS.filter((m) => m.deviceType === 'INVERTER').map((m) => m.model);
    const site = new SiteSimulator(
      siteFromModels({
        id: 'all',
        seed: 1,
        latitude: 0,
        longitude: 0,
        timeZone: 'UTC',
        models: [...models, 'SF-BAT-200K', 'SF-MTR-1P', 'SF-WS-1'],
        faultRate: 0,
      }),
    );
    const devices = new SiteDevices(site);
    expect(devices.devices.map((d) => d.model.model)).toEqual([
      ...models,
      'SF-BAT-200K',
      'SF-MTR-1P',
      'SF-WS-1',
    ]);
    for (const device of devices.devices) {
      expect(device.read(40_000, 2)).toEqual([0x5375, 0x6e53]);
      expect(device.read(40_002, 2)).toEqual([1, 66]);
      for (const block of device.definition.fixed)
        expect(device.read(block.address, block.words.length)).toEqual(block.words);
      // Model 1 identifies the device.
      const common = device.values(true);
      expect(common).toMatchObject({
        Mn: 'Sunfleet',
        Md: device.model.model,
        SN: device.sn,
        DA: device.unitId,
      });
    }
  });

  it('holds the simulated measures in its registers, to the resolution of each register', () => {
    const site = new SiteSimulator(testSite());
    const devices = new SiteDevices(site);
    runUntil(site, devices, NOON);
    for (const [k, reading] of site.readings.entries()) {
      const device = devices.devices[k]!;
      const decoded = decodeBlocks(device.definition.registers, [device.image.block()]);
      for (const [key, value] of Object.entries(reading.values)) {
        const register = device.registerOf(key);
        if (!register || value === null) continue;
        const resolution = 10 ** register.scale;
        expect(Math.abs((decoded[key] as number) - value), `${device.sn} ${key}`).toBeLessThanOrEqual(
          resolution / 2 + 1e-9,
        );
      }
    }
    const inverter = devices.byUnit(1)!;
    expect(inverter.values().W).toBeGreaterThan(5_000);
    // Channels the inverter does not have read as "not implemented" and stay out of the values.
    expect(inverter.values()).not.toHaveProperty('DCV_3');
    expect(decodeBlocks(inverter.definition.registers, [inverter.image.block()]).DCV_3).toBeNull();
  });

  it('limits the inverter through WMaxLimPct and lifts the limit through WMaxLim_Ena', () => {
    const site = new SiteSimulator(testSite());
    const devices = new SiteDevices(site);
    const inverter = devices.byUnit(1)!;
    runUntil(site, devices, NOON - 300_000);
    const { address, words } = wordsOf(inverter, 'WMaxLimPct', 20);
    expect(devices.write(inverter, address, words)).toEqual({ WMaxLimPct: 20 });
    runUntil(site, devices, NOON + 3_600_000);
    expect(inverter.values().W).toBeLessThanOrEqual(2_000);
    expect(inverter.values().St).toBe(5); // THROTTLED
    const enable = wordsOf(inverter, 'WMaxLim_Ena', 0);
    devices.write(inverter, enable.address, enable.words);
    runUntil(site, devices, NOON + 7_200_000);
    expect(inverter.values().W).toBeGreaterThan(5_000);
  });

  it('refuses read-only registers, values outside min/max and half a 32-bit register, changing nothing', () => {
    const site = new SiteSimulator(testSite());
    const devices = new SiteDevices(site);
    const inverter = devices.byUnit(1)!;
    const battery = devices.byUnit(2)!;
    const codeOf = (fn: () => unknown): string => {
      try {
        fn();
      } catch (error) {
        if (error instanceof RegisterError) return error.code;
        throw error;
      }
      return 'accepted';
    };
    const w = inverter.registerOf('W')!;
    expect(codeOf(() => devices.write(inverter, w.address, [100]))).toBe('read-only');
    const limit = inverter.registerOf('WMaxLimPct')!;
    expect(codeOf(() => devices.write(inverter, limit.address, [101]))).toBe('out-of-range');
    expect(codeOf(() => devices.write(inverter, 39_990, [1]))).toBe('illegal-address');
    expect(codeOf(() => devices.write(inverter, 40_000, [0]))).toBe('read-only'); // the SunS marker
    expect(inverter.value('WMaxLimPct')).toBe(100);
    const mode = battery.registerOf('WorkMode')!;
    expect(codeOf(() => devices.write(battery, mode.address, [5]))).toBe('out-of-range');
    // The reserve must stay below the charge ceiling (100 %) — the simulation refuses, the image keeps 10.
    const reserve = battery.registerOf('MinRsvPct')!;
    expect(codeOf(() => devices.write(battery, reserve.address, [100]))).toBe('out-of-range');
    expect(battery.value('MinRsvPct')).toBe(10);
  });

  it('switches the battery work mode from the WorkMode register', () => {
    const site = new SiteSimulator(testSite());
    const devices = new SiteDevices(site);
    const battery = devices.byUnit(2)!;
    runUntil(site, devices, NIGHT);
    expect(battery.values().BatW).toBeGreaterThan(0); // self-consumption discharges at night
    const { address, words } = wordsOf(battery, 'WorkMode', 1); // emergency charging
    devices.write(battery, address, words);
    expect(site.battery!.mode).toBe('EMERGENCY_CHARGING');
    runUntil(site, devices, NIGHT + 3_600_000);
    expect(battery.values().BatW).toBeLessThan(0);
    expect(battery.values().WorkMode).toBe(1);
  });

  it('knows standby (Conn = 0 puts an inverter in standby) and restores defaults on factory reset', () => {
    const site = new SiteSimulator(testSite());
    const devices = new SiteDevices(site);
    const inverter = devices.byUnit(1)!;
    runUntil(site, devices, NOON);
    expect(devices.inStandby(inverter)).toBe(false);
    const limit = wordsOf(inverter, 'WMaxLimPct', 50);
    devices.write(inverter, limit.address, limit.words);
    const conn = wordsOf(inverter, 'Conn', 0);
    devices.write(inverter, conn.address, conn.words);
    runUntil(site, devices, NOON + 600_000);
    expect(inverter.values()).toMatchObject({ W: 0, St: 8 });
    expect(devices.inStandby(inverter)).toBe(true);
    devices.factoryReset(inverter);
    runUntil(site, devices, NOON + 1_200_000);
    expect(inverter.values()).toMatchObject({ Conn: 1, WMaxLimPct: 100, St: 4 });
    expect(inverter.values().W).toBeGreaterThan(5_000);
  });

  it('builds definitions for every catalogue model', () => {
    for (const model of BUILT_IN_MODELS) expect(definitionOfModel(model).code).toBe(model.definitionCode);
  });
});
