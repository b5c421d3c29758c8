// The waveform viewer's chart (docs/recording.md "Viewer"): one line per channel against the time from the
// trigger (ms), a marker at the trigger, a cursor that shows every channel's value, zoom by wheel and slider.
// Pure: the option only, the chart draws it.
import type { RecordingView } from '@sunfleet/contracts';

/** Time of sample k from the trigger, ms: the delay (trigger → first sample) plus k periods. */
export function sampleTimeMs(
  recording: Pick<RecordingView, 'delayMs' | 'samplingPeriodMs'>,
  k: number,
): number {
  return recording.delayMs + k * recording.samplingPeriodMs;
}

export function channelName(channel: { channel: number; address: number; dataType: string }): string {
  return `CH${channel.channel} · ${channel.address} · ${channel.dataType}`;
}

export function waveformOption(
  recording: Pick<RecordingView, 'delayMs' | 'samplingPeriodMs' | 'channels'>,
  texts: { time: string; trigger: string },
): Record<string, unknown> {
  const first = sampleTimeMs(recording, 0);
  const longest = Math.max(0, ...recording.channels.map((c) => c.samples.length));
  const last = sampleTimeMs(recording, Math.max(0, longest - 1));
  return {
    animation: false,
    grid: { left: 56, right: 24, top: 40, bottom: 72 },
    legend: { type: 'scroll', top: 0 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'line' } },
    xAxis: {
      type: 'value',
      name: texts.time,
      nameLocation: 'middle',
      nameGap: 28,
      // The trigger stays in sight even when the first sample comes after it.
      min: Math.min(0, first),
      max: Math.max(0, last),
    },
    yAxis: { type: 'value', scale: true },
    dataZoom: [
      { type: 'inside', xAxisIndex: 0, filterMode: 'none' },
      { type: 'slider', xAxisIndex: 0, filterMode: 'none', bottom: 8 },
    ],
    series: recording.channels.map((c, i) => ({
      type: 'line',
      name: channelName(c),
      showSymbol: false,
      data: c.samples.map((v, k) => [sampleTimeMs(recording, k), v]),
      ...(i === 0
        ? {
            markLine: {
              symbol: 'none',
              silent: true,
              label: { formatter: texts.trigger },
              lineStyle: { type: 'dashed', color: '#cf1322' },
              data: [{ xAxis: 0 }],
            },
          }
        : {}),
    })),
  };
}
