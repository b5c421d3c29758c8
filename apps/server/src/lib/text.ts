import { Errors, type AppError } from './errors.js';

const NUL = '\u0000';

/** True when `value` (a text, or any nesting of arrays and objects, keys included) holds a NUL character. */
export function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (Array.isArray(value)) return value.some(holdsNul);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).some(([key, inner]) => key.includes(NUL) || holdsNul(inner));
  return false;
}

/**
 * The 4000 answer to a text holding NUL: no column can store it (PostgreSQL text and jsonb refuse it) and
 * no legitimate input carries it.
 */
export function nulRefused(field: string): AppError {
  const rule = 'rule.format';
  return Errors.invalid(rule, [{ field, rule, message: 'contains a NUL character' }]);
}

/** `text` with every NUL replaced by U+FFFD, for records that must be written whatever was sent. */
export function withoutNul(text: string): string {
  return text.replaceAll(NUL, '\uFFFD');
}

/** A JSON value with withoutNul applied to every text and key in it. */
export function jsonWithoutNul(value: unknown): unknown {
  if (typeof value === 'string') return withoutNul(value);
  if (Array.isArray(value)) return value.map(jsonWithoutNul);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [withoutNul(k), jsonWithoutNul(v)]));
  return value;
}
