// What a logger says about itself besides its SN: a MAC and a LAN address derived from the SN (hardware,
// so the same for every seed), and a signal strength that wanders with the fleet seed.
import { hashString, ouStep, Rng, seedOf } from '../physics/random.js';

export type LoggerNetwork = 'CELLULAR' | 'WIFI' | 'ETHERNET';

function hex(byte: number): string {
  return (byte & 0xff).toString(16).toUpperCase().padStart(2, '0');
}

/** A locally administered unicast MAC (02:…) from the SN. */
export function macOf(sn: string): string {
  const a = hashString(`${sn}\u001fmac`);
  const b = hashString(`${sn}\u001fmac2`);
  return ['02', hex(a >>> 24), hex(a >>> 16), hex(a >>> 8), hex(a), hex(b)].join(':');
}

/** A private IPv4 address (10.x.y.z, z 1…254) from the SN. */
export function ipOf(sn: string): string {
  const h = hashString(`${sn}\u001fip`);
  return `10.${(h >>> 16) & 0xff}.${(h >>> 8) & 0xff}.${1 + ((h & 0xff) % 254)}`;
}

const SIGNAL_MEAN: Record<Exclude<LoggerNetwork, 'ETHERNET'>, number> = { CELLULAR: -78, WIFI: -61 };

/** Signal strength in dBm: a slow seeded random walk around the network's typical level; null on Ethernet. */
export class SignalModel {
  private readonly rng: Rng;
  private readonly mean: number | null;
  private value: number;

  constructor(seed: string | number, sn: string, network: LoggerNetwork) {
    this.rng = new Rng(seedOf(seed, sn, 'signal'));
    this.mean = network === 'ETHERNET' ? null : SIGNAL_MEAN[network] + this.rng.uniform(-8, 8);
    this.value = this.mean ?? 0;
  }

  /** Advances `dt` seconds; returns the integer dBm now. */
  step(dt: number): number | null {
    if (this.mean === null) return null;
    this.value = ouStep(this.rng, this.value, this.mean, 4, 1_800, dt);
    return this.current();
  }

  current(): number | null {
    if (this.mean === null) return null;
    return Math.min(Math.max(Math.round(this.value), -120), -30);
  }
}
