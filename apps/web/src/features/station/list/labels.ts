import type { GridType } from '../api';

// Translation keys of the station value sets (keys in locales/stationWeb; statuses: components/StatusTag). Kept as full literal keys so
// the locale test finds them. Station types have one table for every screen (lib/labels).
export { STATION_TYPE_LABEL } from '../../../lib/labels';

export const GRID_TYPE_LABEL: Record<GridType, string> = {
  FULL_FEED_IN: 'stationList.grid.FULL_FEED_IN',
  SELF_CONSUMPTION: 'stationList.grid.SELF_CONSUMPTION',
  ZERO_EXPORT: 'stationList.grid.ZERO_EXPORT',
  OFF_GRID: 'stationList.grid.OFF_GRID',
};
