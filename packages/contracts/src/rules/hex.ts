// Decision: '0x' and '0X' are both accepted and digits are case-insensitive; blank passes (format rules).
import { isBlank, RuleMessage, type RuleResult } from './messages.js';
import { hexDataPattern, matchesPattern, patternRegExp } from './patterns.js';

/** Generic hex value: '0x' followed by at least one hex digit. */
export function validateHex(value: string | null | undefined): RuleResult {
  if (isBlank(value)) return null;
  return matchesPattern(value, 'hex') ? null : RuleMessage.hexInvalid;
}

/** Hex input field: '0x' followed by one to four hex digits (one 16-bit register). */
export function validateHexInput(value: string | null | undefined): RuleResult {
  if (isBlank(value)) return null;
  if (matchesPattern(value, 'hexInput')) return null;
  return matchesPattern(value, 'hex') ? RuleMessage.hexTooLong : RuleMessage.hexInvalid;
}

/**
 * Hex data written to `registerCount` registers: exactly four hex digits per register, '0x' optional
 * ("enter correct hex of required length"). Throws RangeError for a register count below 1.
 */
export function validateHexData(value: string | null | undefined, registerCount: number): RuleResult {
  const pattern = patternRegExp(hexDataPattern(registerCount));
  if (isBlank(value)) return null;
  return pattern.test(value) ? null : RuleMessage.hexDataLength;
}
