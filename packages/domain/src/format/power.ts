// Decision: "above 1e3 MW, 1e6 GW, 1e9 TW" is strictly greater; input is kW; two decimals as for energy.
import { EMPTY_SCALED, joinScaled, toFiniteNumber, type NumericInput, type ScaledValue } from './numeric.js';
import { scaleValue, twoDecimals, type ScaleStep } from './scale.js';

/** Unit suffix modes of SPEC §9: 1 adds p (installed peak power, kWp), 2 adds h (energy, kWh). */
export const PowerMode = { plain: 0, peak: 1, hour: 2 } as const;
export type PowerMode = (typeof PowerMode)[keyof typeof PowerMode];

const SUFFIX: Record<PowerMode, string> = { 0: '', 1: 'p', 2: 'h' };

function powerSteps(mode: PowerMode): readonly ScaleStep[] {
  const suffix = SUFFIX[mode];
  return [
    { factor: 1, unit: `kW${suffix}` },
    { factor: 1e3, unit: `MW${suffix}` },
    { factor: 1e6, unit: `GW${suffix}` },
    { factor: 1e9, unit: `TW${suffix}` },
  ];
}

/** kW → MW → GW → TW at 1e3 steps (no suffix), e.g. for the unit of a chart axis. */
export const POWER_STEPS: readonly ScaleStep[] = powerSteps(PowerMode.plain);

/** Power in kW scaled to kW/MW/GW/TW, e.g. (1500, PowerMode.peak) → { value: '1.50', unit: 'MWp' }. */
export function formatPower(
  kW: NumericInput,
  mode: PowerMode = PowerMode.plain,
  locale?: string,
): ScaledValue {
  const value = toFiniteNumber(kW);
  if (value === null) return EMPTY_SCALED;
  return scaleValue(value, { steps: powerSteps(mode), rule: 'above', format: twoDecimals }, locale);
}

/** Plain-text form of formatPower, e.g. '1.50 MWp'; empty gives '-'. */
export function formatPowerText(
  kW: NumericInput,
  mode: PowerMode = PowerMode.plain,
  locale?: string,
): string {
  return joinScaled(formatPower(kW, mode, locale));
}
