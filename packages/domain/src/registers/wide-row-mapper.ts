// toWideRow compiled once per register list: every measure key of the definition is resolved to a slot
// of the wide row up front, and a reading is mapped into reusable cells instead of fresh objects. The
// ingest maps every reading it stores; toWideRow (columns.ts) stays the readable reference of the rules,
// and the tests hold the two to the same results.
import {
  MPPT_CHANNELS_MAX,
  MpptColumns,
  TelemetryColumns,
  type MpptColumn,
  type RegisterDefinition,
  type TelemetryColumn,
} from '@sunfleet/contracts';
import { columnTarget, type WideRow } from './columns.js';

/** Slots 0…15: the typed columns in TelemetryColumns order; then 15 channels per MPPT column. */
export const TYPED_SLOTS = TelemetryColumns.length;
export const WIDE_SLOTS = TYPED_SLOTS + MpptColumns.length * MPPT_CHANNELS_MAX;

/** The slot of MPPT column `m` (index into MpptColumns), channel 1…15. */
export const mpptSlot = (m: number, channel: number): number =>
  TYPED_SLOTS + m * MPPT_CHANNELS_MAX + channel - 1;

/** One reading mapped onto the wide row; reused from reading to reading (see WideRowMapper.map). */
export interface WideCells {
  /** Per slot: the number or null of the key that landed there, undefined when none did. */
  readonly cells: (number | null | undefined)[];
  /** Per MPPT column: the highest channel holding a number (0 = no array). */
  readonly mpptLength: number[];
  /** Keys that land in the jsonb rest, in the reading's key order; the first `extraCount` count. */
  readonly extraKeys: string[];
  extraCount: number;
  /** Slots written by the last map (cleared by the next). */
  readonly touched: number[];
  touchedCount: number;
}

export function wideCells(): WideCells {
  return {
    cells: new Array<number | null | undefined>(WIDE_SLOTS).fill(undefined),
    mpptLength: MpptColumns.map(() => 0),
    extraKeys: [],
    extraCount: 0,
    touched: [],
    touchedCount: 0,
  };
}

const NO_SLOT = -1;
const mappers = new WeakMap<readonly RegisterDefinition[], WideRowMapper>();

export class WideRowMapper {
  /** Per key of the definition: its slot, or NO_SLOT (the jsonb rest). The last entry of a key wins. */
  private readonly slots = new Map<string, number>();

  constructor(registers: readonly RegisterDefinition[]) {
    for (const register of registers) {
      const target = columnTarget(register.column);
      let slot = NO_SLOT;
      if (target?.kind === 'column') slot = TelemetryColumns.indexOf(target.column);
      else if (target?.kind === 'mppt') slot = mpptSlot(MpptColumns.indexOf(target.column), target.channel);
      this.slots.set(register.key, slot);
    }
  }

  /** The mapper of a register list, compiled on first use (definition caches hand out the same array). */
  static of(registers: readonly RegisterDefinition[]): WideRowMapper {
    let mapper = mappers.get(registers);
    if (mapper === undefined) mappers.set(registers, (mapper = new WideRowMapper(registers)));
    return mapper;
  }

  /** Maps one reading's values into `out` (same rules as toWideRow). */
  map(values: Readonly<Record<string, number | string | null>>, out: WideCells): void {
    const { cells, touched, extraKeys } = out;
    for (let i = 0; i < out.touchedCount; i++) cells[touched[i] ?? 0] = undefined;
    out.touchedCount = 0;
    out.extraCount = 0;
    let mpptTouched = false;
    for (const key of Object.keys(values)) {
      const value = values[key];
      if (value === undefined) continue;
      const slot = this.slots.get(key) ?? NO_SLOT;
      if (slot === NO_SLOT || typeof value === 'string') {
        extraKeys[out.extraCount++] = key;
        continue;
      }
      if (cells[slot] === undefined) touched[out.touchedCount++] = slot;
      cells[slot] = value;
      if (slot >= TYPED_SLOTS) mpptTouched = true;
    }
    const { mpptLength } = out;
    for (let m = 0; m < mpptLength.length; m++) {
      let highest = 0;
      if (mpptTouched) {
        for (let channel = MPPT_CHANNELS_MAX; channel > 0; channel--) {
          if (typeof cells[mpptSlot(m, channel)] === 'number') {
            highest = channel;
            break;
          }
        }
      }
      mpptLength[m] = highest;
    }
  }

  /** The WideRow toWideRow answers, built from the cells (tests and callers that want objects). */
  toWideRow(values: Readonly<Record<string, number | string | null>>, out = wideCells()): WideRow {
    this.map(values, out);
    const columns: Partial<Record<TelemetryColumn, number | null>> = {};
    TelemetryColumns.forEach((column, slot) => {
      const value = out.cells[slot];
      if (value !== undefined) columns[column] = value;
    });
    const mppt = {} as Record<MpptColumn, (number | null)[]>;
    MpptColumns.forEach((column, m) => {
      mppt[column] = Array.from(
        { length: out.mpptLength[m] ?? 0 },
        (_, i) => out.cells[mpptSlot(m, i + 1)] ?? null,
      );
    });
    const extra = Object.create(null) as Record<string, number | string | null>;
    for (const key of out.extraKeys.slice(0, out.extraCount)) extra[key] = values[key] ?? null;
    return { columns, mppt, extra };
  }
}
