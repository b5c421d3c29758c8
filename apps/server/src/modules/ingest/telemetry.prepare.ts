// Turns one validated telemetry message into rows, or refuses it whole: every reading's time in range,
// every device registered behind this logger, every raw block decodable with the device model's
// definition. Decoded raw values and the logger's `values` are merged (values win), split into the
// typed columns, the MPPT arrays and the jsonb rest by the definition's `column`s, and encoded at once
// in the form the writer sends (telemetry.encode.ts).
import { ProtocolLimits, type RegisterDefinition, type TelemetryMessage } from '@sunfleet/contracts';
import { decodeBlocks, hexToWords, registerWords, WideRowMapper, type RegisterBlock } from '@sunfleet/domain';
import type { GatewayRef, IngestDirectory } from './directory.js';
import { refuse, type Verdict } from './reasons.js';
import type { MeasureValues, ReadingFacts, RowEncoder } from './telemetry.encode.js';
import { checkTimestamps } from './validator.js';

export type { MeasureValues, ReadingFacts };

export interface TelemetryRow {
  deviceId: number;
  /** Epoch ms. */
  ts: number;
  /** The whole row (with the message's logger and backlog flag) in the writer's format. */
  encoded: string;
  /** Every merged value (latest-values table). */
  values: MeasureValues;
  /** Its typed facts (device_latest's typed columns). */
  facts: ReadingFacts;
}

/** Where a message came from, kept so a message the database refuses can still be dead-lettered. */
export interface Envelope {
  sn: string;
  topic: string;
  payload: Buffer;
}

export interface PreparedTelemetry {
  gatewayId: number;
  seq: number;
  backlog: boolean;
  /** The first reading's time (packet-loss figures place the message on that day). */
  dataTs: number;
  readings: number;
  rows: TelemetryRow[];
  /** Readings of the logger itself without a device row (not stored). */
  skipped: number;
  /**
   * The logger's own loss counter from its newest reading of itself (`BufDropped`: messages its buffer
   * ever had to drop), with that reading's time; null when the message carries none.
   */
  bufferDropped: { count: number; ts: number } | null;
  envelope: Envelope;
}

/** The registers of a device model, as the definition cache answers them. */
export interface RegisterSource {
  registersForModel(modelId: number): Promise<readonly RegisterDefinition[] | null>;
}

/** Readings without a definition: every value lands in the jsonb rest. */
const NO_COLUMNS = new WideRowMapper([]);

export async function prepareTelemetry(
  message: TelemetryMessage,
  gateway: GatewayRef,
  envelope: Envelope,
  deps: { directory: IngestDirectory; definitions: RegisterSource; encoder: RowEncoder; nowMs: number },
): Promise<Verdict<PreparedTelemetry>> {
  const times = checkTimestamps(
    message.readings.map((r) => r.ts),
    deps.nowMs,
  );
  if (!times.ok) return times;
  const sns = new Set(message.readings.map((r) => r.dev));
  const found = await deps.directory.devices(gateway, sns);
  if (!found.ok) return found;
  const devices = found.value;

  // The definitions of the models present, looked up once per message; the rest is synchronous.
  const registersByModel = new Map<number, readonly RegisterDefinition[] | null>();
  for (const sn of sns) {
    const modelId = devices.get(sn)?.modelId ?? null;
    if (modelId !== null && !registersByModel.has(modelId)) {
      registersByModel.set(modelId, await deps.definitions.registersForModel(modelId));
    }
  }

  const backlog = message.backlog ?? false;
  const rows: TelemetryRow[] = [];
  let skipped = 0;
  let bufferDropped: PreparedTelemetry['bufferDropped'] = null;
  let index = -1;
  for (const reading of message.readings) {
    index += 1;
    const device = devices.get(reading.dev);
    if (device === undefined) {
      skipped += 1; // the logger's own SN (directory.devices refuses every other unknown SN)
      const count = reading.values?.BufDropped;
      if (
        typeof count === 'number' &&
        Number.isSafeInteger(count) &&
        count >= 0 &&
        (bufferDropped === null || reading.ts >= bufferDropped.ts)
      )
        bufferDropped = { count, ts: reading.ts };
      continue;
    }
    const registers = device.modelId === null ? null : (registersByModel.get(device.modelId) ?? null);
    // Without raw registers the reading's own values are the merged values (JSON.parse made them own
    // properties, and `__proto__` was refused); a merge goes into a null-prototype object, so a measure
    // key such as `constructor` stays an ordinary property.
    let merged: MeasureValues = reading.values ?? (Object.create(null) as MeasureValues);
    if (reading.raw !== undefined) {
      merged = Object.create(null) as MeasureValues;
      if (registers === null) {
        return refuse(
          'no-definition',
          `/readings/${index}: device ${reading.dev} has raw registers but its model has no protocol definition`,
        );
      }
      const decoded = decodeRaw(registers, reading.raw);
      if (!decoded.ok) return refuse('decode-error', `/readings/${index}: ${decoded.detail}`);
      for (const key of Object.keys(decoded.value)) merged[key] = decoded.value[key] ?? null;
      if (reading.values !== undefined) {
        for (const key of Object.keys(reading.values)) merged[key] = reading.values[key] ?? null;
      }
    }
    const mapper = registers === null ? NO_COLUMNS : WideRowMapper.of(registers);
    rows.push({
      deviceId: device.id,
      ts: reading.ts,
      encoded: deps.encoder.encode(mapper, device.id, reading.ts, gateway.id, backlog, merged),
      values: merged,
      facts: deps.encoder.facts(device.deviceType),
    });
  }
  return {
    ok: true,
    value: {
      gatewayId: gateway.id,
      seq: message.seq,
      backlog,
      dataTs: message.readings[0]?.ts ?? deps.nowMs,
      readings: message.readings.length,
      rows,
      skipped,
      bufferDropped,
      envelope,
    },
  };
}

/**
 * Decodes a reading's raw blocks. A block that runs past register 65535, or that holds no register of
 * the definition at all (wrong address, wrong model), is a decode error: storing nothing from it
 * silently would hide a misconfigured logger.
 */
function decodeRaw(
  registers: readonly RegisterDefinition[],
  raw: readonly { address: number; hex: string }[],
): { ok: true; value: MeasureValues } | { ok: false; detail: string } {
  const blocks: RegisterBlock[] = [];
  for (const block of raw) {
    let words: number[];
    try {
      words = hexToWords(block.hex);
    } catch (err) {
      return { ok: false, detail: err instanceof Error ? err.message : 'bad register hex' };
    }
    const end = block.address + words.length;
    if (end > 0x10000) return { ok: false, detail: `block at ${block.address} runs past register 65535` };
    if (words.length > ProtocolLimits.maxRegistersPerBlock) {
      return {
        ok: false,
        detail: `block at ${block.address} has more than ${ProtocolLimits.maxRegistersPerBlock} registers`,
      };
    }
    const holdsOne = registers.some((r) => r.address >= block.address && r.address + registerWords(r) <= end);
    if (!holdsOne) {
      return {
        ok: false,
        detail: `block at ${block.address} (${words.length} registers) holds no register of the device's definition`,
      };
    }
    blocks.push({ address: block.address, words });
  }
  try {
    return { ok: true, value: decodeBlocks(registers, blocks) };
  } catch (err) {
    return { ok: false, detail: err instanceof Error ? err.message : 'registers could not be decoded' };
  }
}
