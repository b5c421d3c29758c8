// Device protocol definitions as data (Step 2b): register maps the decoder, the remote read/write screens
// and the simulator share. Nothing per-model is hard-coded in the server; a model points at a definition.
import { Type, type Static } from 'typebox';
import { MEASURE_KEY_PATTERN } from './protocol.js';

export const RegisterDataTypes = ['S16', 'U16', 'S32', 'U32', 'F32', 'STRING', 'VERSION', 'IP'] as const;
export type RegisterDataType = (typeof RegisterDataTypes)[number];

/** Registers (16-bit words) a data type occupies; STRING uses the register's own count. */
export const REGISTER_WORDS: Record<Exclude<RegisterDataType, 'STRING'>, number> = {
  S16: 1,
  U16: 1,
  S32: 2,
  U32: 2,
  F32: 2,
  VERSION: 1,
  IP: 2,
};

/**
 * Typed columns of the telemetry wide row. A register whose `column` names one of these lands there;
 * `mppt_v[n]`-style columns (n = 1…15) land in the MPPT arrays; everything else goes to the jsonb rest.
 */
export const TelemetryColumns = [
  'power_w',
  'energy_total_wh',
  'energy_today_wh',
  'import_total_wh',
  'export_total_wh',
  'charge_total_wh',
  'discharge_total_wh',
  'soc_pct',
  'grid_voltage_v',
  'grid_frequency_hz',
  'temperature_c',
  'irradiance_wm2',
  'ambient_temp_c',
  'module_temp_c',
  'wind_speed_ms',
  'status_code',
] as const;
export type TelemetryColumn = (typeof TelemetryColumns)[number];
export const MpptColumns = ['mppt_v', 'mppt_i', 'mppt_p'] as const;
export type MpptColumn = (typeof MpptColumns)[number];
export const MPPT_CHANNELS_MAX = 15;

/** `power_w`, or `mppt_v[3]` (channel 1…15). */
export const COLUMN_PATTERN = `^(${TelemetryColumns.join('|')}|(${MpptColumns.join('|')})\\[([1-9]|1[0-5])\\])$`;

/** Value labels a register may carry: at most this many per register. */
export const REGISTER_VALUE_LABELS_MAX = 64;

/**
 * One label of an enumerated register (an operating state, a mode, an on/off switch): the raw value and
 * the translation key of its word, e.g. `{ value: 4, nameKey: 'registerValue.St.4' }` → "MPPT (producing)".
 */
export const RegisterValueLabel = Type.Object(
  {
    value: Type.Integer({ minimum: -2_147_483_648, maximum: 4_294_967_295 }),
    nameKey: Type.String({ minLength: 1, maxLength: 100 }),
  },
  { additionalProperties: false },
);
export type RegisterValueLabel = Static<typeof RegisterValueLabel>;

export const RegisterDefinition = Type.Object(
  {
    /** Measure key used in telemetry `values` and the latest-values table. */
    key: Type.String({ pattern: MEASURE_KEY_PATTERN }),
    /** Translation key of the display name. */
    nameKey: Type.String({ minLength: 1, maxLength: 100 }),
    address: Type.Integer({ minimum: 0, maximum: 65_535 }),
    /** 16-bit registers occupied. */
    count: Type.Integer({ minimum: 1, maximum: 64 }),
    dataType: Type.Enum(RegisterDataTypes),
    /** Power-of-ten scale applied to integers (value = raw × 10^scale), e.g. -1 for 0.1 V. */
    scale: Type.Integer({ minimum: -6, maximum: 6 }),
    unit: Type.String({ maxLength: 16 }),
    /** Display group key (the back-office "Display group" screen). */
    group: Type.String({ minLength: 1, maxLength: 48 }),
    writable: Type.Boolean(),
    // null first: the API's Ajv coerces types, and in an anyOf it would turn null into 0 for a number first.
    min: Type.Union([Type.Null(), Type.Number()]),
    max: Type.Union([Type.Null(), Type.Number()]),
    /** Wide-row column, or null for the jsonb rest. */
    column: Type.Union([Type.Null(), Type.String({ pattern: COLUMN_PATTERN })]),
    /**
     * Words for the values of an enumerated register (states, modes, switches); absent for measures. A
     * value without a label is shown as the number, marked unknown.
     */
    values: Type.Optional(Type.Array(RegisterValueLabel, { maxItems: REGISTER_VALUE_LABELS_MAX })),
  },
  { additionalProperties: false },
);
export type RegisterDefinition = Static<typeof RegisterDefinition>;

/**
 * SunSpec inverter operating states (models 101–103 and 111–113, point `St`), the values of the typed
 * `status_code` column: what the simulator's inverters report and what the status rules read.
 */
export const InverterState = {
  OFF: 1,
  SLEEPING: 2,
  STARTING: 3,
  MPPT: 4,
  THROTTLED: 5,
  SHUTTING_DOWN: 6,
  FAULT: 7,
  STANDBY: 8,
} as const;
export type InverterState = (typeof InverterState)[keyof typeof InverterState];
