import { TelemetryColumns, type TelemetryColumn } from '@sunfleet/contracts';
import type { DeviceDetail, DeviceMeasure } from './api';

/** A measure of the device that the history API stores in a telemetry column (charts, history table). */
export interface HistoryMeasure {
  /** Register key: the key of latest values and of the export. */
  key: string;
  /** The telemetry column /device/{id}/history answers it under. */
  column: TelemetryColumn;
  nameKey: string;
  unit: string | null;
  /** Words of an enumerated measure's values (an operating state's history reads as words). */
  values: DeviceMeasure['values'];
}

const isColumn = (value: string | null): value is TelemetryColumn =>
  value !== null && (TelemetryColumns as readonly string[]).includes(value);

/**
 * The device's measures (display-group order) that have a history column: the column each measure's
 * protocol definition stores it in (GET /device/{id}), so models with their own definitions have charts
 * and history too. MPPT arrays and the jsonb rest are not history columns.
 */
export function historyMeasuresOf(device: Pick<DeviceDetail, 'groups'>): HistoryMeasure[] {
  const out: HistoryMeasure[] = [];
  for (const group of device.groups) {
    for (const measure of group.measures) {
      const column = measure.column;
      if (isColumn(column) && !out.some((m) => m.column === column))
        out.push({
          key: measure.key,
          column,
          nameKey: measure.nameKey,
          unit: measure.unit,
          values: measure.values,
        });
    }
  }
  return out;
}

/** The measure shown first in the chart: active power when the device has it. */
export function defaultMeasure(measures: readonly HistoryMeasure[]): HistoryMeasure | undefined {
  return measures.find((m) => m.column === 'power_w') ?? measures[0];
}
