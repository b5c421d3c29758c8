import { describe, expect, it } from 'vitest';
import { DeviceFaults, FAULT_CATALOGUE } from './faults.js';
import { Rng } from './random.js';

const T0 = Date.parse('2026-05-01T08:00:00Z');

describe('faults', () => {
  it('has unique codes, each with a level of SPEC §4', () => {
    const codes = FAULT_CATALOGUE.map((f) => f.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const f of FAULT_CATALOGUE) expect(['URGENT', 'IMPORTANT', 'COMMONLY', 'PROMPT']).toContain(f.level);
  });

  it('opens a fault on command and closes it with an end time, as protocol §5.3 records', () => {
    const faults = new DeviceFaults('SFI3A2605000001', 'INVERTER', new Rng(1), 0);
    const opened = faults.inject(2031, T0, 600);
    expect(opened).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_.:-]{1,64}$/) as unknown,
      dev: 'SFI3A2605000001',
      kind: 'ALARM',
      code: 2031,
      level: 'IMPORTANT',
      start: T0,
      end: null,
      message: 'Grid overvoltage',
    });
    expect(faults.has('TRIP')).toBe(true);
    expect(faults.drainChanges()).toEqual([opened]);
    faults.step(T0 + 300_000, 300);
    expect(faults.drainChanges()).toEqual([]);
    faults.step(T0 + 600_000, 300);
    const [closed] = faults.drainChanges();
    expect(closed).toMatchObject({ id: opened.id, end: T0 + 600_000 });
    expect(faults.has('TRIP')).toBe(false);
  });

  it('clears on command, ignores a repeated open, refuses codes of other devices', () => {
    const faults = new DeviceFaults('SFB12605000001', 'BATTERY', new Rng(1), 0);
    const first = faults.inject(5001, T0);
    expect(faults.inject(5001, T0 + 5_000)).toBe(first);
    expect(faults.clear(5001, T0 + 60_000)?.end).toBe(T0 + 60_000);
    expect(faults.clear(5001, T0 + 60_000)).toBeNull();
    expect(() => faults.inject(2031, T0)).toThrow(/does not exist for a battery/);
  });

  it('raises random faults at the seeded rate, identically for the same seed', () => {
    const run = (seed: number) => {
      const faults = new DeviceFaults('SFI1', 'INVERTER', new Rng(seed), 50);
      const records = [];
      for (let k = 1; k <= 12 * 24 * 365; k++) {
        faults.step(T0 + k * 300_000, 300);
        records.push(...faults.drainChanges());
      }
      return records;
    };
    const a = run(4);
    expect(run(4)).toEqual(a);
    expect(run(5)).not.toEqual(a);
    const opened = a.filter((r) => r.end === null).length;
    // Catalogue rate for inverters ≈ 7.1/year × 50, fewer while a code is already open.
    expect(opened).toBeGreaterThan(150);
    expect(opened).toBeLessThan(400);
    for (const r of a) if (r.end !== null) expect(r.end).toBeGreaterThanOrEqual(r.start);
  });
});
