import { describe, it, expect } from 'vitest';
import { RuleMessage } from './messages.js';
import {
  validateNewPassword,
  validatePasswordChange,
  validatePasswordConfirmation,
  validatePasswordDiffersFromOld,
} from './password.js';

describe('validateNewPassword', () => {
  it.each(['Ab1!xy', 'Abcdef1#', 'Zz9~Zz9~Zz9~Zz9~Zz', 'a_B2cd'])('accepts %j', (password) => {
    expect(validateNewPassword(password)).toBeNull();
  });

  it('checks the length boundaries 6 and 18', () => {
    expect(validateNewPassword('Ab1!x')).toBe(RuleMessage.passwordLength);
    expect(validateNewPassword('Ab1!xy')).toBeNull();
    expect(validateNewPassword(`Ab1!${'x'.repeat(14)}`)).toBeNull();
    expect(validateNewPassword(`Ab1!${'x'.repeat(15)}`)).toBe(RuleMessage.passwordLength);
  });

  it.each([
    ['no upper case', 'abc1!xyz'],
    ['no lower case', 'ABC1!XYZ'],
    ['no digit', 'Abcd!xyz'],
    ['no special character', 'Abcd1xyz'],
    ['a space', 'Ab1! xyz'],
    ['a non-ASCII letter as the only special', 'Abc1éxyz'],
  ])('rejects a password with %s', (_reason, password) => {
    expect(validateNewPassword(password)).toBe(RuleMessage.passwordStrength);
  });

  it('rejects an empty password', () => {
    expect(validateNewPassword('')).toBe(RuleMessage.cannotBeBlank);
    expect(validateNewPassword(undefined)).toBe(RuleMessage.cannotBeBlank);
  });
});

describe('validatePasswordConfirmation', () => {
  it('answers "Do not match!" when the two differ', () => {
    expect(validatePasswordConfirmation('Ab1!xy', 'Ab1!xy')).toBeNull();
    expect(validatePasswordConfirmation('Ab1!xy', 'Ab1!xY')).toBe(RuleMessage.passwordMismatch);
    expect(validatePasswordConfirmation('Ab1!xy', '')).toBe(RuleMessage.passwordMismatch);
  });
});

describe('validatePasswordDiffersFromOld', () => {
  it('rejects reusing the old password', () => {
    expect(validatePasswordDiffersFromOld('Old1!pw', 'Old1!pw')).toBe(RuleMessage.passwordSameAsOld);
    expect(validatePasswordDiffersFromOld('Old1!pw', 'New1!pw')).toBeNull();
    expect(validatePasswordDiffersFromOld(undefined, undefined)).toBeNull();
  });
});

describe('validatePasswordChange', () => {
  it('passes a good change', () => {
    expect(
      validatePasswordChange({ oldPassword: 'Old1!pw', newPassword: 'New1!pw', confirmation: 'New1!pw' }),
    ).toBeNull();
  });

  it('reports strength first, then confirmation, then reuse', () => {
    expect(validatePasswordChange({ oldPassword: 'x', newPassword: 'weak', confirmation: 'other' })).toBe(
      RuleMessage.passwordLength,
    );
    expect(
      validatePasswordChange({ oldPassword: 'Old1!pw', newPassword: 'New1!pw', confirmation: 'New1!pW' }),
    ).toBe(RuleMessage.passwordMismatch);
    expect(
      validatePasswordChange({ oldPassword: 'Old1!pw', newPassword: 'Old1!pw', confirmation: 'Old1!pw' }),
    ).toBe(RuleMessage.passwordSameAsOld);
  });
});
