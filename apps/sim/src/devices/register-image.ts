// The registers a simulated device serves: one contiguous span of 16-bit words from its protocol
// definition's first to last address (SunSpec: from the 'SunS' marker at 40000 to the end marker).
// Addresses inside the span that no register describes read as 0, as on a real SunSpec device.
import { wordsToHex, type RegisterBlock } from '@sunfleet/domain';

/** Why an access was refused; the Modbus server maps these onto exception codes. */
export type RegisterErrorCode =
  'illegal-address' | 'read-only' | 'partial-register' | 'out-of-range' | 'not-supported';

export class RegisterError extends Error {
  override readonly name = 'RegisterError';
  readonly code: RegisterErrorCode;

  constructor(code: RegisterErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export class RegisterImage {
  /** First address served and the address after the last one. */
  readonly start: number;
  readonly end: number;
  private readonly words: Uint16Array;

  /** `initial`: the words to start from (copied; default all 0). */
  constructor(start: number, end: number, initial?: Uint16Array) {
    if (!(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && end > start && end <= 0x10000)) {
      throw new RangeError(`bad register span ${start}…${end}`);
    }
    if (initial !== undefined && initial.length !== end - start) {
      throw new RangeError(`${initial.length} initial words for a span of ${end - start}`);
    }
    this.start = start;
    this.end = end;
    this.words = initial === undefined ? new Uint16Array(end - start) : initial.slice();
  }

  get length(): number {
    return this.end - this.start;
  }

  contains(address: number, count: number): boolean {
    return (
      Number.isInteger(address) &&
      Number.isInteger(count) &&
      count >= 1 &&
      address >= this.start &&
      address + count <= this.end
    );
  }

  private check(address: number, count: number): void {
    if (!this.contains(address, count)) {
      throw new RegisterError(
        'illegal-address',
        `registers ${address}…${address + count - 1} lie outside ${this.start}…${this.end - 1}`,
      );
    }
  }

  read(address: number, count: number): number[] {
    this.check(address, count);
    const from = address - this.start;
    return Array.from(this.words.subarray(from, from + count));
  }

  write(address: number, words: readonly number[]): void {
    this.check(address, words.length);
    const from = address - this.start;
    for (let i = 0; i < words.length; i++) this.words[from + i] = (words[i] ?? 0) & 0xffff;
  }

  writeBlocks(blocks: readonly RegisterBlock[]): void {
    for (const block of blocks) this.write(block.address, block.words);
  }

  /** The words themselves (not a copy: read them, write through write()), the first at `start`. */
  view(): Readonly<Uint16Array> {
    return this.words;
  }

  /** The whole span as one block (a copy). */
  block(): RegisterBlock {
    return { address: this.start, words: Array.from(this.words) };
  }

  /** The span as raw blocks of at most `maxWords` registers, hex encoded (telemetry `raw`). */
  hexBlocks(maxWords: number): { address: number; hex: string }[] {
    const out: { address: number; hex: string }[] = [];
    for (let at = 0; at < this.words.length; at += maxWords) {
      const slice = Array.from(this.words.subarray(at, Math.min(at + maxWords, this.words.length)));
      out.push({ address: this.start + at, hex: wordsToHex(slice) });
    }
    return out;
  }
}
