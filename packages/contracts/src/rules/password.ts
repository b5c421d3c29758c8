// Decision: passwords are printable ASCII without spaces, and a "special character" is ASCII punctuation,
// so every user can type their password on any keyboard the console is used from.
import { Limits } from '../limits.js';
import { codePointLength, firstFailure, RuleMessage, type RuleResult } from './messages.js';
import { matchesPattern } from './patterns.js';

/** New password: 6 to 18 characters with upper and lower case letters, a digit and a special character. */
export function validateNewPassword(value: string | null | undefined): RuleResult {
  if (value === null || value === undefined || value === '') return RuleMessage.cannotBeBlank;
  const length = codePointLength(value);
  if (length < Limits.passwordMin || length > Limits.passwordMax) return RuleMessage.passwordLength;
  return matchesPattern(value, 'password') ? null : RuleMessage.passwordStrength;
}

/** The confirmation must repeat the new password exactly ("Do not match!"). */
export function validatePasswordConfirmation(
  newPassword: string | null | undefined,
  confirmation: string | null | undefined,
): RuleResult {
  return (newPassword ?? '') === (confirmation ?? '') ? null : RuleMessage.passwordMismatch;
}

/** The new password must differ from the current one. */
export function validatePasswordDiffersFromOld(
  oldPassword: string | null | undefined,
  newPassword: string | null | undefined,
): RuleResult {
  return oldPassword !== undefined && oldPassword !== null && oldPassword === newPassword
    ? RuleMessage.passwordSameAsOld
    : null;
}

export interface PasswordChangeInput {
  readonly oldPassword: string | null | undefined;
  readonly newPassword: string | null | undefined;
  readonly confirmation: string | null | undefined;
}

/** The whole change-password form in the order a user fixes it: strength, confirmation, then reuse. */
export function validatePasswordChange(input: PasswordChangeInput): RuleResult {
  return firstFailure(
    validateNewPassword(input.newPassword),
    validatePasswordConfirmation(input.newPassword, input.confirmation),
    validatePasswordDiffersFromOld(input.oldPassword, input.newPassword),
  );
}
