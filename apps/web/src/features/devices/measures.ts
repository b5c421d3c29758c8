import {
  BUILT_IN_DEFINITIONS,
  BUILT_IN_MODELS,
  TelemetryColumns,
  type TelemetryColumn,
} from '@sunfleet/contracts';
import type { DeviceDetail } from './api';

/** A measure of the device that the history API stores in a telemetry column (charts, history table). */
export interface HistoryMeasure {
  /** Register key: the key of latest values and of the export. */
  key: string;
  /** The telemetry column /device/{id}/history answers it under. */
  column: TelemetryColumn;
  nameKey: string;
  unit: string | null;
}

const isColumn = (value: string | null): value is TelemetryColumn =>
  value !== null && (TelemetryColumns as readonly string[]).includes(value);

/**
 * Register key → telemetry column of a built-in model's definition (contracts sunspec-definitions).
 * GET /device/{id} does not say which column a measure is stored in, so models with their own
 * definitions have no mapping here (their history can still be exported).
 */
export function columnsOfModel(model: string): Map<string, TelemetryColumn> {
  const code = BUILT_IN_MODELS.find((m) => m.model === model)?.definitionCode;
  const definition = BUILT_IN_DEFINITIONS.find((d) => d.code === code);
  const map = new Map<string, TelemetryColumn>();
  for (const register of definition?.registers ?? []) {
    if (isColumn(register.column)) map.set(register.key, register.column);
  }
  return map;
}

/** The device's measures (display-group order) that have a history column. */
export function historyMeasuresOf(device: Pick<DeviceDetail, 'model' | 'groups'>): HistoryMeasure[] {
  const columns = columnsOfModel(device.model);
  const out: HistoryMeasure[] = [];
  for (const group of device.groups) {
    for (const measure of group.measures) {
      const column = columns.get(measure.key);
      if (column !== undefined && !out.some((m) => m.column === column))
        out.push({ key: measure.key, column, nameKey: measure.nameKey, unit: measure.unit });
    }
  }
  return out;
}

/** The measure shown first in the chart: active power when the device has it. */
export function defaultMeasure(measures: readonly HistoryMeasure[]): HistoryMeasure | undefined {
  return measures.find((m) => m.column === 'power_w') ?? measures[0];
}
