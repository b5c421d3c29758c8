// Which optional columns the station list shows. The choice is saved per page through POST
// /api/columnOption and comes back in /api/info's columnOption map (SPEC §3 Session).

/** The columnOption page key of the station list. */
export const STATION_LIST_PAGE = 'station/list';

/** Optional columns in display order (name, status and the actions are always shown). */
export const STATION_COLUMNS = [
  'type',
  'capacity',
  'power',
  'today',
  'total',
  'address',
  'company',
  'owner',
  'devices',
  'installedAt',
  'createdAt',
] as const;
export type StationColumn = (typeof STATION_COLUMNS)[number];

/** Shown until the user chooses: the figures a site list is usually scanned for. */
export const DEFAULT_STATION_COLUMNS: readonly StationColumn[] = [
  'type',
  'capacity',
  'power',
  'today',
  'total',
  'company',
];

const isStationColumn = (value: string): value is StationColumn =>
  (STATION_COLUMNS as readonly string[]).includes(value);

/**
 * The columns to show from a saved choice: unknown names (a column removed since) are dropped, the order is
 * the table's own; no saved choice gives the defaults. An empty saved list is a choice too (only the name).
 */
export function visibleColumns(saved: readonly string[] | undefined): StationColumn[] {
  if (saved === undefined) return [...DEFAULT_STATION_COLUMNS];
  const chosen = new Set(saved.filter(isStationColumn));
  return STATION_COLUMNS.filter((c) => chosen.has(c));
}
