// Read APIs over the device data (Step 2b): latest values, raw history for charts, hour/day/month rollups,
// station status, packet loss per logger and day, alarm records — and the command channel to loggers.
// Beyond the schemas the server checks date validity and range lengths (messages below).
import { Type, type Static } from 'typebox';
import { AlarmLevels, CommandStates, type CommandState } from '../protocol/protocol.js';
import { TelemetryColumns } from '../protocol/registers.js';
import { PageQueryFields } from './paging.js';
import { DEVICE_STATUS_CODES, DeviceRestSchema, STATION_STATUS_CODES } from '../device-status.js';
import { Perm, type PermCode } from '../permissions.js';

export const TelemetryLimits = {
  /** Raw history: days per request. */
  historyDaysMax: 31,
  /** Raw history: rows per request; the answer says `truncated` when more matched. */
  historyRowsMax: 20_000,
  rollupHourDaysMax: 31,
  rollupDayDaysMax: 366,
  rollupMonthMonthsMax: 120,
  lossDaysMax: 366,
  /** Command time to live, seconds. */
  commandTtlMin: 10,
  commandTtlMax: 86_400,
  /** Serialised command parameters, bytes. */
  commandParamsBytesMax: 16 * 1024,
  /** A SENT command not acknowledged within this is sent again (while unexpired). */
  commandResendAfterSeconds: 30,
} as const;

/** enMsg keys of this area (texts in locales/telemetry). */
export const TelemetryApiMessage = {
  /** from/to (or startDate/endDate) the wrong way round. */
  rangeInvalid: 'telemetry.rangeInvalid',
  /** A YYYY-MM-DD that is not a calendar date (2026-02-30). */
  dateInvalid: 'telemetry.dateInvalid',
  historyRangeTooLong: 'telemetry.historyRangeTooLong',
  hourRangeTooLong: 'telemetry.hourRangeTooLong',
  dayRangeTooLong: 'telemetry.dayRangeTooLong',
  monthRangeTooLong: 'telemetry.monthRangeTooLong',
  lossRangeTooLong: 'telemetry.lossRangeTooLong',
  /** The command's device is not behind the command's logger. */
  commandDeviceNotOnGateway: 'command.deviceNotOnGateway',
  commandParamsTooLarge: 'command.paramsTooLarge',
  /** Retry of a command that has not failed or expired (texts in locales/commands). */
  commandRetryNotEnded: 'command.retryNotEnded',
} as const;

const Id = Type.Integer({ minimum: 1 });
const EpochMs = Type.Integer({ minimum: 0, maximum: 9_999_999_999_999, description: 'Epoch milliseconds' });
const NullableNumber = Type.Union([Type.Number(), Type.Null()]);
const NullableEpochMs = Type.Union([Type.Integer(), Type.Null()]);
const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const MeasureValues = Type.Record(Type.String(), Type.Union([Type.Number(), Type.String(), Type.Null()]));

// ---- Latest values and history ------------------------------------------------------------------------

export const DeviceLatest = Type.Object({
  deviceId: Type.Integer(),
  ts: Type.Union([EpochMs, Type.Null()], {
    description: 'Time of the newest reading; null before the first',
  }),
  values: MeasureValues,
  status: Type.Enum(DEVICE_STATUS_CODES),
  rest: DeviceRestSchema,
});
export type DeviceLatest = Static<typeof DeviceLatest>;

export const HISTORY_COLUMNS_PATTERN = `^(${TelemetryColumns.join('|')})(,(${TelemetryColumns.join('|')}))*$`;

export const DeviceHistoryQuery = Type.Object(
  {
    from: EpochMs,
    to: EpochMs,
    columns: Type.Optional(
      Type.String({
        pattern: HISTORY_COLUMNS_PATTERN,
        maxLength: 400,
        description: `Comma-separated telemetry columns (default all): ${TelemetryColumns.join(', ')}`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type DeviceHistoryQuery = Static<typeof DeviceHistoryQuery>;

export const DeviceHistory = Type.Object({
  deviceId: Type.Integer(),
  from: Type.Integer(),
  to: Type.Integer(),
  columns: Type.Array(Type.String()),
  /** One row per stored reading, oldest first; missing readings stay missing (no filling). */
  rows: Type.Array(Type.Object({ ts: Type.Integer(), values: Type.Record(Type.String(), NullableNumber) })),
  truncated: Type.Boolean({
    description: `True when more than ${TelemetryLimits.historyRowsMax} rows matched`,
  }),
});
export type DeviceHistory = Static<typeof DeviceHistory>;

// ---- Rollups ---------------------------------------------------------------------------------------------

export const ROLLUP_PERIODS = ['hour', 'day', 'month'] as const;
export type RollupPeriod = (typeof ROLLUP_PERIODS)[number];

export const RollupQuery = Type.Object(
  {
    period: Type.Enum(ROLLUP_PERIODS),
    from: LocalDate,
    to: LocalDate,
  },
  { additionalProperties: false, description: 'Local dates of the station, both inclusive' },
);
export type RollupQuery = Static<typeof RollupQuery>;

const rollupMeasures = {
  /** Hour: local start with offset (2026-10-25T02:00:00+01:00); day: YYYY-MM-DD; month: YYYY-MM. */
  bucket: Type.String(),
  start: Type.Integer({ description: 'Epoch ms the bucket starts at' }),
  energyKwh: Type.Number(),
  peakPowerW: NullableNumber,
  chargeKwh: Type.Number(),
  dischargeKwh: Type.Number(),
  importKwh: Type.Number(),
  exportKwh: Type.Number(),
  samples: Type.Integer(),
};
export const DeviceRollupRow = Type.Object(rollupMeasures);
export type DeviceRollupRow = Static<typeof DeviceRollupRow>;
export const StationRollupRow = Type.Object({
  ...rollupMeasures,
  yieldKwhKwp: NullableNumber,
  income: Type.Number(),
  currency: Type.String(),
});
export type StationRollupRow = Static<typeof StationRollupRow>;

export const DeviceRollup = Type.Object({
  deviceId: Type.Integer(),
  period: Type.Enum(ROLLUP_PERIODS),
  timeZone: Type.String(),
  rows: Type.Array(DeviceRollupRow),
});
export type DeviceRollup = Static<typeof DeviceRollup>;
export const StationRollup = Type.Object({
  stationId: Type.Integer(),
  period: Type.Enum(ROLLUP_PERIODS),
  timeZone: Type.String(),
  currency: Type.String(),
  rows: Type.Array(StationRollupRow),
});
export type StationRollup = Static<typeof StationRollup>;

// ---- Station status --------------------------------------------------------------------------------------

export const StationStatusSummary = Type.Object({
  stationId: Type.Integer(),
  status: Type.Enum(STATION_STATUS_CODES),
  gateways: Type.Object({
    normal: Type.Integer(),
    fault: Type.Integer(),
    offline: Type.Integer(),
    other: Type.Integer(),
  }),
  devices: Type.Object({
    running: Type.Integer(),
    fault: Type.Integer(),
    offline: Type.Integer(),
    other: Type.Integer(),
  }),
});
export type StationStatusSummary = Static<typeof StationStatusSummary>;

// ---- Packet loss (SPEC §7 GET /station/lossPacket/gateway/data) ------------------------------------------

export const PacketLossQuery = Type.Object(
  { gatewayId: Id, startDate: LocalDate, endDate: LocalDate },
  { additionalProperties: false, description: 'UTC days of the data, both inclusive' },
);
export type PacketLossQuery = Static<typeof PacketLossQuery>;

const lossFigures = {
  received: Type.Integer({ description: 'Telemetry messages received (each sequence number once)' }),
  expected: Type.Integer({ description: 'received + lost' }),
  lost: Type.Integer({ description: 'Sequence numbers never received' }),
  duplicates: Type.Integer({ description: 'Repeated deliveries of a sequence number already received' }),
  lossRate: Type.Number({ description: 'lost ÷ expected, 0…1 (0 when nothing was expected)' }),
};
export const PacketLossDay = Type.Object({ day: Type.String(), ...lossFigures });
export type PacketLossDay = Static<typeof PacketLossDay>;
export const PacketLoss = Type.Object({
  gatewayId: Type.Integer(),
  /** Days with data only; a day without any message is absent, not zero. */
  days: Type.Array(PacketLossDay),
  total: Type.Object(lossFigures),
});
export type PacketLoss = Static<typeof PacketLoss>;

// ---- Alarms ---------------------------------------------------------------------------------------------

/** OPEN: not acknowledged, not cleared; ACKNOWLEDGED: acknowledged, not cleared; CLEARED: ended. */
export const AlarmStates = ['OPEN', 'ACKNOWLEDGED', 'CLEARED'] as const;
export type AlarmState = (typeof AlarmStates)[number];
export const AlarmSources = ['LOGGER', 'RULE'] as const;
export const AlarmClearedBy = ['DEVICE', 'RULE', 'USER'] as const;
export const AlarmSortFields = ['startedAt', 'level', 'code', 'lastSeenAt'] as const;
export const AlarmDeviceTypes = ['GATEWAY', 'INVERTER', 'METER', 'BATTERY', 'WEATHER_STATION'] as const;

export const AlarmQuery = Type.Object(
  {
    ...PageQueryFields,
    stationId: Type.Optional(Id),
    gatewayId: Type.Optional(Id),
    deviceId: Type.Optional(Id),
    level: Type.Optional(Type.Enum(AlarmLevels)),
    kind: Type.Optional(
      Type.Enum(['ALARM', 'EVENT'] as const, { description: 'ALARM: faults and warnings; EVENT: notes' }),
    ),
    open: Type.Optional(Type.Boolean({ description: 'true: not ended yet; false: ended' })),
    state: Type.Optional(Type.Enum(AlarmStates)),
    source: Type.Optional(Type.Enum(AlarmSources)),
    deviceType: Type.Optional(
      Type.Enum(AlarmDeviceTypes, {
        description: "GATEWAY: alarms of loggers themselves; else the device's type",
      }),
    ),
    code: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
    from: Type.Optional({ ...EpochMs, description: 'Started at or after (epoch ms)' }),
    to: Type.Optional({ ...EpochMs, description: 'Started before (epoch ms)' }),
    sort: Type.Optional(Type.Enum(AlarmSortFields, { description: 'Default startedAt' })),
    order: Type.Optional(Type.Enum(['asc', 'desc'] as const, { description: 'Default desc' })),
  },
  { additionalProperties: false },
);
export type AlarmQuery = Static<typeof AlarmQuery>;

export const AlarmItem = Type.Object({
  id: Type.Integer(),
  gatewayId: Type.Integer(),
  gatewaySn: Type.String(),
  deviceId: Type.Union([Type.Integer(), Type.Null()]),
  deviceSn: Type.Union([Type.String(), Type.Null()]),
  deviceType: Type.Enum(AlarmDeviceTypes, { description: 'GATEWAY for alarms of the logger itself' }),
  stationId: Type.Union([Type.Integer(), Type.Null()]),
  stationName: Type.Union([Type.String(), Type.Null()]),
  timeZone: Type.String({
    description: "The station's time zone, the one its alarm times are shown in (UTC when unbound)",
  }),
  kind: Type.Enum(['ALARM', 'EVENT'] as const),
  code: Type.Integer(),
  level: Type.Enum(AlarmLevels),
  message: Type.Union([Type.String(), Type.Null()]),
  startedAt: Type.Integer(),
  endedAt: NullableEpochMs,
  open: Type.Boolean(),
  // The fault-code catalogue's text for this code on this device, in the caller's language (English where
  // that language has none); an unknown code has known false and null texts, and is listed all the same.
  known: Type.Boolean({ description: 'The fault-code catalogue has an entry for this code on this device' }),
  description: Type.Union([Type.String(), Type.Null()]),
  cause: Type.Union([Type.String(), Type.Null()]),
  handling: Type.Union([Type.String(), Type.Null()]),
  source: Type.Enum(AlarmSources),
  ruleId: Type.Union([Type.Integer(), Type.Null()]),
  state: Type.Enum(AlarmStates),
  acknowledgedAt: NullableEpochMs,
  acknowledgedBy: Type.Union([Type.String(), Type.Null()], { description: 'User name' }),
  ackNote: Type.Union([Type.String(), Type.Null()]),
  clearedBy: Type.Union([Type.Enum(AlarmClearedBy), Type.Null()]),
  clearedByUser: Type.Union([Type.String(), Type.Null()], { description: 'User name when cleared by hand' }),
  clearReason: Type.Union([Type.String(), Type.Null()]),
  repeatCount: Type.Integer({ minimum: 0 }),
  lastSeenAt: Type.Integer(),
  snoozedUntil: NullableEpochMs,
  escalatedAt: NullableEpochMs,
  inMaintenance: Type.Boolean(),
  flapping: Type.Boolean(),
  read: Type.Boolean({ description: 'Read by the caller' }),
});
export type AlarmItem = Static<typeof AlarmItem>;

// ---- Commands -------------------------------------------------------------------------------------------

export const COMMAND_NAME_PATTERN = '^[a-z][a-zA-Z0-9.]{0,47}$';

/**
 * The permission an operation needs besides command:send when the command centre sends it again (the
 * remote operations check the same one when they first send it); other names need command:send only.
 */
const COMMAND_PERMISSIONS: Readonly<Record<string, PermCode>> = {
  'register.read': Perm.registerRead,
  'register.write': Perm.registerWrite,
  'storage.mode': Perm.storageUpdate,
  'storage.timeSlots': Perm.storageUpdate,
  'forwarding.set': Perm.forwardingUpdate,
  'device.factoryReset': Perm.deviceFactoryReset,
  'acCouple.set': Perm.acCoupleUpdate,
  'iv.scan': Perm.ivScan,
  'recording.start': Perm.recordingStart,
};

export function commandPermission(name: string): PermCode {
  if (Object.prototype.hasOwnProperty.call(COMMAND_PERMISSIONS, name)) {
    const perm = COMMAND_PERMISSIONS[name];
    if (perm !== undefined) return perm;
  }
  if (name.startsWith('storage.')) return Perm.storageUpdate;
  return Perm.commandSend;
}

/**
 * Commands that only read from a device: a device under local control still answers them (docs/protocol.md
 * §6.1 "Local control"); it refuses every other with `local-control`.
 */
export const READ_ONLY_COMMANDS: readonly string[] = ['register.read', 'iv.scan', 'recording.start'];

/** True when the command changes a device's state (refused while the device is under local control). */
export const commandChangesDevice = (name: string): boolean => !READ_ONLY_COMMANDS.includes(name);

/** Command states the command centre may send again (POST /api/command/{id}/retry). */
/** States of a command still under way: it may be sent, answered, or expire. */
export const OPEN_COMMAND_STATES: readonly CommandState[] = ['PENDING', 'SENT', 'ACKNOWLEDGED'];
export const RETRYABLE_COMMAND_STATES: readonly CommandState[] = ['FAILED', 'EXPIRED'];
export const IDEMPOTENCY_KEY_PATTERN = '^[A-Za-z0-9_.:-]{1,64}$';

export const CommandCreateBody = Type.Object(
  {
    gatewayId: Id,
    deviceId: Type.Optional(Id),
    name: Type.String({ pattern: COMMAND_NAME_PATTERN, description: 'e.g. register.write, mode.set' }),
    params: Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 64 }),
    ttlSeconds: Type.Integer({
      minimum: TelemetryLimits.commandTtlMin,
      maximum: TelemetryLimits.commandTtlMax,
    }),
    idempotencyKey: Type.String({
      pattern: IDEMPOTENCY_KEY_PATTERN,
      description: 'Chosen by the client; the same key on the same logger answers the existing command',
    }),
  },
  { additionalProperties: false },
);
export type CommandCreateBody = Static<typeof CommandCreateBody>;

export const CommandIdParams = Type.Object(
  { id: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);
export type CommandIdParams = Static<typeof CommandIdParams>;

export const CommandQuery = Type.Object(
  {
    ...PageQueryFields,
    gatewayId: Type.Optional(Id),
    state: Type.Optional(Type.Enum(CommandStates)),
    // The command centre's filters (Step 5b).
    stationId: Type.Optional(Id),
    deviceId: Type.Optional(Id),
    /** Who asked. */
    userId: Type.Optional(Id),
    name: Type.Optional(Type.String({ pattern: COMMAND_NAME_PATTERN })),
  },
  { additionalProperties: false },
);
export type CommandQuery = Static<typeof CommandQuery>;

export const FirmwareProgressView = Type.Object({
  stage: Type.String(),
  percent: Type.Integer(),
  version: Type.Union([Type.String(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.Integer(),
});

export const CommandView = Type.Object({
  id: Type.String({ format: 'uuid' }),
  gatewayId: Type.Integer(),
  gatewaySn: Type.String(),
  deviceId: Type.Union([Type.Integer(), Type.Null()]),
  deviceSn: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  params: Type.Record(Type.String(), Type.Unknown()),
  idempotencyKey: Type.String(),
  state: Type.Enum(CommandStates),
  createdBy: Type.Union([Type.String(), Type.Null()]),
  createdByUserId: Type.Union([Type.Integer(), Type.Null()]),
  stationId: Type.Union([Type.Integer(), Type.Null()]),
  stationName: Type.Union([Type.String(), Type.Null()]),
  /** The command this one retries (POST /api/command/{id}/retry), if any. */
  retryOf: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  createdAt: Type.Integer(),
  expiresAt: Type.Integer(),
  sentAt: NullableEpochMs,
  acknowledgedAt: NullableEpochMs,
  finishedAt: NullableEpochMs,
  result: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  firmware: Type.Union([FirmwareProgressView, Type.Null()]),
});
export type CommandView = Static<typeof CommandView>;
