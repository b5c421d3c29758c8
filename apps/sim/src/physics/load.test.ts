import { describe, expect, it } from 'vitest';
import { LoadProfile, localDayOf } from './load.js';

const FIRST_DAY = Math.floor(Date.UTC(2025, 0, 1) / 86_400_000);

function hourly(profile: LoadProfile, dayIndex: number): number[] {
  const day = localDayOf(dayIndex);
  return Array.from({ length: 24 }, (_, h) => {
    let sum = 0;
    for (let m = 0; m < 60; m++) sum += profile.powerAt(day, h * 60 + m);
    return sum / 60;
  });
}

describe('load profiles', () => {
  it('knows the local calendar (day of year, weekday)', () => {
    expect(localDayOf(FIRST_DAY)).toEqual({ index: FIRST_DAY, dayOfYear: 1, weekday: 3 });
    expect(localDayOf(FIRST_DAY + 364).dayOfYear).toBe(365);
  });

  it('sums a year to the annual consumption (±3 %) with more in winter (household)', () => {
    const profile = new LoadProfile({ kind: 'HOUSEHOLD', annualKwh: 4_000 }, 5, 48);
    let total = 0;
    const monthly = new Array<number>(12).fill(0);
    for (let d = 0; d < 365; d++) {
      const energy = profile.dayEnergyWh(localDayOf(FIRST_DAY + d));
      total += energy;
      monthly[Math.min(Math.floor(d / 30.5), 11)]! += energy;
    }
    expect(Math.abs(total / 4_000_000 - 1)).toBeLessThan(0.03);
    expect(monthly[0]!).toBeGreaterThan(monthly[6]! * 1.2);
  });

  it('has a household shape: quiet nights, an evening peak, appliance spikes of kilowatts', () => {
    const profile = new LoadProfile({ kind: 'HOUSEHOLD', annualKwh: 4_500 }, 9, 48);
    const evening: number[] = [];
    const night: number[] = [];
    let spike = 0;
    for (let d = 0; d < 14; d++) {
      const h = hourly(profile, FIRST_DAY + 100 + d);
      evening.push((h[18]! + h[19]! + h[20]!) / 3);
      night.push((h[2]! + h[3]!) / 2);
      const day = localDayOf(FIRST_DAY + 100 + d);
      for (let m = 0; m < 1_440; m++) spike = Math.max(spike, profile.powerAt(day, m));
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(evening)).toBeGreaterThan(2.5 * mean(night));
    expect(mean(night)).toBeGreaterThan(80);
    expect(spike).toBeGreaterThan(1_800);
  });

  it('has a commercial shape: weekday office hours well above nights and weekends', () => {
    const profile = new LoadProfile({ kind: 'COMMERCIAL', annualKwh: 80_000 }, 2, 40);
    const monday = hourly(profile, FIRST_DAY + 5); // 2025-01-06
    const sunday = hourly(profile, FIRST_DAY + 4);
    expect(monday[11]!).toBeGreaterThan(2.5 * monday[3]!);
    expect(monday[11]!).toBeGreaterThan(2 * sunday[11]!);
  });

  it('is the same for the same seed and differs for another', () => {
    const day = localDayOf(FIRST_DAY + 30);
    const a = new LoadProfile({ kind: 'HOUSEHOLD', annualKwh: 4_000 }, 1, 48);
    const b = new LoadProfile({ kind: 'HOUSEHOLD', annualKwh: 4_000 }, 1, 48);
    const c = new LoadProfile({ kind: 'HOUSEHOLD', annualKwh: 4_000 }, 2, 48);
    const series = (p: LoadProfile) => Array.from({ length: 288 }, (_, i) => p.powerAt(day, i * 5));
    expect(series(a)).toEqual(series(b));
    expect(series(a)).not.toEqual(series(c));
    expect(new LoadProfile({ kind: 'NONE', annualKwh: 1_000 }, 1, 0).powerAt(day, 600)).toBe(0);
  });
});
