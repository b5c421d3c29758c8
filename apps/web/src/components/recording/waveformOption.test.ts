import { describe, expect, it } from 'vitest';
import { sampleTimeMs, waveformOption } from './waveformOption';

const recording = {
  delayMs: -2,
  samplingPeriodMs: 2,
  channels: [
    { channel: 1, address: 40_100, dataType: 'S16' as const, samples: [1, 2, 3] },
    { channel: 3, address: 40_104, dataType: 'F32' as const, samples: [0.5, 0.25, 0.125] },
  ],
};
const texts = { time: 'ms', trigger: 'Trigger' };

describe('the waveform chart', () => {
  it('draws every channel against the time from the trigger, with the samples as sent', () => {
    const option = waveformOption(recording, texts) as { series: { name: string; data: number[][] }[] };
    expect(option.series.map((s) => s.name)).toEqual(['CH1 · 40100 · S16', 'CH3 · 40104 · F32']);
    expect(option.series[1]!.data).toEqual([
      [-2, 0.5],
      [0, 0.25],
      [2, 0.125],
    ]);
    expect(sampleTimeMs(recording, 2)).toBe(2);
  });

  it('marks the trigger at 0 and keeps it in sight when the first sample comes after it', () => {
    const later = waveformOption({ ...recording, delayMs: 10 }, texts) as {
      xAxis: { min: number; max: number };
      series: { markLine?: { data: unknown[] } }[];
    };
    expect(later.xAxis).toMatchObject({ min: 0, max: 14 });
    expect(later.series[0]!.markLine?.data).toEqual([{ xAxis: 0 }]);
    expect(later.series[1]!.markLine).toBeUndefined();
  });
});
