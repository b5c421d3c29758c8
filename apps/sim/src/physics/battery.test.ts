import { describe, expect, it } from 'vitest';
import { Battery, type BatterySpec } from './battery.js';

const SPEC: BatterySpec = {
  capacityWh: 10_000,
  maxChargeW: 5_000,
  maxDischargeW: 5_000,
  socMinPct: 10,
  socMaxPct: 100,
  roundTripEfficiency: 0.9,
  nominalVoltage: 51.2,
};
const noon = { pvW: 6_000, loadW: 1_000, gridAvailable: true, minuteOfDay: 720 };
const evening = { pvW: 0, loadW: 1_500, gridAvailable: true, minuteOfDay: 1_200 };

describe('battery work modes', () => {
  it('self-consumption: charges the surplus, covers the deficit', () => {
    const b = new Battery(SPEC, 50);
    expect(b.setpoint(noon)).toBe(-5_000);
    expect(b.setpoint(evening)).toBe(1_500);
  });

  it('emergency charging: charges at full power even at night, then rests full and never discharges', () => {
    const b = new Battery(SPEC, 90);
    b.setMode('EMERGENCY_CHARGING');
    expect(b.setpoint(evening)).toBe(-5_000);
    b.apply(b.feasible(b.setpoint(evening), 3_600), 3_600, 20);
    expect(b.soc).toBeCloseTo(100, 6);
    expect(b.setpoint(evening)).toBe(0);
    expect(b.setpoint(noon)).toBe(0);
    // Off grid it supplies the house after all, and charges full again when the grid returns.
    expect(b.setpoint({ ...evening, gridAvailable: false })).toBe(1_500);
    b.apply(1_500, 3_600, 20);
    expect(b.setpoint(evening)).toBe(-5_000);
  });

  it('full feed-in discharges at full power down to the reserve; PV mode charges from surplus only and never discharges', () => {
    const b = new Battery(SPEC, 50);
    b.setMode('FULL_FEED_IN');
    expect(b.setpoint(noon)).toBe(5_000);
    expect(b.setpoint(evening)).toBe(5_000);
    b.apply(b.feasible(b.setpoint(evening), 7_200), 7_200, 20);
    expect(b.soc).toBeCloseTo(10, 6);
    expect(b.feasible(b.setpoint(evening), 300)).toBeCloseTo(0, 6);
    b.setMode('PV_MODE');
    expect(b.setpoint(noon)).toBe(-5_000);
    expect(b.setpoint(evening)).toBe(-0);
  });

  it('time-shared: follows the periods (including one past midnight), self-consumption outside', () => {
    const b = new Battery(SPEC, 50);
    b.setMode('TIME_SHARED', [
      { start: '23:00', end: '05:00', mode: 'CHARGE', powerW: 2_500 },
      { start: '17:00', end: '21:00', mode: 'DISCHARGE' },
    ]);
    expect(b.setpoint({ ...evening, minuteOfDay: 60 })).toBe(-2_500);
    expect(b.setpoint({ ...evening, minuteOfDay: 23 * 60 + 30 })).toBe(-2_500);
    expect(b.setpoint({ ...evening, minuteOfDay: 18 * 60, loadW: 200 })).toBe(5_000);
    expect(b.setpoint(noon)).toBe(-5_000);
  });

  it('refuses overlapping or too many periods (the contracts rule)', () => {
    const b = new Battery(SPEC, 50);
    expect(() =>
      b.setMode('TIME_SHARED', [
        { start: '08:00', end: '12:00', mode: 'CHARGE' },
        { start: '11:00', end: '13:00', mode: 'DISCHARGE' },
      ]),
    ).toThrow(/time periods/);
    const seven = Array.from({ length: 7 }, (_, i) => ({
      start: `0${i}:00`,
      end: `0${i}:30`,
      mode: 'CHARGE' as const,
    }));
    expect(() => b.setMode('TIME_SHARED', seven)).toThrow(/time periods/);
    expect(b.mode).toBe('SELF_CONSUMPTION');
  });

  it('respects the power limits and the SOC window, and loses exactly the round-trip losses', () => {
    const b = new Battery(SPEC, 12);
    expect(b.feasible(9_000, 60)).toBe(5_000);
    // Only 2 % (200 Wh stored, 190 Wh at AC after √0.9) left above the floor for one hour.
    expect(b.feasible(5_000, 3_600)).toBeCloseTo(200 * Math.sqrt(0.9), 6);
    const stored = b.storedEnergyWh;
    b.apply(-4_000, 3_600, 20); // charge 4 kWh AC
    b.apply(2_000, 3_600, 20); // discharge 2 kWh AC
    expect(b.storedEnergyWh - stored).toBeCloseTo(4_000 * Math.sqrt(0.9) - 2_000 / Math.sqrt(0.9), 6);
    expect(b.chargeTotalWh).toBe(4_000);
    expect(b.dischargeTotalWh).toBe(2_000);
  });

  it('reports the storage measures with + for discharge', () => {
    const b = new Battery(SPEC, 50);
    b.apply(1_234, 60, 20);
    const values: Record<string, number> = {};
    b.measures(values);
    expect(values).toMatchObject({ W: 1_234, BatW: 1_234, WorkMode: 0, ChaSt: 3, MinRsvPct: 10 });
    expect(values.ChaState).toBeLessThan(50);
    expect(values.InBatV).toBeGreaterThan(45);
    expect(values.InBatV).toBeLessThan(56);
  });
});
