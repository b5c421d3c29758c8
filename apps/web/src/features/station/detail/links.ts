import { TAG_TITLE_SUFFIX } from '../../../app/shell/useTagsSync';

// Detail routes of SPEC §2, each with the tab title suffix (the serial number).

const withSuffix = (path: string, suffix: string): string =>
  `${path}?${TAG_TITLE_SUFFIX}=${encodeURIComponent(suffix)}`;

export const gatewayLink = (id: number, sn: string): string =>
  withSuffix(`/gateway/detail/${String(id)}`, sn);
export const inverterLink = (id: number, sn: string): string =>
  withSuffix(`/device/detail/${String(id)}`, sn);
export const meterLink = (id: number, sn: string): string =>
  withSuffix(`/electricityMeter/detail/${String(id)}`, sn);

/** A station id of the route, or undefined when it is not a positive integer. */
export function stationIdOf(param: string | undefined): number | undefined {
  if (param === undefined || !/^[1-9]\d{0,9}$/.test(param)) return undefined;
  const id = Number(param);
  return Number.isSafeInteger(id) ? id : undefined;
}
