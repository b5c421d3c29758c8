import { describe, it, expect } from 'vitest';
import { DATE_PATTERN, DATE_TIME_ZONE_PATTERN, formatDateTime, formatOffset, hourAt } from './date-format.js';

const MAY_FIRST_UTC_MIDNIGHT = Date.UTC(2024, 4, 1, 0, 0, 0);

describe('formatDateTime', () => {
  it('defaults to YYYY-MM-DD HH:mm:ss at +08:00', () => {
    expect(formatDateTime(MAY_FIRST_UTC_MIDNIGHT)).toBe('2024-05-01 08:00:00');
  });

  it('zero-pads every field', () => {
    expect(formatDateTime(Date.UTC(2024, 0, 2, 3, 4, 5), { offsetMinutes: 0 })).toBe('2024-01-02 03:04:05');
    expect(formatDateTime(Date.UTC(999, 0, 1), { offsetMinutes: 0, pattern: DATE_PATTERN })).toBe(
      '0999-01-01',
    );
  });

  it('prints the offset with the Z pattern', () => {
    expect(formatDateTime(MAY_FIRST_UTC_MIDNIGHT, { pattern: DATE_TIME_ZONE_PATTERN })).toBe(
      '2024-05-01 08:00:00 +08:00',
    );
    expect(
      formatDateTime(MAY_FIRST_UTC_MIDNIGHT, { pattern: DATE_TIME_ZONE_PATTERN, offsetMinutes: -210 }),
    ).toBe('2024-04-30 20:30:00 -03:30');
  });

  it('crosses day, month and year boundaries with the offset', () => {
    expect(formatDateTime(Date.UTC(2023, 11, 31, 20), {})).toBe('2024-01-01 04:00:00');
    expect(formatDateTime(Date.UTC(2024, 0, 1, 2), { offsetMinutes: -300 })).toBe('2023-12-31 21:00:00');
  });

  it('accepts seconds, Date and ISO strings', () => {
    expect(formatDateTime(MAY_FIRST_UTC_MIDNIGHT / 1000)).toBe('2024-05-01 08:00:00');
    expect(formatDateTime(new Date(MAY_FIRST_UTC_MIDNIGHT))).toBe('2024-05-01 08:00:00');
    expect(formatDateTime('2024-05-01T00:00:00Z')).toBe('2024-05-01 08:00:00');
  });

  it('shows empty or invalid input as -', () => {
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime('not a date')).toBe('-');
    expect(formatDateTime(8.64e15 + 1)).toBe('-');
  });

  it('rejects impossible offsets', () => {
    expect(() => formatDateTime(0, { offsetMinutes: 900 })).toThrow(RangeError);
  });
});

describe('formatOffset', () => {
  it.each([
    [480, '+08:00'],
    [0, '+00:00'],
    [-210, '-03:30'],
    [345, '+05:45'],
  ])('%s → %s', (minutes, text) => {
    expect(formatOffset(minutes)).toBe(text);
  });
});

describe('hourAt', () => {
  it('reads the hour at the offset', () => {
    expect(hourAt(MAY_FIRST_UTC_MIDNIGHT)).toBe(8);
    expect(hourAt(MAY_FIRST_UTC_MIDNIGHT, 0)).toBe(0);
    expect(hourAt('garbage')).toBeNull();
  });
});
