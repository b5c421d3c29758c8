import { decodeEnum, formatMeasureValue } from '@sunfleet/domain';
import type { TFunction } from 'i18next';
import type { DeviceMeasure } from './api';

/**
 * A measured value with its unit through the rules of packages/domain (formatMeasureValue: power, VA and
 * var scaled as SPEC §9 scales power, energy as energy, a power factor as a plain ratio, two decimals
 * otherwise). `key` is the register key, which names a power factor. `locale` is the UI language's
 * (useNumberFormat().locale): '230,04 V' in German; without it the API's en-US form.
 */
export function formatMeasure(
  value: number | string | null | undefined,
  unit: string | null,
  key?: string,
  locale?: string,
): string {
  return formatMeasureValue(value, unit, key, locale);
}

/**
 * What a measure's value reads on a page: the word of an enumerated value from the protocol definition
 * ("Producing (MPPT)" rather than 4), a value the definition does not name as "4 (unknown)", everything
 * else through formatMeasure.
 */
export function measureText(
  t: TFunction,
  measure: Pick<DeviceMeasure, 'key' | 'unit' | 'values'>,
  value: number | string | null | undefined,
  locale?: string,
): string {
  const decoded = decodeEnum(measure.values, value);
  if (decoded?.kind === 'label') return t(decoded.nameKey);
  if (decoded?.kind === 'unknown') return t('deviceWeb.unknownValue', { value: decoded.value });
  return formatMeasure(value, measure.unit, measure.key, locale);
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
