import { describe, it, expect } from 'vitest';
import { validateHex, validateHexData, validateHexInput } from './hex.js';
import { RuleMessage } from './messages.js';

describe('validateHex', () => {
  it.each(['0x0', '0xFF', '0Xff', '0x0123456789abcdef'])('accepts %s', (value) => {
    expect(validateHex(value)).toBeNull();
  });

  it.each(['FF', '0x', '0xG1', 'x12', '0x 12', '#FF'])('rejects %j', (value) => {
    expect(validateHex(value)).toBe(RuleMessage.hexInvalid);
  });

  it('accepts blank (pair with validateRequired)', () => {
    expect(validateHex('')).toBeNull();
  });
});

describe('validateHexInput (at most 4 digits)', () => {
  it('accepts 1 to 4 digits', () => {
    expect(validateHexInput('0x1')).toBeNull();
    expect(validateHexInput('0x123')).toBeNull();
    expect(validateHexInput('0xFFFF')).toBeNull();
  });

  it('rejects 5 digits as too long and garbage as invalid', () => {
    expect(validateHexInput('0x1FFFF')).toBe(RuleMessage.hexTooLong);
    expect(validateHexInput('0xZZ')).toBe(RuleMessage.hexInvalid);
    expect(validateHexInput('1234')).toBe(RuleMessage.hexInvalid);
  });
});

describe('validateHexData (four hex digits per register)', () => {
  it('accepts exactly 4 × registerCount digits, 0x optional', () => {
    expect(validateHexData('00FF', 1)).toBeNull();
    expect(validateHexData('0x00FF', 1)).toBeNull();
    expect(validateHexData('0x0001abcd', 2)).toBeNull();
  });

  it('rejects one digit short, one digit over and non-hex', () => {
    expect(validateHexData('0x0001abc', 2)).toBe(RuleMessage.hexDataLength);
    expect(validateHexData('0x0001abcde', 2)).toBe(RuleMessage.hexDataLength);
    expect(validateHexData('0x0001abcg', 2)).toBe(RuleMessage.hexDataLength);
  });

  it('throws for an impossible register count', () => {
    expect(() => validateHexData('0x00', 0)).toThrow(RangeError);
    expect(() => validateHexData('', 1.5)).toThrow(RangeError);
  });
});
