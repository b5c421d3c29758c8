import { describe, expect, it } from 'vitest';
import { RuleMessage, type RemoteRegister } from '@sunfleet/contracts';
import {
  addressText,
  formatRegisterValue,
  groupRegisters,
  hexAddress,
  inputKindOf,
  normalizeHexData,
  parseHexAddress,
  rangeText,
  sameValue,
  spacedHex,
  validateModifiedValue,
  validateRawHexData,
  valuesFromReadResults,
} from './registerValues';

function register(over: Partial<RemoteRegister>): RemoteRegister {
  return {
    key: 'WMaxLimPct',
    nameKey: 'register.WMaxLimPct',
    group: 'settings',
    address: 40_123,
    count: 1,
    dataType: 'U16',
    scale: 0,
    unit: '%',
    writable: true,
    min: 0,
    max: 100,
    value: null,
    hex: null,
    ...over,
  };
}

const words: Record<string, string> = {
  'registerValue.Conn.0': 'Disconnected',
  'registerValue.Conn.1': 'Connected',
};
const t = (key: string, options?: Record<string, unknown>): string =>
  key === 'remoteSettings.unknownValue' ? `${String(options?.value)} (unknown)` : (words[key] ?? key);
const conn = register({
  key: 'Conn',
  min: 0,
  max: 1,
  unit: '',
  values: [
    { value: 0, nameKey: 'registerValue.Conn.0' },
    { value: 1, nameKey: 'registerValue.Conn.1' },
  ],
});

describe('register values', () => {
  it('take an input by type: words for enums, numbers in the unit, text for strings, IPs, versions', () => {
    expect(inputKindOf(conn)).toBe('enum');
    expect(inputKindOf(register({ dataType: 'S32' }))).toBe('number');
    expect(inputKindOf(register({ dataType: 'F32' }))).toBe('number');
    expect(inputKindOf(register({ dataType: 'STRING' }))).toBe('text');
    expect(inputKindOf(register({ dataType: 'IP' }))).toBe('text');
    expect(inputKindOf(register({ dataType: 'VERSION' }))).toBe('text');
  });

  it('check a modified value with the SPEC §5 messages', () => {
    const pct = register({});
    expect(validateModifiedValue(pct, '')).toBe(RuleMessage.valueRequired);
    expect(validateModifiedValue(pct, '  ')).toBe(RuleMessage.valueRequired);
    expect(validateModifiedValue(pct, '101')).toBe(RuleMessage.valueOutOfRange);
    expect(validateModifiedValue(pct, '-1')).toBe(RuleMessage.valueOutOfRange);
    expect(validateModifiedValue(pct, 'ten')).toBe(RuleMessage.numberInvalid);
    expect(validateModifiedValue(pct, '95.5')).toBeNull();
    expect(validateModifiedValue(register({ min: null, max: null }), '123456')).toBeNull();
    const name = register({ dataType: 'STRING', count: 2, min: null, max: null });
    expect(validateModifiedValue(name, 'ABCD')).toBeNull();
    expect(validateModifiedValue(name, 'ABCDE')).toBe(RuleMessage.stringFormat);
    const ip = register({ dataType: 'IP', count: 2, min: null, max: null });
    expect(validateModifiedValue(ip, '192.168.1.10')).toBeNull();
    expect(validateModifiedValue(ip, '192.168.1.300')).toBe(RuleMessage.ipInvalid);
    const version = register({ dataType: 'VERSION', min: null, max: null });
    expect(validateModifiedValue(version, '1.2')).toBeNull();
    expect(validateModifiedValue(version, '1..2')).toBe(RuleMessage.versionFormat);
  });

  it('show current values with their words, precision and locale', () => {
    expect(formatRegisterValue(t, conn, 1)).toBe('Connected');
    expect(formatRegisterValue(t, conn, 7)).toBe('7 (unknown)');
    expect(formatRegisterValue(t, register({ scale: -1 }), 95.5, 'de-DE')).toBe('95,5');
    expect(formatRegisterValue(t, register({ scale: -3, dataType: 'S16' }), -0.95)).toBe('-0.95');
    expect(formatRegisterValue(t, register({}), 80)).toBe('80');
    expect(formatRegisterValue(t, register({ dataType: 'STRING' }), 'SF-INV')).toBe('SF-INV');
    expect(formatRegisterValue(t, register({}), null)).toBe('-');
  });

  it('write the value range, enum words included', () => {
    expect(rangeText(t, register({}))).toBe('0 – 100');
    expect(rangeText(t, register({ min: 5, max: null }))).toBe('≥ 5');
    expect(rangeText(t, register({ min: null, max: null }))).toBe('-');
    expect(rangeText(t, conn)).toBe('0 Disconnected / 1 Connected');
    expect(rangeText(t, register({ min: -1, max: 1, scale: -3 }), 'de-DE')).toBe('-1 – 1');
  });

  it('show offsets in decimal and hex, and read a typed hex address of at most 4 digits', () => {
    expect(hexAddress(40_123)).toBe('0x9CBB');
    expect(hexAddress(5)).toBe('0x0005');
    expect(addressText(40_000)).toBe('40000 (0x9C40)');
    expect(parseHexAddress('0x9c40')).toBe(40_000);
    expect(parseHexAddress(' 0X1 ')).toBe(1);
    expect(parseHexAddress('0x12345')).toBeNull();
    expect(parseHexAddress('9C40')).toBeNull();
    expect(parseHexAddress('')).toBeNull();
  });

  it('check raw hex data: four hex digits per register', () => {
    expect(validateRawHexData('0x0064', 1)).toBeNull();
    expect(validateRawHexData('006400C8', 2)).toBeNull();
    expect(validateRawHexData('0x064', 1)).toBe(RuleMessage.hexDataLength);
    expect(validateRawHexData('0x0064', 2)).toBe(RuleMessage.hexDataLength);
    expect(validateRawHexData('', 1)).toBe(RuleMessage.valueRequired);
    expect(normalizeHexData('0X00c8')).toBe('0x00C8');
    expect(normalizeHexData('00c8')).toBe('0x00C8');
    expect(spacedHex('006400c8')).toBe('0064 00C8');
    expect(spacedHex(null)).toBe('-');
  });

  it('tell a read-back that equals the request from one that does not', () => {
    const volts = register({ scale: -1 });
    expect(sameValue(volts, '95.5', 95.5)).toBe(true);
    expect(sameValue(volts, '95.5', 95.50000001)).toBe(true);
    expect(sameValue(volts, '95.5', 95.4)).toBe(false);
    expect(sameValue(register({}), 80, 100)).toBe(false);
    expect(sameValue(register({}), '80', null)).toBe(false);
    expect(sameValue(register({ dataType: 'STRING' }), 'AB', 'AB ')).toBe(true);
    expect(sameValue(register({ dataType: 'IP' }), '10.0.0.1', '10.0.0.2')).toBe(false);
  });

  it('group registers by display group in definition order', () => {
    const grouped = groupRegisters([
      { group: 'settings', key: 'a' },
      { group: 'ac', key: 'b' },
      { group: 'settings', key: 'c' },
    ]);
    expect(grouped.map((g) => [g.group, g.registers.map((r) => r.key)])).toEqual([
      ['settings', ['a', 'c']],
      ['ac', ['b']],
    ]);
  });

  it('decode the results of register.read commands the device answered late', () => {
    const pct = register({});
    const pf = register({ key: 'OutPFSet', address: 40_128, dataType: 'S16', scale: -3, min: -1, max: 1 });
    const ip = register({ key: 'Ip', address: 40_129, count: 2, dataType: 'IP', min: null, max: null });
    const values = valuesFromReadResults(
      [pct, pf, ip],
      [
        { address: 40_123, hex: '0050' },
        { address: 40_127, hex: '0000fc18C0A8010A' },
        { nothing: true },
        null,
      ],
    );
    expect(values).toEqual({
      WMaxLimPct: { value: 80, hex: '0050' },
      OutPFSet: { value: -1, hex: 'FC18' },
      Ip: { value: '192.168.1.10', hex: 'C0A8010A' },
    });
    expect(valuesFromReadResults([pct], [{ address: 40_123, hex: '12' }])).toEqual({});
  });
});
