// The logger protocol (docs/protocol.md): MQTT topics, payload schemas and limits, version 1.
// Loggers publish under `sf/v1/{sn}/up/…` and subscribe to `sf/v1/{sn}/down/#`; nothing else.
import { Type, type Static } from 'typebox';
import { PATTERNS } from '../rules/patterns.js';

export const PROTOCOL_VERSION = 1;
export const TOPIC_ROOT = 'sf';

/** Message kinds a logger publishes (the last topic levels after `up/`). */
export const UplinkKind = {
  hello: 'hello',
  telemetry: 'telemetry',
  alarm: 'alarm',
  commandResult: 'cmd/res',
  firmware: 'firmware',
  recording: 'recording',
} as const;
export type UplinkKind = (typeof UplinkKind)[keyof typeof UplinkKind];
export const UPLINK_KINDS: readonly UplinkKind[] = Object.values(UplinkKind);

/** Limits every message is checked against; a message beyond them goes to the dead-letter table. */
export const ProtocolLimits = {
  /** Largest payload accepted, in bytes (UTF-8 JSON). */
  maxPayloadBytes: 256 * 1024,
  /** Largest packet the embedded broker reads at all; bigger packets close the connection. */
  maxPacketBytes: 2 * 1024 * 1024,
  maxReadingsPerMessage: 1_000,
  maxValuesPerReading: 256,
  maxRawBlocksPerReading: 16,
  /** Registers in one raw block (SunSpec models fit; 125 is the Modbus read limit per request). */
  maxRegistersPerBlock: 512,
  maxDevicesPerHello: 64,
  maxAlarmsPerMessage: 200,
  maxStringValueLength: 64,
  /** Readings older than this are refused (dead letter "timestamp out of range"). */
  maxReadingAgeDays: 3 * 366,
  /** Readings further in the future than this (logger clock drift) are refused. */
  maxClockSkewSeconds: 10 * 60,
  /** Upload interval bounds (seconds) a logger may announce. */
  uploadIntervalMin: 5,
  uploadIntervalMax: 3_600,
  /** Bytes of a dead-lettered payload kept verbatim (the size and SHA-256 of the whole are always kept). */
  deadLetterKeepBytes: 64 * 1024,
} as const;

/** Topic a logger publishes a kind of message on. */
export function uplinkTopic(sn: string, kind: UplinkKind): string {
  return `${TOPIC_ROOT}/v${PROTOCOL_VERSION}/${sn}/up/${kind}`;
}

/** Topic the cloud publishes commands on for one logger. */
export function commandTopic(sn: string): string {
  return `${TOPIC_ROOT}/v${PROTOCOL_VERSION}/${sn}/down/cmd`;
}

/** The topic filters a logger may publish to / subscribe to (its ACL). */
export function loggerAcl(sn: string): { publish: string; subscribe: string } {
  return {
    publish: `${TOPIC_ROOT}/v${PROTOCOL_VERSION}/${sn}/up/#`,
    subscribe: `${TOPIC_ROOT}/v${PROTOCOL_VERSION}/${sn}/down/#`,
  };
}

/** Filter the ingest subscribes to on an external broker (each copy joins the same shared group). */
export const INGEST_SHARE_GROUP = 'sunfleet-ingest';
export const INGEST_TOPIC_FILTER = `${TOPIC_ROOT}/v${PROTOCOL_VERSION}/+/up/#`;

const SN_RE = new RegExp(PATTERNS.loggerSn);

/** Splits an uplink topic into logger SN and kind; null when the topic is not one of ours. */
export function parseUplinkTopic(topic: string): { sn: string; kind: UplinkKind } | null {
  const parts = topic.split('/');
  if (parts.length < 5 || parts[0] !== TOPIC_ROOT || parts[1] !== `v${PROTOCOL_VERSION}`) return null;
  if (parts[3] !== 'up') return null;
  const sn = parts[2] ?? '';
  if (!SN_RE.test(sn)) return null;
  const kind = parts.slice(4).join('/');
  return (UPLINK_KINDS as readonly string[]).includes(kind) ? { sn, kind: kind as UplinkKind } : null;
}

// ---------------------------------------------------------------------------------------------------
// Payloads. Every payload is a JSON object with `v` (protocol version). Unknown fields are refused so
// that a typo is visible (dead letter) instead of silently ignored.

export const DeviceTypes = ['GATEWAY', 'INVERTER', 'METER', 'BATTERY', 'WEATHER_STATION'] as const;
export type DeviceType = (typeof DeviceTypes)[number];

const Version = Type.Literal(PROTOCOL_VERSION);
/** Epoch milliseconds (UTC). */
const EpochMs = Type.Integer({ minimum: 0, maximum: 9_999_999_999_999 });
const DeviceSn = Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' });
const Model = Type.String({ minLength: 1, maxLength: 64 });
/** A measure key of the device's protocol definition (e.g. `W`, `WH`, `DCV_3`). */
export const MEASURE_KEY_PATTERN = '^[A-Za-z][A-Za-z0-9_]{0,47}$';

export const HelloDevice = Type.Object(
  {
    sn: DeviceSn,
    type: Type.Enum(['INVERTER', 'METER', 'BATTERY', 'WEATHER_STATION'] as const),
    model: Model,
    /** Modbus unit id behind the logger. */
    unitId: Type.Integer({ minimum: 1, maximum: 247 }),
    firmware: Type.Optional(Type.String({ maxLength: 32 })),
    /** Rated power in W (inverters), capacity in Wh (batteries). */
    ratedPower: Type.Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
    /**
     * True while the device is controlled on site (its remote-control switch is off): it refuses every
     * state-changing command with `local-control`. Absent = false.
     */
    localControl: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type HelloDevice = Static<typeof HelloDevice>;

export const HelloMessage = Type.Object(
  {
    v: Version,
    model: Model,
    firmware: Type.String({ minLength: 1, maxLength: 32 }),
    mac: Type.String({ pattern: '^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$' }),
    /** Signal strength in dBm (Wi-Fi/cellular); null on Ethernet. */
    signal: Type.Union([Type.Integer({ minimum: -150, maximum: 0 }), Type.Null()]),
    uploadInterval: Type.Integer({ minimum: 5, maximum: 3_600 }),
    devices: Type.Array(HelloDevice, { maxItems: 64 }),
  },
  { additionalProperties: false },
);
export type HelloMessage = Static<typeof HelloMessage>;

export const RawBlock = Type.Object(
  {
    /** First register address of the block (e.g. 40070 for the start of SunSpec model 103). */
    address: Type.Integer({ minimum: 0, maximum: 65_535 }),
    /** Register contents as hex, four hex digits per 16-bit register, big-endian. */
    hex: Type.String({ pattern: '^([0-9A-Fa-f]{4}){1,512}$' }),
  },
  { additionalProperties: false },
);
export type RawBlock = Static<typeof RawBlock>;

export const MeasureValue = Type.Union([Type.Number(), Type.String({ maxLength: 64 }), Type.Null()]);

export const Reading = Type.Object(
  {
    /** Device SN as announced in hello; the logger's own SN for its own measures. */
    dev: DeviceSn,
    ts: EpochMs,
    /** Decoded values keyed by measure key, in the definition's unit (after scaling). */
    values: Type.Optional(
      Type.Record(Type.String({ pattern: MEASURE_KEY_PATTERN }), MeasureValue, {
        maxProperties: 256,
      }),
    ),
    /** Raw register blocks, decoded by the server with the device model's definition. */
    raw: Type.Optional(Type.Array(RawBlock, { minItems: 1, maxItems: 16 })),
  },
  { additionalProperties: false },
);
export type Reading = Static<typeof Reading>;

export const TelemetryMessage = Type.Object(
  {
    v: Version,
    /** Per-logger message sequence number: +1 for every telemetry message, wraps at 2^32. */
    seq: Type.Integer({ minimum: 0, maximum: 4_294_967_295 }),
    /** True for messages uploaded from the logger's buffer after an outage. */
    backlog: Type.Optional(Type.Boolean()),
    readings: Type.Array(Reading, { minItems: 1, maxItems: 1_000 }),
  },
  { additionalProperties: false },
);
export type TelemetryMessage = Static<typeof TelemetryMessage>;

export const AlarmLevels = ['URGENT', 'IMPORTANT', 'COMMONLY', 'PROMPT'] as const;
export type AlarmLevel = (typeof AlarmLevels)[number];

export const AlarmRecord = Type.Object(
  {
    /** Logger-unique id of this record; a repeated id updates the same record (e.g. to set `end`). */
    id: Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,64}$' }),
    dev: DeviceSn,
    kind: Type.Union([Type.Literal('ALARM'), Type.Literal('EVENT')]),
    code: Type.Integer({ minimum: 0, maximum: 65_535 }),
    level: Type.Enum(AlarmLevels),
    start: EpochMs,
    end: Type.Optional(Type.Union([EpochMs, Type.Null()])),
    message: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type AlarmRecord = Static<typeof AlarmRecord>;

export const AlarmMessage = Type.Object(
  {
    v: Version,
    backlog: Type.Optional(Type.Boolean()),
    alarms: Type.Array(AlarmRecord, { minItems: 1, maxItems: 200 }),
  },
  { additionalProperties: false },
);
export type AlarmMessage = Static<typeof AlarmMessage>;

export const CommandStates = ['PENDING', 'SENT', 'ACKNOWLEDGED', 'DONE', 'FAILED', 'EXPIRED'] as const;
export type CommandState = (typeof CommandStates)[number];

/** Cloud → logger on `sf/v1/{sn}/down/cmd`. */
export const CommandRequest = Type.Object(
  {
    v: Version,
    id: Type.String({ format: 'uuid' }),
    /** A logger that has already executed this key answers with the stored result instead of re-running. */
    idempotencyKey: Type.String({ minLength: 1, maxLength: 64 }),
    name: Type.String({ pattern: '^[a-z][a-zA-Z0-9.]{0,47}$' }),
    /** Device SN the command addresses; absent for the logger itself. */
    dev: Type.Optional(DeviceSn),
    params: Type.Record(Type.String(), Type.Unknown()),
    /** Epoch ms after which the logger must not execute it. */
    expiresAt: EpochMs,
  },
  { additionalProperties: false },
);
export type CommandRequest = Static<typeof CommandRequest>;

/** Logger → cloud on `…/up/cmd/res`: ACKNOWLEDGED when accepted, then DONE or FAILED. */
export const CommandResult = Type.Object(
  {
    v: Version,
    id: Type.String({ format: 'uuid' }),
    state: Type.Union([
      Type.Literal('ACKNOWLEDGED'),
      Type.Literal('DONE'),
      Type.Literal('FAILED'),
      Type.Literal('EXPIRED'),
    ]),
    result: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { maxProperties: 256 })),
    error: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type CommandResult = Static<typeof CommandResult>;

export const FirmwareStages = [
  'DOWNLOADING',
  'VERIFYING',
  'APPLYING',
  'REBOOTING',
  'DONE',
  'FAILED',
] as const;
export type FirmwareStage = (typeof FirmwareStages)[number];

export const FirmwareProgress = Type.Object(
  {
    v: Version,
    /** The upgrade command's id. */
    id: Type.String({ format: 'uuid' }),
    dev: Type.Optional(DeviceSn),
    stage: Type.Enum(FirmwareStages),
    percent: Type.Integer({ minimum: 0, maximum: 100 }),
    version: Type.Optional(Type.String({ maxLength: 32 })),
    error: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type FirmwareProgress = Static<typeof FirmwareProgress>;

export const RecordingDataTypes = ['S16', 'U32', 'F32'] as const;
export type RecordingDataType = (typeof RecordingDataTypes)[number];
/** SPEC §4: the recorder of the master DSP or of the slave DSP. */
export const RecordingSources = ['MASTER_DSP', 'SLAVE_DSP'] as const;
export type RecordingSource = (typeof RecordingSources)[number];
/** SPEC §4: record on a fault, or when the trigger register reaches a level. */
export const RecordingTriggers = ['FAULT', 'LEVEL'] as const;
export type RecordingTrigger = (typeof RecordingTriggers)[number];

/**
 * Logger → cloud on `…/up/recording`: a fault recording the device made by itself (docs/protocol.md §5.4).
 * `id` is the logger's record id: the same id again is the same recording (stored once).
 */
export const RecordingUplink = Type.Object(
  {
    v: Version,
    id: Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,64}$' }),
    dev: DeviceSn,
    source: Type.Enum(RecordingSources),
    trigger: Type.Enum(RecordingTriggers),
    /** The fault code that triggered it (FAULT); absent for a level trigger. */
    faultCode: Type.Optional(Type.Integer({ minimum: 0, maximum: 65_535 })),
    /** The level of a LEVEL trigger. */
    triggerLevel: Type.Optional(Type.Integer({ minimum: -32_768, maximum: 32_767 })),
    triggerAddress: Type.Integer({ minimum: 0, maximum: 65_535 }),
    triggerValue: Type.Number(),
    /** When the first sample was taken. */
    startedAt: EpochMs,
    samplingPeriodMs: Type.Integer({ minimum: 1, maximum: 60_000 }),
    /** From the trigger to the first sample (negative: samples before the trigger). */
    delayMs: Type.Integer({ minimum: -600_000, maximum: 600_000 }),
    zoom: Type.Number({ minimum: 0.000_001, maximum: 1_000_000 }),
    channels: Type.Array(
      Type.Object(
        {
          channel: Type.Integer({ minimum: 1, maximum: 16 }),
          address: Type.Integer({ minimum: 0, maximum: 65_535 }),
          dataType: Type.Enum(RecordingDataTypes),
          samples: Type.Array(Type.Number(), { minItems: 1, maxItems: 1_000 }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 8 },
    ),
  },
  { additionalProperties: false },
);
export type RecordingUplink = Static<typeof RecordingUplink>;

/** Schema of each uplink kind, for the ingest's compiled validators. */
export const UplinkSchemas = {
  hello: HelloMessage,
  telemetry: TelemetryMessage,
  alarm: AlarmMessage,
  'cmd/res': CommandResult,
  firmware: FirmwareProgress,
  recording: RecordingUplink,
} as const;
