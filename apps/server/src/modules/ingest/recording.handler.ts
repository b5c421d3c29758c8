// recording: a fault recording a device made by itself (docs/protocol.md §5.4), stored as an AUTOMATIC
// recording of that device (docs/recording.md). Keyed by the logger's record id per device: a repeated
// message (a redelivery, a buffer uploaded again) finds its row and changes nothing.
import type { RecordingUplink } from '@sunfleet/contracts';
import type { GatewayRef, IngestDirectory } from './directory.js';
import { refuse, type Verdict } from './reasons.js';
import type { SqlRunner } from './sql.js';
import { checkTimestamps } from './validator.js';

const INSERT = `
INSERT INTO recordings (device_id, mode, source, trigger, trigger_level, fault_code, record_id,
  sampling_period_ms, trigger_address, delay_ms, zoom, samples, channel_config, channels, trigger_value,
  started_at, created_at)
VALUES ($1::int, 'AUTOMATIC', $2, $3, $4::int, $5::int, $6, $7::int, $8::int, $9::int, $10::float8, $11::int,
  $12::jsonb, $13::jsonb, $14::float8, $15::timestamptz, $16::timestamptz)
ON CONFLICT (device_id, record_id) DO NOTHING`;

export async function storeRecording(
  sql: SqlRunner,
  directory: IngestDirectory,
  gateway: GatewayRef,
  message: RecordingUplink,
  nowMs: number,
): Promise<Verdict<null>> {
  const times = checkTimestamps([message.startedAt], nowMs);
  if (!times.ok) return times;
  const found = await directory.devices(gateway, new Set([message.dev]));
  if (!found.ok) return found;
  const device = found.value.get(message.dev);
  // The logger's own SN passes the directory (its alarms are its own) but it has no recorder.
  if (device === undefined) return refuse('unknown-device', `${message.dev} is the logger, not a device`);
  const config = message.channels.map((c) => ({
    channel: c.channel,
    address: c.address,
    dataType: c.dataType,
  }));
  await sql.query(INSERT, [
    device.id,
    message.source,
    message.trigger,
    message.triggerLevel ?? null,
    message.faultCode ?? null,
    message.id,
    message.samplingPeriodMs,
    message.triggerAddress,
    message.delayMs,
    message.zoom,
    Math.max(...message.channels.map((c) => c.samples.length)),
    JSON.stringify(config),
    JSON.stringify(message.channels),
    message.triggerValue,
    new Date(message.startedAt).toISOString(),
    new Date(nowMs).toISOString(),
  ]);
  return { ok: true, value: null };
}
