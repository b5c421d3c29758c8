import { TelemetryApiMessage } from '@sunfleet/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { calendarDay, checkHistoryRange, checkLossRange, checkRollupRange } from './ranges.js';

const DAY = 86_400_000;

/** The 4000 a check throws, as the envelope would carry it. */
function refusal(check: () => unknown): { status: number; enMsg: string; field: string | undefined } {
  try {
    check();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, enMsg: error.enMsg, field: error.data?.[0]?.field };
  }
  throw new Error('the check passed');
}

describe('calendarDay', () => {
  it('counts days since 1970-01-01 for real calendar dates only', () => {
    expect(calendarDay('1970-01-01')).toBe(0);
    expect(calendarDay('2024-02-29')).toBe(Date.UTC(2024, 1, 29) / DAY);
    for (const bad of ['2023-02-29', '2026-13-01', '2026-04-31', '2026-1-01', '20260101', ' 2026-01-01', ''])
      expect(calendarDay(bad), bad).toBeNull();
  });
});

describe('checkRollupRange', () => {
  it('accepts each period up to its limit, both ends inclusive', () => {
    expect(() => checkRollupRange('hour', '2026-01-01', '2026-01-31')).not.toThrow();
    expect(() => checkRollupRange('day', '2025-01-01', '2026-01-01')).not.toThrow();
    expect(() => checkRollupRange('month', '2016-01-01', '2025-12-31')).not.toThrow();
  });

  it('refuses one day or month more, naming `to` and the period rule', () => {
    expect(refusal(() => checkRollupRange('hour', '2026-01-01', '2026-02-01'))).toEqual({
      status: 4000,
      enMsg: TelemetryApiMessage.hourRangeTooLong,
      field: 'querystring.to',
    });
    expect(refusal(() => checkRollupRange('day', '2025-01-01', '2026-01-02')).enMsg).toBe(
      TelemetryApiMessage.dayRangeTooLong,
    );
    expect(refusal(() => checkRollupRange('month', '2016-01-01', '2026-01-01')).enMsg).toBe(
      TelemetryApiMessage.monthRangeTooLong,
    );
  });

  it('refuses a reversed range and a date that does not exist, naming the field', () => {
    expect(refusal(() => checkRollupRange('day', '2026-01-02', '2026-01-01'))).toEqual({
      status: 4000,
      enMsg: TelemetryApiMessage.rangeInvalid,
      field: 'querystring.to',
    });
    expect(refusal(() => checkRollupRange('day', '2026-02-30', '2026-03-01'))).toEqual({
      status: 4000,
      enMsg: TelemetryApiMessage.dateInvalid,
      field: 'querystring.from',
    });
  });
});

describe('checkHistoryRange', () => {
  it('accepts at most 31 days and refuses more or a reversed range', () => {
    expect(() => checkHistoryRange(0, 31 * DAY)).not.toThrow();
    expect(refusal(() => checkHistoryRange(0, 31 * DAY + 1)).enMsg).toBe(
      TelemetryApiMessage.historyRangeTooLong,
    );
    expect(refusal(() => checkHistoryRange(2, 1)).enMsg).toBe(TelemetryApiMessage.rangeInvalid);
  });
});

describe('checkLossRange', () => {
  it('answers the UTC days as a half-open range of instants', () => {
    expect(checkLossRange('2026-03-01', '2026-03-02')).toEqual({
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-03T00:00:00.000Z',
    });
  });

  it('refuses more than 366 days and a reversed range, naming endDate', () => {
    expect(refusal(() => checkLossRange('2025-01-01', '2026-01-02'))).toEqual({
      status: 4000,
      enMsg: TelemetryApiMessage.lossRangeTooLong,
      field: 'querystring.endDate',
    });
    expect(refusal(() => checkLossRange('2026-01-02', '2026-01-01')).field).toBe('querystring.endDate');
  });
});
