import { describe, it, expect } from 'vitest';
import { RuleMessage } from './messages.js';
import { validateRegisterWrite, validateSavedBeforeAction } from './register.js';

describe('validateRegisterWrite', () => {
  it('requires a value for every format', () => {
    expect(validateRegisterWrite('', { format: 'number' })).toBe(RuleMessage.valueRequired);
    expect(validateRegisterWrite('  ', { format: 'string' })).toBe(RuleMessage.valueRequired);
    expect(validateRegisterWrite(undefined, { format: 'ip' })).toBe(RuleMessage.valueRequired);
  });

  describe('number', () => {
    const spec = { format: 'number', min: -10, max: 100 } as const;

    it('accepts the bounds and values between them', () => {
      expect(validateRegisterWrite('-10', spec)).toBeNull();
      expect(validateRegisterWrite('42.5', spec)).toBeNull();
      expect(validateRegisterWrite('100', spec)).toBeNull();
    });

    it('rejects values just outside the range', () => {
      expect(validateRegisterWrite('-10.1', spec)).toBe(RuleMessage.valueOutOfRange);
      expect(validateRegisterWrite('100.01', spec)).toBe(RuleMessage.valueOutOfRange);
    });

    it('rejects non-numbers', () => {
      expect(validateRegisterWrite('1e3', spec)).toBe(RuleMessage.numberInvalid);
      expect(validateRegisterWrite('12a', spec)).toBe(RuleMessage.numberInvalid);
      expect(validateRegisterWrite('.5', spec)).toBe(RuleMessage.numberInvalid);
    });

    it('needs no bounds', () => {
      expect(validateRegisterWrite('99999', { format: 'number' })).toBeNull();
    });
  });

  describe('string', () => {
    it('fits two ASCII characters per register', () => {
      expect(validateRegisterWrite('ABCD', { format: 'string', registerCount: 2 })).toBeNull();
      expect(validateRegisterWrite('ABCDE', { format: 'string', registerCount: 2 })).toBe(
        RuleMessage.stringFormat,
      );
      expect(validateRegisterWrite('中文', { format: 'string' })).toBe(RuleMessage.stringFormat);
    });
  });

  describe('ip', () => {
    it.each(['192.168.1.1', '0.0.0.0', '255.255.255.255'])('accepts %s', (ip) => {
      expect(validateRegisterWrite(ip, { format: 'ip' })).toBeNull();
    });

    it.each(['256.1.1.1', '1.2.3', '01.2.3.4', '1.2.3.4.5', 'a.b.c.d'])('rejects %s', (ip) => {
      expect(validateRegisterWrite(ip, { format: 'ip' })).toBe(RuleMessage.ipInvalid);
    });
  });

  describe('version', () => {
    it.each(['V1.2', '1.0.3', 'v2.10.0.1'])('accepts %s', (version) => {
      expect(validateRegisterWrite(version, { format: 'version' })).toBeNull();
    });

    it.each(['1', 'V1.', '1.2.3.4.5', 'version1.2', '1..2'])('rejects %s', (version) => {
      expect(validateRegisterWrite(version, { format: 'version' })).toBe(RuleMessage.versionFormat);
    });
  });

  describe('hex', () => {
    it('checks the length against the register count when known', () => {
      expect(validateRegisterWrite('0x00FF', { format: 'hex', registerCount: 1 })).toBeNull();
      expect(validateRegisterWrite('0x0FF', { format: 'hex', registerCount: 1 })).toBe(
        RuleMessage.hexDataLength,
      );
      expect(validateRegisterWrite('0xF', { format: 'hex' })).toBeNull();
      expect(validateRegisterWrite('F', { format: 'hex' })).toBe(RuleMessage.hexInvalid);
    });
  });

  it('throws when the spec itself is impossible', () => {
    expect(() => validateRegisterWrite('1', { format: 'number', min: 5, max: 1 })).toThrow(RangeError);
    expect(() => validateRegisterWrite('1', { format: 'string', registerCount: 0 })).toThrow(RangeError);
  });
});

describe('validateSavedBeforeAction', () => {
  it('asks to save first when there are unsaved changes', () => {
    expect(validateSavedBeforeAction(true)).toBe(RuleMessage.saveFirst);
    expect(validateSavedBeforeAction(false)).toBeNull();
  });
});
