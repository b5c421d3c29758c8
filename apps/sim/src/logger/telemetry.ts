// Building uplink payloads within the protocol's limits: readings split over messages of at most 1000
// readings and well under the 256 KiB payload limit; alarm records 200 per message.
import { ProtocolLimits, type Reading } from '@sunfleet/contracts';
import type { AlarmRecord } from '../physics/faults.js';

/** Room left in a payload for the envelope around the readings. */
const PAYLOAD_BUDGET = ProtocolLimits.maxPayloadBytes - 4 * 1024;

/** Consecutive groups of readings, each fitting one telemetry message. */
export function chunkReadings(readings: readonly Reading[]): Reading[][] {
  const chunks: Reading[][] = [];
  let current: Reading[] = [];
  let bytes = 0;
  for (const reading of readings) {
    const size = Buffer.byteLength(JSON.stringify(reading)) + 1;
    if (
      current.length > 0 &&
      (current.length >= ProtocolLimits.maxReadingsPerMessage || bytes + size > PAYLOAD_BUDGET)
    ) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(reading);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

export function chunkAlarms(alarms: readonly AlarmRecord[]): AlarmRecord[][] {
  const chunks: AlarmRecord[][] = [];
  for (let i = 0; i < alarms.length; i += ProtocolLimits.maxAlarmsPerMessage) {
    chunks.push(alarms.slice(i, i + ProtocolLimits.maxAlarmsPerMessage));
  }
  return chunks;
}
