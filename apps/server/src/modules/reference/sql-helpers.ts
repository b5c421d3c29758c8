import type { FieldError } from '@sunfleet/contracts';
import { AppError, Errors } from '../../lib/errors.js';

/** An ILIKE pattern matching `keyword` anywhere, with the LIKE wildcards in it taken literally. */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The SQLSTATE of a database error; drivers and Drizzle nest it in `cause`. */
export function pgErrorCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = cause;
  }
  return null;
}

export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';

/** A 4000 answer naming one field, with the rule as enMsg so the console shows that rule's text. */
export function invalidField(field: string, rule: string, message: string): AppError {
  const data: FieldError[] = [{ field, rule, message }];
  return Errors.invalid(rule, data);
}

/** Trims a required text; blank (spaces only) answers 4000 rule.required on that field. */
export function requiredText(value: string, field: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw invalidField(field, 'rule.required', 'must not be blank');
  return trimmed;
}

/** Trims an optional filter; blank means no filter. */
export function optionalKeyword(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** A LIKE pattern matching values that start with `prefix`, wildcards in it taken literally. */
export function startsWithPattern(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
