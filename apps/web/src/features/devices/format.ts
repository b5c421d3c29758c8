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

// Chart points with gaps: shared with the alarm drawer's chart (components/chart/gaps.ts).
export { gapThresholdMs, seriesWithGaps } from '../../components/chart/gaps';
