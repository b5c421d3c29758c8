import { formatDateTime } from '@sunfleet/domain';

/** This browser's offset east of UTC in minutes (+08:00 → 480), the way the domain formatter counts. */
export function browserOffsetMinutes(at: Date = new Date()): number {
  return -at.getTimezoneOffset();
}

/** A server time (ISO string) in the SPEC §9 default pattern, at the browser's offset; '-' when empty. */
export function formatLocalDateTime(value: string | null | undefined): string {
  const offsetMinutes = value ? browserOffsetMinutes(new Date(value)) : browserOffsetMinutes();
  return formatDateTime(value ?? null, { offsetMinutes });
}
