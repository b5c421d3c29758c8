import {
  isBlank,
  patternRegExp,
  RuleMessage,
  SecurityMessage,
  USERNAME_PATTERN,
  validateEmail,
  validateMobile,
} from '@sunfleet/contracts';
import { Errors } from '../../lib/errors.js';

/** A field path (`body.email`) and the translation key of the rule it fails, or null when it passes. */
export type RuleCheck = readonly [field: string, failure: string | null];

/**
 * Answers 4000 when any check fails: `enMsg` is the first failure (what the form shows first) and `data`
 * lists every failing field, so a client can mark them all at once.
 */
export function assertRules(checks: readonly RuleCheck[]): void {
  const failed = checks.filter((c): c is readonly [string, string] => c[1] !== null);
  const first = failed[0];
  if (first === undefined) return;
  throw Errors.invalid(
    first[1],
    failed.map(([field, rule]) => ({ field, rule, message: `${field} fails ${rule}` })),
  );
}

/** Where a code or an account name is sent: a lower-case email, or a mobile number with its area code. */
export type Contact =
  | { kind: 'email'; email: string; target: string }
  | { kind: 'mobile'; areaCode: string; mobile: string; target: string };

export interface ContactInput {
  email?: string | undefined;
  areaCode?: string | undefined;
  mobile?: string | undefined;
}

/** Area codes are stored as digits only ('49'), as the login lookup compares them. */
export function normaliseAreaCode(areaCode: string): string {
  return areaCode.trim().replace(/^\+/, '');
}

export function emailContact(email: string): Contact {
  const trimmed = email.trim().toLowerCase();
  return { kind: 'email', email: trimmed, target: trimmed };
}

export function mobileContact(areaCode: string, mobile: string): Contact {
  const code = normaliseAreaCode(areaCode);
  const number = mobile.trim();
  return { kind: 'mobile', areaCode: code, mobile: number, target: `+${code}${number}` };
}

/**
 * Exactly one destination: an email or an area code plus mobile number (SPEC §5: at least one; the code
 * can only go to one). Returns the checks to run and the contact when they pass.
 */
export function contactOf(input: ContactInput): { checks: RuleCheck[]; contact: Contact | null } {
  const email = input.email?.trim();
  const mobile = input.mobile?.trim();
  const areaCode = input.areaCode?.trim();
  if (isBlank(email) && isBlank(mobile)) {
    return { checks: [['body.email', RuleMessage.mobileOrEmailRequired]], contact: null };
  }
  if (!isBlank(email) && !isBlank(mobile)) {
    return { checks: [['body.email', SecurityMessage.oneContactOnly]], contact: null };
  }
  if (!isBlank(email)) {
    const failure = validateEmail(email);
    return { checks: [['body.email', failure]], contact: failure === null ? emailContact(email) : null };
  }
  const failure = validateMobile({ areaCode, number: mobile });
  return {
    checks: [['body.mobile', failure]],
    contact: failure === null ? mobileContact(areaCode ?? '', mobile ?? '') : null,
  };
}

/** Registration user names (see USERNAME_PATTERN): blank → cannot be blank, otherwise the format rule. */
export function usernameFailure(username: string): string | null {
  if (isBlank(username)) return RuleMessage.cannotBeBlank;
  return patternRegExp(USERNAME_PATTERN).test(username) ? null : SecurityMessage.usernameInvalid;
}
