import { describe, expect, it } from 'vitest';
import { CloudField, normalQuantile } from './clouds.js';

const DAY = 86_400_000;
const EPOCH_DAY = 20_000; // 2024-10-04

function daySeries(field: CloudField, day: number): number[] {
  const out: number[] = [];
  for (let m = 0; m < 1_440; m++) out.push(field.clearSkyIndex(day * DAY + m * 60_000));
  return out;
}

describe('cloud process', () => {
  it('inverts the normal distribution (Acklam)', () => {
    expect(normalQuantile(0.5)).toBeCloseTo(0, 9);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.01)).toBeCloseTo(-2.326348, 5);
  });

  it('gives the same day for the same seed, in any order of access, and another day for another seed', () => {
    const a = new CloudField(7, 45, 0);
    const b = new CloudField(7, 45, 0);
    const later = daySeries(a, EPOCH_DAY + 3);
    const first = daySeries(a, EPOCH_DAY);
    expect(daySeries(b, EPOCH_DAY)).toEqual(first);
    expect(daySeries(b, EPOCH_DAY + 3)).toEqual(later);
    expect(daySeries(new CloudField(8, 45, 0), EPOCH_DAY)).not.toEqual(first);
  });

  it('makes clear, mixed and overcast days in about the climate shares, in spells of several days', () => {
    const field = new CloudField(3, 45, 10, { clearDays: 0.35, overcastDays: 0.25 });
    const types = Array.from({ length: 1_500 }, (_, d) => field.dayType(EPOCH_DAY + d));
    const share = (t: string) => types.filter((x) => x === t).length / types.length;
    expect(share('CLEAR')).toBeGreaterThan(0.27);
    expect(share('CLEAR')).toBeLessThan(0.43);
    expect(share('OVERCAST')).toBeGreaterThan(0.18);
    expect(share('OVERCAST')).toBeLessThan(0.32);
    // Persistence: a day more often has the type of the day before than independent draws would give.
    const same = types.slice(1).filter((t, i) => t === types[i]).length / (types.length - 1);
    expect(same).toBeGreaterThan(0.35 ** 2 + 0.25 ** 2 + 0.4 ** 2 + 0.1);
  });

  it('has a latitude climatology: sunnier subtropical summers than winters, greyer high latitudes', () => {
    const seville = new CloudField(5, 37.4, -6);
    const clearShare = (field: CloudField, firstDay: number) =>
      Array.from({ length: 1_200 }, (_, y) =>
        field.dayType(firstDay + Math.floor(y / 40) * 365 + (y % 40)),
      ).filter((t) => t === 'CLEAR').length / 1_200;
    const july = Math.floor(Date.UTC(1990, 6, 1) / DAY);
    const january = Math.floor(Date.UTC(1990, 0, 1) / DAY);
    expect(clearShare(seville, july)).toBeGreaterThan(clearShare(seville, january) + 0.2);
    expect(clearShare(new CloudField(5, 58, 10), july)).toBeLessThan(clearShare(seville, july) - 0.2);
  });

  it('has days that look like their type: steady when clear, dim when overcast, ramps when mixed', () => {
    const field = new CloudField(11, 45, 0);
    const byType = { CLEAR: [] as number[], MIXED: [] as number[], OVERCAST: [] as number[] };
    for (let d = 0; d < 120; d++) byType[field.dayType(EPOCH_DAY + d)].push(EPOCH_DAY + d);
    const stats = (day: number) => {
      const s = daySeries(field, day).slice(360, 1_080);
      const mean = s.reduce((a, b) => a + b, 0) / s.length;
      const ramp = Math.max(...s.slice(1).map((v, i) => Math.abs(v - s[i]!)));
      return { mean, ramp, min: Math.min(...s), max: Math.max(...s) };
    };
    for (const day of byType.CLEAR.slice(0, 5)) expect(stats(day).mean).toBeGreaterThan(0.9);
    for (const day of byType.OVERCAST.slice(0, 5)) expect(stats(day).mean).toBeLessThan(0.6);
    const mixed = byType.MIXED.slice(0, 5).map(stats);
    expect(Math.max(...mixed.map((m) => m.ramp))).toBeGreaterThan(0.15);
    expect(Math.max(...mixed.map((m) => m.max))).toBeGreaterThan(1); // cloud-edge enhancement
    for (const m of mixed) expect(m.min).toBeGreaterThanOrEqual(0.05);
  });
});
