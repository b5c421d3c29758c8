import { describe, it, expect } from 'vitest';
import { assertOffsetMinutes, isTenDigitTimestamp, toEpochMs } from './epoch.js';

describe('ten-digit timestamps are seconds', () => {
  it.each([
    [999_999_999, false],
    [1_000_000_000, true],
    [1_714_521_600, true],
    [9_999_999_999, true],
    [10_000_000_000, false],
  ])('%s → %s', (value, seconds) => {
    expect(isTenDigitTimestamp(value)).toBe(seconds);
  });

  it('multiplies ten-digit values by 1000 and keeps milliseconds as they are', () => {
    expect(toEpochMs(999_999_999)).toBe(999_999_999);
    expect(toEpochMs(1_000_000_000)).toBe(1_000_000_000_000);
    expect(toEpochMs(9_999_999_999)).toBe(9_999_999_999_000);
    expect(toEpochMs(10_000_000_000)).toBe(10_000_000_000);
    expect(toEpochMs(1_714_521_600_000)).toBe(1_714_521_600_000);
  });

  it('treats all-digit strings like numbers', () => {
    expect(toEpochMs('1714521600')).toBe(1_714_521_600_000);
    expect(toEpochMs('1714521600000')).toBe(1_714_521_600_000);
  });
});

describe('toEpochMs with ISO strings', () => {
  it('honours an explicit zone', () => {
    expect(toEpochMs('2024-05-01T00:00:00Z')).toBe(Date.UTC(2024, 4, 1));
    expect(toEpochMs('2024-05-01T02:00:00+02:00')).toBe(Date.UTC(2024, 4, 1));
    expect(toEpochMs('2024-05-01T02:00:00.250+0200')).toBe(Date.UTC(2024, 4, 1, 0, 0, 0, 250));
  });

  it('reads zone-less strings at the given offset, +08:00 by default', () => {
    expect(toEpochMs('2024-05-01 08:00:00')).toBe(Date.UTC(2024, 4, 1));
    expect(toEpochMs('2024-05-01')).toBe(Date.UTC(2024, 3, 30, 16));
    expect(toEpochMs('2024-05-01 08:00', 0)).toBe(Date.UTC(2024, 4, 1, 8));
  });

  it('reads back its own "Z" pattern output', () => {
    expect(toEpochMs('2024-05-01 08:00:00 +08:00')).toBe(Date.UTC(2024, 4, 1));
  });

  it.each(['', 'yesterday', '2024-13-01', '2023-02-29', '2024-05-01 24:00:00', '01/05/2024'])(
    'rejects %j',
    (text) => {
      expect(toEpochMs(text)).toBeNull();
    },
  );

  it('accepts a leap day', () => {
    expect(toEpochMs('2024-02-29T00:00:00Z')).toBe(Date.UTC(2024, 1, 29));
  });
});

describe('toEpochMs with other inputs', () => {
  it('passes valid dates through and rejects invalid or empty ones', () => {
    expect(toEpochMs(new Date(5000))).toBe(5000);
    expect(toEpochMs(new Date(Number.NaN))).toBeNull();
    expect(toEpochMs(Number.POSITIVE_INFINITY)).toBeNull();
    expect(toEpochMs(null)).toBeNull();
    expect(toEpochMs(undefined)).toBeNull();
  });
});

describe('assertOffsetMinutes', () => {
  it('accepts real offsets up to ±14:00', () => {
    expect(() => assertOffsetMinutes(840)).not.toThrow();
    expect(() => assertOffsetMinutes(-840)).not.toThrow();
    expect(() => assertOffsetMinutes(345)).not.toThrow();
  });

  it.each([841, -841, 1.5, Number.NaN])('throws RangeError for %s', (offset) => {
    expect(() => assertOffsetMinutes(offset)).toThrow(RangeError);
  });
});
