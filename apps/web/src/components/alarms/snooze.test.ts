import { describe, expect, it } from 'vitest';
import { isSnoozed, snoozeUntil } from './snooze';

describe('snooze quick choices', () => {
  const now = Date.UTC(2026, 5, 10, 21, 30); // 23:30 in Berlin, 06:30 next day in Tokyo

  it('adds 1 or 4 hours', () => {
    expect(snoozeUntil('1h', now, 'Europe/Berlin')).toBe(now + 3600_000);
    expect(snoozeUntil('4h', now, 'Europe/Berlin')).toBe(now + 4 * 3600_000);
  });

  it("wakes tomorrow 08:00 on the station's calendar and clock, not the browser's", () => {
    expect(snoozeUntil('tomorrow', now, 'Europe/Berlin')).toBe(Date.UTC(2026, 5, 11, 6, 0));
    expect(snoozeUntil('tomorrow', now, 'Asia/Tokyo')).toBe(Date.UTC(2026, 5, 11, 23, 0));
    // The night clocks move forward in Berlin the day has 23 hours; 08:00 is still 08:00.
    expect(snoozeUntil('tomorrow', Date.UTC(2026, 2, 28, 12), 'Europe/Berlin')).toBe(
      Date.UTC(2026, 2, 29, 6, 0),
    );
  });

  it('is in force only while the time lies ahead', () => {
    expect(isSnoozed(null, now)).toBe(false);
    expect(isSnoozed(now, now)).toBe(false);
    expect(isSnoozed(now + 1, now)).toBe(true);
  });
});
