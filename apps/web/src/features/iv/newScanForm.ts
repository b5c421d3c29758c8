// The New IV curve form's logic: the strings one may narrow a scan to (those stored on the chosen
// inverters), and the request body. Pure: no React, no requests.
import { IvLimits, type IvScanBody, type IvStringRef } from '@sunfleet/contracts';

/** A string's key in the form: "mppt/string". */
export const stringKey = (s: IvStringRef): string => `${s.mppt}/${s.string}`;

function parseKey(key: string): IvStringRef | null {
  const match = /^(\d+)\/(\d+)$/.exec(key);
  return match === null ? null : { mppt: Number(match[1]), string: Number(match[2]) };
}

/** Every MPPT input and string stored on any of the inverters, once each, by input then string. */
export function stringChoices(stored: readonly (readonly IvStringRef[])[]): IvStringRef[] {
  const byKey = new Map<string, IvStringRef>();
  for (const strings of stored)
    for (const s of strings) byKey.set(stringKey(s), { mppt: s.mppt, string: s.string });
  return [...byKey.values()].sort((a, b) => a.mppt - b.mppt || a.string - b.string);
}

export interface NewScanForm {
  stationId: number | undefined;
  deviceIds: number[];
  /** Empty: every string of each inverter. */
  strings: string[];
}

/** The body of POST /iv/scan, or null while the form is not complete. */
export function scanBody(form: NewScanForm): IvScanBody | null {
  if (form.stationId === undefined || form.deviceIds.length === 0) return null;
  if (form.deviceIds.length > IvLimits.devicesMax) return null;
  const strings = form.strings.map(parseKey).filter((s): s is IvStringRef => s !== null);
  return {
    stationId: form.stationId,
    deviceIds: [...form.deviceIds],
    ...(strings.length > 0 ? { strings: strings.slice(0, IvLimits.stringsMax) } : {}),
  };
}
