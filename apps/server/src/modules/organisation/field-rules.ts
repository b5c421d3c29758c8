import { isBlank, validateOptionalEmail, validateOptionalMobile, type FieldError } from '@sunfleet/contracts';
import { Errors } from '../../lib/errors.js';

/** One field's outcome: null when it passes, else the translation key of the failed rule. */
export type FieldCheck = readonly [field: string, rule: string | null];

/**
 * Answers 4000 with every failing field (`body.<field>`), `enMsg` naming the first rule, as schema
 * failures do, so a form can show each message beside its input. Nothing has been written yet.
 */
export function assertFields(checks: readonly FieldCheck[]): void {
  const failures: FieldError[] = checks
    .filter((check): check is readonly [string, string] => check[1] !== null)
    .map(([field, rule]) => ({ field: `body.${field}`, rule, message: `${field}: ${rule}` }));
  const first = failures[0];
  if (first) throw Errors.invalid(first.rule, failures);
}

/** Optional text: blank after trimming is stored as null. */
export function optionalText(value: string | undefined): string | null {
  return value === undefined || isBlank(value) ? null : value.trim();
}

export interface Contact {
  email: string | null;
  areaCode: string | null;
  mobile: string | null;
}

/**
 * Email and mobile as stored, after the SPEC §5 rules passed: blanks become null, the dialling code is
 * kept as digits only ('+86' → '86') so that login by full number (digits compared) finds the account.
 */
export function contactChecks(input: {
  email?: string | undefined;
  areaCode?: string | undefined;
  mobile?: string | undefined;
}): { checks: FieldCheck[]; contact: Contact } {
  const checks: FieldCheck[] = [
    ['email', validateOptionalEmail(input.email)],
    ['mobile', validateOptionalMobile({ areaCode: input.areaCode, number: input.mobile })],
  ];
  const hasMobile = !isBlank(input.mobile);
  return {
    checks,
    contact: {
      email: isBlank(input.email) ? null : input.email,
      areaCode: hasMobile ? (input.areaCode ?? '').replace(/^\+/, '') : null,
      mobile: hasMobile ? (input.mobile ?? null) : null,
    },
  };
}

/** `%` and `_` typed into a search box are literal characters, not wildcards. */
export function likePattern(keyword: string): string {
  return `%${keyword.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The constraint a unique violation names, or null when the error is something else. */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    if ((e as { cause?: unknown }).cause === e) break;
  }
  return null;
}
