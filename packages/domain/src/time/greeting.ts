// Decision: the boundary hour belongs to the later part of the day (12:00 is afternoon, 18:00 evening).
import { hourAt } from './date-format.js';
import { DEFAULT_OFFSET_MINUTES, type TimeInput } from './epoch.js';

export type Greeting = 'morning' | 'afternoon' | 'evening';

/** Morning before 12:00, afternoon before 18:00, otherwise evening (SPEC §9). Throws for hours outside 0..23. */
export function greetingForHour(hour: number): Greeting {
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) {
    throw new RangeError(`hour must be an integer from 0 to 23, got ${hour}`);
  }
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/**
 * Greeting for a moment at an offset (minutes east of UTC; the web passes -new Date().getTimezoneOffset()).
 * Throws RangeError when the time is invalid.
 */
export function greetingAt(
  time: TimeInput = Date.now(),
  offsetMinutes: number = DEFAULT_OFFSET_MINUTES,
): Greeting {
  const hour = hourAt(time, offsetMinutes);
  if (hour === null) throw new RangeError('greetingAt needs a valid time');
  return greetingForHour(hour);
}
