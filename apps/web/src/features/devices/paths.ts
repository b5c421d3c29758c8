import { TAG_TITLE_SUFFIX } from '../../app/shell/useTagsSync';

const withSuffix = (path: string, suffix: string): string =>
  `${path}?${TAG_TITLE_SUFFIX}=${encodeURIComponent(suffix)}`;

/** Inverter detail, its tab titled with the serial (SPEC §2). */
export const deviceDetailPath = (id: number, sn: string): string =>
  withSuffix(`/device/detail/${String(id)}`, sn);
export const gatewayDetailPath = (id: number, sn: string): string =>
  withSuffix(`/gateway/detail/${String(id)}`, sn);
export const meterDetailPath = (id: number, sn: string): string =>
  withSuffix(`/electricityMeter/detail/${String(id)}`, sn);
export const stationDetailPath = (id: number, name: string): string =>
  withSuffix(`/station/detail/${String(id)}`, name);

/** The detail page of any device kind the console has one for (batteries and weather stations have none). */
export function detailPathOf(deviceType: string, id: number, sn: string): string | null {
  if (deviceType === 'INVERTER') return deviceDetailPath(id, sn);
  if (deviceType === 'METER') return meterDetailPath(id, sn);
  if (deviceType === 'GATEWAY') return gatewayDetailPath(id, sn);
  return null;
}
