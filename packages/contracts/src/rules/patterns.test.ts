import { describe, it, expect } from 'vitest';
import { Value } from 'typebox/value';
import { hexDataPattern, PATTERNS } from './patterns.js';
import { RuleSchemas } from './schemas.js';

describe('PATTERNS', () => {
  it.each(Object.entries(PATTERNS))('%s compiles with the u flag TypeBox uses', (_name, source) => {
    expect(() => new RegExp(source, 'u')).not.toThrow();
    expect(source.startsWith('^') && source.endsWith('$')).toBe(true);
  });

  it('builds the hex-data pattern from the register count', () => {
    expect(hexDataPattern(2)).toBe('^(?:0[xX])?[0-9A-Fa-f]{8}$');
    expect(() => hexDataPattern(0)).toThrow(RangeError);
  });
});

describe('RuleSchemas agree with the validators', () => {
  it.each([
    ['email', 'user@example.com', 'user@example'],
    ['areaCode', '+86', '++86'],
    ['mobileNumber', '13812345678', '1381234567x'],
    ['verificationCode', '123456', '12345'],
    ['newPassword', 'Ab1!xy', 'abcdef'],
    ['digits', '42', '4.2'],
    ['hex', '0xFF', 'FF'],
    ['hexInput', '0xFFFF', '0x1FFFF'],
    ['loggerSn', 'SN-000001', 'SN 000001'],
    ['timeOfDay', '23:59', '24:00'],
    ['userDescription', 'a'.repeat(60), 'a'.repeat(61)],
    ['deviceTypeName', 'a'.repeat(100), 'a'.repeat(101)],
    ['addressValue', 'a'.repeat(32), 'a'.repeat(33)],
    ['currency', 'a'.repeat(5), 'a'.repeat(6)],
  ] as const)('%s accepts %j and rejects %j', (name, good, bad) => {
    expect(Value.Check(RuleSchemas[name], good)).toBe(true);
    expect(Value.Check(RuleSchemas[name], bad)).toBe(false);
  });
});
