import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatInZone,
  formatInZoneLabelled,
  isKnownZone,
  isLocalDate,
  localDate,
  localDayRange,
  localDayStart,
  localDaysRange,
  localTimeOn,
  nextLocalTime,
  localYear,
  nextDate,
  offsetMinutesAt,
  standardOffsetMinutes,
  zoneLabel,
} from './zone.js';

const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/Phoenix',
  'America/New_York',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'America/Santiago',
];

describe('station-local time', () => {
  it('knows calendar dates', () => {
    expect(isLocalDate('2026-02-28')).toBe(true);
    expect(isLocalDate('2026-02-29')).toBe(false);
    expect(isLocalDate('2028-02-29')).toBe(true);
    expect(isLocalDate('2026-13-01')).toBe(false);
    expect(isLocalDate('2026-1-01')).toBe(false);
  });

  it('has 23- and 25-hour days at the DST changes', () => {
    const spring = localDayRange('2026-03-29', 'Europe/Berlin');
    expect(spring.endMs - spring.startMs).toBe(23 * 3_600_000);
    expect(new Date(spring.startMs).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    const autumn = localDayRange('2026-10-25', 'Europe/Berlin');
    expect(autumn.endMs - autumn.startMs).toBe(25 * 3_600_000);
    const phoenix = localDayRange('2026-03-08', 'America/Phoenix');
    expect(phoenix.endMs - phoenix.startMs).toBe(24 * 3_600_000);
  });

  it('knows offsets and years', () => {
    expect(offsetMinutesAt('Europe/Berlin', Date.UTC(2026, 6, 1))).toBe(120);
    expect(offsetMinutesAt('Asia/Kathmandu', Date.UTC(2026, 0, 1))).toBe(345);
    expect(localYear(Date.UTC(2026, 11, 31, 23), 'Europe/Berlin')).toBe(2027);
    expect(localYear(Date.UTC(2026, 11, 31, 23), 'America/Phoenix')).toBe(2026);
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
    expect(standardOffsetMinutes('Europe/Berlin', 2026)).toBe(60);
    expect(standardOffsetMinutes('Australia/Sydney', 2026)).toBe(600);
    expect(standardOffsetMinutes('Asia/Shanghai', 2026)).toBe(480);
    expect(() => localDayStart('2026-02-30', 'UTC')).toThrow(RangeError);
  });

  it('puts every instant inside the range of its own local day (generated)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2037, 0, 1) }),
        fc.constantFrom(...ZONES),
        (ms, zone) => {
          const date = localDate(ms, zone);
          const { startMs, endMs } = localDayRange(date, zone);
          expect(startMs).toBeLessThanOrEqual(ms);
          expect(ms).toBeLessThan(endMs);
          expect(localDate(startMs, zone)).toBe(date);
          expect(localDate(endMs, zone)).toBe(nextDate(date));
          expect(endMs - startMs).toBeGreaterThanOrEqual(22 * 3_600_000);
          expect(endMs - startMs).toBeLessThanOrEqual(25 * 3_600_000);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('station times in the station zone, labelled', () => {
  // 14:50 UTC on 10 June 2026: 16:50 in Seville (CEST), 07:50 in Phoenix (MST all year).
  const at = Date.UTC(2026, 5, 10, 14, 50, 12);

  it('formats an instant in the station zone whatever the machine zone is', () => {
    expect(formatInZone(at, 'Europe/Madrid')).toBe('2026-06-10 16:50:12');
    expect(formatInZone(at, 'America/Phoenix')).toBe('2026-06-10 07:50:12');
    expect(formatInZone(new Date(at).toISOString(), 'Asia/Kathmandu', 'HH:mm')).toBe('20:35');
    expect(formatInZone(at, 'Europe/Madrid', 'YYYY-MM-DD HH:mm:ss Z')).toBe('2026-06-10 16:50:12 +02:00');
    // In winter Madrid is one hour ahead of UTC; both fall-back 02:00 hours stay distinct.
    expect(formatInZone(Date.UTC(2026, 0, 15, 12), 'Europe/Madrid', 'HH:mm')).toBe('13:00');
    expect(formatInZone(Date.UTC(2026, 9, 25, 0, 30), 'Europe/Madrid', 'HH:mm Z')).toBe('02:30 +02:00');
    expect(formatInZone(Date.UTC(2026, 9, 25, 1, 30), 'Europe/Madrid', 'HH:mm Z')).toBe('02:30 +01:00');
  });

  it('names the zone next to the time, and shows nothing for no time', () => {
    expect(formatInZoneLabelled(at, 'Europe/Madrid')).toBe('2026-06-10 16:50:12 (Europe/Madrid)');
    expect(formatInZoneLabelled('2026-06-10T14:50:12.000Z', 'UTC')).toBe('2026-06-10 14:50:12 (UTC)');
    expect(zoneLabel('Etc/UTC')).toBe('UTC');
    expect(formatInZoneLabelled(null, 'Europe/Madrid')).toBe('-');
    expect(formatInZoneLabelled('', 'Europe/Madrid')).toBe('-');
    expect(formatInZone('not a time', 'Europe/Madrid')).toBe('-');
  });

  it('falls back to UTC, and says so, for a zone this runtime does not know', () => {
    expect(isKnownZone('Mars/Olympus_Mons')).toBe(false);
    expect(isKnownZone('Europe/Madrid')).toBe(true);
    expect(formatInZoneLabelled(at, 'Mars/Olympus_Mons')).toBe('2026-06-10 14:50:12 (UTC)');
  });

  it('spans local days from the first to the last millisecond', () => {
    const range = localDaysRange('2026-10-24', '2026-10-25', 'Europe/Madrid');
    expect(range.from).toBe(Date.UTC(2026, 9, 23, 22));
    // 25 October has 25 hours there: it ends at 23:00 UTC.
    expect(range.to).toBe(Date.UTC(2026, 9, 25, 23) - 1);
  });
});

describe('nextLocalTime', () => {
  it('finds the next wall-clock time of a zone, today or tomorrow', () => {
    // 08:00 UTC = 16:00 in Shanghai: 18:00 is later today, 09:00 tomorrow.
    const now = Date.parse('2026-06-01T08:00:00Z');
    expect(nextLocalTime(now, '18:00', 'Asia/Shanghai')).toEqual({
      at: Date.parse('2026-06-01T10:00:00Z'),
      date: '2026-06-01',
    });
    expect(nextLocalTime(now, '09:00', 'Asia/Shanghai')).toEqual({
      at: Date.parse('2026-06-02T01:00:00Z'),
      date: '2026-06-02',
    });
    // Exactly at the time: the next day's.
    expect(nextLocalTime(Date.parse('2026-06-01T10:00:00Z'), '18:00', 'Asia/Shanghai').date).toBe(
      '2026-06-02',
    );
  });

  it('follows daylight saving: 07:00 Berlin is 06:00 UTC in March before the change, 05:00 after', () => {
    expect(nextLocalTime(Date.parse('2026-03-28T12:00:00Z'), '07:00', 'Europe/Berlin').at).toBe(
      Date.parse('2026-03-29T05:00:00Z'),
    );
    expect(localTimeOn('2026-03-28', '07:00', 'Europe/Berlin')).toBe(Date.parse('2026-03-28T06:00:00Z'));
  });

  it('refuses a time that is not HH:mm', () => {
    expect(() => localTimeOn('2026-06-01', '24:00', 'UTC')).toThrow(RangeError);
  });
});
