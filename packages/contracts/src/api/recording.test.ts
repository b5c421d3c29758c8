import { describe, expect, it } from 'vitest';
import {
  parseRecordingCsv,
  recordingConfigProblems,
  recordingCsv,
  RecordingMessage,
  type RecordingStartBody,
} from './recording.js';

const config = (extra: Partial<RecordingStartBody> = {}) => ({
  channels: [
    { channel: 1, address: 40_100, dataType: 'S16' as const },
    { channel: 2, address: 40_102, dataType: 'U32' as const },
  ],
  trigger: 'FAULT' as const,
  ...extra,
});

describe('recording configuration rules', () => {
  it('accepts a fault trigger without level and a level trigger with one', () => {
    expect(recordingConfigProblems(config())).toEqual([]);
    expect(recordingConfigProblems(config({ trigger: 'LEVEL', triggerLevel: -3 }))).toEqual([]);
  });

  it('names each broken rule with its field', () => {
    const problems = recordingConfigProblems(
      config({
        channels: [
          { channel: 3, address: 65_535, dataType: 'F32' },
          { channel: 3, address: 65_535, dataType: 'S16' },
        ],
        trigger: 'LEVEL',
      }),
    );
    expect(problems.map((p) => [p.field, p.rule])).toEqual([
      ['channels[0].address', RecordingMessage.addressOutOfRange],
      ['channels[1].channel', RecordingMessage.channelRepeated],
      ['triggerLevel', RecordingMessage.triggerLevelRequired],
    ]);
    expect(recordingConfigProblems(config({ triggerLevel: 0 })).map((p) => p.rule)).toEqual([
      RecordingMessage.triggerLevelUnexpected,
    ]);
  });
});

describe('recording CSV', () => {
  it('writes the time from the first sample and each value as sent, and reads back the same numbers', () => {
    const channels = [
      { channel: 1, address: 40_100, dataType: 'S16' as const, samples: [0, 325.269, -0.000123, 1e21] },
      { channel: 4, address: 40_102, dataType: 'F32' as const, samples: [0.1, 0.2] },
    ];
    const csv = recordingCsv({ samplingPeriodMs: 5, channels });
    expect(csv.split('\r\n').slice(0, 3)).toEqual([
      'time_ms,ch1_40100_S16,ch4_40102_F32',
      '0,0,0.1',
      '5,325.269,0.2',
    ]);
    const read = parseRecordingCsv(csv);
    expect(read.columns[0]).toEqual([0, 5, 10, 15]);
    expect(read.columns[1]).toEqual(channels[0]!.samples);
    expect(read.columns[2]!.slice(0, 2)).toEqual(channels[1]!.samples);
    expect(read.columns[2]!.slice(2).every(Number.isNaN)).toBe(true);
  });

  it('is a header alone while there are no waveforms', () => {
    expect(recordingCsv({ samplingPeriodMs: 1, channels: [] })).toBe('time_ms\r\n');
  });
});
