import { describe, expect, it } from 'vitest';
import {
  checkRegisters,
  checkRow,
  emptyDraft,
  fromDrafts,
  serverRegisterIssues,
  toDrafts,
  withDataType,
  type RegisterDraft,
} from './registerValidation';

let seq = 0;
function row(overrides: Partial<RegisterDraft> = {}): RegisterDraft {
  seq += 1;
  return {
    rowId: `t${String(seq)}`,
    key: `reg${String(seq)}`,
    nameKey: 'measure.power',
    address: 40_000 + seq * 10,
    count: 1,
    dataType: 'U16',
    scale: 0,
    unit: 'W',
    group: 'ac',
    writable: false,
    min: null,
    max: null,
    column: null,
    ...overrides,
  };
}

const GROUPS = new Set(['ac', 'dc']);

describe('checkRow', () => {
  it('accepts a complete register', () => {
    expect(checkRow(row(), GROUPS)).toEqual({});
  });

  it('refuses keys that are not measure keys', () => {
    expect(checkRow(row({ key: '' })).key?.message).toBe('rule.cannotBeBlank');
    expect(checkRow(row({ key: '1power' })).key?.message).toBe('registry.error.keyFormat');
    expect(checkRow(row({ key: 'power-w' })).key?.message).toBe('registry.error.keyFormat');
    expect(checkRow(row({ key: 'power_w1' })).key).toBeUndefined();
  });

  it('ties the count to fixed-width data types and leaves STRING free', () => {
    expect(checkRow(row({ dataType: 'U32', count: 1 })).count).toEqual({
      message: 'registry.error.countForType',
      values: { type: 'U32', words: 2 },
    });
    expect(checkRow(row({ dataType: 'F32', count: 2 })).count).toBeUndefined();
    expect(checkRow(row({ dataType: 'IP', count: 2 })).count).toBeUndefined();
    expect(checkRow(row({ dataType: 'VERSION', count: 2 })).count?.message).toBe(
      'registry.error.countForType',
    );
    expect(checkRow(row({ dataType: 'STRING', count: 16 })).count).toBeUndefined();
    expect(checkRow(row({ dataType: 'STRING', count: 65 })).count?.message).toBe('registry.error.countRange');
    expect(checkRow(row({ count: null })).count?.message).toBe('rule.cannotBeBlank');
  });

  it('keeps the range inside the 16-bit address space', () => {
    expect(checkRow(row({ address: 65_536 })).address?.message).toBe('registry.error.addressRange');
    expect(checkRow(row({ address: -1 })).address?.message).toBe('registry.error.addressRange');
    expect(checkRow(row({ address: 65_535, dataType: 'U32', count: 2 })).count?.message).toBe(
      'registry.error.pastEnd',
    );
    expect(checkRow(row({ address: 65_534, dataType: 'U32', count: 2 })).count).toBeUndefined();
  });

  it('wants min ≤ max, and both for writable numbers only', () => {
    expect(checkRow(row({ min: 10, max: 5 })).max?.message).toBe('registry.error.minAboveMax');
    expect(checkRow(row({ min: 5, max: 5 }))).toEqual({});
    expect(checkRow(row({ min: 5, max: null }))).toEqual({});
    const writable = checkRow(row({ writable: true }));
    expect(writable.min?.message).toBe('registry.error.rangeRequired');
    expect(writable.max?.message).toBe('registry.error.rangeRequired');
    expect(checkRow(row({ writable: true, min: 0, max: 100 }))).toEqual({});
    expect(checkRow(row({ writable: true, dataType: 'STRING', count: 8 }))).toEqual({});
  });

  it('checks scale, unit, group and column', () => {
    expect(checkRow(row({ scale: 7 })).scale?.message).toBe('registry.error.scaleRange');
    expect(checkRow(row({ scale: -6 })).scale).toBeUndefined();
    expect(checkRow(row({ unit: 'x'.repeat(17) })).unit?.message).toBe('rule.tooLong');
    expect(checkRow(row({ group: 'battery' }), GROUPS).group?.message).toBe('registry.error.unknownGroup');
    // Without the group list (not loaded yet) only the blank check applies.
    expect(checkRow(row({ group: 'battery' })).group).toBeUndefined();
    expect(checkRow(row({ group: ' ' })).group?.message).toBe('rule.cannotBeBlank');
    expect(checkRow(row({ column: 'power_w' })).column).toBeUndefined();
    expect(checkRow(row({ column: 'mppt_v[15]' })).column).toBeUndefined();
    expect(checkRow(row({ column: 'mppt_v[16]' })).column?.message).toBe('registry.error.columnFormat');
    expect(checkRow(row({ column: 'power' })).column?.message).toBe('registry.error.columnFormat');
    expect(checkRow(row({ column: 'power_w', dataType: 'STRING', count: 4 })).column?.message).toBe(
      'registry.error.columnNotNumeric',
    );
  });
});

describe('checkRegisters', () => {
  it('passes a clean table', () => {
    const rows = [row({ address: 0 }), row({ address: 1, dataType: 'U32', count: 2 }), row({ address: 3 })];
    const check = checkRegisters(rows, GROUPS);
    expect(check.ok).toBe(true);
    expect(check.overlapping.size).toBe(0);
  });

  it('marks both rows of an overlap and names the other key', () => {
    const a = row({ key: 'voltage', address: 100, dataType: 'U32', count: 2 });
    const b = row({ key: 'current', address: 101 });
    const c = row({ key: 'power', address: 102 });
    const check = checkRegisters([a, b, c]);
    expect(check.ok).toBe(false);
    expect([...check.overlapping].sort()).toEqual([a.rowId, b.rowId].sort());
    expect(check.rows.get(a.rowId)?.address).toEqual({
      message: 'registry.error.overlap',
      values: { other: 'current' },
    });
    expect(check.rows.get(b.rowId)?.address?.values).toEqual({ other: 'voltage' });
    expect(check.rows.has(c.rowId)).toBe(false);
  });

  it('finds an overlap with a long STRING range that starts earlier', () => {
    const s = row({ key: 'serial', address: 0, dataType: 'STRING', count: 16 });
    const x = row({ key: 'late', address: 15 });
    const y = row({ key: 'after', address: 16 });
    const check = checkRegisters([y, x, s]);
    expect([...check.overlapping].sort()).toEqual([s.rowId, x.rowId].sort());
  });

  it('refuses duplicate keys and duplicate columns', () => {
    const a = row({ key: 'power', column: 'power_w' });
    const b = row({ key: 'power', column: 'power_w' });
    const check = checkRegisters([a, b]);
    for (const id of [a.rowId, b.rowId]) {
      expect(check.rows.get(id)?.key?.message).toBe('registry.error.keyDuplicate');
      expect(check.rows.get(id)?.column?.message).toBe('registry.error.columnDuplicate');
    }
  });

  it('keeps a row’s own problem when a cross-row rule also hits the cell', () => {
    const a = row({ key: '9bad' });
    const b = row({ key: '9bad' });
    expect(checkRegisters([a, b]).rows.get(a.rowId)?.key?.message).toBe('registry.error.keyFormat');
  });

  it('ignores rows without a usable range when looking for overlaps', () => {
    const a = row({ address: null });
    const b = row({ address: 5 });
    const check = checkRegisters([a, b]);
    expect(check.overlapping.size).toBe(0);
    expect(check.rows.get(a.rowId)?.address?.message).toBe('rule.cannotBeBlank');
  });
});

describe('drafts', () => {
  it('round-trip stored registers, trimming text and turning an empty column into null', () => {
    const stored = fromDrafts([row({ key: ' power ', unit: ' W ', column: '' })])[0]!;
    expect(stored).toMatchObject({ key: 'power', unit: 'W', column: null });
    expect(stored).not.toHaveProperty('rowId');
    const again = toDrafts([stored]);
    expect(again[0]).toMatchObject(stored);
    expect(again[0]!.rowId).not.toBe('');
    // The words of an enumerated register survive an edit.
    const values = [{ value: 4, nameKey: 'registerValue.St.4' }];
    expect(fromDrafts(toDrafts([{ ...stored, values }]))[0]?.values).toEqual(values);
    expect(stored).not.toHaveProperty('values');
  });

  it('places a new row after the highest range, in the group of the table’s last row', () => {
    const rows = [row({ address: 10, dataType: 'U32', count: 2 }), row({ address: 3, group: 'dc' })];
    const next = emptyDraft(rows, 'ac');
    expect(next.address).toBe(12);
    expect(next.group).toBe('dc');
    expect(checkRegisters([...rows, { ...next, key: 'fresh', nameKey: 'x' }]).overlapping.size).toBe(0);
    expect(emptyDraft([], 'ac')).toMatchObject({ address: 0, group: 'ac', count: 1 });
  });

  it('sets the count of fixed-width data types and keeps a STRING count', () => {
    const r = row({ dataType: 'STRING', count: 8 });
    expect(withDataType(r, 'S32').count).toBe(2);
    expect(withDataType(r, 'STRING').count).toBe(8);
    expect(withDataType(row({ count: 1 }), 'STRING').count).toBe(1);
  });
});

describe('serverRegisterIssues', () => {
  it('puts field errors naming a register on that row and cell', () => {
    const rows = [row(), row()];
    const issues = serverRegisterIssues(
      [
        { field: 'body.registers.1.address', rule: 'RegisterAddressOverlap' },
        { field: 'body.registers/0/min', rule: 'rule.type' },
        { field: 'body.code', rule: 'rule.format' },
        { field: 'body.registers.7.key', rule: 'rule.format' },
        { field: 'body.registers[1].count', rule: 'RegisterCountMismatch' },
      ],
      rows,
    );
    expect(issues.get(rows[1]!.rowId)).toEqual({
      address: { message: 'RegisterAddressOverlap' },
      count: { message: 'RegisterCountMismatch' },
    });
    expect(issues.get(rows[0]!.rowId)).toEqual({ min: { message: 'rule.type' } });
    expect(issues.size).toBe(2);
    expect(serverRegisterIssues({ not: 'a list' }, rows).size).toBe(0);
  });
});
