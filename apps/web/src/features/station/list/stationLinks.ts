import { Paths } from '../../../app/router/paths';

/** The station detail route with the tab title suffix (SPEC §2: tagTitleSuffix = station name). */
export function stationDetailPath(station: { id: number; name: string }): string {
  return `${Paths.stationDetailPrefix}${String(station.id)}?tagTitleSuffix=${encodeURIComponent(station.name)}`;
}

/** The station form: create, or edit one station (`?id=`). */
export function stationFormPath(id?: number): string {
  return id === undefined ? '/createStation' : `/createStation?id=${String(id)}`;
}
