import { BUILT_IN_DEFINITIONS, type RegisterDefinition } from '@sunfleet/contracts';
import { describe, expect, it } from 'vitest';
import { toWideRow, type WideRow } from './columns.js';
import { WideRowMapper, wideCells } from './wide-row-mapper.js';

function reg(key: string, column: string | null): RegisterDefinition {
  return {
    key,
    nameKey: `register.${key}`,
    address: 0,
    count: 1,
    dataType: 'U16',
    scale: 0,
    unit: '',
    group: 'common',
    writable: false,
    min: null,
    max: null,
    column,
  };
}

// Keys that compete: a key listed twice (the last entry wins, also when it drops the column), two keys
// aimed at one column and at one MPPT channel, a column no pattern matches.
const registers = [
  reg('W', 'power_w'),
  reg('W2', 'power_w'),
  reg('WH', 'energy_total_wh'),
  reg('St', 'status_code'),
  reg('Mn', 'temperature_c'),
  reg('Hz', 'grid_frequency_hz'),
  reg('Hz', null),
  reg('PF', null),
  reg('PF', 'soc_pct'),
  reg('Odd', 'mppt_x[1]'),
  reg('DCV_1', 'mppt_v[1]'),
  reg('DCV_1b', 'mppt_v[1]'),
  reg('DCV_2', 'mppt_v[2]'),
  reg('DCV_3', 'mppt_v[3]'),
  reg('DCA_1', 'mppt_i[1]'),
  reg('DCA_4', 'mppt_i[4]'),
  reg('DCW_15', 'mppt_p[15]'),
];

/** What toWideRow answers, in a form toEqual compares fully (extra has a null prototype). */
const plain = (row: WideRow): unknown => ({ columns: row.columns, mppt: row.mppt, extra: { ...row.extra } });

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('WideRowMapper', () => {
  it('answers what toWideRow answers for the cases of its tests', () => {
    const mapper = new WideRowMapper(registers);
    const cases: Record<string, number | string | null>[] = [
      { W: 5000, WH: 123456, St: null },
      { DCV_1: 400, DCV_3: 380, DCA_4: 2.5, DCA_1: null, DCW_15: null },
      { DCV_1: 400, DCV_2: 390, DCV_3: null },
      { Hz: 50, PF: 0.99, Mn: 'SF-INV', W: 1 },
      { W: 1, W2: 2 },
      { W2: 2, W: 'x' },
      { W: null, W2: 3 },
      { DCV_1: 1, DCV_1b: null },
      { DCV_1b: 2, DCV_1: 'x', Odd: 5 },
      {},
      JSON.parse('{"__proto__": 5, "constructor": 6, "W": 7}') as Record<string, number>,
    ];
    for (const values of cases) {
      expect(plain(mapper.toWideRow(values)), JSON.stringify(values)).toEqual(
        plain(toWideRow(registers, values)),
      );
    }
  });

  it('answers what toWideRow answers for random readings, reusing one set of cells', () => {
    const next = random(42);
    const mapper = WideRowMapper.of(registers);
    const cells = wideCells();
    const keys = [...new Set(registers.map((r) => r.key)), 'Unknown', 'X1'];
    const draw = (): number | string | null => {
      const r = next();
      if (r < 0.15) return null;
      if (r < 0.25) return `s${Math.floor(r * 100)}`;
      return Math.round((r - 0.5) * 1e6) / 100;
    };
    for (let i = 0; i < 2_000; i++) {
      const values: Record<string, number | string | null> = {};
      for (const key of keys) if (next() < 0.5) values[key] = draw();
      expect(plain(mapper.toWideRow(values, cells)), JSON.stringify(values)).toEqual(
        plain(toWideRow(registers, values)),
      );
    }
  });

  it('answers what toWideRow answers for every built-in definition', () => {
    const next = random(7);
    for (const definition of BUILT_IN_DEFINITIONS) {
      const mapper = WideRowMapper.of(definition.registers);
      const cells = wideCells();
      for (let i = 0; i < 50; i++) {
        const values: Record<string, number | string | null> = {};
        for (const r of definition.registers) {
          const p = next();
          if (p < 0.6) values[r.key] = p < 0.1 ? null : p < 0.15 ? 'text' : Math.round(p * 1e5) / 10;
        }
        if (next() < 0.3) values.NotInDefinition = 1;
        expect(plain(mapper.toWideRow(values, cells))).toEqual(
          plain(toWideRow(definition.registers, values)),
        );
      }
    }
  });

  it('is compiled once per register list', () => {
    expect(WideRowMapper.of(registers)).toBe(WideRowMapper.of(registers));
    expect(WideRowMapper.of([...registers])).not.toBe(WideRowMapper.of(registers));
  });

  it('clears what the previous reading left in the cells', () => {
    const mapper = WideRowMapper.of(registers);
    const cells = wideCells();
    mapper.map({ W: 1, DCV_3: 3, DCW_15: 15, Hz: 50 }, cells);
    mapper.map({ WH: 2 }, cells);
    expect(cells.cells.filter((c) => c !== undefined)).toEqual([2]);
    expect(cells.mpptLength).toEqual([0, 0, 0]);
    expect(cells.extraCount).toBe(0);
  });
});
