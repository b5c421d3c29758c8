import {
  EMPTY_DISPLAY,
  formatDateTime,
  formatEnergyText,
  formatPowerText,
  toFiniteNumber,
  toFixedDecimals,
  type NumericInput,
} from '@sunfleet/domain';
import { browserOffsetMinutes } from '../../lib/time';

/**
 * A measured value with its unit, through the SPEC §9 rules of packages/domain: power (W, kW) scaled as
 * kW/MW/…, energy (Wh, kWh) as kWh/MWh/…, everything else with two decimals and its unit. Text values
 * (firmware strings, codes) are shown as they are; empty is '-'.
 */
export function formatMeasure(value: number | string | null | undefined, unit: string | null): string {
  if (typeof value === 'string' && toFiniteNumber(value) === null)
    return value.trim() === '' ? EMPTY_DISPLAY : value;
  const n = toFiniteNumber(value);
  if (n === null) return EMPTY_DISPLAY;
  switch (unit) {
    case 'W':
      return formatPowerText(n / 1000);
    case 'kW':
      return formatPowerText(n);
    case 'Wh':
      return formatEnergyText(n / 1000);
    case 'kWh':
      return formatEnergyText(n);
    case null:
    case '':
      return Number.isInteger(n) ? String(n) : toFixedDecimals(n, 2);
    default:
      return `${toFixedDecimals(n, 2)} ${unit}`;
  }
}

/** kW as SPEC §9 power; kWh as energy (list columns). */
export const formatKw = (kW: NumericInput): string => formatPowerText(kW);
export const formatKwh = (kWh: NumericInput): string => formatEnergyText(kWh);

/** An instant (ISO string or epoch ms) in the default pattern at the browser's offset; '-' when empty. */
export function formatInstant(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY_DISPLAY;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return EMPTY_DISPLAY;
  return formatDateTime(at, { offsetMinutes: browserOffsetMinutes(at) });
}

/**
 * Chart points of one column with gaps kept visible (ENGINEERING §4): a null point is put between two
 * readings further apart than `maxGapMs`, and missing values stay null, so the line breaks instead of
 * bridging the gap. Rows must be oldest first.
 */
export function seriesWithGaps(
  rows: readonly { ts: number; values: Record<string, number | null> }[],
  column: string,
  maxGapMs: number,
): [number, number | null][] {
  const points: [number, number | null][] = [];
  let previous: number | undefined;
  for (const row of rows) {
    if (previous !== undefined && row.ts - previous > maxGapMs) points.push([previous + 1, null]);
    const value = row.values[column];
    points.push([row.ts, value === undefined ? null : value]);
    previous = row.ts;
  }
  return points;
}

/**
 * The longest pause between readings still drawn as a line: three times the usual (median) interval,
 * at least one minute. Fewer than three readings: five minutes.
 */
export function gapThresholdMs(timestamps: readonly number[]): number {
  if (timestamps.length < 3) return 5 * 60_000;
  const steps: number[] = [];
  for (let i = 1; i < timestamps.length; i++) steps.push((timestamps[i] ?? 0) - (timestamps[i - 1] ?? 0));
  steps.sort((a, b) => a - b);
  const median = steps[Math.floor(steps.length / 2)] ?? 0;
  return Math.max(60_000, median * 3);
}

/** MPPT channels that the model has: 1…count, at most 15 (SPEC §9). */
export function mpptChannels(count: number): number[] {
  const n = Math.max(0, Math.min(15, Math.floor(count)));
  return Array.from({ length: n }, (_, i) => i + 1);
}

/** Measure keys of one MPPT channel in the SunSpec model 160 naming (DCV_n, DCA_n, DCW_n). */
export function mpptKeys(channel: number): { v: string; i: string; p: string } {
  return { v: `DCV_${channel}`, i: `DCA_${channel}`, p: `DCW_${channel}` };
}
