import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { QUICK_RANGES } from '../../lib/quickRanges';
import {
  DEFAULT_SORT,
  alarmExportQuery,
  alarmListQuery,
  dayRange,
  parseCode,
  quickRange,
  sortOf,
} from './filters';

describe('alarm list filters → API query', () => {
  it('sends only the filters that are set, with the sort and the page', () => {
    expect(alarmListQuery({}, DEFAULT_SORT, { pageNum: 2, pageSize: 50 })).toEqual({
      sort: 'startedAt',
      order: 'desc',
      pageNum: 2,
      pageSize: 50,
    });
    expect(
      alarmListQuery(
        {
          level: 'URGENT',
          state: 'ACKNOWLEDGED',
          stationId: 5,
          deviceType: 'GATEWAY',
          code: 0,
          range: { from: 1000, to: 2000 },
        },
        { field: 'level', order: 'asc' },
        { pageNum: 1, pageSize: 20 },
      ),
    ).toEqual({
      level: 'URGENT',
      state: 'ACKNOWLEDGED',
      stationId: 5,
      deviceType: 'GATEWAY',
      code: 0,
      from: 1000,
      to: 2000,
      sort: 'level',
      order: 'asc',
      pageNum: 1,
      pageSize: 20,
    });
  });

  it('exports the same filters and sort without paging', () => {
    const query = alarmExportQuery({ level: 'PROMPT', code: 12 }, { field: 'code', order: 'desc' });
    expect(query).toEqual({ level: 'PROMPT', code: 12, sort: 'code', order: 'desc' });
    expect(query).not.toHaveProperty('pageNum');
  });

  it('reads the code box: blank is no filter, anything but a whole number the API takes is refused', () => {
    expect(parseCode('')).toBeUndefined();
    expect(parseCode('  ')).toBeUndefined();
    expect(parseCode(' 2031 ')).toBe(2031);
    expect(parseCode('0')).toBe(0);
    expect(parseCode('2147483647')).toBe(2147483647);
    for (const bad of ['-1', '1.5', '12a', '2147483648', '1e3', '99999999999'])
      expect(parseCode(bad), bad).toBeNull();
  });
});

describe('time range', () => {
  const now = dayjs('2026-06-10T15:30:00');

  it('offers the SPEC §9 quick ranges: 7, 30 and 90 days', () => {
    expect(QUICK_RANGES.map((r) => r.days)).toEqual([7, 30, 90]);
  });

  it('covers whole days: from the first midnight up to the midnight after today', () => {
    expect(quickRange(7, now)).toEqual({
      from: dayjs('2026-06-03T00:00:00').valueOf(),
      to: dayjs('2026-06-11T00:00:00').valueOf(),
    });
    expect(quickRange(90, now).from).toBe(dayjs('2026-03-12T00:00:00').valueOf());
    expect(dayRange(dayjs('2026-06-01T13:00:00'), dayjs('2026-06-01T09:00:00'))).toEqual({
      from: dayjs('2026-06-01T00:00:00').valueOf(),
      to: dayjs('2026-06-02T00:00:00').valueOf(),
    });
  });
});

describe('sorting', () => {
  it("maps a column's sort to the API and falls back to newest first", () => {
    expect(sortOf({ columnKey: 'level', order: 'ascend' })).toEqual({ field: 'level', order: 'asc' });
    expect(sortOf({ columnKey: 'code', order: 'descend' })).toEqual({ field: 'code', order: 'desc' });
    expect(sortOf({ columnKey: 'level', order: null })).toEqual(DEFAULT_SORT);
    expect(sortOf({ columnKey: 'station', order: 'ascend' })).toEqual(DEFAULT_SORT);
  });
});
