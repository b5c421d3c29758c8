// recording.start: fault recording (waveforms) per the recording configuration of SPEC §3.
// Params: channels [{channel 1…16, address, dataType S16 | U32 | F32}] (1…8), samplingPeriodMs (1…60000),
// triggerAddress, delayMs (0…600000, from the trigger to the first sample), zoom (the factor each raw
// sample is multiplied by, e.g. 0.1 for a register in 0.1 V), samples (10…1000 per channel, default 100).
// The simulated recorder triggers at once: each channel's raw register value (read as the given data
// type) is the level; AC quantities (phase voltages and currents) are recorded as their 50 Hz waveform
// (peak √2 × RMS, 120° between phases), everything else with the sensor's small seeded noise.
import { Rng, seedOf } from '../physics/random.js';
import { RegisterError } from '../devices/register-image.js';
import type { SimDevice } from '../devices/sim-device.js';
import {
  arrayParam,
  CommandError,
  deviceOf,
  intParam,
  isObject,
  numberParam,
  type CommandHandler,
} from './types.js';

import {
  RecordingDataTypes,
  RecordingSources,
  RecordingTriggers,
  type RecordingDataType,
} from '@sunfleet/contracts';

export interface RecordingChannelSpec {
  channel: number;
  address: number;
  dataType: RecordingDataType;
}

const MAX_TOTAL_SAMPLES = 8_000;
const PHASE_SHIFT: Record<string, number> = { A: 0, B: (-2 * Math.PI) / 3, C: (2 * Math.PI) / 3 };
const AC_KEY = /^(PhVph|PPVph|Aph)([ABC]{1,2})$|^(A|PhV)$/;

function parseChannel(value: unknown, index: number): RecordingChannelSpec {
  if (!isObject(value)) throw new CommandError('invalid-params', `channels[${index}] must be an object`);
  const dataType = value.dataType;
  if (!RecordingDataTypes.includes(dataType as RecordingDataType)) {
    throw new CommandError('invalid-params', `channels[${index}].dataType must be S16, U32 or F32`);
  }
  return {
    channel: intParam(value, 'channel', 1, 16),
    address: intParam(value, 'address', 0, 65_535),
    dataType: dataType as RecordingDataType,
  };
}

/** The raw value at an address, read as the channel's data type. */
export function rawValue(device: SimDevice, address: number, dataType: RecordingDataType): number {
  const words = device.read(address, dataType === 'S16' ? 1 : 2);
  const w0 = words[0] ?? 0;
  const w1 = words[1] ?? 0;
  switch (dataType) {
    case 'S16':
      return w0 >= 0x8000 ? w0 - 0x10000 : w0;
    case 'U32':
      return w0 * 0x10000 + w1;
    case 'F32': {
      const view = new DataView(new ArrayBuffer(4));
      view.setUint16(0, w0);
      view.setUint16(2, w1);
      const f = view.getFloat32(0);
      return Number.isFinite(f) ? f : 0;
    }
  }
}

function significant(value: number): number {
  return Number(value.toPrecision(6));
}

function enumParam<T extends string>(params: Record<string, unknown>, key: string, allowed: readonly T[]): T {
  const value = params[key] ?? allowed[0];
  if (!allowed.includes(value as T)) {
    throw new CommandError('invalid-params', `${key} must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

/**
 * The waveforms of `channels` as the recorder takes them: `samples` per channel every `periodMs` from
 * `delayMs` after the trigger (negative: before it), each raw value × `zoom`. `seedKey` makes the noise
 * repeatable per recording.
 */
export function recordWaveforms(
  subject: SimDevice,
  seed: string | number,
  seedKey: string,
  config: {
    channels: readonly RecordingChannelSpec[];
    periodMs: number;
    delayMs: number;
    zoom: number;
    samples: number;
  },
): (RecordingChannelSpec & { samples: number[] })[] {
  const { periodMs, delayMs, zoom, samples } = config;
  const hz = subject.value('Hz');
  const frequency = typeof hz === 'number' && hz > 0 ? hz : 50;
  const rng = new Rng(seedOf(seed, subject.sn, 'recording', seedKey));
  return config.channels.map((c) => {
    const level = rawValue(subject, c.address, c.dataType);
    const ac = AC_KEY.exec(subject.registerAt(c.address)?.key ?? '');
    const shift = PHASE_SHIFT[ac?.[2]?.[0] ?? 'A'] ?? 0;
    const values: number[] = [];
    for (let k = 0; k < samples; k++) {
      const t = (delayMs + k * periodMs) / 1_000;
      const raw = ac
        ? level * Math.SQRT2 * Math.sin(2 * Math.PI * frequency * t + shift)
        : level * (1 + 0.002 * rng.normal());
      values.push(significant(raw * zoom));
    }
    return { ...c, samples: values };
  });
}

export const recordingStart: CommandHandler = ({ request, device, target }) => {
  const subject = deviceOf({ request, device, target });
  const params = request.params;
  const channels = arrayParam(params, 'channels', 1, 8).map(parseChannel);
  if (new Set(channels.map((c) => c.channel)).size !== channels.length) {
    throw new CommandError('invalid-params', 'channel numbers must differ');
  }
  const periodMs = intParam(params, 'samplingPeriodMs', 1, 60_000);
  const triggerAddress = intParam(params, 'triggerAddress', 0, 65_535);
  const delayMs = intParam(params, 'delayMs', 0, 600_000, 0);
  const zoom = numberParam(params, 'zoom', 1e-6, 1e6, 1);
  const source = enumParam(params, 'source', RecordingSources);
  const trigger = enumParam(params, 'trigger', RecordingTriggers);
  const triggerLevel = trigger === 'LEVEL' ? intParam(params, 'triggerLevel', -32_768, 32_767) : undefined;
  if (trigger === 'FAULT' && params.triggerLevel !== undefined) {
    throw new CommandError('invalid-params', 'a FAULT trigger takes no triggerLevel');
  }
  const samples = Math.min(
    intParam(params, 'samples', 10, 1_000, 100),
    Math.floor(MAX_TOTAL_SAMPLES / channels.length),
  );
  let triggerValue: number;
  try {
    triggerValue = rawValue(subject, triggerAddress, 'S16');
    for (const c of channels) rawValue(subject, c.address, c.dataType);
  } catch (error) {
    if (error instanceof RegisterError) throw new CommandError(error.code, error.message);
    throw error;
  }
  const startedAt = target.now() + delayMs;
  const recorded = recordWaveforms(subject, target.seed, request.id, {
    channels,
    periodMs,
    delayMs,
    zoom,
    samples,
  });
  return {
    dev: subject.sn,
    source,
    trigger,
    ...(triggerLevel === undefined ? {} : { triggerLevel }),
    triggerAddress,
    triggerValue,
    startedAt,
    samplingPeriodMs: periodMs,
    zoom,
    channels: recorded,
  };
};
