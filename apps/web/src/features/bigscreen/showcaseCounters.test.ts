import { describe, expect, it } from 'vitest';
import {
  advance,
  grow,
  parseShowcaseState,
  SHOWCASE_MAX_CATCH_UP,
  SHOWCASE_START,
  SHOWCASE_STEP_MS,
  showcaseStateAt,
  type ShowcaseCounters,
} from './showcaseCounters';

/** A random source that answers the given values in turn. */
const sequence = (...values: number[]) => {
  let i = 0;
  return (): number => values[i++ % values.length]!;
};

const sums = (c: ShowcaseCounters) => ({
  stations: c.stations.online + c.stations.abnormal + c.stations.offline + c.stations.other,
  devices: c.devices.working + c.devices.fault + c.devices.offline + c.devices.other,
});

describe('showcase counters', () => {
  it('start from the SPEC §9 values, whose parts add up to their totals', () => {
    expect(SHOWCASE_START.stations.total).toBe(352778);
    expect(SHOWCASE_START.devices.total).toBe(654578);
    expect(sums(SHOWCASE_START)).toEqual({ stations: 352778, devices: 654578 });
  });

  it('grow by 1 to 6, a part online and the rest offline, impact by 1.2, 1.3 and 1.8 times', () => {
    // increment 1 + floor(0.99 × 6) = 6; online floor(0.5 × 7) = 3.
    const next = grow(SHOWCASE_START, sequence(0.99, 0.5));
    expect(next.stations).toEqual({
      ...SHOWCASE_START.stations,
      online: 232645,
      offline: 105836,
      total: 352784,
    });
    expect(next.devices).toEqual({
      ...SHOWCASE_START.devices,
      working: 458219,
      offline: 163647,
      total: 654584,
    });
    expect(next.impact.coalTons).toBeCloseTo(327014.2 + 7.2);
    expect(next.impact.co2Tons).toBeCloseTo(815478.6 + 7.8);
    expect(next.impact.trees).toBeCloseTo(452946.4 + 10.8);
    // The smallest step: increment 1, nothing online.
    const least = grow(SHOWCASE_START, sequence(0, 0));
    expect(least.stations.total - SHOWCASE_START.stations.total).toBe(1);
    expect(least.stations.offline - SHOWCASE_START.stations.offline).toBe(1);
  });

  it('keep their parts adding up to the totals over many steps', () => {
    let c = SHOWCASE_START;
    const random = sequence(0.1, 0.9, 0.4, 0.7, 0.2, 0.55);
    for (let i = 0; i < 500; i++) {
      const before = c.stations.total;
      c = grow(c, random);
      expect(c.stations.total - before).toBeGreaterThanOrEqual(1);
      expect(c.stations.total - before).toBeLessThanOrEqual(6);
    }
    expect(sums(c)).toEqual({ stations: c.stations.total, devices: c.devices.total });
  });

  it('grow once per whole 5 minutes elapsed, keeping the remainder', () => {
    const start = { counters: SHOWCASE_START, at: 1_000 };
    expect(advance(start, 1_000 + SHOWCASE_STEP_MS - 1, sequence(0.5))).toEqual(start);
    const later = advance(start, 1_000 + 2 * SHOWCASE_STEP_MS + 10, sequence(0, 0));
    expect(later.at).toBe(1_000 + 2 * SHOWCASE_STEP_MS);
    expect(later.counters.stations.total).toBe(SHOWCASE_START.stations.total + 2);
    // A clock set back: nothing grows, the next step counts from now.
    expect(advance(start, 500, sequence(0.5))).toEqual({ counters: SHOWCASE_START, at: 500 });
  });

  it('catch up a long absence only so far', () => {
    const state = advance({ counters: SHOWCASE_START, at: 0 }, 10 ** 12, sequence(0, 0));
    expect(state.counters.stations.total).toBe(SHOWCASE_START.stations.total + SHOWCASE_MAX_CATCH_UP);
  });

  it('resume from local storage, and start afresh from anything else', () => {
    const stored = { counters: grow(SHOWCASE_START, sequence(0.5, 0.5)), at: 0 };
    expect(parseShowcaseState(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
    expect(showcaseStateAt(stored, 10, sequence(0.5))).toEqual(stored);
    for (const bad of [
      null,
      'x',
      {},
      { at: 1 },
      { at: -1, counters: SHOWCASE_START },
      { at: 1, counters: { ...SHOWCASE_START, impact: { coalTons: 'a' } } },
    ])
      expect(showcaseStateAt(bad, 42, sequence(0.5))).toEqual({ counters: SHOWCASE_START, at: 42 });
  });
});
