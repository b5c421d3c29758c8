// Decision: number bounds are inclusive; a string register holds two ASCII characters per 16-bit register.
import { RuleMessage, type RuleResult } from './messages.js';
import { validateHex, validateHexData } from './hex.js';
import { assertRegisterCount, matchesPattern } from './patterns.js';

export const REGISTER_VALUE_FORMATS = ['number', 'string', 'ip', 'version', 'hex'] as const;
export type RegisterValueFormat = (typeof REGISTER_VALUE_FORMATS)[number];

/** What the device protocol says about one writable register (or register block). */
export interface RegisterWriteSpec {
  readonly format: RegisterValueFormat;
  /** Inclusive bounds for 'number'; either may be omitted. */
  readonly min?: number;
  readonly max?: number;
  /** Registers the value occupies; limits 'string' length and fixes 'hex' length. */
  readonly registerCount?: number;
}

function validateNumber(value: string, spec: RegisterWriteSpec): RuleResult {
  if (!matchesPattern(value, 'decimal')) return RuleMessage.numberInvalid;
  const number = Number(value);
  if (spec.min !== undefined && number < spec.min) return RuleMessage.valueOutOfRange;
  if (spec.max !== undefined && number > spec.max) return RuleMessage.valueOutOfRange;
  return null;
}

function validateRegisterString(value: string, registerCount: number | undefined): RuleResult {
  if (!matchesPattern(value, 'printableAscii')) return RuleMessage.stringFormat;
  if (registerCount !== undefined && value.length > registerCount * 2) return RuleMessage.stringFormat;
  return null;
}

function assertSpec(spec: RegisterWriteSpec): void {
  if (spec.registerCount !== undefined) assertRegisterCount(spec.registerCount);
  if (spec.min !== undefined && spec.max !== undefined && spec.min > spec.max) {
    throw new RangeError(`register range is empty: min ${spec.min} > max ${spec.max}`);
  }
}

/**
 * Register write: a value is required ("Modified value not filled in"), numbers must lie within the range
 * ("Non conformance value range"), and strings, IPs, versions and hex must be well formed.
 * Throws RangeError when the spec itself is impossible (min > max, register count below 1).
 */
export function validateRegisterWrite(value: string | null | undefined, spec: RegisterWriteSpec): RuleResult {
  assertSpec(spec);
  if (value === null || value === undefined || value.trim() === '') return RuleMessage.valueRequired;
  switch (spec.format) {
    case 'number':
      return validateNumber(value, spec);
    case 'string':
      return validateRegisterString(value, spec.registerCount);
    case 'ip':
      return matchesPattern(value, 'ipv4') ? null : RuleMessage.ipInvalid;
    case 'version':
      return matchesPattern(value, 'version') ? null : RuleMessage.versionFormat;
    case 'hex':
      return spec.registerCount === undefined
        ? validateHex(value)
        : validateHexData(value, spec.registerCount);
  }
}

/** Actions that need saved settings (read back, apply to device) answer "please save first" when dirty. */
export function validateSavedBeforeAction(hasUnsavedChanges: boolean): RuleResult {
  return hasUnsavedChanges ? RuleMessage.saveFirst : null;
}
