// JSON-schema `pattern` strings (ECMA-262, valid with the 'u' flag TypeBox compiles them with) so the server
// can put the same rule in its route schemas that the validators below apply.
import { Limits } from '../limits.js';

/** Printable ASCII punctuation: what counts as a "special character" in a password. */
const PASSWORD_SPECIAL = '[\\x21-\\x2F\\x3A-\\x40\\x5B-\\x60\\x7B-\\x7E]';
const IPV4_OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const DOMAIN_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';

export const PATTERNS = {
  /** Pragmatic address pattern: dotted local part, at least one dot in the domain, a 2+ char TLD. */
  email: `^[A-Za-z0-9_%+-]+(?:\\.[A-Za-z0-9_%+-]+)*@(?:${DOMAIN_LABEL}\\.)+[A-Za-z][A-Za-z0-9-]{0,61}[A-Za-z0-9]$`,
  /** International dialling code with or without '+', e.g. '+86' or '49'. */
  areaCode: '^\\+?[0-9]{1,4}$',
  /** The subscriber number that follows the area code: 10 or 11 digits. */
  mobileNumber: '^[0-9]{10,11}$',
  verificationCode: `^[0-9]{${Limits.verificationCodeLength}}$`,
  /** Printable ASCII without spaces, with lower, upper, digit and special character. */
  password: `^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*${PASSWORD_SPECIAL})[\\x21-\\x7E]{${Limits.passwordMin},${Limits.passwordMax}}$`,
  digits: '^[0-9]+$',
  hex: '^0[xX][0-9A-Fa-f]+$',
  hexInput: `^0[xX][0-9A-Fa-f]{1,${Limits.hexInputMaxDigits}}$`,
  ipv4: `^(?:${IPV4_OCTET}\\.){3}${IPV4_OCTET}$`,
  /** 'V1.2', '1.0.3', 'v2.10.0.1': optional V, two to four numeric parts. */
  version: '^[Vv]?[0-9]{1,5}(?:\\.[0-9]{1,5}){1,3}$',
  /** Signed decimal number as typed into a register field. */
  decimal: '^-?[0-9]+(?:\\.[0-9]+)?$',
  /** Printable ASCII, what a register string can carry. */
  printableAscii: '^[\\x20-\\x7E]*$',
  /** Logger serial number: 6–32 letters, digits, '-' or '_'. */
  loggerSn: '^[A-Za-z0-9_-]{6,32}$',
  /** 24-hour time of day 'HH:mm'. */
  timeOfDay: '^(?:[01][0-9]|2[0-3]):[0-5][0-9]$',
} as const;

export type PatternName = keyof typeof PATTERNS;

/** Email addresses longer than this cannot be delivered (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

/** Each 16-bit register is four hex digits, so n registers need exactly 4n digits, '0x' optional. */
export function hexDataPattern(registerCount: number): string {
  assertRegisterCount(registerCount);
  return `^(?:0[xX])?[0-9A-Fa-f]{${registerCount * 4}}$`;
}

/** A register count is a caller's constant; a wrong one is a bug, not bad user input. */
export function assertRegisterCount(registerCount: number): void {
  if (!Number.isInteger(registerCount) || registerCount < 1) {
    throw new RangeError(`registerCount must be a positive integer, got ${registerCount}`);
  }
}

const compiled = new Map<string, RegExp>();

/** Compiled once and with the 'u' flag, so validators behave exactly like the route schemas. */
export function patternRegExp(source: string): RegExp {
  let regExp = compiled.get(source);
  if (!regExp) {
    regExp = new RegExp(source, 'u');
    compiled.set(source, regExp);
  }
  return regExp;
}

export function matchesPattern(value: string, name: PatternName): boolean {
  return patternRegExp(PATTERNS[name]).test(value);
}
