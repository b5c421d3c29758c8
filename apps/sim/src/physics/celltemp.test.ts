import { describe, expect, it } from 'vitest';
import { FAIMAN_ROOF_MOUNT, faimanTemperature, laggedTemperature } from './celltemp.js';

describe('module temperature', () => {
  it('follows Faiman: 25 °C + 1000 / (25 + 6.84·1) at 1000 W/m² and 1 m/s', () => {
    expect(faimanTemperature(1_000, 25, 1)).toBeCloseTo(25 + 1_000 / 31.84, 9);
    expect(faimanTemperature(0, 12, 3)).toBe(12);
    expect(faimanTemperature(800, 20, 1, FAIMAN_ROOF_MOUNT)).toBeGreaterThan(faimanTemperature(800, 20, 1));
  });

  it('lags towards the steady state with the module time constant', () => {
    expect(laggedTemperature(Number.NaN, 50, 60)).toBe(50);
    const after = laggedTemperature(20, 50, 420);
    expect(after).toBeCloseTo(50 - 30 / Math.E, 6);
  });
});
