// The fault recording form → request (docs/recording.md "Configuration rules"). The fields' ranges come
// from RecordingLimits (the same the server checks); the rules across fields from recordingConfigProblems,
// turned into the form's field errors before anything is sent. Pure.
import {
  RecordingLimits,
  recordingConfigProblems,
  type RecordingDataType,
  type RecordingSource,
  type RecordingStartBody,
  type RecordingTrigger,
} from '@sunfleet/contracts';

export interface RecordingChannelValues {
  channel: number;
  address: number;
  dataType: RecordingDataType;
}

export interface RecordingFormValues {
  source: RecordingSource;
  trigger: RecordingTrigger;
  triggerLevel?: number | null;
  channels: RecordingChannelValues[];
  samplingPeriodMs: number;
  triggerAddress: number;
  delayMs: number;
  zoom: number;
  samples: number;
}

/** A new form: the master DSP on a fault, one S16 channel, 1 ms × 100 samples, zoom 1. */
export const RECORDING_FORM_DEFAULTS: Omit<RecordingFormValues, 'channels' | 'triggerAddress'> = {
  source: 'MASTER_DSP',
  trigger: 'FAULT',
  samplingPeriodMs: 1,
  delayMs: 0,
  zoom: 1,
  samples: RecordingLimits.samplesDefault,
};

/** The request of the form (the level only with a level trigger). */
export function recordingBody(deviceId: number, values: RecordingFormValues): RecordingStartBody {
  const level = values.triggerLevel;
  return {
    deviceId,
    source: values.source,
    trigger: values.trigger,
    ...(values.trigger === 'LEVEL' && level !== null && level !== undefined ? { triggerLevel: level } : {}),
    channels: values.channels.map((c) => ({ channel: c.channel, address: c.address, dataType: c.dataType })),
    samplingPeriodMs: values.samplingPeriodMs,
    triggerAddress: values.triggerAddress,
    delayMs: values.delayMs,
    zoom: values.zoom,
    samples: values.samples,
  };
}

/** A form field path: `['channels', 1, 'channel']` for `channels[1].channel`. */
export type FieldPath = (string | number)[];

function pathOf(field: string): FieldPath {
  return field.split(/[.[\]]/).flatMap((part): (string | number)[] => {
    if (part === '') return [];
    return /^\d+$/.test(part) ? [Number(part)] : [part];
  });
}

/**
 * The rules across fields the form breaks, as field errors (translation keys), before sending. The level
 * field shows only with a level trigger, so a fault trigger's level is never sent.
 */
export function recordingFormErrors(
  deviceId: number,
  values: RecordingFormValues,
): { name: FieldPath; errors: string[] }[] {
  return recordingConfigProblems(recordingBody(deviceId, values)).map((p) => ({
    name: pathOf(p.field),
    errors: [p.rule],
  }));
}
