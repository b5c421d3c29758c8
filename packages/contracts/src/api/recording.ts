// Fault recording (SPEC §3 "Fault recording", §4 "Recording", docs/recording.md): an inverter records chosen
// registers as waveforms — manually (POST /api/recording/start sends `recording.start`) or automatically
// when it faults (the logger sends a `recording` uplink, docs/protocol.md §5.4). One configuration body,
// its limits and the rules a form checks before sending, shared by the server and the console.
import { Type, type Static } from 'typebox';
import {
  CommandStates,
  RecordingDataTypes,
  RecordingSources,
  RecordingTriggers,
  type RecordingDataType,
} from '../protocol/protocol.js';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const RecordingLimits = {
  /** Channels one recording takes (the protocol's recording.start takes 1…8). */
  channelsMax: 8,
  /** Channel numbers of the device's recorder. */
  channelMin: 1,
  channelMax: 16,
  addressMax: 65_535,
  samplingPeriodMsMin: 1,
  samplingPeriodMsMax: 60_000,
  delayMsMax: 600_000,
  zoomMin: 0.000_001,
  zoomMax: 1_000_000,
  samplesMin: 10,
  samplesMax: 1_000,
  samplesDefault: 100,
  /** A level trigger compares the trigger register read as S16. */
  triggerLevelMin: -32_768,
  triggerLevelMax: 32_767,
  /** A recording command's time to live: a device that has not answered by then counts as failed. */
  commandTtlSeconds: 600,
} as const;

/** Rule keys of the configuration (locales in packages/contracts/locales/recording). */
export const RecordingMessage = {
  /** The device is not an inverter (only inverters have a fault recorder). */
  notInverter: 'recording.notInverter',
  /** The same channel number twice. */
  channelRepeated: 'recording.channelRepeated',
  /** A 32-bit channel (U32, F32) needs two registers: its address must leave room for the second. */
  addressOutOfRange: 'recording.addressOutOfRange',
  /** A level trigger needs its level. */
  triggerLevelRequired: 'recording.triggerLevelRequired',
  /** A fault trigger takes no level. */
  triggerLevelUnexpected: 'recording.triggerLevelUnexpected',
  /** Shown when the device accepted the recording (SPEC §8). */
  started: 'recording.started',
} as const;

/** SPEC §4: started by a user, or by the device itself on a fault (a device record). */
export const RecordingModes = ['MANUAL', 'AUTOMATIC'] as const;
export type RecordingMode = (typeof RecordingModes)[number];
/** RECORDING while the device has not answered, DONE with its waveforms, FAILED with its error. */
export const RecordingStates = ['RECORDING', 'DONE', 'FAILED'] as const;
export type RecordingState = (typeof RecordingStates)[number];

export const RecordingChannelConfig = Type.Object(
  {
    channel: Type.Integer({ minimum: RecordingLimits.channelMin, maximum: RecordingLimits.channelMax }),
    address: Type.Integer({ minimum: 0, maximum: RecordingLimits.addressMax, description: 'Data address' }),
    dataType: Type.Enum(RecordingDataTypes),
  },
  { additionalProperties: false },
);
export type RecordingChannelConfig = Static<typeof RecordingChannelConfig>;

export const RecordingStartBody = Type.Object(
  {
    deviceId: Id,
    source: Type.Enum(RecordingSources),
    trigger: Type.Enum(RecordingTriggers),
    /** The level of a LEVEL trigger (raw S16 value of the trigger register); absent for FAULT. */
    triggerLevel: Type.Optional(
      Type.Integer({ minimum: RecordingLimits.triggerLevelMin, maximum: RecordingLimits.triggerLevelMax }),
    ),
    channels: Type.Array(RecordingChannelConfig, { minItems: 1, maxItems: RecordingLimits.channelsMax }),
    samplingPeriodMs: Type.Integer({
      minimum: RecordingLimits.samplingPeriodMsMin,
      maximum: RecordingLimits.samplingPeriodMsMax,
    }),
    triggerAddress: Type.Integer({ minimum: 0, maximum: RecordingLimits.addressMax }),
    delayMs: Type.Integer({
      minimum: 0,
      maximum: RecordingLimits.delayMsMax,
      description: 'From the trigger to the first sample',
    }),
    zoom: Type.Number({
      minimum: RecordingLimits.zoomMin,
      maximum: RecordingLimits.zoomMax,
      description: 'Zoom factor: each raw sample is multiplied by it',
    }),
    samples: Type.Integer({
      minimum: RecordingLimits.samplesMin,
      maximum: RecordingLimits.samplesMax,
      description: 'Samples per channel',
    }),
  },
  { additionalProperties: false },
);
export type RecordingStartBody = Static<typeof RecordingStartBody>;

export interface RecordingRuleProblem {
  /** Path below the body, e.g. `channels[1].channel`. */
  field: string;
  rule: string;
  message: string;
}

const words = (dataType: RecordingDataType): number => (dataType === 'S16' ? 1 : 2);

/**
 * The rules of a configuration that its schema cannot say (the schema checks each field's type and range):
 * distinct channel numbers, room for a 32-bit channel's second register, and the level of a level trigger
 * (and none for a fault trigger). Empty when the configuration may be sent.
 */
export function recordingConfigProblems(
  config: Pick<RecordingStartBody, 'channels' | 'trigger' | 'triggerLevel'>,
): RecordingRuleProblem[] {
  const problems: RecordingRuleProblem[] = [];
  const seen = new Set<number>();
  config.channels.forEach((c, i) => {
    if (seen.has(c.channel))
      problems.push({
        field: `channels[${i}].channel`,
        rule: RecordingMessage.channelRepeated,
        message: `channel ${c.channel} is given twice`,
      });
    seen.add(c.channel);
    if (c.address + words(c.dataType) - 1 > RecordingLimits.addressMax)
      problems.push({
        field: `channels[${i}].address`,
        rule: RecordingMessage.addressOutOfRange,
        message: `a ${c.dataType} value needs registers ${c.address} and ${c.address + 1}`,
      });
  });
  if (config.trigger === 'LEVEL' && config.triggerLevel === undefined)
    problems.push({
      field: 'triggerLevel',
      rule: RecordingMessage.triggerLevelRequired,
      message: 'a LEVEL trigger needs triggerLevel',
    });
  if (config.trigger === 'FAULT' && config.triggerLevel !== undefined)
    problems.push({
      field: 'triggerLevel',
      rule: RecordingMessage.triggerLevelUnexpected,
      message: 'a FAULT trigger takes no triggerLevel',
    });
  return problems;
}

export const RecordingChannel = Type.Object({
  channel: Type.Integer(),
  address: Type.Integer(),
  dataType: Type.Enum(RecordingDataTypes),
  /** The values exactly as the device sent them (raw × zoom). */
  samples: Type.Array(Type.Number()),
});
export type RecordingChannel = Static<typeof RecordingChannel>;

export const RecordingView = Type.Object({
  id: Type.Integer(),
  deviceId: Type.Integer(),
  deviceSn: Type.String(),
  stationId: Nullable(Type.Integer()),
  mode: Type.Enum(RecordingModes),
  source: Type.Enum(RecordingSources),
  trigger: Type.Enum(RecordingTriggers),
  triggerLevel: Nullable(Type.Integer()),
  /** The fault code that triggered an automatic recording (the fault-code catalogue); null otherwise. */
  faultCode: Nullable(Type.Integer()),
  state: Type.Enum(RecordingStates),
  /** The recording.start command of a manual recording (null for automatic ones). */
  commandId: Nullable(Type.String({ format: 'uuid' })),
  commandState: Nullable(Type.Enum(CommandStates)),
  /** The device's error code when FAILED (e.g. illegal-address, unknown-device, expired). */
  error: Nullable(Type.String()),
  samplingPeriodMs: Type.Integer(),
  triggerAddress: Type.Integer(),
  delayMs: Type.Integer(),
  zoom: Type.Number(),
  samples: Type.Integer({ description: 'Samples per channel asked for (or recorded, for automatic ones)' }),
  /** What the device reported: the trigger register's value and when the first sample was taken (epoch ms). */
  triggerValue: Nullable(Type.Number()),
  startedAt: Nullable(Type.Integer()),
  createdAt: Type.Integer(),
  createdBy: Nullable(Type.String()),
  /** The configured channels with their samples (empty in pages, and until the device answered). */
  channels: Type.Array(RecordingChannel),
  /** Channel count as configured (also in pages). */
  channelCount: Type.Integer(),
});
export type RecordingView = Static<typeof RecordingView>;

export const RecordingPageQuery = Type.Object(
  {
    pageNum: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    stationId: Type.Optional(Id),
    deviceId: Type.Optional(Id),
    mode: Type.Optional(Type.Enum(RecordingModes)),
  },
  { additionalProperties: false },
);
export type RecordingPageQuery = Static<typeof RecordingPageQuery>;

export const RecordingIdParams = Type.Object({ id: Id }, { additionalProperties: false });
export type RecordingIdParams = Static<typeof RecordingIdParams>;

/**
 * The CSV export of a recording (docs/recording.md "Export"): a header `time_ms,ch<channel>_<address>_<type>…`,
 * then one line per sample: the time in ms from the first sample (k × sampling period) and each channel's
 * value exactly as the device sent it (JavaScript's shortest round-trip form), empty where a channel has
 * fewer samples. Lines end with CRLF (RFC 4180).
 */
export function recordingCsv(recording: Pick<RecordingView, 'samplingPeriodMs' | 'channels'>): string {
  const header = ['time_ms', ...recording.channels.map((c) => `ch${c.channel}_${c.address}_${c.dataType}`)];
  const rows = Math.max(0, ...recording.channels.map((c) => c.samples.length));
  const lines = [header.join(',')];
  for (let k = 0; k < rows; k++) {
    const values = recording.channels.map((c) => {
      const v = c.samples[k];
      return v === undefined ? '' : String(v);
    });
    lines.push([String(k * recording.samplingPeriodMs), ...values].join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Reads a recordingCsv export back: the time column and each column's numbers (NaN for an empty cell). */
export function parseRecordingCsv(text: string): { header: string[]; columns: number[][] } {
  const lines = text.split('\r\n').filter((l) => l !== '');
  const header = (lines[0] ?? '').split(',');
  const columns = header.map(() => [] as number[]);
  for (const line of lines.slice(1))
    line.split(',').forEach((cell, i) => columns[i]?.push(cell === '' ? Number.NaN : Number(cell)));
  return { header, columns };
}
