import { describe, expect, it } from 'vitest';
import { batteryChargeKw, storageDirection } from './storage.js';

describe('storage sign rules', () => {
  it('reads the protocol sign: positive power is discharging', () => {
    expect(storageDirection(1500)).toBe('DISCHARGING');
    expect(storageDirection(-1500)).toBe('CHARGING');
    expect(storageDirection(2)).toBe('IDLE');
    expect(storageDirection(0)).toBe('IDLE');
    expect(storageDirection(null)).toBeNull();
  });

  it('turns it into the balance sign: + charge / − discharge, kW', () => {
    expect(batteryChargeKw(1500)).toBe(-1.5);
    expect(batteryChargeKw(-200_000)).toBe(200);
    expect(Object.is(batteryChargeKw(0), 0)).toBe(true);
    expect(batteryChargeKw(null)).toBeNull();
  });
});
