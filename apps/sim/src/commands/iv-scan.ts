// iv.scan {mppt?, string?, points?}: the IV curve of every string of an inverter (or of one), from the
// single-diode model under the conditions of the last step — what a real inverter's scan reports. SPEC §9:
// a scan is meaningful above 600 W/m²; the result carries each string's irradiance so the console can say
// so. Result: {dev, curves: [{mppt, string, irradiance, cellTemp, voc, isc, vmp, imp, pmax, fillFactor,
// v: [...], i: [...]}]}, voltages in V (0.1), currents in A (0.001). Faults set on strings
// (physics/string-faults.ts) shape the curves; docs/iv-curves.md.
import type { IvScanCurve } from '@sunfleet/contracts';
import { round } from '../physics/inverter.js';
import type { SiteSimulator } from '../site.js';
import { CommandError, deviceOf, intParam, type CommandHandler } from './types.js';

/** Points over all curves of one result (keeps the result well inside the 256 KiB payload limit). */
const MAX_TOTAL_POINTS = 6_000;

export type { IvScanCurve };

/** The curves of an inverter's strings (`params` as the command's: mppt?, string?, points?). */
export function scanInverter(
  site: SiteSimulator,
  sn: string,
  params: Record<string, unknown>,
): IvScanCurve[] {
  const unit = site.inverterUnit(sn);
  if (!unit) throw new CommandError('wrong-device-type', `${sn} has no PV inputs`);
  const channels = unit.inverter.channels;
  const mppt = params.mppt === undefined ? null : intParam(params, 'mppt', 1, channels.length);
  const strings: [number, number][] = [];
  channels.forEach((channel, k) => {
    if (mppt !== null && k + 1 !== mppt) return;
    for (let s = 1; s <= channel.strings; s++) strings.push([k + 1, s]);
  });
  const only = params.string === undefined ? null : intParam(params, 'string', 1, 1_000);
  const selected = only === null ? strings : strings.filter(([, s]) => s === only);
  if (selected.length === 0) throw new CommandError('invalid-params', 'no such string');
  const requested = intParam(params, 'points', 10, 200, 50);
  const points = Math.max(10, Math.min(requested, Math.floor(MAX_TOTAL_POINTS / selected.length)));
  return selected.map(([channel, string]) => {
    const curve = site.ivScan(sn, channel, string, points);
    return {
      mppt: channel,
      string,
      irradiance: round(curve.irradiance, 1),
      cellTemp: round(curve.cellTemp, 1),
      voc: round(curve.voc, 1),
      isc: round(curve.isc, 3),
      vmp: round(curve.vmp, 1),
      imp: round(curve.imp, 3),
      pmax: round(curve.pmax, 1),
      fillFactor: round(curve.fillFactor, 4),
      v: curve.voltage.map((v) => round(v, 1)),
      i: curve.current.map((i) => round(i, 3)),
    };
  });
}

export const ivScan: CommandHandler = (ctx) => {
  const device = deviceOf(ctx, 'INVERTER');
  const curves = scanInverter(ctx.target.devices.site, device.sn, ctx.request.params);
  return { dev: device.sn, ts: ctx.target.now(), curves };
};
