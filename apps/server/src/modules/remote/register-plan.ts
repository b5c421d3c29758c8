// What a register read or write asks of the device, worked out before anything is sent (docs/remote.md
// "Registers"): the registers chosen from the protocol definition, the contiguous spans read with one
// register.read each, and for writes each value checked with the contracts' register-write rule and encoded
// with the domain's encoder into the runs written with one register.write each. Bad input throws 4000
// (an AppError naming the field and the RemoteMessage or RuleMessage key); nothing here does I/O.
import {
  RemoteLimits,
  RemoteMessage,
  RuleMessage,
  validateHexData,
  validateRegisterWrite,
  type RegisterDefinition,
  type RegisterValueFormat,
  type RegisterWrite,
  type RemoteRegister,
  type RuleMessageKey,
} from '@sunfleet/contracts';
import {
  dataTypeOf,
  decodeBlocks,
  encodeValues,
  hexToWords,
  registerWords,
  wordsToHex,
  type RegisterBlock,
} from '@sunfleet/domain';
import type { AppError } from '../../lib/errors.js';
import { invalidField } from '../reference/sql-helpers.js';

/** Unused registers between two wanted ones that are still read in the same request (cheaper than two). */
export const SPAN_GAP_MAX = 16;

export interface Span {
  address: number;
  count: number;
}

const endOf = (register: RegisterDefinition): number => register.address + registerWords(register);

/**
 * Spans covering the registers: sorted by address, neighbours merged while the gap between them is at most
 * SPAN_GAP_MAX and the span stays within one request (RemoteLimits.readCountMax registers).
 */
export function spansOf(registers: readonly RegisterDefinition[]): Span[] {
  const spans: { address: number; end: number }[] = [];
  for (const register of [...registers].sort((a, b) => a.address - b.address)) {
    const last = spans[spans.length - 1];
    const end = endOf(register);
    if (
      last &&
      register.address - last.end <= SPAN_GAP_MAX &&
      Math.max(last.end, end) - last.address <= RemoteLimits.readCountMax
    ) {
      last.end = Math.max(last.end, end);
    } else spans.push({ address: register.address, end });
  }
  return spans.map((s) => ({ address: s.address, count: s.end - s.address }));
}

export type ReadSelection =
  | { kind: 'registers'; registers: readonly RegisterDefinition[] }
  | { kind: 'raw'; address: number; count: number; registers: readonly RegisterDefinition[] };

/**
 * The registers a read asks for: a raw range (with the definition's registers lying wholly inside it), one
 * display group, or every register of the definition.
 */
export function selectRead(
  registers: readonly RegisterDefinition[] | null,
  body: { group?: string | undefined; address?: number | undefined; count?: number | undefined },
): ReadSelection {
  const raw = body.address !== undefined || body.count !== undefined;
  if (raw && (body.group !== undefined || body.address === undefined || body.count === undefined))
    throw invalidField('body', RemoteMessage.readTargetInvalid, 'group, or address with count');
  if (body.address !== undefined && body.count !== undefined) {
    const { address, count } = body;
    if (address + count > 0x10000)
      throw invalidField('body.count', RemoteMessage.readTargetInvalid, 'the range runs past register 65535');
    const inside = (registers ?? []).filter((r) => r.address >= address && endOf(r) <= address + count);
    return { kind: 'raw', address, count, registers: inside };
  }
  if (registers === null) throw invalidField('body.deviceId', RemoteMessage.noDefinition, 'no definition');
  if (body.group === undefined) return { kind: 'registers', registers };
  const group = registers.filter((r) => r.group === body.group);
  if (group.length === 0) throw invalidField('body.group', RemoteMessage.unknownGroup, 'no such group');
  return { kind: 'registers', registers: group };
}

/** The spans to read for a selection. */
export function readSpans(selection: ReadSelection): Span[] {
  return selection.kind === 'raw'
    ? [{ address: selection.address, count: selection.count }]
    : spansOf(selection.registers);
}

/** Words of `count` registers from `address` when the blocks hold all of them, else null. */
export function wordsAt(blocks: readonly RegisterBlock[], address: number, count: number): number[] | null {
  const block = blocks.find((b) => address >= b.address && address + count <= b.address + b.words.length);
  if (!block) return null;
  return block.words.slice(address - block.address, address - block.address + count);
}

/** A register as the API shows it, with its value and raw words when the blocks hold them. */
export function remoteRegister(
  register: RegisterDefinition,
  blocks: readonly RegisterBlock[] = [],
): RemoteRegister {
  const words = wordsAt(blocks, register.address, registerWords(register));
  const value = words === null ? null : (decodeBlocks([register], blocks)[register.key] ?? null);
  return {
    key: register.key,
    nameKey: register.nameKey,
    group: register.group,
    address: register.address,
    count: registerWords(register),
    dataType: register.dataType,
    scale: register.scale,
    unit: register.unit,
    writable: register.writable,
    min: register.min,
    max: register.max,
    ...(register.values === undefined ? {} : { values: register.values }),
    value,
    hex: words === null ? null : wordsToHex(words),
  };
}

// ---- Writes ---------------------------------------------------------------------------------------------

/** One change of a write request, checked and encoded. */
export interface PlannedWrite {
  key: string | null;
  address: number;
  words: number[];
  /** What the device should hold afterwards: the decoded value (key), or the words as hex (raw). */
  requested: number | string;
  /** The definition's registers the change covers (for the duplicate check and the read-back). */
  registers: readonly RegisterDefinition[];
}

const FORMAT_OF: Record<RegisterDefinition['dataType'], RegisterValueFormat> = {
  S16: 'number',
  U16: 'number',
  S32: 'number',
  U32: 'number',
  F32: 'number',
  STRING: 'string',
  IP: 'ip',
  VERSION: 'version',
};

/** The message when the encoder refuses a value the format rule let through (too big for the type…). */
const ENCODE_FAILURE: Record<RegisterValueFormat, RuleMessageKey> = {
  number: RuleMessage.valueOutOfRange,
  string: RuleMessage.stringFormat,
  ip: RuleMessage.ipInvalid,
  version: RuleMessage.versionFormat,
  hex: RuleMessage.hexDataLength,
};

const fieldOf = (index: number, part: string): string => `body.writes[${index}].${part}`;

/** An enumerated register holds only its labelled values; numbers must lie within min…max. */
function outOfRange(register: RegisterDefinition, value: number | string | null | undefined): boolean {
  if (typeof value !== 'number') return false;
  if (register.min !== null && value < register.min) return true;
  if (register.max !== null && value > register.max) return true;
  return register.values !== undefined && !register.values.some((label) => label.value === value);
}

function planKeyed(
  registers: readonly RegisterDefinition[],
  write: RegisterWrite & { key: string },
  index: number,
): PlannedWrite {
  const register = registers.find((r) => r.key === write.key);
  if (!register) throw invalidField(fieldOf(index, 'key'), RemoteMessage.unknownRegister, 'unknown key');
  if (!register.writable) throw invalidField(fieldOf(index, 'key'), RemoteMessage.notWritable, 'read-only');
  const format = FORMAT_OF[dataTypeOf(register)];
  const text = typeof write.value === 'number' ? String(write.value) : write.value;
  const refused = (rule: RuleMessageKey): AppError => invalidField(fieldOf(index, 'value'), rule, rule);
  const rule = validateRegisterWrite(text, {
    format,
    ...(register.min === null ? {} : { min: register.min }),
    ...(register.max === null ? {} : { max: register.max }),
    ...(format === 'string' ? { registerCount: register.count } : {}),
  });
  if (rule !== null) throw refused(rule);
  const value = format === 'number' ? Number(text) : format === 'version' ? text.replace(/^[Vv]/, '') : text;
  if (outOfRange(register, value)) throw refused(RuleMessage.valueOutOfRange);
  let words: number[];
  try {
    const [block] = encodeValues([register], { [register.key]: value });
    words = [...(block?.words ?? [])];
  } catch (error) {
    if (error instanceof RangeError) throw refused(ENCODE_FAILURE[format]);
    throw error;
  }
  // A number with more decimals than the register holds is rounded to its step: the request is what is sent.
  const requested = decodeBlocks([register], [{ address: register.address, words }])[register.key];
  return {
    key: register.key,
    address: register.address,
    words,
    requested: requested ?? (typeof value === 'number' ? value : text),
    registers: [register],
  };
}

function planRaw(
  registers: readonly RegisterDefinition[],
  write: RegisterWrite & { address: number },
  index: number,
): PlannedWrite {
  const value = write.value;
  const digits = typeof value === 'string' ? value.replace(/^0[xX]/, '') : '';
  const count = digits.length / 4;
  if (
    typeof value !== 'string' ||
    !Number.isInteger(count) ||
    count < 1 ||
    count > RemoteLimits.writeCountMax ||
    validateHexData(value, count) !== null
  )
    throw invalidField(fieldOf(index, 'value'), RuleMessage.hexDataLength, 'four hex digits per register');
  const address = write.address;
  const end = address + count;
  const notWritable = (): AppError =>
    invalidField(fieldOf(index, 'address'), RemoteMessage.notWritable, 'not whole writable registers');
  if (end > 0x10000) throw notWritable();
  const touched = registers.filter((r) => r.address < end && endOf(r) > address);
  // Every register touched is writable and written whole, and no address in the range is left undescribed.
  let covered = 0;
  for (const r of touched) {
    if (!r.writable || r.address < address || endOf(r) > end) throw notWritable();
    covered += registerWords(r);
  }
  if (covered !== count) throw notWritable();
  const words = hexToWords(digits);
  const values = decodeBlocks(touched, [{ address, words }]);
  if (touched.some((r) => outOfRange(r, values[r.key])))
    throw invalidField(fieldOf(index, 'value'), RuleMessage.valueOutOfRange, 'out of range');
  return { key: null, address, words, requested: wordsToHex(words), registers: touched };
}

/**
 * Checks and encodes every change of a write (by key, or raw address with hex), refusing unknown keys,
 * read-only registers, values out of range or malformed, and a register changed twice.
 */
export function planWrites(
  registers: readonly RegisterDefinition[] | null,
  writes: readonly RegisterWrite[],
): PlannedWrite[] {
  const seen = new Set<string>();
  return writes.map((write, index) => {
    if ((write.key === undefined) === (write.address === undefined))
      throw invalidField(fieldOf(index, 'key'), RemoteMessage.writeTargetInvalid, 'key or address');
    if (registers === null)
      throw invalidField(fieldOf(index, 'key'), RemoteMessage.noDefinition, 'no definition');
    const planned =
      write.key !== undefined
        ? planKeyed(registers, { ...write, key: write.key }, index)
        : planRaw(registers, { ...write, address: write.address ?? 0 }, index);
    for (const register of planned.registers) {
      if (seen.has(register.key))
        throw invalidField(fieldOf(index, 'key'), RemoteMessage.writeDuplicate, register.key);
      seen.add(register.key);
    }
    return planned;
  });
}

/** The register.write requests: the changes' words in contiguous runs of at most writeCountMax registers. */
export function writeRuns(writes: readonly PlannedWrite[]): RegisterBlock[] {
  const runs: { address: number; words: number[] }[] = [];
  for (const write of [...writes].sort((a, b) => a.address - b.address)) {
    const last = runs[runs.length - 1];
    if (
      last &&
      last.address + last.words.length === write.address &&
      last.words.length + write.words.length <= RemoteLimits.writeCountMax
    )
      last.words.push(...write.words);
    else runs.push({ address: write.address, words: [...write.words] });
  }
  return runs;
}

/** The value a change's registers hold in the read-back (decoded, or hex for raw), null when not read. */
export function readBackOf(write: PlannedWrite, blocks: readonly RegisterBlock[]): number | string | null {
  const words = wordsAt(blocks, write.address, write.words.length);
  if (words === null) return null;
  if (write.key === null) return wordsToHex(words);
  return decodeBlocks(write.registers, blocks)[write.key] ?? null;
}

/** True when the read-back holds exactly the words written; null when it was not read. */
export function appliedOf(write: PlannedWrite, blocks: readonly RegisterBlock[]): boolean | null {
  const words = wordsAt(blocks, write.address, write.words.length);
  if (words === null) return null;
  return words.every((w, i) => w === write.words[i]);
}

/** Blocks from register.read results `{address, hex}` (results that do not parse are skipped). */
export function blocksOf(results: readonly (Record<string, unknown> | null)[]): RegisterBlock[] {
  const blocks: RegisterBlock[] = [];
  for (const result of results) {
    const address = result?.address;
    const hex = result?.hex;
    if (typeof address !== 'number' || !Number.isInteger(address) || typeof hex !== 'string') continue;
    try {
      blocks.push({ address, words: hexToWords(hex.replace(/^0[xX]/, '')) });
    } catch {
      // A malformed answer leaves those registers unread.
    }
  }
  return blocks;
}
