import { describe, expect, it } from 'vitest';
import { hhmmOf, inMaintenanceWindow, minuteOfDay } from './maintenance.js';

const weekly = { startsAtMs: null, endsAtMs: null, weekday: 1, startMinute: 480, endMinute: 600 };

describe('maintenance windows', () => {
  it('reads a weekly window in the station zone, across daylight saving', () => {
    // Monday 2026-06-01 08:00 in Berlin is 06:00 UTC (summer); Monday 2026-01-05 08:00 is 07:00 UTC.
    expect(inMaintenanceWindow(weekly, Date.parse('2026-06-01T06:00:00Z'), 'Europe/Berlin')).toBe(true);
    expect(inMaintenanceWindow(weekly, Date.parse('2026-06-01T05:59:59Z'), 'Europe/Berlin')).toBe(false);
    expect(inMaintenanceWindow(weekly, Date.parse('2026-06-01T07:59:59Z'), 'Europe/Berlin')).toBe(true);
    expect(inMaintenanceWindow(weekly, Date.parse('2026-06-01T08:00:00Z'), 'Europe/Berlin')).toBe(false);
    expect(inMaintenanceWindow(weekly, Date.parse('2026-01-05T07:00:00Z'), 'Europe/Berlin')).toBe(true);
    expect(inMaintenanceWindow(weekly, Date.parse('2026-01-05T06:30:00Z'), 'Europe/Berlin')).toBe(false);
    // Tuesday at the same wall time is outside.
    expect(inMaintenanceWindow(weekly, Date.parse('2026-06-02T06:30:00Z'), 'Europe/Berlin')).toBe(false);
  });

  it('takes a one-off window as [start, end)', () => {
    const once = { startsAtMs: 1000, endsAtMs: 2000, weekday: null, startMinute: null, endMinute: null };
    expect(inMaintenanceWindow(once, 999, 'UTC')).toBe(false);
    expect(inMaintenanceWindow(once, 1000, 'UTC')).toBe(true);
    expect(inMaintenanceWindow(once, 2000, 'UTC')).toBe(false);
  });

  it('converts HH:mm both ways', () => {
    expect(minuteOfDay('08:30')).toBe(510);
    expect(minuteOfDay('24:00')).toBe(1440);
    expect(hhmmOf(510)).toBe('08:30');
    expect(hhmmOf(1440)).toBe('24:00');
  });
});
