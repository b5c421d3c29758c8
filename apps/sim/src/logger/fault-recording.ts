// Automatic fault recording (docs/protocol.md §5.4, docs/recording.md "Automatic recordings"): when a fault
// (an ALARM record) opens on an inverter, its recorder keeps the AC waveforms around the trip — 100 samples
// per channel every millisecond, 40 ms of them before the trigger — and the logger sends them on its own as
// a `recording` uplink. The record id is the alarm record's, so a repeat is the same recording.
import type { RecordingDataType, RecordingUplink } from '@sunfleet/contracts';
import { rawValue, recordWaveforms, type RecordingChannelSpec } from '../commands/recording.js';
import type { SimDevice } from '../devices/sim-device.js';
import type { AlarmRecord } from '../physics/faults.js';

/** The registers recorded, when the model has them: phase voltages and currents, then power. */
const CHANNEL_KEYS = ['PhVphA', 'PhVphB', 'PhVphC', 'AphA', 'AphB', 'AphC', 'A', 'W'];
const SAMPLES = 100;
const PERIOD_MS = 1;
const DELAY_MS = -40;

/** The recorder reads S16, U32 or F32: 16-bit registers as S16 (our recorded measures stay below 32768). */
function dataTypeOf(register: { dataType: string }): RecordingDataType {
  if (register.dataType === 'F32') return 'F32';
  return register.dataType === 'S32' || register.dataType === 'U32' ? 'U32' : 'S16';
}

/** The recording an inverter makes when `alarm` opens on it; null for anything else. */
export function faultRecording(
  device: SimDevice,
  alarm: AlarmRecord,
  seed: string | number,
): RecordingUplink | null {
  if (device.type !== 'INVERTER' || alarm.kind !== 'ALARM' || alarm.end != null) return null;
  const registers = CHANNEL_KEYS.flatMap((key) => {
    const register = device.registerOf(key);
    return register === undefined ? [] : [register];
  }).slice(0, 8);
  const trigger = device.registerOf('St');
  if (registers.length === 0 || trigger === undefined) return null;
  // One zoom for the recording: the scale of its first channel (the voltages, in 0.1 V on our models).
  const zoom = 10 ** (registers[0]?.scale ?? 0);
  const channels: RecordingChannelSpec[] = registers.map((r, i) => ({
    channel: i + 1,
    address: r.address,
    dataType: dataTypeOf(r),
  }));
  return {
    v: 1,
    id: alarm.id,
    dev: device.sn,
    source: 'MASTER_DSP',
    trigger: 'FAULT',
    faultCode: alarm.code,
    triggerAddress: trigger.address,
    triggerValue: rawValue(device, trigger.address, 'S16'),
    startedAt: Math.max(0, alarm.start + DELAY_MS),
    samplingPeriodMs: PERIOD_MS,
    delayMs: DELAY_MS,
    zoom,
    channels: recordWaveforms(device, seed, alarm.id, {
      channels,
      periodMs: PERIOD_MS,
      delayMs: DELAY_MS,
      zoom,
      samples: SAMPLES,
    }),
  };
}
