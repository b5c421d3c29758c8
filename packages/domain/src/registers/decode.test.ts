import type { RegisterDefinition } from '@sunfleet/contracts';
import { describe, expect, it } from 'vitest';
import { decodeBlocks, encodeValues, hexToWords, wordsToHex, type RegisterBlock } from './decode.js';

type Spec = Partial<RegisterDefinition> & Pick<RegisterDefinition, 'key' | 'address'>;

function reg(spec: Spec): RegisterDefinition {
  return {
    nameKey: `register.${spec.key}`,
    count: 1,
    dataType: 'U16',
    scale: 0,
    unit: '',
    group: 'common',
    writable: false,
    min: null,
    max: null,
    column: null,
    ...spec,
  };
}

const decodeOne = (r: RegisterDefinition, hex: string): unknown =>
  decodeBlocks([r], [{ address: r.address, words: hexToWords(hex) }])[r.key];

describe('hex words', () => {
  it('parses four hex digits per register, big-endian, either case', () => {
    expect(hexToWords('0001FFFFabCD')).toEqual([1, 0xffff, 0xabcd]);
    expect(hexToWords('')).toEqual([]);
    expect(wordsToHex([1, 0xffff, 0xabcd])).toBe('0001FFFFABCD');
  });
  it('refuses malformed hex and words outside 16 bits', () => {
    expect(() => hexToWords('123')).toThrow(RangeError);
    expect(() => hexToWords('12G4')).toThrow(RangeError);
    expect(() => wordsToHex([0x10000])).toThrow(RangeError);
    expect(() => wordsToHex([-1])).toThrow(RangeError);
    expect(() => wordsToHex([1.5])).toThrow(RangeError);
  });
});

describe('decodeBlocks', () => {
  it('decodes 16-bit integers with sign and scale', () => {
    expect(decodeOne(reg({ key: 'a', address: 0, dataType: 'S16' }), 'FFFE')).toBe(-2);
    expect(decodeOne(reg({ key: 'a', address: 0, dataType: 'S16', scale: -1 }), '0901')).toBe(230.5);
    expect(decodeOne(reg({ key: 'a', address: 0, dataType: 'S16', scale: -2 }), 'FF38')).toBe(-2);
    expect(decodeOne(reg({ key: 'a', address: 0, dataType: 'U16', scale: 1 }), '0005')).toBe(50);
    expect(decodeOne(reg({ key: 'a', address: 0, dataType: 'U16', scale: -2 }), '1389')).toBe(50.01);
    expect(decodeOne(reg({ key: 'a', address: 0, dataType: 'U16' }), 'FFFE')).toBe(65534);
  });

  it('decodes 32-bit integers high word first', () => {
    expect(decodeOne(reg({ key: 'a', address: 0, dataType: 'U32', count: 2 }), '00010002')).toBe(65538);
    expect(decodeOne(reg({ key: 'a', address: 0, dataType: 'S32', count: 2 }), 'FFFFFFFF')).toBe(-1);
    expect(decodeOne(reg({ key: 'a', address: 0, dataType: 'S32', count: 2, scale: -3 }), '7FFFFFFF')).toBe(
      2147483.647,
    );
    expect(decodeOne(reg({ key: 'a', address: 0, dataType: 'U32', count: 2, scale: 3 }), '00000007')).toBe(
      7000,
    );
  });

  it('decodes float32 to its shortest decimal and ignores scale', () => {
    expect(decodeOne(reg({ key: 'a', address: 0, dataType: 'F32', count: 2 }), '42480A3D')).toBe(50.01);
    expect(decodeOne(reg({ key: 'a', address: 0, dataType: 'F32', count: 2, scale: -1 }), 'C0200000')).toBe(
      -2.5,
    );
    expect(decodeOne(reg({ key: 'a', address: 0, dataType: 'F32', count: 2 }), '7F800000')).toBeNull();
  });

  it('turns every SunSpec "not implemented" sentinel into null', () => {
    expect(decodeOne(reg({ key: 'a', address: 0, dataType: 'S16' }), '8000')).toBeNull();
    expect(decodeOne(reg({ key: 'a', address: 0, dataType: 'U16' }), 'FFFF')).toBeNull();
    expect(decodeOne(reg({ key: 'a', address: 0, dataType: 'S32', count: 2 }), '80000000')).toBeNull();
    expect(decodeOne(reg({ key: 'a', address: 0, dataType: 'U32', count: 2 }), 'FFFFFFFF')).toBeNull();
    expect(decodeOne(reg({ key: 'a', address: 0, dataType: 'F32', count: 2 }), '7FC00000')).toBeNull();
    expect(decodeOne(reg({ key: 'a', address: 0, dataType: 'STRING', count: 3 }), '000000000000')).toBeNull();
    expect(decodeOne(reg({ key: 'a', address: 0, dataType: 'VERSION' }), 'FFFF')).toBeNull();
    expect(decodeOne(reg({ key: 'a', address: 0, dataType: 'IP', count: 2 }), '00000000')).toBeNull();
  });

  it('decodes strings two ASCII characters per register, trailing NUL and spaces trimmed', () => {
    const r = reg({ key: 'Mn', address: 0, dataType: 'STRING', count: 4 });
    expect(decodeOne(r, '53756E666C656574')).toBe('Sunfleet');
    expect(decodeOne(r, '5346200000000000')).toBe('SF');
    expect(decodeOne(r, '5346202020202020')).toBe('SF');
    // Control bytes never reach storage.
    expect(decodeOne(r, '5307460000000000')).toBe('S?F');
    expect(decodeOne(r, '2020202020202020')).toBeNull();
  });

  it('decodes versions and IP addresses', () => {
    expect(decodeOne(reg({ key: 'Vr', address: 0, dataType: 'VERSION' }), '0102')).toBe('1.2');
    expect(decodeOne(reg({ key: 'Vr', address: 0, dataType: 'VERSION' }), '0A00')).toBe('10.0');
    expect(decodeOne(reg({ key: 'Ip', address: 0, dataType: 'IP', count: 2 }), 'C0A8010A')).toBe(
      '192.168.1.10',
    );
  });

  it('decodes only registers lying wholly inside a block', () => {
    const registers = [
      reg({ key: 'before', address: 9 }),
      reg({ key: 'first', address: 10 }),
      reg({ key: 'wide', address: 11, dataType: 'U32', count: 2 }),
      reg({ key: 'straddles', address: 13, dataType: 'U32', count: 2 }),
      reg({ key: 'second', address: 20 }),
    ];
    const blocks: RegisterBlock[] = [
      { address: 10, words: [1, 0, 2, 3] },
      { address: 20, words: [4] },
    ];
    const result = decodeBlocks(registers, blocks);
    expect({ ...result }).toEqual({ first: 1, wide: 2, second: 4 });
    expect('straddles' in result).toBe(false);
    expect('before' in result).toBe(false);
  });

  it('keeps keys like constructor as plain data, never on a prototype', () => {
    const registers = [reg({ key: 'constructor', address: 0 }), reg({ key: 'prototype', address: 1 })];
    const result = decodeBlocks(registers, [{ address: 0, words: [7, 8] }]);
    expect(Object.getPrototypeOf(result)).toBeNull();
    expect(result.constructor).toBe(7);
    expect(result.prototype).toBe(8);
    expect(({} as Record<string, unknown>).prototype).toBeUndefined();
  });
});

describe('encodeValues', () => {
  const registers = [
    reg({ key: 'Mn', address: 100, dataType: 'STRING', count: 4 }),
    reg({ key: 'Vr', address: 104, dataType: 'VERSION' }),
    reg({ key: 'A', address: 105, dataType: 'U16', scale: -2 }),
    reg({ key: 'W', address: 106, dataType: 'S32', count: 2 }),
    reg({ key: 'Hz', address: 108, dataType: 'F32', count: 2 }),
    reg({ key: 'WH', address: 110, dataType: 'U32', count: 2, scale: 0 }),
    reg({ key: 'Ip', address: 112, dataType: 'IP', count: 2 }),
    reg({ key: 'T', address: 114, dataType: 'S16', scale: -1 }),
    reg({ key: 'far', address: 200, dataType: 'U16' }),
  ];

  it('round-trips every data type and merges contiguous registers into one block', () => {
    const values = {
      Mn: 'SF-INV',
      Vr: '3.14',
      A: 12.34,
      W: -4500,
      Hz: 49.98,
      WH: 4_000_000_000,
      Ip: '10.0.0.254',
      T: -12.5,
      far: 9,
    };
    const blocks = encodeValues(registers, values);
    expect(blocks.map((b) => [b.address, b.words.length])).toEqual([
      [100, 15],
      [200, 1],
    ]);
    expect({ ...decodeBlocks(registers, blocks) }).toEqual(values);
  });

  it('encodes null as the sentinel, which decodes back to null', () => {
    const values = { Mn: null, Vr: null, A: null, W: null, Hz: null, WH: null, Ip: null, T: null };
    const decoded = decodeBlocks(registers, encodeValues(registers, values));
    expect({ ...decoded }).toEqual(values);
  });

  it('leaves out registers without a value and ignores unknown keys', () => {
    const blocks = encodeValues(registers, { A: 1, W: 2, nope: 3 });
    expect(blocks).toEqual([{ address: 105, words: [100, 0, 2] }]);
  });

  it('refuses values the register cannot hold', () => {
    const bad: Record<string, number | string>[] = [
      { A: -1 },
      { A: 655.35 }, // 65535 is the U16 sentinel
      { T: -3276.8 }, // -32768 is the S16 sentinel
      { T: 3276.8 },
      { W: 2 ** 31 },
      { WH: 2 ** 32 - 1 },
      { Hz: 1e39 },
      { Hz: Number.NaN },
      { A: 'twelve' },
      { Mn: 'too long!' },
      { Mn: 'Grüße' },
      { Mn: 5 },
      { Vr: '1.2.3' },
      { Vr: '255.255' },
      { Vr: '256.0' },
      { Ip: '1.2.3' },
      { Ip: '1.2.3.256' },
    ];
    for (const values of bad)
      expect(() => encodeValues(registers, values), JSON.stringify(values)).toThrow(RangeError);
  });

  it('applies the min and max of writable registers', () => {
    const setpoint = reg({ key: 'WMax', address: 0, dataType: 'U16', writable: true, min: 10, max: 100 });
    expect(encodeValues([setpoint], { WMax: 50 })).toEqual([{ address: 0, words: [50] }]);
    expect(() => encodeValues([setpoint], { WMax: 9 })).toThrow(RangeError);
    expect(() => encodeValues([setpoint], { WMax: 101 })).toThrow(RangeError);
    // A read-only register's min/max describe the display range, not what the simulator may write.
    const readOnly = { ...setpoint, writable: false };
    expect(encodeValues([readOnly], { WMax: 500 })).toEqual([{ address: 0, words: [500] }]);
  });

  it('refuses overlapping registers and blocks past the last address', () => {
    const overlapping = [
      reg({ key: 'a', address: 0, dataType: 'U32', count: 2 }),
      reg({ key: 'b', address: 1, dataType: 'U16' }),
    ];
    expect(() => encodeValues(overlapping, { a: 1, b: 2 })).toThrow(RangeError);
    const last = reg({ key: 'a', address: 65_535, dataType: 'U32', count: 2 });
    expect(() => encodeValues([last], { a: 1 })).toThrow(RangeError);
  });

  it('ignores inherited properties of the values object', () => {
    const values = Object.create({ A: 5 }) as Record<string, number>;
    expect(encodeValues(registers, values)).toEqual([]);
  });
});
