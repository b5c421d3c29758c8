// Step 5b remote operations (docs/remote.md): read and write a device's registers through its protocol
// definition, its storage mode and periods, a logger's protocol forwarding, factory reset, and the back
// office's batch register test. Every call sends commands over the command channel (docs/protocol.md §6)
// and answers with the device's result — or, when the device has not answered within the wait (25 s by
// default), with the commands and their state so far. Bad input answers 4000 and sends nothing.
import { Type, type Static } from 'typebox';
import { Limits } from '../limits.js';
import { PATTERNS } from '../rules/patterns.js';
import { CommandStates } from '../protocol/protocol.js';
import { RegisterDataTypes, RegisterValueLabel } from '../protocol/registers.js';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([Type.Null(), schema]);

export const RemoteLimits = {
  /**
   * How long a call waits for the device's answer unless REMOTE_ANSWER_WAIT_MS says otherwise: 25 s, so the
   * whole call answers within the 30 s the issue allows and before the console's request timeout
   * (Timing.requestTimeoutMs, SPEC §7) gives up on it.
   */
  answerWaitMsDefault: 25_000,
  /** The longest wait REMOTE_ANSWER_WAIT_MS may set (0 answers at once with the commands' state). */
  answerWaitMsMax: 120_000,
  /** Remote-operation commands expire after this long unanswered (the device then ignores them). */
  commandTtlSeconds: 300,
  /** Register changes per write request. */
  writesMax: 32,
  /** Registers one raw read may cover (the Modbus limit of one request). */
  readCountMax: 125,
  /** Registers one raw write may cover. */
  writeCountMax: 123,
  /** Devices per batch register test. */
  registerTestDevicesMax: 500,
  /** Registers (keys) per batch register test. */
  registerTestKeysMax: 64,
  storageModes: 5,
} as const;

/** enMsg keys of this area (texts in locales/remote); register values use the shared RuleMessage keys. */
export const RemoteMessage = {
  /** The device's model has no protocol definition: nothing to read or write by name. */
  noDefinition: 'remote.noDefinition',
  /** A key the device's protocol definition does not have. */
  unknownRegister: 'remote.unknownRegister',
  /** A display group none of the device's registers belong to. */
  unknownGroup: 'remote.unknownGroup',
  /**
   * Read (and the register map): group together with address/count, address without count (or count
   * without address), or both (or neither of) deviceId and gatewayId.
   */
  readTargetInvalid: 'remote.readTargetInvalid',
  /** Write: a change with both or neither of key and address, or both (or neither of) deviceId and gatewayId. */
  writeTargetInvalid: 'remote.writeTargetInvalid',
  /** Write: the register is read-only (or a raw address touches a read-only or unknown register). */
  notWritable: 'remote.notWritable',
  /** The same register twice in one write. */
  writeDuplicate: 'remote.writeDuplicate',
  /** The device is under local control (its site switch): the cloud does not write to it. 4003. */
  localControl: 'remote.localControl',
  /** Storage settings for a device that is not a battery. */
  notBattery: 'remote.notBattery',
  /** Factory reset: the typed confirmation is not the device's SN. */
  confirmMismatch: 'remote.confirmMismatch',
  /** Forwarding: the protocol's endpoint (url, or host and port) is missing or malformed. */
  forwardingEndpoint: 'remote.forwardingEndpoint',
  /** Batch register test: a device of another model, or one that is not reachable. */
  registerTestDevice: 'remote.registerTestDevice',
} as const;

// ---- Outcome: the commands a call sent and where they stand ------------------------------------------------

export const RemoteCommandRef = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  state: Type.Enum(CommandStates),
  /** The device's error code when FAILED (e.g. out-of-range, not-in-standby, local-control). */
  error: Nullable(Type.String()),
  /** The device's explanation (`result.detail`), when it gave one. */
  detail: Nullable(Type.String()),
});
export type RemoteCommandRef = Static<typeof RemoteCommandRef>;

const outcomeFields = {
  /**
   * DONE when every command is done; FAILED or EXPIRED as soon as one is; otherwise the least advanced
   * open state (PENDING, SENT, ACKNOWLEDGED): the device has not answered within the wait.
   */
  state: Type.Enum(CommandStates),
  commands: Type.Array(RemoteCommandRef),
};

export const RemoteOutcome = Type.Object(outcomeFields);
export type RemoteOutcome = Static<typeof RemoteOutcome>;

// ---- Registers --------------------------------------------------------------------------------------------

export const RemoteRegister = Type.Object({
  key: Type.String(),
  nameKey: Type.String(),
  group: Type.String(),
  address: Type.Integer(),
  count: Type.Integer(),
  dataType: Type.Enum(RegisterDataTypes),
  scale: Type.Integer(),
  unit: Type.String(),
  writable: Type.Boolean(),
  min: Nullable(Type.Number()),
  max: Nullable(Type.Number()),
  values: Type.Optional(Type.Array(RegisterValueLabel)),
  /** The decoded current value; null when not implemented, or not read (yet). */
  value: Nullable(Type.Union([Type.Number(), Type.String()])),
  /** The raw words as read, 4 hex digits per register; null when not read (yet). */
  hex: Nullable(Type.String()),
});
export type RemoteRegister = Static<typeof RemoteRegister>;

/** The registers of a device (or logger) by its protocol definition, without reading anything. */
export const RemoteRegisterMap = Type.Object({
  deviceId: Nullable(Type.Integer()),
  gatewayId: Type.Integer(),
  sn: Type.String(),
  definition: Nullable(Type.String()),
  localControl: Type.Boolean(),
  registers: Type.Array(RemoteRegister),
});
export type RemoteRegisterMap = Static<typeof RemoteRegisterMap>;

export const RegisterMapQuery = Type.Object(
  { deviceId: Type.Optional(Id), gatewayId: Type.Optional(Id) },
  { additionalProperties: false },
);
export type RegisterMapQuery = Static<typeof RegisterMapQuery>;

export const RegisterReadBody = Type.Object(
  {
    /** The device; or `gatewayId` instead for the logger's own registers. Exactly one. */
    deviceId: Type.Optional(Id),
    gatewayId: Type.Optional(Id),
    /** One display group; without group and address: every register of the definition. */
    group: Type.Optional(Type.String({ minLength: 1, maxLength: 48 })),
    /** A raw range instead of named registers (address and count together). */
    address: Type.Optional(Type.Integer({ minimum: 0, maximum: 65_535 })),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: RemoteLimits.readCountMax })),
  },
  { additionalProperties: false },
);
export type RegisterReadBody = Static<typeof RegisterReadBody>;

export const RegisterReadAnswer = Type.Object({
  ...outcomeFields,
  /** The named registers read (for a raw range: those lying wholly inside it), with their values. */
  registers: Type.Array(RemoteRegister),
  /** Raw range reads: the words read, 4 hex digits per register; null otherwise or not answered. */
  hex: Nullable(Type.String()),
});
export type RegisterReadAnswer = Static<typeof RegisterReadAnswer>;

export const RegisterWrite = Type.Object(
  {
    /** A register of the definition by key… */
    key: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    /** …or a raw address, whose value is 0x-prefixed hex of 4 digits per register. */
    address: Type.Optional(Type.Integer({ minimum: 0, maximum: 65_535 })),
    /**
     * Text as typed (numbers in the register's unit, e.g. "95.5"; strings; "192.168.1.10"; "1.2"), or a
     * number. Checked with the register-write rule (SPEC §5).
     */
    value: Type.Union([Type.String({ maxLength: 4 * RemoteLimits.writeCountMax + 2 }), Type.Number()]),
  },
  { additionalProperties: false },
);
export type RegisterWrite = Static<typeof RegisterWrite>;

export const RegisterWriteBody = Type.Object(
  {
    deviceId: Type.Optional(Id),
    gatewayId: Type.Optional(Id),
    writes: Type.Array(RegisterWrite, { minItems: 1, maxItems: RemoteLimits.writesMax }),
  },
  { additionalProperties: false },
);
export type RegisterWriteBody = Static<typeof RegisterWriteBody>;

export const RegisterWriteResult = Type.Object({
  key: Nullable(Type.String()),
  address: Type.Integer(),
  /** The value asked for (decoded form; hex for raw writes). */
  requested: Type.Union([Type.Number(), Type.String()]),
  /** The value read back after the write; null until read. */
  readBack: Nullable(Type.Union([Type.Number(), Type.String()])),
  /** True when the read-back equals the request; false = not applied (the device reverted or refused); null = not known yet. */
  applied: Nullable(Type.Boolean()),
});
export type RegisterWriteResult = Static<typeof RegisterWriteResult>;

export const RegisterWriteAnswer = Type.Object({
  ...outcomeFields,
  /** True when every write was read back as asked; false when one was not; null when not known yet. */
  applied: Nullable(Type.Boolean()),
  results: Type.Array(RegisterWriteResult),
});
export type RegisterWriteAnswer = Static<typeof RegisterWriteAnswer>;

// ---- Storage (SPEC §4 modes, §5 periods) ---------------------------------------------------------------------

/** SPEC §4 order, the WorkMode register's values 0…4. */
export const STORAGE_MODES = [
  'SELF_CONSUMPTION',
  'EMERGENCY_CHARGING',
  'FULL_FEED_IN',
  'PV_MODE',
  'TIME_SHARED',
] as const;
export type StorageMode = (typeof STORAGE_MODES)[number];

export const StoragePeriod = Type.Object(
  {
    start: Type.String({ pattern: PATTERNS.timeOfDay, description: 'HH:mm, the station’s local time' }),
    end: Type.String({ pattern: PATTERNS.timeOfDay, description: 'before start = runs past midnight' }),
    mode: Type.Enum(['CHARGE', 'DISCHARGE'] as const),
    powerW: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e7 })),
  },
  { additionalProperties: false },
);
export type StoragePeriod = Static<typeof StoragePeriod>;

export const StorageDeviceParams = Type.Object({ deviceId: Id }, { additionalProperties: false });
export type StorageDeviceParams = Static<typeof StorageDeviceParams>;

export const StorageSettingsBody = Type.Object(
  {
    mode: Type.Integer({ minimum: 0, maximum: RemoteLimits.storageModes - 1 }),
    /** Time-shared control's periods (sent with storage.timeSlots); at most 6, no overlap or duplicate. */
    periods: Type.Optional(Type.Array(StoragePeriod, { maxItems: Limits.timeSlots })),
  },
  { additionalProperties: false },
);
export type StorageSettingsBody = Static<typeof StorageSettingsBody>;

export const StorageSettings = Type.Object({
  ...outcomeFields,
  deviceId: Type.Integer(),
  /** The mode read from the device now (WorkMode register); null when it has not answered. */
  mode: Nullable(Type.Integer()),
  /** The periods last sent (a device does not report them back). */
  periods: Type.Array(StoragePeriod),
  /** What the cloud last asked, and the state of the command that carried it. */
  lastSent: Nullable(
    Type.Object({
      mode: Type.Integer(),
      periods: Type.Array(StoragePeriod),
      commandId: Nullable(Type.String({ format: 'uuid' })),
      state: Nullable(Type.Enum(CommandStates)),
      updatedAt: Type.Integer(),
    }),
  ),
  localControl: Type.Boolean(),
});
export type StorageSettings = Static<typeof StorageSettings>;

// ---- Protocol forwarding (SPEC §3) ---------------------------------------------------------------------------

export const FORWARDING_PROTOCOLS = ['HTTP', 'MQTT', 'TCP', 'OFF'] as const;
/** The serial speeds a logger's RS485 port offers (the literals of ForwardingConfig.baudRate, in order). */
export const BAUD_RATES = [1200, 2400, 4800, 9600, 19_200, 38_400, 57_600, 115_200] as const;
export const PARITIES = ['NONE', 'ODD', 'EVEN'] as const;

export const ForwardingConfig = Type.Object(
  {
    protocol: Type.Enum(FORWARDING_PROTOCOLS),
    /** HTTP: http(s)://…; MQTT: mqtt(s)://host:port/topic. */
    url: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    /** TCP: host name or IPv4 address, and port. */
    host: Type.Optional(Type.String({ minLength: 1, maxLength: 253 })),
    port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65_535 })),
    /** Seconds between forwarded copies (5…3600); absent = every upload. */
    uploadInterval: Type.Optional(Type.Integer({ minimum: 5, maximum: 3_600 })),
    /** The logger's RS485 port (1…4) the forwarded devices hang on. */
    serialPort: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
    baudRate: Type.Optional(
      Type.Union([
        Type.Literal(1200),
        Type.Literal(2400),
        Type.Literal(4800),
        Type.Literal(9600),
        Type.Literal(19_200),
        Type.Literal(38_400),
        Type.Literal(57_600),
        Type.Literal(115_200),
      ]),
    ),
    /** The check bit. */
    parity: Type.Optional(Type.Enum(PARITIES)),
    stopBits: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
    /** Seconds between polls of the devices (the acquisition frequency), 5…3600. */
    acquisitionInterval: Type.Optional(Type.Integer({ minimum: 5, maximum: 3_600 })),
  },
  { additionalProperties: false },
);
export type ForwardingConfig = Static<typeof ForwardingConfig>;

export const ForwardingGatewayParams = Type.Object({ gatewayId: Id }, { additionalProperties: false });
export type ForwardingGatewayParams = Static<typeof ForwardingGatewayParams>;

export const ForwardingSettings = Type.Object({
  gatewayId: Type.Integer(),
  /** The setting last sent; null when never set from the cloud. */
  config: Nullable(ForwardingConfig),
  commandId: Nullable(Type.String({ format: 'uuid' })),
  /** The state of the command that carried it: pending, applied (DONE) or failed. */
  state: Nullable(Type.Enum(CommandStates)),
  error: Nullable(Type.String()),
  updatedAt: Nullable(Type.Integer()),
});
export type ForwardingSettings = Static<typeof ForwardingSettings>;

export const ForwardingAnswer = Type.Object({ ...outcomeFields, config: ForwardingConfig });
export type ForwardingAnswer = Static<typeof ForwardingAnswer>;

// ---- Factory reset -----------------------------------------------------------------------------------------

export const FactoryResetBody = Type.Object(
  {
    deviceId: Id,
    /** Typed confirmation: the device's SN, exactly. */
    confirm: Type.String({ maxLength: 64 }),
  },
  { additionalProperties: false },
);
export type FactoryResetBody = Static<typeof FactoryResetBody>;

// ---- Batch register test (back office) ------------------------------------------------------------------------

export const RegisterTestBody = Type.Object(
  {
    /** The device model every device must have. */
    model: Type.String({ minLength: 1, maxLength: 64 }),
    deviceIds: Type.Array(Id, {
      minItems: 1,
      maxItems: RemoteLimits.registerTestDevicesMax,
      uniqueItems: true,
    }),
    /** Registers of the model's definition by key… */
    keys: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
        minItems: 1,
        maxItems: RemoteLimits.registerTestKeysMax,
        uniqueItems: true,
      }),
    ),
    /** …or a raw range. */
    address: Type.Optional(Type.Integer({ minimum: 0, maximum: 65_535 })),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: RemoteLimits.readCountMax })),
  },
  { additionalProperties: false },
);
export type RegisterTestBody = Static<typeof RegisterTestBody>;

export const RegisterTestRow = Type.Object({
  deviceId: Type.Integer(),
  deviceSn: Type.String(),
  gatewaySn: Type.String(),
  stationName: Nullable(Type.String()),
  state: Type.Enum(CommandStates),
  commandIds: Type.Array(Type.String({ format: 'uuid' })),
  error: Nullable(Type.String()),
  /** Decoded values by key (named registers), when answered. */
  values: Type.Record(Type.String(), Nullable(Type.Union([Type.Number(), Type.String()]))),
  /** Raw range: the words read. */
  hex: Nullable(Type.String()),
});
export type RegisterTestRow = Static<typeof RegisterTestRow>;

export const RegisterTestView = Type.Object({
  id: Type.String({ format: 'uuid' }),
  model: Type.String(),
  keys: Type.Array(Type.String()),
  address: Nullable(Type.Integer()),
  count: Nullable(Type.Integer()),
  createdAt: Type.Integer(),
  createdBy: Nullable(Type.String()),
  deviceCount: Type.Integer(),
  /** Devices per state. */
  done: Type.Integer(),
  failed: Type.Integer(),
  open: Type.Integer(),
  rows: Type.Array(RegisterTestRow),
});
export type RegisterTestView = Static<typeof RegisterTestView>;

export const RegisterTestIdParams = Type.Object(
  { id: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);
export type RegisterTestIdParams = Static<typeof RegisterTestIdParams>;
