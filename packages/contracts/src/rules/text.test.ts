import { describe, it, expect } from 'vitest';
import { RuleMessage } from './messages.js';
import {
  validateAddressValue,
  validateCurrency,
  validateDeviceTypeName,
  validateDigits,
  validateUserDescription,
} from './text.js';

describe.each([
  ['validateUserDescription', validateUserDescription, 60, RuleMessage.userDescriptionTooLong],
  ['validateDeviceTypeName', validateDeviceTypeName, 100, RuleMessage.deviceTypeNameTooLong],
  ['validateAddressValue', validateAddressValue, 32, RuleMessage.addressValueTooLong],
  ['validateCurrency', validateCurrency, 5, RuleMessage.currencyTooLong],
])('%s (max %i)', (_name, validate, max, failure) => {
  it('accepts empty and exactly the maximum', () => {
    expect(validate('')).toBeNull();
    expect(validate(null)).toBeNull();
    expect(validate('a'.repeat(max - 1))).toBeNull();
    expect(validate('a'.repeat(max))).toBeNull();
  });

  it('rejects one character more', () => {
    expect(validate('a'.repeat(max + 1))).toBe(failure);
  });

  it('counts characters, not UTF-16 units, like JSON Schema does', () => {
    expect(validate('😀'.repeat(max))).toBeNull();
    expect(validate('中'.repeat(max + 1))).toBe(failure);
  });
});

describe('validateDigits', () => {
  it('accepts digits and blank', () => {
    expect(validateDigits('0123')).toBeNull();
    expect(validateDigits('')).toBeNull();
  });

  it.each(['-1', '1.5', '1e3', '12a', ' 12', '１２'])('rejects %j', (value) => {
    expect(validateDigits(value)).toBe(RuleMessage.digitsOnly);
  });
});
