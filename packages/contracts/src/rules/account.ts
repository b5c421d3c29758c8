// Decision: values are checked as given, not trimmed; the form or route trims first (SPEC trims search text
// only), so ' a@b.cn' is rejected rather than silently stored with a space.
import { isBlank, RuleMessage, type RuleResult } from './messages.js';
import { EMAIL_MAX_LENGTH, matchesPattern } from './patterns.js';

/** Generic required field: blank (after trimming) gives "cannot be blank". */
export function validateRequired(value: string | null | undefined): RuleResult {
  return isBlank(value) ? RuleMessage.cannotBeBlank : null;
}

/** Registration and profile: at least one of mobile or email must be filled in; formats are checked apart. */
export function validateMobileOrEmail(
  mobile: string | null | undefined,
  email: string | null | undefined,
): RuleResult {
  return isBlank(mobile) && isBlank(email) ? RuleMessage.mobileOrEmailRequired : null;
}

/** Required email: blank gives the mailbox-cannot-be-empty key, a malformed address "wrong email". */
export function validateEmail(value: string | null | undefined): RuleResult {
  if (isBlank(value)) return RuleMessage.emailRequired;
  if (value.length > EMAIL_MAX_LENGTH || !matchesPattern(value, 'email')) return RuleMessage.emailInvalid;
  return null;
}

/** Optional email: blank passes, anything else must be a valid address. */
export function validateOptionalEmail(value: string | null | undefined): RuleResult {
  return isBlank(value) ? null : validateEmail(value);
}

/** A mobile number as the forms collect it: an area-code picker plus the number field. */
export interface MobileInput {
  readonly areaCode: string | null | undefined;
  readonly number: string | null | undefined;
}

/** Required mobile: area code ('+86' or '86') plus a number of 10 or 11 digits. */
export function validateMobile(mobile: MobileInput): RuleResult {
  const { areaCode, number } = mobile;
  if (isBlank(number)) return RuleMessage.cannotBeBlank;
  if (isBlank(areaCode) || !matchesPattern(areaCode, 'areaCode')) return RuleMessage.mobileInvalid;
  return matchesPattern(number, 'mobileNumber') ? null : RuleMessage.mobileInvalid;
}

/** Optional mobile: a blank number passes whatever the area code picker shows. */
export function validateOptionalMobile(mobile: MobileInput): RuleResult {
  return isBlank(mobile.number) ? null : validateMobile(mobile);
}

/** Exactly six digits; blank fails with the same "Please enter 6 digits". */
export function validateVerificationCode(value: string | null | undefined): RuleResult {
  return !isBlank(value) && matchesPattern(value, 'verificationCode')
    ? null
    : RuleMessage.verificationCodeInvalid;
}
