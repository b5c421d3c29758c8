import { describe, expect, it } from 'vitest';
import type { WorkMode } from './physics/battery.js';
import { InverterState } from '@sunfleet/contracts';
import type { SiteConfig } from './site-config.js';
import { SiteSimulator, type SiteStep } from './site.js';

const INV = 'SFI3A2606000001';
const BAT = 'SFB12606000001';
const MTR = 'SFM32606000001';
const WS = 'SFW12606000001';
const DAY = Date.parse('2026-06-10T00:00:00+02:00');
const STEP_S = 300;

function config(overrides: Partial<SiteConfig> = {}): SiteConfig {
  return {
    id: 'munich-1',
    latitude: 48.14,
    longitude: 11.58,
    elevation: 520,
    timeZone: 'Europe/Berlin',
    seed: 'fleet-test',
    inverters: [
      {
        sn: INV,
        ratedPowerW: 10_000,
        mppts: [
          { strings: 1, modulesPerString: 12, tilt: 30, azimuth: 180 },
          { strings: 1, modulesPerString: 11, tilt: 30, azimuth: 180 },
        ],
      },
    ],
    battery: { sn: BAT, capacityWh: 10_000, initialSocPct: 50 },
    meter: { sn: MTR, phases: 3 },
    weatherStation: { sn: WS },
    cloudClimate: { clearDays: 0.999, overcastDays: 0.0005 },
    faultRate: 0,
    ...overrides,
  };
}

interface Snapshot {
  ts: number;
  values: Record<string, Record<string, number | null>>;
  flows: SiteStep['flows'];
}

/** Runs `days` days from `start` and snapshots every step (copies, since the step objects are reused). */
function simulate(site: SiteSimulator, start = DAY, days = 1, onStep?: (step: SiteStep) => void): Snapshot[] {
  const out: Snapshot[] = [];
  const steps = (days * 86_400) / STEP_S;
  for (let k = 1; k <= steps; k++) {
    const step = site.step(start + k * STEP_S * 1_000, STEP_S);
    onStep?.(step);
    out.push({
      ts: step.ts,
      values: Object.fromEntries(step.readings.map((r) => [r.sn, { ...r.values }])),
      flows: { ...step.flows },
    });
  }
  return out;
}

function counterDelta(snaps: Snapshot[], sn: string, key: string): number {
  return (snaps.at(-1)!.values[sn]![key] as number) - (snaps[0]!.values[sn]![key] as number);
}

/** PV_AC = load + charge + export − import − discharge, from the devices' counters and the site's load. */
function expectBalancedDay(snaps: Snapshot[]): void {
  const pv = counterDelta(snaps, INV, 'WH');
  const charge = counterDelta(snaps, BAT, 'ChaWH');
  const discharge = counterDelta(snaps, BAT, 'DisChaWH');
  const imported = counterDelta(snaps, MTR, 'TotWhImp');
  const exported = counterDelta(snaps, MTR, 'TotWhExp');
  const load = snaps.at(-1)!.flows.loadWh - snaps[0]!.flows.loadWh;
  // Integer counters: a few Wh of rounding over a day of tens of kWh.
  expect(Math.abs(pv - (load + charge + exported - imported - discharge))).toBeLessThan(6);
  const f = snaps.at(-1)!.flows;
  expect(f.pvWh - (f.loadWh + f.chargeWh + f.exportWh - f.importWh - f.dischargeWh)).toBeCloseTo(0, 6);
  expect(pv).toBeGreaterThan(20_000);
}

describe('site simulator: energy balance and work modes over a simulated day', () => {
  const modes: WorkMode[] = [
    'SELF_CONSUMPTION',
    'EMERGENCY_CHARGING',
    'FULL_FEED_IN',
    'PV_MODE',
    'TIME_SHARED',
  ];

  it.each(modes)('balances PV = load + charge + export − import − discharge in %s', (mode) => {
    const site = new SiteSimulator(config());
    site.setWorkMode(mode, [{ start: '17:00', end: '21:00', mode: 'DISCHARGE', powerW: 2_000 }]);
    expectBalancedDay(simulate(site));
  });

  it('self-consumption charges only from surplus and discharges only into the house', () => {
    const site = new SiteSimulator(config());
    const snaps = simulate(site);
    for (const s of snaps) {
      if (s.flows.batteryW < 0) expect(s.flows.gridW).toBeLessThanOrEqual(1e-6); // no grid charging
      if (s.flows.batteryW > 0) expect(s.flows.gridW).toBeGreaterThanOrEqual(-1e-6); // no battery export
    }
    expect(Math.max(...snaps.map((s) => s.values[BAT]!.ChaState as number))).toBeGreaterThan(95);
    expect(snaps.some((s) => s.flows.batteryW > 0)).toBe(true);
  });

  it('emergency charging charges to full (from the grid at night), then rests and never discharges', () => {
    const site = new SiteSimulator(config());
    site.setWorkMode('EMERGENCY_CHARGING');
    const snaps = simulate(site);
    for (const s of snaps) expect(s.flows.batteryW).toBeLessThanOrEqual(0);
    expect(snaps[0]!.flows.batteryW).toBe(-5_000); // at midnight, from the grid
    expect(snaps[0]!.flows.gridW).toBeGreaterThan(5_000);
    const full = snaps.findIndex((s) => (s.values[BAT]!.ChaState as number) >= 99.95);
    expect(full).toBeGreaterThan(0);
    for (const s of snaps.slice(full + 1)) expect(s.flows.batteryW).toBe(0);
  });

  it('full feed-in empties the battery into the grid down to its reserve and never charges', () => {
    const site = new SiteSimulator(config());
    site.setWorkMode('FULL_FEED_IN');
    const snaps = simulate(site);
    for (const s of snaps) expect(s.flows.batteryW).toBeGreaterThanOrEqual(0);
    // Just after midnight: full discharge power while the house takes far less, so the rest is exported.
    expect(snaps[0]!.flows.batteryW).toBe(5_000);
    expect(snaps[0]!.flows.gridW).toBeLessThan(-3_000);
    const f = snaps.at(-1)!.flows;
    expect(f.chargeWh).toBe(0);
    expect(f.exportWh - f.importWh).toBeCloseTo(f.pvWh + f.dischargeWh - f.loadWh, 6);
    expect(snaps.at(-1)!.values[BAT]!.ChaState).toBeCloseTo(10, 0);
  });

  it('PV mode charges from PV surplus only and keeps the charge', () => {
    const site = new SiteSimulator(config());
    site.setWorkMode('PV_MODE');
    for (const s of simulate(site)) {
      expect(s.flows.batteryW).toBeLessThanOrEqual(0);
      if (s.flows.batteryW < 0)
        expect(-s.flows.batteryW).toBeLessThanOrEqual(s.flows.pvW - s.flows.loadW + 1e-6);
    }
  });

  it('time-shared control follows its periods and is self-consumption outside them', () => {
    const site = new SiteSimulator(config({ battery: { sn: BAT, capacityWh: 10_000, initialSocPct: 30 } }));
    site.setWorkMode('TIME_SHARED', [
      { start: '01:00', end: '04:00', mode: 'CHARGE', powerW: 1_500 },
      { start: '19:00', end: '21:00', mode: 'DISCHARGE', powerW: 2_500 },
    ]);
    const snaps = simulate(site);
    const localHour = (s: Snapshot) => new Date(s.ts + 2 * 3_600_000).getUTCHours();
    for (const s of snaps) {
      const h = localHour(s);
      const minute = new Date(s.ts + 2 * 3_600_000).getUTCMinutes();
      if (h >= 1 && h < 4 && minute > 0) expect(s.flows.batteryW).toBe(-1_500);
      if (h >= 19 && h < 21 && minute > 0) expect(s.flows.batteryW).toBe(2_500);
      if (h >= 10 && h < 14) expect(s.flows.batteryW).toBeLessThanOrEqual(0); // surplus at noon: charging
    }
  });
});

describe('site simulator: devices and their measures', () => {
  it('produces the SunSpec measure keys of protocol §5.2 for each device', () => {
    const site = new SiteSimulator(config());
    const step = site.step(DAY + 12 * 3_600_000, STEP_S);
    const bySn = Object.fromEntries(step.readings.map((r) => [r.sn, r]));
    expect(Object.keys(bySn)).toEqual([INV, BAT, MTR, WS]);
    for (const key of [
      'W',
      'WH',
      'WHToday',
      'PhVphA',
      'PhVphB',
      'Hz',
      'TmpCab',
      'St',
      'DCV_1',
      'DCA_1',
      'DCW_1',
      'DCV_2',
    ]) {
      expect(bySn[INV]!.values[key], key).toEqual(expect.any(Number));
    }
    expect(bySn[INV]!.values.DCV_3).toBeUndefined();
    for (const key of ['W', 'TotWhImp', 'TotWhExp', 'PhV', 'Hz'])
      expect(bySn[MTR]!.values[key], key).toEqual(expect.any(Number));
    for (const key of ['W', 'ChaState', 'ChaWH', 'DisChaWH', 'WorkMode'])
      expect(bySn[BAT]!.values[key], key).toEqual(expect.any(Number));
    for (const key of ['GHI', 'TmpAmb', 'TmpBOM', 'WndSpd'])
      expect(bySn[WS]!.values[key], key).toEqual(expect.any(Number));
  });

  it('sleeps at night (St 2), tracks at noon (St 4) with plausible values, and grid V/Hz are noisy but near nominal', () => {
    const snaps = simulate(new SiteSimulator(config()));
    const at = (hour: number) => snaps.find((s) => s.ts === DAY + hour * 3_600_000)!;
    expect(at(2).values[INV]).toMatchObject({ St: InverterState.SLEEPING, W: 0 });
    const noon = at(13).values;
    expect(noon[INV]!.St).toBe(InverterState.MPPT);
    expect(noon[INV]!.W).toBeGreaterThan(6_000);
    expect(noon[WS]!.GHI).toBeGreaterThan(750);
    expect(noon[WS]!.TmpBOM as number).toBeGreaterThan(noon[WS]!.TmpAmb as number);
    expect(noon[INV]!.DCV_1 as number).toBeGreaterThan(noon[INV]!.DCV_2 as number); // 12 vs 11 modules
    const volts = snaps.map((s) => s.values[INV]!.PhVphA as number);
    const hertz = snaps.map((s) => s.values[INV]!.Hz as number);
    expect(new Set(volts).size).toBeGreaterThan(50);
    for (const v of volts) expect(Math.abs(v - 230)).toBeLessThan(15);
    for (const hz of hertz) expect(Math.abs(hz - 50)).toBeLessThan(0.15);
  });

  it('keeps counters growing and resets WHToday at local midnight', () => {
    const snaps = simulate(new SiteSimulator(config()), DAY, 2);
    for (let i = 1; i < snaps.length; i++) {
      for (const [sn, key] of [
        [INV, 'WH'],
        [MTR, 'TotWhImp'],
        [MTR, 'TotWhExp'],
        [BAT, 'ChaWH'],
        [BAT, 'DisChaWH'],
      ] as const) {
        expect(snaps[i]!.values[sn]![key] as number).toBeGreaterThanOrEqual(
          snaps[i - 1]!.values[sn]![key] as number,
        );
      }
    }
    const midnight = snaps.findIndex((s) => s.ts === DAY + 86_400_000);
    expect(snaps[midnight - 1]!.values[INV]!.WHToday).toBeGreaterThan(20_000);
    expect(snaps[midnight + 1]!.values[INV]!.WHToday).toBe(0);
  });

  it('clips an oversized array at the inverter rating (state 5)', () => {
    const site = new SiteSimulator(
      config({
        inverters: [
          {
            sn: INV,
            ratedPowerW: 5_000,
            mppts: [{ strings: 2, modulesPerString: 10, tilt: 30, azimuth: 180 }],
          },
        ],
      }),
    );
    const snaps = simulate(site);
    const peak = Math.max(...snaps.map((s) => s.values[INV]!.W as number));
    expect(peak).toBe(5_000);
    expect(snaps.some((s) => s.values[INV]!.St === InverterState.THROTTLED)).toBe(true);
  });

  it('is deterministic: the same seed gives the same day, another seed another', () => {
    const variable = { cloudClimate: { clearDays: 0.3, overcastDays: 0.3 }, faultRate: 20 };
    const a = simulate(new SiteSimulator(config(variable)));
    const b = simulate(new SiteSimulator(config(variable)));
    const c = simulate(new SiteSimulator(config({ ...variable, seed: 'another-fleet' })));
    expect(b).toEqual(a);
    expect(c.map((s) => s.values)).not.toEqual(a.map((s) => s.values));
  });
});

describe('site simulator: faults, grid loss, commands', () => {
  it('trips the inverter on an injected fault and reports the alarm start and end', () => {
    const site = new SiteSimulator(config());
    const alarms: SiteStep['alarms'][number][] = [];
    const noon = DAY + 12 * 3_600_000;
    simulate(site, DAY, 0.5);
    site.injectFault(INV, 3001, noon, 1_800);
    const snaps = simulate(site, noon, 0.1, (s) => alarms.push(...s.alarms));
    expect(snaps[0]!.values[INV]).toMatchObject({ St: InverterState.FAULT, W: 0 });
    expect(snaps.at(-1)!.values[INV]!.St).toBe(InverterState.MPPT);
    expect(alarms.map((a) => [a.code, a.end])).toEqual([
      [3001, null],
      [3001, noon + 1_800_000],
    ]);
  });

  it('opens a configured fault once, its time after the first step, and refuses a code that is no inverter fault', () => {
    const inverter = { ...config().inverters[0]!, faults: [{ code: 3001, afterS: 600 }] };
    const site = new SiteSimulator(config({ inverters: [inverter] }));
    const alarms: SiteStep['alarms'][number][] = [];
    const noon = DAY + 12 * 3_600_000;
    simulate(site, noon, 1 / 24, (s) => alarms.push(...s.alarms));
    expect(alarms.map((a) => [a.code, a.start, a.end])).toEqual([
      [3001, noon + (STEP_S + 600) * 1_000, null],
    ]);
    expect(
      () => new SiteSimulator(config({ inverters: [{ ...inverter, faults: [{ code: 1, afterS: 0 }] }] })),
    ).toThrow(/fault 1 is no inverter fault/);
  });

  it('islands on the battery when the grid is lost: the meter reads zero, the house is served', () => {
    const site = new SiteSimulator(config());
    simulate(site, DAY, 0.75); // to 18:00
    site.injectFault(INV, 2040, DAY + 18 * 3_600_000, 3 * 3_600);
    const snaps = simulate(site, DAY + 18 * 3_600_000, 0.1);
    for (const s of snaps) {
      expect(s.flows.gridW).toBe(0);
      expect(s.values[MTR]!.Hz).toBe(0);
      expect(s.flows.pvW + s.flows.batteryW).toBeCloseTo(s.flows.loadW, 6);
    }
    expect(snaps.at(-1)!.flows.unservedWh).toBe(0);
  });

  it('goes dark without a battery when the grid is lost', () => {
    const site = new SiteSimulator(config({ battery: undefined }));
    simulate(site, DAY, 0.5);
    site.injectFault(INV, 2040, DAY + 12 * 3_600_000, 3_600);
    const [first] = simulate(site, DAY + 12 * 3_600_000, 1 / 288);
    expect(first!.values[INV]).toMatchObject({ W: 0, St: InverterState.FAULT });
    expect(first!.flows.unservedWh).toBeGreaterThan(0);
  });

  it('a partially shaded string (on command) loses power and shows steps in its IV scan until cleared', () => {
    const site = new SiteSimulator(config());
    const noon = DAY + 12 * 3_600_000;
    simulate(site, DAY, 0.5);
    const before = { ...site.step(noon + 300_000, STEP_S).readings[0]!.values };
    const scanBefore = site.ivScan(INV, 2, 1);
    const incident = site.injectStringIncident(INV, {
      kind: 'PARTIAL_SHADE',
      mppt: 2,
      string: 1,
      start: noon + 300_000,
      severity: 0.6,
    });
    const after = site.step(noon + 600_000, STEP_S).readings[0]!.values;
    expect(after.DCW_2 as number).toBeLessThan((before.DCW_2 as number) * 0.95);
    const scan = site.ivScan(INV, 2, 1);
    expect(scan.fillFactor).toBeLessThan(scanBefore.fillFactor - 0.05);
    expect(scan.irradiance).toBeGreaterThan(700);
    site.clearStringIncident(INV, incident, noon + 600_000);
    site.step(noon + 900_000, STEP_S);
    expect(site.ivScan(INV, 2, 1).fillFactor).toBeGreaterThan(0.7);
  });

  it('applies a power limit command and refuses bad configurations', () => {
    const site = new SiteSimulator(config());
    site.setPowerLimit(INV, 30);
    const snaps = simulate(site, DAY, 1);
    expect(Math.max(...snaps.map((s) => s.values[INV]!.W as number))).toBeCloseTo(3_000, 0);
    expect(() => site.setPowerLimit(INV, 130)).toThrow(/0…100/);
    expect(() => new SiteSimulator(config({ latitude: 123 }))).toThrow(/latitude/);
    expect(() => new SiteSimulator(config({ meter: { sn: INV } }))).toThrow(/used twice/);
    expect(() => new SiteSimulator(config({ timeZone: 'Nowhere/City' }))).toThrow(RangeError);
  });
});
