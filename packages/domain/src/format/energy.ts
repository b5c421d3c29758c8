// Decision: "above" is strictly greater in every energy variant (1,000 kWh stays "1000.00 kWh"); input is kWh.
import { EMPTY_SCALED, joinScaled, toFiniteNumber, type NumericInput, type ScaledValue } from './numeric.js';
import { scaleValue, twoDecimals, type ScaleStep } from './scale.js';

/**
 * kWh → MWh → GWh → TWh at 1e3 steps. The first spec set stopped at GWh; the later set adds TWh, so values
 * above 1e9 kWh read as TWh here rather than thousands of GWh.
 */
export const ENERGY_STEPS: readonly ScaleStep[] = [
  { factor: 1, unit: 'kWh' },
  { factor: 1e3, unit: 'MWh' },
  { factor: 1e6, unit: 'GWh' },
  { factor: 1e9, unit: 'TWh' },
];

/** Chinese counting units: 万 (1e4), 亿 (1e8), 万亿 (1e12), each prefixed to kWh as Chinese portals print it. */
export const ENERGY_STEPS_CHINESE: readonly ScaleStep[] = [
  { factor: 1, unit: 'kWh' },
  { factor: 1e4, unit: '万kWh' },
  { factor: 1e8, unit: '亿kWh' },
  { factor: 1e12, unit: '万亿kWh' },
];

/**
 * Energy in kWh scaled to kWh/MWh/GWh/TWh with two decimals, e.g. 1234 → { value: '1.23', unit: 'MWh' }
 * (in 'de-DE': '1,23').
 */
export function formatEnergy(kWh: NumericInput, locale?: string): ScaledValue {
  const value = toFiniteNumber(kWh);
  if (value === null) return EMPTY_SCALED;
  return scaleValue(value, { steps: ENERGY_STEPS, rule: 'above', format: twoDecimals }, locale);
}

/** Plain-text form of formatEnergy, e.g. '1.23 MWh'; empty gives '-'. */
export function formatEnergyText(kWh: NumericInput, locale?: string): string {
  return joinScaled(formatEnergy(kWh, locale));
}

/** Energy in kWh scaled to Chinese units with two decimals, e.g. 12345 → { value: '1.23', unit: '万kWh' }. */
export function formatEnergyChinese(kWh: NumericInput): ScaledValue {
  const value = toFiniteNumber(kWh);
  if (value === null) return EMPTY_SCALED;
  return scaleValue(value, { steps: ENERGY_STEPS_CHINESE, rule: 'above', format: twoDecimals });
}

/** Plain-text form of formatEnergyChinese without a space, as Chinese typesetting expects: '1.23万kWh'. */
export function formatEnergyChineseText(kWh: NumericInput): string {
  return joinScaled(formatEnergyChinese(kWh), '');
}
