import { describe, it, expect } from 'vitest';
import { elapsedTime, relativeTime } from './relative.js';

const NOW = Date.UTC(2024, 4, 10, 12, 0, 0);
const ago = (seconds: number): number => NOW - seconds * 1000;

describe('relativeTime', () => {
  it.each([
    [0, { key: 'time.justNow' }],
    [29, { key: 'time.justNow' }],
    [30, { key: 'time.minutesAgo', count: 1 }],
    [31, { key: 'time.minutesAgo', count: 1 }],
    [5 * 60, { key: 'time.minutesAgo', count: 5 }],
    [3599, { key: 'time.minutesAgo', count: 59 }],
    [3600, { key: 'time.hoursAgo', count: 1 }],
    [3601, { key: 'time.hoursAgo', count: 1 }],
    [86_399, { key: 'time.hoursAgo', count: 23 }],
    [86_400, { key: 'time.daysAgo', count: 1 }],
    [86_401, { key: 'time.daysAgo', count: 1 }],
    [172_799, { key: 'time.daysAgo', count: 1 }],
    [172_800, { key: 'time.date', date: '2024-05-08 20:00:00' }],
    [172_801, { key: 'time.date', date: '2024-05-08 19:59:59' }],
  ])('%s s ago → %o', (seconds, expected) => {
    expect(relativeTime(ago(seconds), { now: NOW })).toEqual(expected);
  });

  it('formats the date fallback with the given pattern and offset', () => {
    expect(relativeTime(ago(3 * 86_400), { now: NOW, pattern: 'YYYY-MM-DD', offsetMinutes: 0 })).toEqual({
      key: 'time.date',
      date: '2024-05-07',
    });
  });

  it('treats future times (clock skew) as just now', () => {
    expect(relativeTime(NOW + 60_000, { now: NOW })).toEqual({ key: 'time.justNow' });
  });

  it('accepts ten-digit seconds and ISO strings', () => {
    expect(relativeTime(ago(120) / 1000, { now: NOW })).toEqual({ key: 'time.minutesAgo', count: 2 });
    expect(relativeTime('2024-05-10T11:00:00Z', { now: NOW })).toEqual({ key: 'time.hoursAgo', count: 1 });
  });

  it('returns null for empty or invalid input', () => {
    expect(relativeTime(null)).toBeNull();
    expect(relativeTime('soon', { now: NOW })).toBeNull();
  });
});

describe('elapsedTime', () => {
  it.each([
    [0, { key: 'time.minutesAgo', count: 0 }],
    [59, { key: 'time.minutesAgo', count: 0 }],
    [60, { key: 'time.minutesAgo', count: 1 }],
    [3599, { key: 'time.minutesAgo', count: 59 }],
    [3600, { key: 'time.hoursAgo', count: 1 }],
    [3601, { key: 'time.hoursAgo', count: 1 }],
    [86_399, { key: 'time.hoursAgo', count: 23 }],
    [86_400, { key: 'time.daysAgo', count: 1 }],
    [86_401, { key: 'time.daysAgo', count: 1 }],
    [10 * 86_400, { key: 'time.daysAgo', count: 10 }],
  ])('%s s ago → %o', (seconds, expected) => {
    expect(elapsedTime(ago(seconds), { now: NOW })).toEqual(expected);
  });

  it('returns null for empty or invalid input', () => {
    expect(elapsedTime(undefined)).toBeNull();
    expect(elapsedTime(new Date(Number.NaN), { now: NOW })).toBeNull();
  });
});
