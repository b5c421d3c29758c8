// Every random draw of the simulator comes from here: xoshiro128** (Blackman & Vigna) seeded through
// SplitMix32 from a string hash, so a fleet seed plus a device SN (plus a purpose label) always gives the
// same stream. Math.random is never used. Streams are cheap: four 32-bit words of state.

/** FNV-1a over the UTF-16 code units, then a murmur3 finaliser: a well-mixed 32-bit hash of a string. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** murmur3 fmix32: spreads every input bit over the output. */
export function mix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Seed of a named stream: the parts are joined, so ('fleet-1', 'SFI1…', 'clouds') is one stream. */
export function seedOf(...parts: readonly (string | number)[]): number {
  return hashString(parts.join('\u001f'));
}

/** A uniform number in [0, 1) that depends only on its inputs (for random access by day, minute…). */
export function hashUniform(seed: number, a: number, b = 0): number {
  const h = mix32(mix32(seed ^ Math.imul(a | 0, 0x9e3779b1)) ^ Math.imul(b | 0, 0x85ebca77));
  return h / 4_294_967_296;
}

export class Rng {
  private s0 = 0;
  private s1 = 0;
  private s2 = 0;
  private s3 = 0;
  private spareNormal = Number.NaN;

  constructor(seed: number) {
    this.reseed(seed);
  }

  /** Restarts the stream from a seed (SplitMix32 fills the state, never all zero). */
  reseed(seed: number): void {
    let x = seed >>> 0;
    const next = (): number => {
      x = (x + 0x9e3779b9) >>> 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.s0 = next();
    this.s1 = next();
    this.s2 = next();
    this.s3 = next();
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1;
    this.spareNormal = Number.NaN;
  }

  /** Next 32 random bits (xoshiro128**). */
  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9) >>> 0;
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4_294_967_296;
  }

  /** Uniform in [min, max). */
  uniform(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Standard normal (Box–Muller, the second value kept for the next call). */
  normal(): number {
    if (!Number.isNaN(this.spareNormal)) {
      const spare = this.spareNormal;
      this.spareNormal = Number.NaN;
      return spare;
    }
    let u = 0;
    while (u === 0) u = this.next();
    const v = this.next();
    const radius = Math.sqrt(-2 * Math.log(u));
    this.spareNormal = radius * Math.sin(2 * Math.PI * v);
    return radius * Math.cos(2 * Math.PI * v);
  }

  /** Exponential with the given mean. */
  exponential(mean: number): number {
    return -mean * Math.log(1 - this.next());
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/**
 * Ornstein–Uhlenbeck step: mean reversion towards `mean` with time constant `tau` seconds and stationary
 * standard deviation `sigma`, exact for any step `dt` (so the statistics do not depend on the step size).
 */
export function ouStep(
  rng: Rng,
  value: number,
  mean: number,
  sigma: number,
  tau: number,
  dt: number,
): number {
  const decay = Math.exp(-dt / tau);
  return mean + (value - mean) * decay + sigma * Math.sqrt(1 - decay * decay) * rng.normal();
}
