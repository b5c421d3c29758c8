// Internal helper shared by the unit formatters; not part of the package's public surface.
import { toFixedDecimals, type ScaledValue } from './numeric.js';

export interface ScaleStep {
  /** Multiple of the base unit this step stands for; the first step must be 1. */
  readonly factor: number;
  readonly unit: string;
}

/**
 * `above`: the next unit starts strictly above its factor (SPEC says "above 1,000").
 * `atLeast`: the next unit starts at its factor (SPEC says "shorten at 1e3").
 */
export type ThresholdRule = 'above' | 'atLeast';

export interface ScaleOptions {
  readonly steps: readonly ScaleStep[];
  readonly rule: ThresholdRule;
  readonly format: (value: number) => string;
}

function stepIndexFor(magnitude: number, steps: readonly ScaleStep[], rule: ThresholdRule): number {
  for (let i = steps.length - 1; i > 0; i--) {
    const factor = steps[i]?.factor ?? Number.POSITIVE_INFINITY;
    if (rule === 'above' ? magnitude > factor : magnitude >= factor) return i;
  }
  return 0;
}

/**
 * Picks the unit by magnitude (negative values scale like positive ones), then picks again on the rounded
 * figure so 999,999.6 with `atLeast` reads "1M" rather than "1000k".
 */
export function scaleValue(value: number, options: ScaleOptions): ScaledValue {
  const { steps, rule, format } = options;
  const render = (index: number): { text: string; index: number } => {
    const step = steps[index] ?? { factor: 1, unit: '' };
    return { text: format(value / step.factor), index };
  };
  let chosen = render(stepIndexFor(Math.abs(value), steps, rule));
  const roundedMagnitude = Math.abs(Number(chosen.text)) * (steps[chosen.index]?.factor ?? 1);
  const promoted = stepIndexFor(roundedMagnitude, steps, rule);
  if (promoted > chosen.index) chosen = render(promoted);
  return { value: chosen.text, unit: steps[chosen.index]?.unit ?? '' };
}

/** Two fixed decimals, the default for energy, power and amounts (SPEC §9). */
export function twoDecimals(value: number): string {
  return toFixedDecimals(value, 2);
}
