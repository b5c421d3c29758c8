import type { AlarmLevel, AlarmState } from '@sunfleet/contracts';
import type { Dayjs } from 'dayjs';
import type { AlarmPageQuery } from '../../components/alarms/api';
import type { AlarmSort, AlarmSortField } from '../../components/alarms/alarmColumns';
import type { AlarmDeviceType } from '../../components/alarms/labels';
import type { PageState } from '../../lib/paging';
import { lastDays } from '../../lib/quickRanges';

// The alarm list's filters and sort as the API's query (pure, tested in filters.test.ts).

export interface AlarmListFilters {
  level?: AlarmLevel;
  state?: AlarmState;
  stationId?: number;
  deviceType?: AlarmDeviceType;
  code?: number;
  /** Start times from (inclusive) to (exclusive), epoch ms. */
  range?: { from: number; to: number };
}

/** Newest first, as the server's default. */
export const DEFAULT_SORT: AlarmSort = { field: 'startedAt', order: 'desc' };

/** The largest code the API accepts. */
const CODE_MAX = 2_147_483_647;

/** The filters, sort and page as GET /alarm/page's query; unset filters are left out. */
export function alarmListQuery(
  filters: AlarmListFilters,
  sort: AlarmSort = DEFAULT_SORT,
  page?: PageState,
): AlarmPageQuery {
  const query: AlarmPageQuery = { sort: sort.field, order: sort.order };
  if (page !== undefined) Object.assign(query, { pageNum: page.pageNum, pageSize: page.pageSize });
  if (filters.level !== undefined) query.level = filters.level;
  if (filters.state !== undefined) query.state = filters.state;
  if (filters.stationId !== undefined) query.stationId = filters.stationId;
  if (filters.deviceType !== undefined) query.deviceType = filters.deviceType;
  if (filters.code !== undefined) query.code = filters.code;
  if (filters.range !== undefined) Object.assign(query, filters.range);
  return query;
}

/** The same filters and sort for GET /alarm/export (no paging). */
export function alarmExportQuery(
  filters: AlarmListFilters,
  sort: AlarmSort = DEFAULT_SORT,
): Omit<AlarmPageQuery, 'pageNum' | 'pageSize'> {
  return alarmListQuery(filters, sort);
}

/**
 * The code box's text as a code: undefined when blank (no filter), null when it is not a whole number the
 * API accepts (the box shows an error and the list keeps its last filter).
 */
export function parseCode(text: string): number | undefined | null {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!/^\d{1,10}$/.test(trimmed)) return null;
  const code = Number(trimmed);
  return code <= CODE_MAX ? code : null;
}

/** Whole days of the browser's calendar: from the first day's midnight to the midnight after the last. */
export function dayRange(first: Dayjs, last: Dayjs): { from: number; to: number } {
  return { from: first.startOf('day').valueOf(), to: last.add(1, 'day').startOf('day').valueOf() };
}

/** A SPEC §9 quick range (7, 30 or 90 days up to today) as whole days. */
export function quickRange(days: number, now: Dayjs): { from: number; to: number } {
  const [first, last] = lastDays(days, now);
  return dayRange(first, last);
}

const SORT_FIELDS: readonly string[] = [
  'startedAt',
  'level',
  'code',
  'lastSeenAt',
] satisfies AlarmSortField[];
const isSortField = (key: unknown): key is AlarmSortField =>
  typeof key === 'string' && SORT_FIELDS.includes(key);

/** antd's sorter of a column click as the API's sort; no order (the third click) → the default sort. */
export function sortOf(sorter: { columnKey?: unknown; order?: 'ascend' | 'descend' | null }): AlarmSort {
  const key = sorter.columnKey;
  if (!isSortField(key) || !sorter.order) return DEFAULT_SORT;
  return { field: key, order: sorter.order === 'ascend' ? 'asc' : 'desc' };
}
