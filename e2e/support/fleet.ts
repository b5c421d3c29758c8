// What several suites look up the same way: an English text of the console (the suites' browser language)
// and a device of the demo fleet once its logger has announced it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Api } from './api.js';

/** An English text of the console from the translation table `area` (packages/contracts/locales). */
export function english(area: string, key: string): string {
  const table = JSON.parse(
    readFileSync(resolve(import.meta.dirname, `../../packages/contracts/locales/${area}/EN.json`), 'utf8'),
  ) as Record<string, string>;
  const text = table[key];
  if (text === undefined) throw new Error(`no English text for ${key}`);
  return text;
}

/** A device as the device list answers it (GET /station/gateway/inverterPage), the fields the suites use. */
export interface AnnouncedDevice {
  id: number;
  sn: string;
  stationId: number | null;
  stationName: string | null;
}

/** A device of the demo fleet once its logger has announced it (hello) and it is bound to its station. */
export async function announced(api: Api, sn: string): Promise<AnnouncedDevice> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const found = await api<{ list: AnnouncedDevice[] }>(
      'GET',
      `/station/gateway/inverterPage?sn=${sn}&pageSize=5`,
    );
    const device = found.data.list.find((d) => d.sn === sn && d.stationId !== null);
    if (device !== undefined) return device;
    if (Date.now() > deadline) throw new Error(`${sn} was not announced`);
    await new Promise((r) => setTimeout(r, 1_000));
  }
}
