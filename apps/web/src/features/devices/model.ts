// What the device pages compute from a device's detail (its measures with their telemetry columns) and its
// newest values. Measures are found by the telemetry column their protocol definition stores them in
// (power_w, soc_pct, mppt_v[3]…), never by a register key, so a model with its own definition works too.
import { columnTarget, storageDirection, toFiniteNumber, type StorageDirection } from '@sunfleet/domain';
import type { DeviceDetail, DeviceLatest, DeviceMeasure } from './api';

type Values = DeviceLatest['values'] | undefined;
type Measures = Pick<DeviceDetail, 'groups'>;

/** Every measure of the device, in display-group order. */
export function measuresOf(device: Measures): DeviceMeasure[] {
  return device.groups.flatMap((g) => g.measures);
}

/** The measure stored in a telemetry column (power_w, mppt_i[2]…), if the device has one. */
export function measureByColumn(device: Measures, column: string): DeviceMeasure | undefined {
  return measuresOf(device).find((m) => m.column === column);
}

/** A number of the newest values, or null when absent or not a number. */
export function numberOf(values: Values, key: string | undefined): number | null {
  if (key === undefined) return null;
  const v = values?.[key];
  return typeof v === 'number' || typeof v === 'string' ? toFiniteNumber(v) : null;
}

/** The newest value of the measure stored in a column, as a number. */
export function columnValue(device: Measures, values: Values, column: string): number | null {
  return numberOf(values, measureByColumn(device, column)?.key);
}

// ---- Inverter -----------------------------------------------------------------------------------------

export interface InverterFigures {
  powerW: number | null;
  todayWh: number | null;
  totalWh: number | null;
  /** Energy today ÷ rated power: full-load hours of the day (kWh/kW). */
  yieldHours: number | null;
  temperatureC: number | null;
  /** The operating state measure (status_code) and its newest value, for a decoded word. */
  state: { measure: DeviceMeasure; value: number | string | null } | null;
}

export function inverterFigures(
  device: Measures & Pick<DeviceDetail, 'ratedPowerKw'>,
  values: Values,
): InverterFigures {
  const todayWh = columnValue(device, values, 'energy_today_wh');
  const rated = device.ratedPowerKw;
  const stateMeasure = measureByColumn(device, 'status_code');
  return {
    powerW: columnValue(device, values, 'power_w'),
    todayWh,
    totalWh: columnValue(device, values, 'energy_total_wh'),
    yieldHours: todayWh === null || rated === null || rated <= 0 ? null : todayWh / 1000 / rated,
    temperatureC: columnValue(device, values, 'temperature_c'),
    state:
      stateMeasure === undefined
        ? null
        : { measure: stateMeasure, value: values?.[stateMeasure.key] ?? null },
  };
}

// ---- Strings (MPPT inputs) ----------------------------------------------------------------------------

/** A string's current further than this from the inverter's median (share of the median) is highlighted. */
export const STRING_DEVIATION_LIMIT = 0.1;
/** Below this median current (A) there is too little light to compare strings. */
export const STRING_COMPARE_MIN_A = 0.5;

export interface StringRow {
  channel: number;
  voltage: { measure: DeviceMeasure | undefined; value: number | null };
  current: { measure: DeviceMeasure | undefined; value: number | null };
  power: { measure: DeviceMeasure | undefined; value: number | null };
  /** (current − median) ÷ median; null when not comparable. */
  deviation: number | null;
  /** |deviation| beyond STRING_DEVIATION_LIMIT. */
  deviates: boolean;
}

export interface StringComparison {
  rows: StringRow[];
  /** Median current of the strings shown, A; null without any current. */
  medianA: number | null;
  /** Whether the currents are compared (enough light). */
  compared: boolean;
}

/** The median of a non-empty list (the mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** MPPT channel → its V / I / P measures, from the mppt_* columns of the device's definition. */
function channelMeasures(device: Measures): Map<number, Partial<Record<'v' | 'i' | 'p', DeviceMeasure>>> {
  const byChannel = new Map<number, Partial<Record<'v' | 'i' | 'p', DeviceMeasure>>>();
  for (const measure of measuresOf(device)) {
    const target = columnTarget(measure.column);
    if (target?.kind !== 'mppt') continue;
    const slot = target.column === 'mppt_v' ? 'v' : target.column === 'mppt_i' ? 'i' : 'p';
    byChannel.set(target.channel, { ...byChannel.get(target.channel), [slot]: measure });
  }
  return byChannel;
}

/**
 * The strings in use and how their currents compare: a channel is shown when it reported a voltage or a
 * current lately (the detail's `mpptInUse`) or does now; channels with nothing connected are left out. Each
 * current is compared with the median of the shown strings (parallel strings under the same sky carry the
 * same current), unless there is too little light for a comparison to mean anything.
 */
export function compareStrings(
  device: Measures & Pick<DeviceDetail, 'mpptCount' | 'mpptInUse'>,
  values: Values,
): StringComparison {
  const measures = channelMeasures(device);
  const read = (m: DeviceMeasure | undefined) => ({ measure: m, value: numberOf(values, m?.key) });
  const shown = [...measures.keys()]
    .filter((channel) => channel <= device.mpptCount)
    .filter((channel) => {
      const m = measures.get(channel);
      const live = (numberOf(values, m?.v?.key) ?? 0) > 0 || (numberOf(values, m?.i?.key) ?? 0) > 0;
      return live || device.mpptInUse.includes(channel);
    })
    .sort((a, b) => a - b);
  const currents = shown
    .map((channel) => numberOf(values, measures.get(channel)?.i?.key))
    .filter((v): v is number => v !== null);
  const medianA = currents.length === 0 ? null : median(currents);
  const compared = medianA !== null && medianA >= STRING_COMPARE_MIN_A && shown.length > 1;
  const rows = shown.map((channel): StringRow => {
    const m = measures.get(channel) ?? {};
    const current = read(m.i);
    const deviation =
      compared && current.value !== null && medianA !== null ? (current.value - medianA) / medianA : null;
    return {
      channel,
      voltage: read(m.v),
      current,
      power: read(m.p),
      deviation,
      deviates: deviation !== null && Math.abs(deviation) > STRING_DEVIATION_LIMIT,
    };
  });
  return { rows, medianA, compared };
}

// ---- Battery ------------------------------------------------------------------------------------------

/** The register of the Sunfleet storage block that holds the work mode (SPEC §4 storage modes). */
export const WORK_MODE_KEY = 'WorkMode';

export interface BatteryFigures {
  socPct: number | null;
  /** As reported: + discharging (the storage block's sign). */
  powerW: number | null;
  direction: StorageDirection | null;
  chargeTotalWh: number | null;
  dischargeTotalWh: number | null;
  temperatureC: number | null;
  /** The work mode measure, when the definition has one, and its newest value. */
  mode: { measure: DeviceMeasure; value: number | string | null } | null;
  /** The charge status measure (status_code), when there is one, and its newest value. */
  state: { measure: DeviceMeasure; value: number | string | null } | null;
}

export function batteryFigures(device: Measures, values: Values): BatteryFigures {
  const powerW = columnValue(device, values, 'power_w');
  const modeMeasure = measuresOf(device).find((m) => m.key === WORK_MODE_KEY && m.values.length > 0);
  const stateMeasure = measureByColumn(device, 'status_code');
  return {
    socPct: columnValue(device, values, 'soc_pct'),
    powerW,
    direction: storageDirection(powerW),
    chargeTotalWh: columnValue(device, values, 'charge_total_wh'),
    dischargeTotalWh: columnValue(device, values, 'discharge_total_wh'),
    temperatureC: columnValue(device, values, 'temperature_c'),
    mode:
      modeMeasure === undefined ? null : { measure: modeMeasure, value: values?.[modeMeasure.key] ?? null },
    state:
      stateMeasure === undefined
        ? null
        : { measure: stateMeasure, value: values?.[stateMeasure.key] ?? null },
  };
}

// ---- Meter --------------------------------------------------------------------------------------------

/** A meter's headline figures; its power is positive while the site imports from the grid (SunSpec). */
export function meterFigures(
  device: Measures,
  values: Values,
): {
  importW: number | null;
  exportW: number | null;
  importWh: number | null;
  exportWh: number | null;
  voltageV: number | null;
  frequencyHz: number | null;
} {
  const w = columnValue(device, values, 'power_w');
  return {
    importW: w === null ? null : Math.max(0, w),
    exportW: w === null ? null : Math.max(0, -w),
    importWh: columnValue(device, values, 'import_total_wh'),
    exportWh: columnValue(device, values, 'export_total_wh'),
    voltageV: columnValue(device, values, 'grid_voltage_v'),
    frequencyHz: columnValue(device, values, 'grid_frequency_hz'),
  };
}
