import { describe, it, expect } from 'vitest';
import {
  validateEmail,
  validateMobile,
  validateMobileOrEmail,
  validateOptionalEmail,
  validateOptionalMobile,
  validateRequired,
  validateVerificationCode,
} from './account.js';
import { RuleMessage } from './messages.js';

describe('validateRequired', () => {
  it('passes filled values and rejects blank ones', () => {
    expect(validateRequired('x')).toBeNull();
    expect(validateRequired('   ')).toBe(RuleMessage.cannotBeBlank);
    expect(validateRequired(null)).toBe(RuleMessage.cannotBeBlank);
  });
});

describe('validateMobileOrEmail', () => {
  it('needs at least one of the two', () => {
    expect(validateMobileOrEmail('13812345678', '')).toBeNull();
    expect(validateMobileOrEmail(undefined, 'a@b.cn')).toBeNull();
    expect(validateMobileOrEmail('13812345678', 'a@b.cn')).toBeNull();
    expect(validateMobileOrEmail('', ' ')).toBe(RuleMessage.mobileOrEmailRequired);
    expect(validateMobileOrEmail(null, undefined)).toBe(RuleMessage.mobileOrEmailRequired);
  });
});

describe('validateEmail', () => {
  it.each(['user@example.com', 'first.last+tag@sub.example.co.uk', 'a_b%c@xn--fiqs8s.xn--p1ai', 'x@y.de'])(
    'accepts %s',
    (email) => {
      expect(validateEmail(email)).toBeNull();
    },
  );

  it.each([
    'plain',
    'a@b',
    'a@b.c',
    '@example.com',
    'a@.com',
    'a..b@example.com',
    '.a@example.com',
    'a@exa mple.com',
    ' a@example.com',
    'a@-example.com',
    'a@example.com.',
    `${'a'.repeat(250)}@b.cn`,
  ])('rejects %j', (email) => {
    expect(validateEmail(email)).toBe(RuleMessage.emailInvalid);
  });

  it('gives the mailbox-cannot-be-empty key for blank input', () => {
    expect(validateEmail('')).toBe(RuleMessage.emailRequired);
    expect(validateEmail(undefined)).toBe(RuleMessage.emailRequired);
  });

  it('optional variant accepts blank but still checks the format', () => {
    expect(validateOptionalEmail('')).toBeNull();
    expect(validateOptionalEmail(null)).toBeNull();
    expect(validateOptionalEmail('a@b.cn')).toBeNull();
    expect(validateOptionalEmail('nope')).toBe(RuleMessage.emailInvalid);
  });
});

describe('validateMobile', () => {
  it('accepts an area code with a 10- or 11-digit number', () => {
    expect(validateMobile({ areaCode: '+86', number: '13812345678' })).toBeNull();
    expect(validateMobile({ areaCode: '49', number: '1512345678' })).toBeNull();
    expect(validateMobile({ areaCode: '+1264', number: '1234567890' })).toBeNull();
  });

  it.each([
    ['+86', '123456789'],
    ['+86', '123456789012'],
    ['+86', '1381234567a'],
    ['+86', '138 1234 5678'],
    ['', '13812345678'],
    ['86a', '13812345678'],
    ['+12345', '13812345678'],
  ])('rejects area code %j with number %j', (areaCode, number) => {
    expect(validateMobile({ areaCode, number })).toBe(RuleMessage.mobileInvalid);
  });

  it('needs a number', () => {
    expect(validateMobile({ areaCode: '+86', number: '' })).toBe(RuleMessage.cannotBeBlank);
  });

  it('optional variant accepts a blank number', () => {
    expect(validateOptionalMobile({ areaCode: '+86', number: '' })).toBeNull();
    expect(validateOptionalMobile({ areaCode: undefined, number: undefined })).toBeNull();
    expect(validateOptionalMobile({ areaCode: '+86', number: '123' })).toBe(RuleMessage.mobileInvalid);
  });
});

describe('validateVerificationCode', () => {
  it('accepts exactly six digits', () => {
    expect(validateVerificationCode('012345')).toBeNull();
  });

  it.each(['12345', '1234567', '12345a', ' 123456', '', null, '１２３４５６'])('rejects %j', (code) => {
    expect(validateVerificationCode(code)).toBe(RuleMessage.verificationCodeInvalid);
  });
});
