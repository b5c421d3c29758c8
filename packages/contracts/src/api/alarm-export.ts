// The alarm list's XLSX export (Step 5a, docs/alarms.md "Alarm list screen"): the filters and sort of
// GET /alarm/page without its paging, and the cap on rows.
import { Type, type Static } from 'typebox';
import { AlarmQuery } from './telemetry.js';

/** Rows an alarm export holds at most; when more matched, the first ones and a note saying it was cut. */
export const ALARM_EXPORT_ROWS_MAX = 10_000;

const { pageNum: _pageNum, pageSize: _pageSize, ...filters } = AlarmQuery.properties;

export const AlarmExportQuery = Type.Object(filters, { additionalProperties: false });
export type AlarmExportQuery = Static<typeof AlarmExportQuery>;
