import type { AlarmSort } from '../../components/alarms/alarmColumns';
import { download, type DownloadedFile } from '../../lib/request';
import { alarmExportQuery, type AlarmListFilters } from './filters';

/** The filtered list as XLSX (GET /alarm/export: same filters and sort, at most 10,000 rows). */
export function exportAlarms(filters: AlarmListFilters, sort: AlarmSort): Promise<DownloadedFile> {
  return download('/api/alarm/export', 'alarms.xlsx', {
    params: { query: alarmExportQuery(filters, sort) },
  });
}
