import type { RegisterDefinition } from '@sunfleet/contracts';
import { describe, expect, it } from 'vitest';
import { toWideRow } from './columns.js';

function reg(key: string, column: string | null, dataType = 'U16'): RegisterDefinition {
  return {
    key,
    nameKey: `register.${key}`,
    address: 0,
    count: 1,
    dataType,
    scale: 0,
    unit: '',
    group: 'common',
    writable: false,
    min: null,
    max: null,
    column,
  } as RegisterDefinition;
}

const registers = [
  reg('W', 'power_w'),
  reg('WH', 'energy_total_wh'),
  reg('St', 'status_code'),
  reg('Mn', 'temperature_c', 'STRING'),
  reg('Hz', null),
  reg('DCV_1', 'mppt_v[1]'),
  reg('DCV_2', 'mppt_v[2]'),
  reg('DCV_3', 'mppt_v[3]'),
  reg('DCA_1', 'mppt_i[1]'),
  reg('DCA_4', 'mppt_i[4]'),
  reg('DCW_15', 'mppt_p[15]'),
];

describe('toWideRow', () => {
  it('puts numbers and nulls of registers with a column into that column', () => {
    const row = toWideRow(registers, { W: 5000, WH: 123456, St: null });
    expect(row.columns).toEqual({ power_w: 5000, energy_total_wh: 123456, status_code: null });
    expect({ ...row.extra }).toEqual({});
  });

  it('builds MPPT arrays by channel, gaps as null, ending at the highest channel with a number', () => {
    const row = toWideRow(registers, { DCV_1: 400, DCV_3: 380, DCA_4: 2.5, DCA_1: null, DCW_15: null });
    expect(row.mppt).toEqual({ mppt_v: [400, null, 380], mppt_i: [null, null, null, 2.5], mppt_p: [] });
  });

  it('trims trailing "not implemented" channels of a smaller device', () => {
    const row = toWideRow(registers, { DCV_1: 400, DCV_2: 390, DCV_3: null });
    expect(row.mppt.mppt_v).toEqual([400, 390]);
  });

  it('sends values without a column, unknown keys and strings aimed at a numeric column to extra', () => {
    const row = toWideRow(registers, { Hz: 50, PF: 0.99, Mn: 'SF-INV', W: 1 });
    expect({ ...row.extra }).toEqual({ Hz: 50, PF: 0.99, Mn: 'SF-INV' });
    expect(row.columns).toEqual({ power_w: 1 });
  });

  it('keeps __proto__ and constructor keys as plain data', () => {
    const values = JSON.parse('{"__proto__": 5, "constructor": 6}') as Record<string, number>;
    const row = toWideRow(registers, values);
    expect(Object.getPrototypeOf(row.extra)).toBeNull();
    expect(Object.keys(row.extra).sort()).toEqual(['__proto__', 'constructor']);
    expect(JSON.parse(JSON.stringify(row.extra))).toEqual(values);
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
  });
});
