// Faults: a small catalogue of codes with their level, effect and typical rate and duration, and a seeded
// process per device that raises them at random (or on command) and clears them, producing the alarm
// records of docs/protocol.md §5.3 (id, dev, kind, code, level, start, end, message). String problems are
// not here: they are causes in the physics (string-incidents.ts, variation.ts) and their alarm follows from
// the string's numbers (string-monitor.ts, code 4001).
import type { AlarmLevel } from '@sunfleet/contracts';
import type { Rng } from './random.js';

/**
 * An alarm record as docs/protocol.md §5.3 sends it. Declared here rather than taken from the contracts'
 * `AlarmRecord` because that type's `level` currently resolves to `never` (TypeBox union built with
 * `.map`, not a tuple); the shape is the same.
 */
export interface AlarmRecord {
  id: string;
  dev: string;
  kind: 'ALARM' | 'EVENT';
  code: number;
  level: AlarmLevel;
  start: number;
  end: number | null;
  message: string;
}

export type SimDeviceType = 'INVERTER' | 'METER' | 'BATTERY' | 'WEATHER_STATION';

/** What a fault does to the simulated plant while it is open. */
export type FaultEffect =
  | 'TRIP' // the inverter disconnects
  | 'DERATE' // the inverter limits itself to 70 %
  | 'GRID_OUTAGE' // the grid is gone: the site islands on its battery or stops
  | 'BATTERY_IDLE' // the battery neither charges nor discharges
  | 'NONE'; // reported only

export interface FaultDefinition {
  code: number;
  kind: 'ALARM' | 'EVENT';
  level: AlarmLevel;
  device: SimDeviceType;
  effect: FaultEffect;
  message: string;
  /** Random occurrences per device and year at rate multiplier 1. */
  perYear: number;
  /** Mean duration, seconds (exponentially distributed). */
  meanDurationS: number;
}

export const FAULT_CATALOGUE: readonly FaultDefinition[] = [
  {
    code: 2031,
    kind: 'ALARM',
    level: 'IMPORTANT',
    device: 'INVERTER',
    effect: 'TRIP',
    message: 'Grid overvoltage',
    perYear: 2,
    meanDurationS: 600,
  },
  {
    code: 2032,
    kind: 'ALARM',
    level: 'IMPORTANT',
    device: 'INVERTER',
    effect: 'TRIP',
    message: 'Grid undervoltage',
    perYear: 1,
    meanDurationS: 300,
  },
  {
    code: 2033,
    kind: 'ALARM',
    level: 'IMPORTANT',
    device: 'INVERTER',
    effect: 'TRIP',
    message: 'Grid frequency out of range',
    perYear: 0.5,
    meanDurationS: 120,
  },
  {
    code: 2040,
    kind: 'ALARM',
    level: 'URGENT',
    device: 'INVERTER',
    effect: 'GRID_OUTAGE',
    message: 'Grid lost',
    perYear: 0.4,
    meanDurationS: 2_700,
  },
  {
    code: 3001,
    kind: 'ALARM',
    level: 'URGENT',
    device: 'INVERTER',
    effect: 'TRIP',
    message: 'Low insulation resistance',
    perYear: 0.3,
    meanDurationS: 7_200,
  },
  {
    code: 3010,
    kind: 'ALARM',
    level: 'COMMONLY',
    device: 'INVERTER',
    effect: 'DERATE',
    message: 'Over-temperature derating',
    perYear: 0.6,
    meanDurationS: 3_600,
  },
  {
    code: 3020,
    kind: 'ALARM',
    level: 'PROMPT',
    device: 'INVERTER',
    effect: 'NONE',
    message: 'Fan fault',
    perYear: 0.2,
    meanDurationS: 86_400,
  },
  {
    code: 4100,
    kind: 'EVENT',
    level: 'PROMPT',
    device: 'INVERTER',
    effect: 'NONE',
    message: 'Inverter restarted',
    perYear: 1,
    meanDurationS: 60,
  },
  {
    code: 5001,
    kind: 'ALARM',
    level: 'IMPORTANT',
    device: 'BATTERY',
    effect: 'BATTERY_IDLE',
    message: 'Battery over-temperature',
    perYear: 0.3,
    meanDurationS: 3_600,
  },
  {
    code: 5002,
    kind: 'ALARM',
    level: 'COMMONLY',
    device: 'BATTERY',
    effect: 'BATTERY_IDLE',
    message: 'BMS communication lost',
    perYear: 0.5,
    meanDurationS: 1_200,
  },
  {
    code: 6001,
    kind: 'ALARM',
    level: 'COMMONLY',
    device: 'METER',
    effect: 'NONE',
    message: 'Meter communication lost',
    perYear: 0.5,
    meanDurationS: 900,
  },
  {
    code: 7001,
    kind: 'ALARM',
    level: 'PROMPT',
    device: 'WEATHER_STATION',
    effect: 'NONE',
    message: 'Irradiance sensor fault',
    perYear: 0.2,
    meanDurationS: 21_600,
  },
];

const BY_CODE = new Map(FAULT_CATALOGUE.map((f) => [f.code, f]));

export function faultDefinition(code: number): FaultDefinition | undefined {
  return BY_CODE.get(code);
}

const SECONDS_PER_YEAR = 365.25 * 86_400;

export interface OpenFault {
  definition: FaultDefinition;
  record: AlarmRecord;
  /** When it clears by itself, epoch ms (Infinity: only on command). */
  endsAt: number;
}

/**
 * The faults of one device. `step` raises random faults (a Poisson process per catalogue entry, scaled by
 * `rate`), closes those whose time is up, and returns the records that changed (new or closed) — what a
 * logger uploads. Record ids are `<SN>:<code>:<start in base 36>`, so a restart re-creates the same ids.
 */
export class DeviceFaults {
  readonly sn: string;
  readonly type: SimDeviceType;
  private readonly rng: Rng;
  private readonly rate: number;
  private readonly candidates: readonly FaultDefinition[];
  /** Chance of each candidate starting within a step of `chanceDt` seconds. */
  private readonly chances: Float64Array;
  private chanceDt = Number.NaN;
  readonly open = new Map<number, OpenFault>();
  private changed: AlarmRecord[] = [];

  constructor(sn: string, type: SimDeviceType, rng: Rng, rate = 1) {
    this.sn = sn;
    this.type = type;
    this.rng = rng;
    this.rate = rate;
    this.candidates = FAULT_CATALOGUE.filter((f) => f.device === type);
    this.chances = new Float64Array(this.candidates.length);
  }

  /** Opens a fault now (on command); `durationS` undefined = until cleared. Returns the record. */
  inject(code: number, nowMs: number, durationS?: number): AlarmRecord {
    const definition = BY_CODE.get(code);
    if (!definition || definition.device !== this.type) {
      throw new RangeError(`fault ${code} does not exist for a ${this.type.toLowerCase().replace('_', ' ')}`);
    }
    const existing = this.open.get(code);
    if (existing) return existing.record;
    const record: AlarmRecord = {
      id: `${this.sn.slice(0, 48)}:${code}:${Math.floor(nowMs / 1_000).toString(36)}`,
      dev: this.sn,
      kind: definition.kind,
      code,
      level: definition.level,
      start: nowMs,
      end: null,
      message: definition.message,
    };
    const endsAt = durationS === undefined ? Number.POSITIVE_INFINITY : nowMs + durationS * 1_000;
    this.open.set(code, { definition, record, endsAt });
    this.changed.push(record);
    return record;
  }

  /** Closes an open fault (on command or when its time is up); returns the closed record, if any. */
  clear(code: number, nowMs: number): AlarmRecord | null {
    const fault = this.open.get(code);
    if (!fault) return null;
    this.open.delete(code);
    const closed: AlarmRecord = { ...fault.record, end: Math.max(nowMs, fault.record.start) };
    this.changed.push(closed);
    return closed;
  }

  /** Advances `dt` seconds ending at `nowMs`: random onsets and timed clears. */
  step(nowMs: number, dt: number): void {
    if (this.open.size > 0) {
      for (const [code, fault] of this.open) if (fault.endsAt <= nowMs) this.clear(code, nowMs);
    }
    if (this.rate <= 0) return;
    if (dt !== this.chanceDt) {
      this.chanceDt = dt;
      for (let k = 0; k < this.candidates.length; k++) {
        const perYear = (this.candidates[k] as FaultDefinition).perYear;
        this.chances[k] = 1 - Math.exp(-(perYear * this.rate * dt) / SECONDS_PER_YEAR);
      }
    }
    for (let k = 0; k < this.candidates.length; k++) {
      const definition = this.candidates[k] as FaultDefinition;
      if (this.open.size > 0 && this.open.has(definition.code)) continue;
      if (this.rng.next() < (this.chances[k] as number))
        this.inject(definition.code, nowMs, this.rng.exponential(definition.meanDurationS));
    }
  }

  /** True while an open fault has this effect. */
  has(effect: FaultEffect): boolean {
    if (this.open.size === 0) return false;
    for (const fault of this.open.values()) if (fault.definition.effect === effect) return true;
    return false;
  }

  /** The open fault with an effect, if any. */
  find(effect: FaultEffect): OpenFault | undefined {
    for (const fault of this.open.values()) if (fault.definition.effect === effect) return fault;
    return undefined;
  }

  get hasChanges(): boolean {
    return this.changed.length > 0;
  }

  /** Records that changed since the last call (new and closed), oldest first. */
  drainChanges(): readonly AlarmRecord[] {
    if (this.changed.length === 0) return EMPTY;
    const out = this.changed;
    this.changed = [];
    return out;
  }
}

const EMPTY: readonly AlarmRecord[] = Object.freeze([]);
