import type { GridType, StationType } from '../api';

// Translation keys of the station value sets (keys in locales/stationWeb; statuses: components/StatusTag). Kept as full literal keys so
// the locale test finds them.

export const STATION_TYPE_LABEL: Record<StationType, string> = {
  HOUSEHOLD_PV: 'stationList.type.HOUSEHOLD_PV',
  HOUSEHOLD_PV_STORAGE: 'stationList.type.HOUSEHOLD_PV_STORAGE',
  RESIDENTIAL: 'stationList.type.RESIDENTIAL',
  GROUND_STATION: 'stationList.type.GROUND_STATION',
  GROUND_STORAGE_STATION: 'stationList.type.GROUND_STORAGE_STATION',
  RESIDENTIAL_STORAGE: 'stationList.type.RESIDENTIAL_STORAGE',
};

export const GRID_TYPE_LABEL: Record<GridType, string> = {
  FULL_FEED_IN: 'stationList.grid.FULL_FEED_IN',
  SELF_CONSUMPTION: 'stationList.grid.SELF_CONSUMPTION',
  ZERO_EXPORT: 'stationList.grid.ZERO_EXPORT',
  OFF_GRID: 'stationList.grid.OFF_GRID',
};
