import { describe, it, expect } from 'vitest';
import { greetingAt, greetingForHour } from './greeting.js';

describe('greetingForHour', () => {
  it.each([
    [0, 'morning'],
    [11, 'morning'],
    [12, 'afternoon'],
    [13, 'afternoon'],
    [17, 'afternoon'],
    [18, 'evening'],
    [19, 'evening'],
    [23, 'evening'],
  ])('%s:00 → %s', (hour, greeting) => {
    expect(greetingForHour(hour)).toBe(greeting);
  });

  it.each([-1, 24, 11.5, Number.NaN])('throws RangeError for hour %s', (hour) => {
    expect(() => greetingForHour(hour)).toThrow(RangeError);
  });
});

describe('greetingAt', () => {
  it('uses +08:00 when no offset is given', () => {
    // 03:59:59 UTC is 11:59:59 at +08:00; 04:00 UTC is noon there.
    expect(greetingAt(Date.UTC(2024, 4, 1, 3, 59, 59))).toBe('morning');
    expect(greetingAt(Date.UTC(2024, 4, 1, 4, 0, 0))).toBe('afternoon');
    expect(greetingAt(Date.UTC(2024, 4, 1, 9, 59, 59))).toBe('afternoon');
    expect(greetingAt(Date.UTC(2024, 4, 1, 10, 0, 0))).toBe('evening');
  });

  it('uses the given offset', () => {
    expect(greetingAt(Date.UTC(2024, 4, 1, 4, 0, 0), 0)).toBe('morning');
    expect(greetingAt('2024-05-01T18:00:00Z', 0)).toBe('evening');
  });

  it('throws for an invalid time', () => {
    expect(() => greetingAt('never')).toThrow(RangeError);
  });
});
