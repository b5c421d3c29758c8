import { describe, expect, it } from 'vitest';
import { LocalClock } from './clock.js';

describe('local clock', () => {
  it('follows daylight saving time of the zone', () => {
    const berlin = new LocalClock('Europe/Berlin');
    expect(berlin.at(Date.parse('2026-01-15T12:00:00Z')).offsetMinutes).toBe(60);
    const summer = berlin.at(Date.parse('2026-07-15T22:30:00Z'));
    expect(summer.offsetMinutes).toBe(120);
    expect(summer.minuteOfDay).toBe(30);
    expect(summer.dayIndex).toBe(Math.floor(Date.parse('2026-07-16T00:00:00Z') / 86_400_000));
    // 2026-03-29 01:00 UTC: clocks jump from 02:00 to 03:00.
    expect(berlin.at(Date.parse('2026-03-29T00:59:00Z')).minuteOfDay).toBe(119);
    expect(berlin.at(Date.parse('2026-03-29T01:00:00Z')).minuteOfDay).toBe(180);
  });

  it('handles half-hour zones and refuses unknown ones', () => {
    expect(new LocalClock('Asia/Kolkata').at(0).offsetMinutes).toBe(330);
    expect(() => new LocalClock('Mars/Olympus')).toThrow(RangeError);
  });
});
