// Dust on the modules: it builds up day by day while it stays dry and a rainy day washes it off. Rain is
// taken from the cloud field (an overcast day is a rainy day), so a desert plant collects a few percent
// between its rare rains while a monsoon coast stays clean — the same sky the strings see.
import type { CloudField } from './clouds.js';

export interface SoilingSpec {
  /** Lost share of light per dry day (0.001 = 0.1 %/day). */
  ratePerDay: number;
  /** Where it levels off (wind carries as much away as it brings). */
  max: number;
}

/** 0.1 %/day up to 5 %: a typical dry-spell rate outside deserts' dust storms. */
export const DEFAULT_SOILING: SoilingSpec = { ratePerDay: 0.001, max: 0.05 };

/**
 * Lost share of light by soiling on a (solar) day of the cloud field: the rate times the dry days since the
 * last overcast day (0 on a rainy day), at most `max`.
 */
export function soilingLoss(
  clouds: CloudField,
  dayIndex: number,
  spec: SoilingSpec = DEFAULT_SOILING,
): number {
  if (spec.ratePerDay <= 0 || spec.max <= 0) return 0;
  const horizon = Math.ceil(spec.max / spec.ratePerDay);
  for (let dry = 0; dry < horizon; dry++) {
    if (clouds.dayType(dayIndex - dry) === 'OVERCAST') return Math.min(dry * spec.ratePerDay, spec.max);
  }
  return spec.max;
}
