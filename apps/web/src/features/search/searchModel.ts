import { SearchLimits, type IndexSearchResult, type SearchType } from '@sunfleet/contracts';
import { useDebouncedValue as useSettled } from '../../lib/useDebouncedValue';
import type { StatusRef } from '../../components/StatusTag';
import { deviceDetailPath, gatewayDetailPath, stationDetailPath } from '../../lib/paths';

// The rules of the global search dialog (SPEC §4, §5, §9), kept apart from the dialog so they can be
// tested: trimmed keywords, a 400 ms debounce, More exactly at 8 items, Clear disabled without history.

/** Search types in the order of the filter; INVERTER is shown as "Device". */
export const SEARCH_TYPE_OPTIONS: readonly { type: SearchType; labelKey: string }[] = [
  { type: 'STATION', labelKey: 'search.type.station' },
  { type: 'INVERTER', labelKey: 'search.type.device' },
  { type: 'GATEWAY', labelKey: 'search.type.gateway' },
];

export const labelKeyOf = (type: SearchType): string =>
  SEARCH_TYPE_OPTIONS.find((o) => o.type === type)?.labelKey ?? 'search.type.station';

/** Keywords as sent: trimmed, cut to the server's limit. */
export function normaliseKeywords(raw: string): string {
  return raw.trim().slice(0, SearchLimits.keywordsMax);
}

/** The More link appears only when a list holds exactly the maximum of 8 items (SPEC §5). */
export function showMore(list: readonly unknown[]): boolean {
  return list.length === SearchLimits.listMax;
}

/** Clear history is disabled when there is no history (SPEC §5). */
export function clearDisabled(history: readonly unknown[]): boolean {
  return history.length === 0;
}

/** Whether a result list is shown under the chosen type filter (all three without a filter). */
export function listVisible(list: SearchType, filter: SearchType | undefined): boolean {
  return filter === undefined || filter === list;
}

/** The value after it has stopped changing for `delayMs` (the search fires 400 ms after typing stops). */
export function useDebouncedValue<T>(value: T, delayMs: number = SearchLimits.debounceMs): T {
  return useSettled(value, delayMs);
}

/** One hit of a result list. */
export interface ResultItem {
  id: number;
  label: string;
  /** Devices and loggers: their status and the station they belong to (null while unbound). */
  place?: { status: StatusRef; station: { id: number; name: string } | null };
}

export interface ResultList {
  type: SearchType;
  titleKey: string;
  items: ResultItem[];
}

const stationOf = (hit: { stationId: number | null; stationName: string | null }) =>
  hit.stationId === null ? null : { id: hit.stationId, name: hit.stationName ?? '' };

/** The dialog's three result lists (site, equipment, gateway) from the search answer. */
export function resultLists(data: IndexSearchResult | undefined): ResultList[] {
  return [
    {
      type: 'STATION',
      titleKey: 'search.list.stations',
      items: (data?.stations ?? []).map((s) => ({ id: s.id, label: s.name })),
    },
    {
      type: 'INVERTER',
      titleKey: 'search.list.devices',
      items: (data?.devices ?? []).map((d) => ({
        id: d.id,
        label: d.deviceSn,
        place: { status: { kind: 'device', status: d.status }, station: stationOf(d) },
      })),
    },
    {
      type: 'GATEWAY',
      titleKey: 'search.list.gateways',
      items: (data?.gateways ?? []).map((g) => ({
        id: g.id,
        label: g.gatewaySn,
        place: { status: { kind: 'gateway', status: g.status }, station: stationOf(g) },
      })),
    },
  ];
}

/** Where choosing a result goes. */
export function resultPath(type: SearchType, id: number, label: string): string {
  if (type === 'STATION') return stationDetailPath(id, label);
  if (type === 'INVERTER') return deviceDetailPath(id, label);
  return gatewayDetailPath(id, label);
}

/**
 * The list page a More link opens, filtered by the keywords: the station list by name, the device list's
 * inverter or logger tab by SN (query parameters `name`, `sn` and `tab`).
 */
export function morePath(type: SearchType, keywords: string): string {
  const q = encodeURIComponent(keywords);
  if (type === 'STATION') return `/stationSystem?name=${q}`;
  if (type === 'INVERTER') return `/deviceAll?tab=inverters&sn=${q}`;
  return `/deviceAll?tab=loggers&sn=${q}`;
}
