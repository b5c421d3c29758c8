// The inverter's string monitoring: the "String current low" alarm follows from the numbers it reports, as
// a real inverter's string diagnosis does. After every step it reads the current of each of its DC inputs
// (what it reports as DCA_n), per string of the input, and holds each against its peers — the other
// inputs of the inverter whose strings face the same way (different orientations are not comparable). An
// input whose current stays below 85 % of the median of its peers for 15 minutes raises the alarm; it
// clears after 15 minutes at 92 % or more. Only while the inverter is feeding in and the peers carry at
// least 40 % of the module's rated current (no verdicts at dawn, at dusk, when low sun shades the rows
// unevenly, or under heavy cloud); in between the timers hold.
import type { AlarmRecord } from './faults.js';
import type { MpptChannel } from './pv-array.js';

export const STRING_CURRENT_LOW = {
  code: 4001,
  kind: 'ALARM',
  level: 'PROMPT',
  message: 'String current low',
  /** Below this share of the peers' median the input is low… */
  lowRatio: 0.85,
  /** …and at or above this share it has recovered. */
  recoverRatio: 0.92,
  /** Seconds (of light enough to judge) low before the alarm, and recovered before it clears. */
  persistS: 900,
  /** Peers' median current per string needed to judge, as a share of the module's rated current. */
  minCurrentShare: 0.4,
} as const;

export interface MonitoredInput {
  strings: number;
  /** Configured orientation: inputs facing the same way are peers. */
  tilt: number;
  azimuth: number;
}

interface InputState {
  lowS: number;
  okS: number;
  open: AlarmRecord | null;
}

/** The i-th smallest value once the one of rank r is left out (`order` lists the inputs by value). */
function without(values: Float64Array, order: Int32Array, i: number, r: number): number {
  return values[order[i < r ? i : i + 1] as number] as number;
}

export class StringMonitor {
  readonly sn: string;
  private readonly inputs: readonly MonitoredInput[];
  private readonly minCurrent: number;
  private readonly states: InputState[];
  /** Inputs facing the same way (only groups of two or more: a lone input has nothing to compare with). */
  private readonly groups: Int32Array[];
  private readonly perString: Float64Array;
  /** Median current per string of each input's peers (NaN: no peers). */
  private readonly references: Float64Array;
  private readonly order: Int32Array;
  private changed: AlarmRecord[] = [];

  /** `moduleImp`: the module's rated current (Imp at STC), A. */
  constructor(sn: string, inputs: readonly MonitoredInput[], moduleImp: number) {
    this.sn = sn;
    this.inputs = inputs;
    this.minCurrent = STRING_CURRENT_LOW.minCurrentShare * moduleImp;
    this.perString = new Float64Array(inputs.length);
    this.references = new Float64Array(inputs.length).fill(Number.NaN);
    this.order = new Int32Array(inputs.length);
    this.states = inputs.map(() => ({ lowS: 0, okS: 0, open: null }));
    const byOrientation = new Map<string, number[]>();
    inputs.forEach((input, k) => {
      const key = `${input.tilt}/${input.azimuth}`;
      byOrientation.set(key, [...(byOrientation.get(key) ?? []), k]);
    });
    this.groups = [...byOrientation.values()].filter((g) => g.length >= 2).map((g) => Int32Array.from(g));
  }

  /**
   * Each input's current per string as a share of its peers' median, null where it has no peers or they
   * carry too little to judge (what `evaluate` holds against the thresholds).
   */
  ratios(channels: readonly MpptChannel[]): (number | null)[] {
    this.measure(channels);
    return this.states.map((_, k) => this.ratio(k));
  }

  private ratio(k: number): number | null {
    const reference = this.references[k] as number;
    return reference >= this.minCurrent ? (this.perString[k] as number) / reference : null;
  }

  /**
   * Reads the input currents as reported (DCA_n: the operating current while the input delivers, else 0)
   * per string, and each input's reference: the median of its peers, from one sort per group.
   */
  private measure(channels: readonly MpptChannel[]): void {
    const values = this.perString;
    for (let k = 0; k < this.inputs.length; k++) {
      const channel = channels[k];
      const current = channel && channel.operating.p > 0 ? channel.operating.i : 0;
      values[k] = current / (this.inputs[k]?.strings ?? 1);
    }
    const order = this.order;
    for (const group of this.groups) {
      const m = group.length;
      // Insertion sort of the group's inputs by their value (groups are small: ≤ 15).
      for (let i = 0; i < m; i++) {
        const index = group[i] as number;
        const value = values[index] as number;
        let j = i - 1;
        while (j >= 0 && (values[order[j] as number] as number) > value) {
          order[j + 1] = order[j] as number;
          j--;
        }
        order[j + 1] = index;
      }
      // The median of the others: the sorted values without the input's own rank r.
      const n = m - 1;
      for (let r = 0; r < m; r++) {
        const median =
          n % 2 === 1
            ? without(values, order, (n - 1) / 2, r)
            : (without(values, order, n / 2 - 1, r) + without(values, order, n / 2, r)) / 2;
        this.references[order[r] as number] = median;
      }
    }
  }

  /**
   * Judges the inputs after a step of `dt` seconds ending at `ts`, from the input currents the inverter
   * reports (`running`: it is feeding in). Alarm records that open or close are kept for `drainChanges`.
   */
  evaluate(ts: number, dt: number, channels: readonly MpptChannel[], running: boolean): void {
    if (!running || this.groups.length === 0) return;
    this.measure(channels);
    for (let k = 0; k < this.states.length; k++) {
      const state = this.states[k] as InputState;
      const ratio = this.ratio(k);
      if (ratio === null) continue;
      if (ratio < STRING_CURRENT_LOW.lowRatio) {
        state.lowS += dt;
        state.okS = 0;
        if (!state.open && state.lowS >= STRING_CURRENT_LOW.persistS) this.raise(state, k, ts, ratio);
      } else if (ratio >= STRING_CURRENT_LOW.recoverRatio) {
        state.okS += dt;
        state.lowS = 0;
        if (state.open && state.okS >= STRING_CURRENT_LOW.persistS) this.close(state, ts);
      } else {
        state.lowS = 0;
        state.okS = 0;
      }
    }
  }

  private raise(state: InputState, k: number, ts: number, ratio: number): void {
    const record: AlarmRecord = {
      id: `${this.sn.slice(0, 44)}:${STRING_CURRENT_LOW.code}:${k + 1}:${Math.floor(ts / 1_000).toString(36)}`,
      dev: this.sn,
      kind: STRING_CURRENT_LOW.kind,
      code: STRING_CURRENT_LOW.code,
      level: STRING_CURRENT_LOW.level,
      start: ts,
      end: null,
      message: `${STRING_CURRENT_LOW.message}: PV${k + 1} at ${Math.floor(ratio * 100)} % of its peers`,
    };
    state.open = record;
    this.changed.push(record);
  }

  private close(state: InputState, ts: number): void {
    const record = state.open as AlarmRecord;
    state.open = null;
    this.changed.push({ ...record, end: Math.max(ts, record.start) });
  }

  /** Input (from 1) of an open record, or null when the record is not one of this monitor's. */
  static inputOf(record: AlarmRecord): number | null {
    if (record.code !== STRING_CURRENT_LOW.code) return null;
    const parts = record.id.split(':');
    const input = Number(parts[parts.length - 2]);
    return Number.isInteger(input) && input >= 1 ? input : null;
  }

  /** The alarms open now (kept across restarts by the logger, so they close with the same id). */
  openRecords(): AlarmRecord[] {
    return this.states.flatMap((s) => (s.open ? [{ ...s.open }] : []));
  }

  /** Re-opens alarms a previous run left open (no record is sent: the cloud has them already). */
  restore(records: readonly AlarmRecord[]): void {
    for (const record of records) {
      if (record.dev !== this.sn || record.end != null) continue;
      const input = StringMonitor.inputOf(record);
      const state = input === null ? undefined : this.states[input - 1];
      if (!state || state.open) continue;
      state.open = { ...record };
      state.lowS = STRING_CURRENT_LOW.persistS;
    }
  }

  get hasChanges(): boolean {
    return this.changed.length > 0;
  }

  drainChanges(): readonly AlarmRecord[] {
    const out = this.changed;
    this.changed = [];
    return out;
  }
}
