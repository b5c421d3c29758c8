// Turns one validated telemetry message into wide rows, or refuses it whole: every reading's time in
// range, every device registered behind this logger, every raw block decodable with the device model's
// definition. Decoded raw values and the logger's `values` are merged (values win) and split into the
// typed columns, the MPPT arrays and the jsonb rest by the definition's `column`s.
import {
  ProtocolLimits,
  type RegisterDefinition,
  type TelemetryColumn,
  type TelemetryMessage,
} from '@sunfleet/contracts';
import { decodeBlocks, hexToWords, registerWords, toWideRow, type RegisterBlock } from '@sunfleet/domain';
import type { DeviceRef, GatewayRef, IngestDirectory } from './directory.js';
import { refuse, type Verdict } from './reasons.js';
import { checkTimestamps } from './validator.js';

export type MeasureValues = Record<string, number | string | null>;

export interface TelemetryRow {
  deviceId: number;
  /** Epoch ms. */
  ts: number;
  columns: Partial<Record<TelemetryColumn, number | null>>;
  mpptV: (number | null)[] | null;
  mpptI: (number | null)[] | null;
  mpptP: (number | null)[] | null;
  extra: MeasureValues | null;
  /** Every merged value (latest-values table). */
  values: MeasureValues;
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
  envelope: Envelope;
}

/** The registers of a device model, as the definition cache answers them. */
export interface RegisterSource {
  registersForModel(modelId: number): Promise<readonly RegisterDefinition[] | null>;
}

const INT32_MAX = 2_147_483_647;

export async function prepareTelemetry(
  message: TelemetryMessage,
  gateway: GatewayRef,
  envelope: Envelope,
  deps: { directory: IngestDirectory; definitions: RegisterSource; nowMs: number },
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

  const registersByModel = new Map<number, readonly RegisterDefinition[] | null>();
  const registersOf = async (device: DeviceRef): Promise<readonly RegisterDefinition[] | null> => {
    if (device.modelId === null) return null;
    if (!registersByModel.has(device.modelId)) {
      registersByModel.set(device.modelId, await deps.definitions.registersForModel(device.modelId));
    }
    return registersByModel.get(device.modelId) ?? null;
  };

  const rows: TelemetryRow[] = [];
  let skipped = 0;
  for (const [index, reading] of message.readings.entries()) {
    const device = devices.get(reading.dev);
    if (device === undefined) {
      skipped += 1; // the logger's own SN (directory.devices refuses every other unknown SN)
      continue;
    }
    const registers = await registersOf(device);
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
    const wide = toWideRow(registersFor(registers, merged), merged);
    const status = wide.columns.status_code;
    // status_code is an integer column; a fractional or huge status is a device quirk, not a reason to lose the row.
    if (typeof status === 'number') {
      wide.columns.status_code = Math.abs(status) <= INT32_MAX ? Math.round(status) : null;
    }
    rows.push({
      deviceId: device.id,
      ts: reading.ts,
      columns: wide.columns,
      mpptV: wide.mppt.mppt_v.length > 0 ? wide.mppt.mppt_v : null,
      mpptI: wide.mppt.mppt_i.length > 0 ? wide.mppt.mppt_i : null,
      mpptP: wide.mppt.mppt_p.length > 0 ? wide.mppt.mppt_p : null,
      extra: Object.keys(wide.extra).length > 0 ? wide.extra : null,
      values: merged,
    });
  }
  return {
    ok: true,
    value: {
      gatewayId: gateway.id,
      seq: message.seq,
      backlog: message.backlog ?? false,
      dataTs: message.readings[0]?.ts ?? deps.nowMs,
      readings: message.readings.length,
      rows,
      skipped,
      envelope,
    },
  };
}

/** Per definition: each key's register when it has a column (the last entry of a key wins, as in toWideRow). */
const columnRegisters = new WeakMap<readonly RegisterDefinition[], Map<string, RegisterDefinition>>();

/**
 * The registers toWideRow needs for these values: only those of keys present that have a column (a key
 * without one lands in `extra` either way). toWideRow indexes every register it is given per call, and a
 * definition has a hundred or more; a reading names a dozen.
 */
function registersFor(
  registers: readonly RegisterDefinition[] | null,
  values: MeasureValues,
): RegisterDefinition[] {
  if (registers === null) return [];
  let byKey = columnRegisters.get(registers);
  if (byKey === undefined) {
    byKey = new Map();
    for (const r of registers) {
      if (r.column !== null) byKey.set(r.key, r);
      else byKey.delete(r.key);
    }
    columnRegisters.set(registers, byKey);
  }
  const used: RegisterDefinition[] = [];
  for (const key of Object.keys(values)) {
    const register = byKey.get(key);
    if (register !== undefined) used.push(register);
  }
  return used;
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
