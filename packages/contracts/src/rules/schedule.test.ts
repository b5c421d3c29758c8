import { describe, it, expect } from 'vitest';
import { RuleMessage } from './messages.js';
import {
  parseTimeOfDay,
  validateAppointmentTime,
  validateCustomMonthCount,
  validateShortcutCount,
  validateTimePeriods,
} from './schedule.js';

const NOW = Date.UTC(2024, 4, 1, 12, 0, 0);

describe('validateAppointmentTime', () => {
  it('must be strictly later than now', () => {
    expect(validateAppointmentTime(NOW + 1, NOW)).toBeNull();
    expect(validateAppointmentTime(NOW, NOW)).toBe(RuleMessage.appointmentNotLater);
    expect(validateAppointmentTime(NOW - 1, NOW)).toBe(RuleMessage.appointmentNotLater);
  });

  it('accepts Date and ISO strings', () => {
    expect(validateAppointmentTime(new Date(NOW + 60_000), new Date(NOW))).toBeNull();
    expect(validateAppointmentTime('2024-05-01T12:01:00Z', NOW)).toBeNull();
    expect(validateAppointmentTime('2024-05-01T11:59:00Z', NOW)).toBe(RuleMessage.appointmentNotLater);
  });

  it('rejects blank and unreadable times', () => {
    expect(validateAppointmentTime(null, NOW)).toBe(RuleMessage.cannotBeBlank);
    expect(validateAppointmentTime('', NOW)).toBe(RuleMessage.cannotBeBlank);
    expect(validateAppointmentTime('tomorrow', NOW)).toBe(RuleMessage.dateInvalid);
  });
});

describe('parseTimeOfDay', () => {
  it.each([
    ['00:00', 0],
    ['08:30', 510],
    ['23:59', 1439],
    ['24:00', null],
    ['8:30', null],
    ['12:60', null],
  ])('%s → %s', (text, minutes) => {
    expect(parseTimeOfDay(text)).toBe(minutes);
  });
});

describe('validateTimePeriods', () => {
  const period = (start: string, end: string, mode = 1): { start: string; end: string; mode: number } => ({
    start,
    end,
    mode,
  });

  it('accepts separate and touching periods', () => {
    expect(validateTimePeriods([])).toBeNull();
    expect(validateTimePeriods([period('08:00', '12:00'), period('12:00', '18:00')])).toBeNull();
    expect(validateTimePeriods([period('13:00', '14:00'), period('01:00', '02:00')])).toBeNull();
  });

  it('rejects overlapping and duplicated periods, whatever the mode', () => {
    expect(validateTimePeriods([period('08:00', '12:00'), period('11:59', '13:00')])).toBe(
      RuleMessage.timePeriodDuplicate,
    );
    expect(validateTimePeriods([period('08:00', '12:00', 1), period('08:00', '12:00', 2)])).toBe(
      RuleMessage.timePeriodDuplicate,
    );
    expect(validateTimePeriods([period('08:00', '18:00'), period('10:00', '11:00')])).toBe(
      RuleMessage.timePeriodDuplicate,
    );
  });

  it('lets a period run past midnight', () => {
    expect(validateTimePeriods([period('22:00', '06:00'), period('06:00', '22:00')])).toBeNull();
    expect(validateTimePeriods([period('22:00', '06:00'), period('05:00', '07:00')])).toBe(
      RuleMessage.timePeriodDuplicate,
    );
    expect(validateTimePeriods([period('22:00', '00:00'), period('00:00', '01:00')])).toBeNull();
  });

  it('skips unused 00:00–00:00 slots', () => {
    expect(
      validateTimePeriods([period('00:00', '00:00'), period('00:00', '00:00'), period('01:00', '02:00')]),
    ).toBeNull();
  });

  it('allows 6 periods and rejects 7', () => {
    const six = ['00', '02', '04', '06', '08', '10'].map((h) => period(`${h}:00`, `${h}:30`));
    expect(validateTimePeriods(six)).toBeNull();
    expect(validateTimePeriods([...six, period('20:00', '21:00')])).toBe(RuleMessage.timePeriodTooMany);
  });

  it('rejects malformed times', () => {
    expect(validateTimePeriods([period('8:00', '09:00')])).toBe(RuleMessage.timePeriodFormat);
    expect(validateTimePeriods([period('08:00', '24:00')])).toBe(RuleMessage.timePeriodFormat);
  });
});

describe('item count limits', () => {
  const items = (count: number): number[] => Array.from({ length: count }, (_, i) => i);

  it('allows 8 shortcuts and rejects 9', () => {
    expect(validateShortcutCount(items(7))).toBeNull();
    expect(validateShortcutCount(items(8))).toBeNull();
    expect(validateShortcutCount(items(9))).toBe(RuleMessage.shortcutsTooMany);
  });

  it('allows 6 custom months and rejects 7 with "select up to six items"', () => {
    expect(validateCustomMonthCount(items(5))).toBeNull();
    expect(validateCustomMonthCount(items(6))).toBeNull();
    expect(validateCustomMonthCount(items(7))).toBe(RuleMessage.selectUpToSix);
  });
});
