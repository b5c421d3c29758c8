import { describe, expect, it } from 'vitest';
import { Rng, hashUniform, ouStep, seedOf } from './random.js';

describe('seeded randomness', () => {
  it('repeats a stream for the same seed and differs for another', () => {
    const draw = (seed: number) => Array.from({ length: 5 }, () => new Rng(seed).nextUint32());
    const a = new Rng(seedOf('fleet', 'SFI1'));
    const b = new Rng(seedOf('fleet', 'SFI1'));
    const c = new Rng(seedOf('fleet', 'SFI2'));
    const xs = Array.from({ length: 100 }, () => a.next());
    expect(Array.from({ length: 100 }, () => b.next())).toEqual(xs);
    expect(Array.from({ length: 100 }, () => c.next())).not.toEqual(xs);
    expect(draw(1)).toEqual(draw(1));
  });

  it('is uniform and normal enough (mean, variance over 100 000 draws)', () => {
    const rng = new Rng(42);
    let sum = 0;
    let sumNormal = 0;
    let sumSquares = 0;
    let min = 1;
    let max = 0;
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      const u = rng.next();
      min = Math.min(min, u);
      max = Math.max(max, u);
      sum += u;
      const z = rng.normal();
      sumNormal += z;
      sumSquares += z * z;
    }
    expect(min).toBeGreaterThanOrEqual(0);
    expect(max).toBeLessThan(1);
    expect(sum / n).toBeCloseTo(0.5, 2);
    expect(sumNormal / n).toBeCloseTo(0, 1);
    expect(sumSquares / n).toBeCloseTo(1, 1);
  });

  it('hashes to the same uniform for the same inputs', () => {
    expect(hashUniform(1, 2, 3)).toBe(hashUniform(1, 2, 3));
    expect(hashUniform(1, 2, 3)).not.toBe(hashUniform(1, 3, 2));
  });

  it('keeps an Ornstein–Uhlenbeck process at its stationary spread whatever the step', () => {
    for (const dt of [1, 300]) {
      const rng = new Rng(9);
      let x = 0;
      let sumSquares = 0;
      for (let i = 0; i < 20_000; i++) {
        x = ouStep(rng, x, 0, 2, 600, dt);
        sumSquares += x * x;
      }
      expect(Math.sqrt(sumSquares / 20_000)).toBeGreaterThan(1.6);
      expect(Math.sqrt(sumSquares / 20_000)).toBeLessThan(2.4);
    }
  });
});
