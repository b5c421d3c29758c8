// Register decoding and encoding for protocol definitions as data (Step 2b). Pure: the ingest decodes raw
// blocks a logger uploads with the device model's definition; the simulator and the tests encode values
// into the same blocks. SunSpec conventions: big-endian words, high word first for 32-bit values, and
// "not implemented" sentinels that decode to null.
import { REGISTER_WORDS, type RegisterDataType, type RegisterDefinition } from '@sunfleet/contracts';

/** A run of consecutive 16-bit registers starting at `address`; each word is an unsigned 0…65535. */
export interface RegisterBlock {
  address: number;
  words: readonly number[];
}

type Value = number | string | null;

/** SunSpec "not implemented" values of each integer type (their raw, unsigned bit patterns). */
const SENTINEL = {
  S16: 0x8000,
  U16: 0xffff,
  S32: 0x80000000,
  U32: 0xffffffff,
  /** Our VERSION register (major.minor in one word): 255.255 is reserved for "not implemented". */
  VERSION: 0xffff,
  /** The quiet NaN SunSpec float models use. */
  F32: 0x7fc00000,
} as const;

/**
 * The one key a later `Object.assign` / `obj[key] = v` would turn into a prototype change. The contract's
 * key pattern already refuses it; a definition built in code skips it here too.
 */
const PROTO_KEY = '__proto__';

/** The data type of a register, as the literal union the switches below are checked against. */
export function dataTypeOf(register: Pick<RegisterDefinition, 'dataType'>): RegisterDataType {
  return register.dataType;
}

/** Registers a definition entry occupies (STRING: its own count). */
export function registerWords(register: Pick<RegisterDefinition, 'dataType' | 'count'>): number {
  const type = dataTypeOf(register);
  return type === 'STRING' ? register.count : REGISTER_WORDS[type];
}

const HEX_WORDS = /^(?:[0-9A-Fa-f]{4})*$/;

/** Parses register contents: four hex digits per 16-bit word, big-endian. Throws RangeError otherwise. */
export function hexToWords(hex: string): number[] {
  if (!HEX_WORDS.test(hex)) throw new RangeError('register hex must be four hex digits per register');
  const words: number[] = [];
  for (let i = 0; i < hex.length; i += 4) words.push(Number.parseInt(hex.slice(i, i + 4), 16));
  return words;
}

/** Four upper-case hex digits per word. Throws RangeError for a word outside 0…65535. */
export function wordsToHex(words: readonly number[]): string {
  return words
    .map((w) => {
      if (!Number.isInteger(w) || w < 0 || w > 0xffff) throw new RangeError(`not a 16-bit word: ${w}`);
      return w.toString(16).toUpperCase().padStart(4, '0');
    })
    .join('');
}

/** raw × 10^scale; dividing for negative scales keeps 2305 × 10^-1 at exactly 230.5. */
function scaled(raw: number, scale: number): number {
  if (scale === 0) return raw;
  return scale < 0 ? raw / 10 ** -scale : raw * 10 ** scale;
}

/** value ÷ 10^scale, rounded to the nearest integer step the register can hold. */
function unscaled(value: number, scale: number): number {
  if (scale === 0) return Math.round(value);
  return Math.round(scale < 0 ? value * 10 ** -scale : value / 10 ** scale);
}

/** The shortest decimal that is the same float32, so 50.02 stays 50.02 rather than 50.020000457763672. */
const FLOAT_VIEW = new DataView(new ArrayBuffer(4));

function shortestFloat32(bits: number): number | null {
  const view = FLOAT_VIEW;
  view.setUint32(0, bits);
  const f = view.getFloat32(0);
  // NaN is SunSpec's "not implemented"; infinities are no measurement either (and JSON cannot carry them).
  if (!Number.isFinite(f)) return null;
  for (let digits = 1; digits <= 9; digits++) {
    const candidate = Number(f.toPrecision(digits));
    if (Math.fround(candidate) === f) return candidate;
  }
  return f;
}

function decodeString(words: readonly number[]): string | null {
  if (words.every((w) => w === 0)) return null;
  let text = '';
  for (const w of words) {
    for (const byte of [w >> 8, w & 0xff]) {
      if (byte === 0) return finishString(text); // C-string semantics: the padding starts at the first NUL
      // Not printable ASCII: shown as '?' rather than passing control bytes on to storage and screens.
      text += byte >= 0x20 && byte <= 0x7e ? String.fromCharCode(byte) : '?';
    }
  }
  return finishString(text);
}

function finishString(text: string): string | null {
  const trimmed = text.replace(/ +$/, '');
  return trimmed === '' ? null : trimmed;
}

/**
 * Decodes one register from `words` at `offset` (its first word), e.g. straight from a device's register
 * image without copying a block out of it; words past the end read as 0.
 */
export function decodeRegister(
  register: RegisterDefinition,
  words: ArrayLike<number>,
  offset: number,
): Value {
  const w0 = (words[offset] ?? 0) & 0xffff;
  const w1 = (words[offset + 1] ?? 0) & 0xffff;
  const u32 = w0 * 0x10000 + w1;
  switch (dataTypeOf(register)) {
    case 'S16':
      return w0 === SENTINEL.S16 ? null : scaled(w0 >= 0x8000 ? w0 - 0x10000 : w0, register.scale);
    case 'U16':
      return w0 === SENTINEL.U16 ? null : scaled(w0, register.scale);
    case 'S32':
      return u32 === SENTINEL.S32
        ? null
        : scaled(u32 >= 0x80000000 ? u32 - 0x100000000 : u32, register.scale);
    case 'U32':
      return u32 === SENTINEL.U32 ? null : scaled(u32, register.scale);
    case 'F32':
      // Floats carry their own magnitude: `scale` applies to integer types only.
      return shortestFloat32(u32);
    case 'STRING': {
      const w: number[] = [];
      for (let k = 0; k < register.count; k++) w.push(words[offset + k] ?? 0);
      return decodeString(w);
    }
    case 'VERSION':
      return w0 === SENTINEL.VERSION ? null : `${w0 >> 8}.${w0 & 0xff}`;
    case 'IP':
      // 0.0.0.0 is "no address configured", the IP counterpart of an all-zero string.
      return u32 === 0 ? null : `${w0 >> 8}.${w0 & 0xff}.${w1 >> 8}.${w1 & 0xff}`;
  }
}

/** Decodes every register lying wholly inside one of the blocks; others are absent from the result. */
export function decodeBlocks(
  registers: readonly RegisterDefinition[],
  blocks: readonly RegisterBlock[],
): Record<string, number | string | null> {
  // A null prototype: a register key such as `constructor` is an ordinary own property here.
  const result = Object.create(null) as Record<string, Value>;
  for (const register of registers) {
    if (register.key === PROTO_KEY) continue;
    const size = registerWords(register);
    const block = blocks.find(
      (b) => register.address >= b.address && register.address + size <= b.address + b.words.length,
    );
    if (!block) continue;
    result[register.key] = decodeRegister(register, block.words, register.address - block.address);
  }
  return result;
}

// ---- Encoding (simulator, tests) -----------------------------------------------------------------------

function fail(register: RegisterDefinition, why: string): never {
  throw new RangeError(`register ${register.key} (${dataTypeOf(register)} @${register.address}): ${why}`);
}

function integerWords(
  register: RegisterDefinition,
  value: number,
  type: 'S16' | 'U16' | 'S32' | 'U32',
): number[] {
  const raw = unscaled(value, register.scale);
  // The sentinel itself is refused: it would read back as "not implemented".
  const [min, max, words] = (
    {
      S16: [-0x7fff, 0x7fff, 1],
      U16: [0, 0xfffe, 1],
      S32: [-0x7fffffff, 0x7fffffff, 2],
      U32: [0, 0xfffffffe, 2],
    } as const
  )[type];
  if (raw < min || raw > max) fail(register, `${value} does not fit`);
  const unsigned = raw < 0 ? raw + (words === 1 ? 0x10000 : 0x100000000) : raw;
  return words === 1 ? [unsigned] : [Math.floor(unsigned / 0x10000), unsigned % 0x10000];
}

function float32Words(register: RegisterDefinition, value: number): number[] {
  const view = new DataView(new ArrayBuffer(4));
  view.setFloat32(0, value);
  if (!Number.isFinite(view.getFloat32(0))) fail(register, `${value} exceeds float32`);
  return [view.getUint16(0), view.getUint16(2)];
}

function stringWords(register: RegisterDefinition, value: string): number[] {
  if (!/^[\x20-\x7e]*$/.test(value)) fail(register, 'only printable ASCII fits a string register');
  if (value.length > register.count * 2) fail(register, `longer than ${register.count * 2} characters`);
  const words: number[] = [];
  for (let i = 0; i < register.count; i++) {
    words.push((value.charCodeAt(2 * i) || 0) * 0x100 + (value.charCodeAt(2 * i + 1) || 0));
  }
  return words;
}

function octets(register: RegisterDefinition, value: string, count: number): number[] {
  const parts = value.split('.');
  if (parts.length !== count || !parts.every((p) => /^\d{1,3}$/.test(p)))
    fail(register, `malformed '${value}'`);
  const numbers = parts.map(Number);
  if (numbers.some((n) => n > 255)) fail(register, `'${value}' has a part above 255`);
  return numbers;
}

function nullWords(register: RegisterDefinition): number[] {
  const type = dataTypeOf(register);
  switch (type) {
    case 'S16':
    case 'U16':
    case 'VERSION':
      return [SENTINEL[type]];
    case 'S32':
    case 'U32':
    case 'F32':
      return [Math.floor(SENTINEL[type] / 0x10000), SENTINEL[type] % 0x10000];
    case 'STRING':
      return new Array<number>(register.count).fill(0);
    case 'IP':
      return [0, 0];
  }
}

/**
 * The words of one register holding `value` (null: its "not implemented" sentinel). Throws RangeError for
 * a value it cannot hold or a writable register's min/max refuses.
 */
export function encodeRegister(register: RegisterDefinition, value: Value): number[] {
  if (value === null) return nullWords(register);
  const type = dataTypeOf(register);
  switch (type) {
    case 'S16':
    case 'U16':
    case 'S32':
    case 'U32':
    case 'F32': {
      if (typeof value !== 'number' || !Number.isFinite(value)) fail(register, 'needs a finite number');
      if (register.writable && register.min !== null && value < register.min)
        fail(register, `${value} < min`);
      if (register.writable && register.max !== null && value > register.max)
        fail(register, `${value} > max`);
      return type === 'F32' ? float32Words(register, value) : integerWords(register, value, type);
    }
    case 'STRING':
      if (typeof value !== 'string') fail(register, 'needs a string');
      return stringWords(register, value);
    case 'VERSION': {
      if (typeof value !== 'string') fail(register, 'needs "major.minor"');
      const [major = 0, minor = 0] = octets(register, value, 2);
      if (major === 0xff && minor === 0xff) fail(register, '255.255 is reserved for "not implemented"');
      return [major * 0x100 + minor];
    }
    case 'IP': {
      if (typeof value !== 'string') fail(register, 'needs "a.b.c.d"');
      const [a = 0, b = 0, c = 0, d = 0] = octets(register, value, 4);
      return [a * 0x100 + b, c * 0x100 + d];
    }
  }
}

/**
 * Inverse, for the simulator and tests: registers of the definition with a value → blocks (contiguous runs
 * merged). Throws RangeError for out-of-range values or values a writable register's min/max refuses.
 * `null` encodes the type's "not implemented" sentinel; keys the definition does not know are ignored.
 */
export function encodeValues(
  registers: readonly RegisterDefinition[],
  values: Record<string, number | string | null>,
): RegisterBlock[] {
  const pieces: { address: number; words: number[] }[] = [];
  for (const register of registers) {
    if (!Object.prototype.hasOwnProperty.call(values, register.key)) continue;
    const value = values[register.key];
    if (value === undefined) continue;
    pieces.push({ address: register.address, words: encodeRegister(register, value) });
  }
  pieces.sort((a, b) => a.address - b.address);
  const blocks: { address: number; words: number[] }[] = [];
  for (const piece of pieces) {
    const last = blocks[blocks.length - 1];
    const end = last ? last.address + last.words.length : -1;
    if (last && piece.address < end) {
      throw new RangeError(`registers overlap at address ${piece.address}`);
    }
    if (last && piece.address === end) last.words.push(...piece.words);
    else blocks.push({ address: piece.address, words: [...piece.words] });
  }
  for (const block of blocks) {
    if (block.address + block.words.length > 0x10000) {
      throw new RangeError(`block at ${block.address} runs past register 65535`);
    }
  }
  return blocks;
}
