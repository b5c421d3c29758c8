// Internal helper shared by the unit formatters; not part of the package's public surface.
import { DEFAULT_NUMBER_LOCALE, toFixedDecimals, type ScaledValue } from './numeric.js';

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
  /** Writes a scaled figure in a locale. */
  readonly format: (value: number, locale: string) => string;
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
 * figure so 999,999.6 with `atLeast` reads "1M" rather than "1000k". The choice is made on the default
 * locale's text (which Number() reads back); the figure is then written in `locale`.
 */
export function scaleValue(
  value: number,
  options: ScaleOptions,
  locale: string = DEFAULT_NUMBER_LOCALE,
): ScaledValue {
  const { steps, rule, format } = options;
  const factorOf = (index: number): number => steps[index]?.factor ?? 1;
  const render = (index: number): { text: string; index: number } => ({
    text: format(value / factorOf(index), DEFAULT_NUMBER_LOCALE),
    index,
  });
  let chosen = render(stepIndexFor(Math.abs(value), steps, rule));
  const roundedMagnitude = Math.abs(Number(chosen.text)) * factorOf(chosen.index);
  const promoted = stepIndexFor(roundedMagnitude, steps, rule);
  if (promoted > chosen.index) chosen = render(promoted);
  const text =
    locale === DEFAULT_NUMBER_LOCALE ? chosen.text : format(value / factorOf(chosen.index), locale);
  return { value: text, unit: steps[chosen.index]?.unit ?? '' };
}

/**
 * The step a whole set of values is shown in (a chart axis): the one the largest magnitude reaches by
 * the `above` rule of energy and power, so 10,000 kWh draws as 10 MWh. Empty sets stay in the base unit.
 */
export function scaleStepFor(values: readonly (number | null)[], steps: readonly ScaleStep[]): ScaleStep {
  const largest = values.reduce<number>(
    (max, v) => (v === null || !Number.isFinite(v) ? max : Math.max(max, Math.abs(v))),
    0,
  );
  const index = stepIndexFor(largest, steps, 'above');
  return steps[index] ?? { factor: 1, unit: '' };
}

/** Two fixed decimals, the default for energy, power and amounts (SPEC §9). */
export function twoDecimals(value: number, locale: string = DEFAULT_NUMBER_LOCALE): string {
  return toFixedDecimals(value, 2, false, locale);
}
