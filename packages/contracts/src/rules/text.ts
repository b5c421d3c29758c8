// Decision: these are format rules for possibly optional fields, so blank passes; pair them with
// validateRequired for mandatory fields. "Address or start value max 32" is read as a length in characters.
import { Limits } from '../limits.js';
import { codePointLength, isBlank, RuleMessage, type RuleMessageKey, type RuleResult } from './messages.js';
import { matchesPattern } from './patterns.js';

function maxLength(value: string | null | undefined, max: number, failure: RuleMessageKey): RuleResult {
  if (value === null || value === undefined) return null;
  return codePointLength(value) > max ? failure : null;
}

/** User description: at most 60 characters. */
export function validateUserDescription(value: string | null | undefined): RuleResult {
  return maxLength(value, Limits.userDescriptionMax, RuleMessage.userDescriptionTooLong);
}

/** Device type name: at most 100 characters. */
export function validateDeviceTypeName(value: string | null | undefined): RuleResult {
  return maxLength(value, Limits.deviceTypeNameMax, RuleMessage.deviceTypeNameTooLong);
}

/** Address or start value: at most 32 characters. */
export function validateAddressValue(value: string | null | undefined): RuleResult {
  return maxLength(value, Limits.addressValueMax, RuleMessage.addressValueTooLong);
}

/** Currency code or exchange rate: 0 to 5 characters. */
export function validateCurrency(value: string | null | undefined): RuleResult {
  return maxLength(value, Limits.currencyCodeMax, RuleMessage.currencyTooLong);
}

/** Generic number field: ASCII digits only (no sign, no decimal point); blank passes. */
export function validateDigits(value: string | null | undefined): RuleResult {
  if (isBlank(value)) return null;
  return matchesPattern(value, 'digits') ? null : RuleMessage.digitsOnly;
}
