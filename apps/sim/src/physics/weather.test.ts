import { describe, expect, it } from 'vitest';
import { WeatherModel, climateFor } from './weather.js';

const DAY = 86_400_000;
const JAN = Date.parse('2026-01-15T00:00:00Z');
const JUL = Date.parse('2026-07-15T00:00:00Z');

describe('weather', () => {
  it('has a latitude climatology: warmer towards the equator, cooler with altitude', () => {
    expect(climateFor(10, 0).annualMeanC).toBeGreaterThan(climateFor(50, 0).annualMeanC);
    expect(climateFor(50, 2_000).annualMeanC).toBeCloseTo(climateFor(50, 0).annualMeanC - 13, 6);
  });

  it('is warmer in July than in January in the north, the other way round in the south', () => {
    const north = new WeatherModel(1, 48, 0, 0);
    const south = new WeatherModel(1, -34, 0, 0);
    const mean = (w: WeatherModel, start: number, doy: number) => {
      let sum = 0;
      for (let d = 0; d < 10; d++)
        for (let h = 0; h < 24; h++) sum += w.ambientAt(start + d * DAY + h * 3_600_000, doy + d, 0.7);
      return sum / 240;
    };
    expect(mean(north, JUL, 196) - mean(north, JAN, 15)).toBeGreaterThan(12);
    expect(mean(south, JAN, 15) - mean(south, JUL, 196)).toBeGreaterThan(8);
  });

  it('peaks in the afternoon, bottoms out near dawn, swings more on clear days', () => {
    const w = new WeatherModel(3, 45, 0, 0);
    const at = (hour: number, clearness: number) => w.ambientAt(JUL + hour * 3_600_000, 196, clearness);
    expect(at(15, 1)).toBeGreaterThan(at(5, 1) + 9);
    expect(at(15, 0.2) - at(5, 0.2)).toBeLessThan(at(15, 1) - at(5, 1));
    expect(at(15, 1)).toBeGreaterThan(at(11, 1));
  });

  it('has non-negative, afternoon-leaning wind, humidity within 12…100 %, and repeats for a seed', () => {
    const run = (seed: number) => {
      const w = new WeatherModel(seed, 52, 13, 40);
      return Array.from({ length: 288 }, (_, k) => ({ ...w.step(JUL + k * 300_000, 300, 196, 0.6) }));
    };
    const series = run(7);
    for (const s of series) {
      expect(s.windMs).toBeGreaterThanOrEqual(0);
      expect(s.humidityPct).toBeGreaterThanOrEqual(12);
      expect(s.humidityPct).toBeLessThanOrEqual(100);
      expect(s.pressureHpa).toBeGreaterThan(980);
    }
    expect(run(7)).toEqual(series);
    expect(run(8)).not.toEqual(series);
  });
});
