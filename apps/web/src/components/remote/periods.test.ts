import { describe, expect, it } from 'vitest';
import { RuleMessage } from '@sunfleet/contracts';
import {
  barsOf,
  canAddPeriod,
  fromStoragePeriods,
  minuteRanges,
  nextPeriod,
  overlappingPeriods,
  periodsProblem,
  toStoragePeriods,
  type PeriodDraft,
} from './periods';

const p = (start: string, end: string, mode: PeriodDraft['mode'] = 'CHARGE'): PeriodDraft => ({
  start,
  end,
  mode,
  powerKw: null,
});

describe('storage periods', () => {
  it('split a period past midnight into two ranges and skip an unused one', () => {
    expect(minuteRanges('08:00', '12:30')).toEqual([[480, 750]]);
    expect(minuteRanges('22:00', '06:00')).toEqual([
      [1320, 1440],
      [0, 360],
    ]);
    expect(minuteRanges('18:00', '00:00')).toEqual([[1080, 1440]]);
    expect(minuteRanges('00:00', '00:00')).toEqual([]);
    expect(minuteRanges('25:00', '01:00')).toEqual([]);
  });

  it('draw periods on the 0–24 h bar in percent, marking the ones that clash', () => {
    const bars = barsOf([p('06:00', '12:00'), p('22:00', '02:00', 'DISCHARGE'), p('11:00', '13:00')]);
    expect(bars).toEqual([
      { index: 0, mode: 'CHARGE', leftPct: 25, widthPct: 25, overlapping: true },
      {
        index: 1,
        mode: 'DISCHARGE',
        leftPct: (1320 / 1440) * 100,
        widthPct: (120 / 1440) * 100,
        overlapping: false,
      },
      { index: 1, mode: 'DISCHARGE', leftPct: 0, widthPct: (120 / 1440) * 100, overlapping: false },
      {
        index: 2,
        mode: 'CHARGE',
        leftPct: (660 / 1440) * 100,
        widthPct: (120 / 1440) * 100,
        overlapping: true,
      },
    ]);
  });

  it('find overlaps, also across midnight, but not between touching periods', () => {
    expect([...overlappingPeriods([p('08:00', '12:00'), p('12:00', '18:00')])]).toEqual([]);
    expect([...overlappingPeriods([p('23:00', '05:00'), p('04:00', '06:00'), p('10:00', '11:00')])]).toEqual([
      0, 1,
    ]);
    expect([...overlappingPeriods([p('08:00', '09:00'), p('08:00', '09:00', 'DISCHARGE')])]).toEqual([0, 1]);
  });

  it('refuse overlaps and duplicates with the spec message, and more than six periods', () => {
    expect(periodsProblem([p('08:00', '12:00'), p('12:00', '18:00')])).toBeNull();
    expect(periodsProblem([p('08:00', '12:00'), p('11:00', '13:00')])).toBe(RuleMessage.timePeriodDuplicate);
    expect(periodsProblem([p('08:00', '09:00'), p('08:00', '09:00')])).toBe(RuleMessage.timePeriodDuplicate);
    expect(periodsProblem([p('8:00', '09:00')])).toBe(RuleMessage.timePeriodFormat);
    const seven = Array.from({ length: 7 }, (_, i) => p(`0${String(i)}:00`, `0${String(i)}:30`));
    expect(periodsProblem(seven)).toBe(RuleMessage.timePeriodTooMany);
    expect(canAddPeriod(seven.slice(0, 5))).toBe(true);
    expect(canAddPeriod(seven.slice(0, 6))).toBe(false);
  });

  it('add a new period in the first free hour', () => {
    expect(nextPeriod([])).toEqual(p('00:00', '01:00'));
    expect(nextPeriod([p('22:00', '02:00'), p('02:00', '02:30')])).toEqual(p('03:00', '04:00'));
    expect(nextPeriod([p('00:00', '23:00')])).toEqual(p('23:00', '00:00'));
    expect(nextPeriod([p('00:01', '00:00')])).toEqual(p('00:00', '01:00'));
  });

  it('send power in W and read it back in kW', () => {
    const rows: PeriodDraft[] = [
      { start: '01:00', end: '05:00', mode: 'CHARGE', powerKw: 2.5 },
      { start: '17:00', end: '21:00', mode: 'DISCHARGE', powerKw: null },
    ];
    const body = toStoragePeriods(rows);
    expect(body).toEqual([
      { start: '01:00', end: '05:00', mode: 'CHARGE', powerW: 2500 },
      { start: '17:00', end: '21:00', mode: 'DISCHARGE' },
    ]);
    expect(fromStoragePeriods(body)).toEqual(rows);
  });
});
