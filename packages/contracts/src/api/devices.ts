// One device (Step 3): its detail with the display groups of its model's protocol definition, and its
// raw history as an XLSX download. Measure keys are the register keys of that definition (W, WH, DCV_2…).
import { Type, type Static } from 'typebox';
import { MEASURE_KEY_PATTERN, DeviceTypes } from '../protocol/protocol.js';
import { RegisterValueLabel } from '../protocol/registers.js';
import { DEVICE_STATUS_CODES, DeviceRestSchema } from '../device-status.js';
import { TelemetryLimits } from './telemetry.js';

export const DeviceExportLimits = {
  /** Measures one export may name. */
  measuresMax: 64,
} as const;

/** enMsg keys of this area (texts in locales/stationDevices). */
export const DeviceMessage = {
  /** A measure the device's model does not have. */
  measureUnknown: 'stationDevices.measureUnknown',
  /** The device's model has no protocol definition, so it has no measures to export. */
  noMeasures: 'stationDevices.noMeasures',
} as const;

/** A string input counts as in use when it reported a voltage or current in this many days. */
export const MPPT_IN_USE_DAYS = 7;

const NullableString = Type.Union([Type.Null(), Type.String()]);
const NullableInt = Type.Union([Type.Null(), Type.Integer()]);

export const DeviceMeasure = Type.Object({
  key: Type.String({ description: 'Register key, the key of latest values and exports' }),
  nameKey: Type.String({ description: 'Translation key of the name, e.g. register.W' }),
  unit: NullableString,
  column: Type.Union([Type.Null(), Type.String()], {
    description:
      'Telemetry column the measure is stored in: one of /device/{id}/history (power_w…), an MPPT input (mppt_v[3]), or null for the jsonb rest',
  }),
  values: Type.Array(RegisterValueLabel, {
    description: 'Words for the values of an enumerated measure (states, modes); empty for plain measures',
  }),
});
export type DeviceMeasure = Static<typeof DeviceMeasure>;

export const DeviceGroup = Type.Object({
  key: Type.String(),
  nameKey: Type.String({ description: 'Translation key, e.g. displayGroup.ac' }),
  measures: Type.Array(DeviceMeasure),
});
export type DeviceGroup = Static<typeof DeviceGroup>;

export const DeviceDetail = Type.Object({
  id: Type.Integer(),
  sn: Type.String(),
  name: NullableString,
  deviceType: Type.Enum(DeviceTypes),
  model: Type.String(),
  modelId: NullableInt,
  firmware: NullableString,
  ratedPowerKw: Type.Union([Type.Null(), Type.Number()], { description: 'Inverters only' }),
  capacityKwh: Type.Union([Type.Null(), Type.Number()], { description: 'Batteries only' }),
  status: Type.Enum(DEVICE_STATUS_CODES),
  rest: DeviceRestSchema,
  stationId: NullableInt,
  stationName: NullableString,
  timeZone: Type.String({ description: "The station's time zone (UTC when unbound)" }),
  gatewayId: Type.Integer(),
  gatewaySn: Type.String(),
  lastSeenAt: Type.Union([Type.Null(), Type.String({ format: 'date-time' })]),
  unitId: Type.Integer({ description: 'Modbus unit address behind its logger' }),
  localControl: Type.Boolean({
    description:
      'The logger reports the device under local control (its site switch): it refuses writes from the cloud',
  }),
  manufacturer: NullableString,
  mpptCount: Type.Integer({ minimum: 0, description: 'MPPT channels of the model within its definition' }),
  mpptInUse: Type.Array(Type.Integer({ minimum: 1 }), {
    description: `MPPT channels (1…mpptCount) that reported a voltage or current above zero in the last ${String(
      MPPT_IN_USE_DAYS,
    )} days, ascending`,
  }),
  groups: Type.Array(DeviceGroup, { description: 'Display groups in their configured order' }),
});
export type DeviceDetail = Static<typeof DeviceDetail>;

export const DEVICE_MEASURES_PATTERN = `^${MEASURE_KEY_PATTERN.slice(1, -1)}(,${MEASURE_KEY_PATTERN.slice(1, -1)})*$`;

export const DeviceExportQuery = Type.Object(
  {
    from: Type.Integer({ minimum: 0, maximum: 9_999_999_999_999, description: 'Epoch ms, inclusive' }),
    to: Type.Integer({ minimum: 0, maximum: 9_999_999_999_999, description: 'Epoch ms, inclusive' }),
    measures: Type.Optional(
      Type.String({
        pattern: DEVICE_MEASURES_PATTERN,
        maxLength: 2_000,
        description:
          'Comma-separated measure keys of the device (default: every measure stored in its own column)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type DeviceExportQuery = Static<typeof DeviceExportQuery>;

/** Rows one export holds before its note row says it was cut. */
export const DEVICE_EXPORT_ROWS_MAX = TelemetryLimits.historyRowsMax;
