// How a measured value of a device is shown: SPEC §9's power and energy rules applied to the unit its
// protocol definition gives it, so every page, chart axis and table shows one measure the same way.
//
//   W, kW            → power, scaled kW / MW / GW / TW
//   VA, kVA          → apparent power, scaled like power: kVA / MVA / GVA / TVA
//   var, kvar        → reactive power, scaled like power: kvar / Mvar / Gvar / Tvar
//   Wh, kWh          → energy, scaled kWh / MWh / GWh / TWh
//   power factor     → a plain ratio with two decimals (1.00, -0.95); SunSpec's PF point counts in percent
//                      (recognised by its SunSpec point name, POWER_FACTOR_KEYS)
//   no unit          → integers as they are, other numbers with two decimals
//   anything else    → two decimals and the unit (V, A, Hz, °C, %, …)
//
// The figures are written in `locale` (the UI language's, e.g. 'de-DE' → '230,04 V'); without one in
// the API's en-US form.
import { formatEnergyText } from './energy.js';
import {
  DEFAULT_NUMBER_LOCALE,
  EMPTY_DISPLAY,
  joinScaled,
  toFiniteNumber,
  toFixedDecimals,
} from './numeric.js';
import { formatPowerText } from './power.js';
import { scaleValue, twoDecimals, type ScaleStep } from './scale.js';

/**
 * SunSpec power factor points: `PF` of the inverter and meter models (signed, in percent) and the
 * power factor setpoint `OutPFSet` of model 123 (a ratio).
 */
export const POWER_FACTOR_KEYS: readonly string[] = ['PF', 'OutPFSet'];

function acSteps(unit: 'VA' | 'var'): readonly ScaleStep[] {
  return [
    { factor: 1, unit: `k${unit}` },
    { factor: 1e3, unit: `M${unit}` },
    { factor: 1e6, unit: `G${unit}` },
    { factor: 1e9, unit: `T${unit}` },
  ];
}

/** Apparent (VA) or reactive (var) power given in k-units, scaled the way SPEC §9 scales power. */
export function formatAcPowerText(kValue: number, unit: 'VA' | 'var', locale?: string): string {
  return joinScaled(scaleValue(kValue, { steps: acSteps(unit), rule: 'above', format: twoDecimals }, locale));
}

/**
 * A measured value with its unit (see the table above). Text values (firmware strings, codes) are shown
 * as they are; empty is '-'. `key` is the register key, which names a power factor (POWER_FACTOR_KEYS).
 */
export function formatMeasureValue(
  value: number | string | null | undefined,
  unit: string | null,
  key?: string,
  locale: string = DEFAULT_NUMBER_LOCALE,
): string {
  if (typeof value === 'string' && toFiniteNumber(value) === null)
    return value.trim() === '' ? EMPTY_DISPLAY : value;
  const n = toFiniteNumber(value);
  if (n === null) return EMPTY_DISPLAY;
  if (key !== undefined && POWER_FACTOR_KEYS.includes(key))
    return toFixedDecimals(unit === '%' ? n / 100 : n, 2, false, locale);
  switch (unit) {
    case 'W':
      return formatPowerText(n / 1000, undefined, locale);
    case 'kW':
      return formatPowerText(n, undefined, locale);
    case 'VA':
      return formatAcPowerText(n / 1000, 'VA', locale);
    case 'kVA':
      return formatAcPowerText(n, 'VA', locale);
    case 'var':
      return formatAcPowerText(n / 1000, 'var', locale);
    case 'kvar':
      return formatAcPowerText(n, 'var', locale);
    case 'Wh':
      return formatEnergyText(n / 1000, locale);
    case 'kWh':
      return formatEnergyText(n, locale);
    case null:
    case '':
      return Number.isInteger(n) ? String(n) : toFixedDecimals(n, 2, false, locale);
    default:
      return `${toFixedDecimals(n, 2, false, locale)} ${unit}`;
  }
}
