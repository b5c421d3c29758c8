// Register values on the remote settings screen (docs/remote.md "Screens"): what kind of input a register
// takes, the SPEC §5 write rule it is checked with (contracts validateRegisterWrite), how a current value
// reads (enum words, numbers to the register's precision), addresses in decimal and hex, and whether a
// read-back equals what was written. Pure: no React, no requests.
import {
  PATTERNS,
  RuleMessage,
  patternRegExp,
  validateHexData,
  validateHexInput,
  validateRegisterWrite,
  type RegisterWriteSpec,
  type RemoteRegister,
  type RuleResult,
} from '@sunfleet/contracts';
import {
  EMPTY_DISPLAY,
  decodeBlocks,
  decodeEnum,
  hexToWords,
  registerWords,
  toMaxDecimals,
  type RegisterBlock,
} from '@sunfleet/domain';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type RegisterShape = Pick<
  RemoteRegister,
  'dataType' | 'count' | 'scale' | 'min' | 'max' | 'values' | 'unit' | 'writable'
>;

export type InputKind = 'enum' | 'number' | 'text';

const NUMBER_TYPES = new Set<RemoteRegister['dataType']>(['S16', 'U16', 'S32', 'U32', 'F32']);

/** Enumerated registers pick one of their words; numbers are typed in the unit; the rest are text. */
export function inputKindOf(register: Pick<RegisterShape, 'dataType' | 'values'>): InputKind {
  if (register.values !== undefined && register.values.length > 0) return 'enum';
  return NUMBER_TYPES.has(register.dataType) ? 'number' : 'text';
}

/** The write rule's view of a register (SPEC §5: value required, within range, string/IP/version format). */
export function writeSpecOf(
  register: Pick<RegisterShape, 'dataType' | 'count' | 'min' | 'max'>,
): RegisterWriteSpec {
  switch (register.dataType) {
    case 'STRING':
      return { format: 'string', registerCount: register.count };
    case 'IP':
      return { format: 'ip' };
    case 'VERSION':
      return { format: 'version' };
    case 'S16':
    case 'U16':
    case 'S32':
    case 'U32':
    case 'F32':
      return {
        format: 'number',
        ...(register.min === null ? {} : { min: register.min }),
        ...(register.max === null ? {} : { max: register.max }),
      };
  }
}

/** The failure of a typed modified value (a RuleMessage key), or null when it may be written. */
export function validateModifiedValue(
  register: Pick<RegisterShape, 'dataType' | 'count' | 'min' | 'max'>,
  text: string | undefined,
): RuleResult {
  return validateRegisterWrite(text, writeSpecOf(register));
}

/** Decimals a register's values carry: its power-of-ten scale (0.1 V → 1), floats three. */
export function decimalsOf(register: Pick<RegisterShape, 'dataType' | 'scale'>): number {
  if (register.dataType === 'F32') return 3;
  return Math.max(0, -register.scale);
}

/**
 * A value as the table shows it: the word of an enumerated value ("On", or "7 (unknown)"), a number to the
 * register's precision in the UI locale, text as it is; '-' when not read.
 */
export function formatRegisterValue(
  t: Translate,
  register: Pick<RegisterShape, 'dataType' | 'scale' | 'values'>,
  value: number | string | null | undefined,
  locale?: string,
): string {
  if (value === null || value === undefined || value === '') return EMPTY_DISPLAY;
  const decoded = decodeEnum(register.values, value);
  if (decoded?.kind === 'label') return t(decoded.nameKey);
  if (decoded?.kind === 'unknown') return t('remoteSettings.unknownValue', { value: decoded.value });
  if (typeof value === 'number') return toMaxDecimals(value, decimalsOf(register), false, locale);
  return value;
}

/** The value as an editor starts with it (the current value, in the API's form). */
export function draftOf(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/** `0x9CBB`: four upper-case hex digits. */
export function hexAddress(address: number): string {
  return `0x${address.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The offset column: `40123 (0x9CBB)`. */
export function addressText(address: number): string {
  return `${String(address)} (${hexAddress(address)})`;
}

/** A typed hex address (`0x9C40`, at most four digits) as a number; null when the hex input rule refuses it. */
export function parseHexAddress(text: string): number | null {
  if (text.trim() === '' || validateHexInput(text.trim()) !== null) return null;
  return Number.parseInt(text.trim().slice(2), 16);
}

/** Raw register data as sent: `0x` and the digits in upper case (the rule allows either prefix case). */
export function normalizeHexData(text: string): string {
  const digits = text.trim().replace(/^0[xX]/, '');
  return `0x${digits.toUpperCase()}`;
}

/** Failure of raw hex data for `count` registers (four hex digits each); required here. */
export function validateRawHexData(text: string, count: number): RuleResult {
  if (text.trim() === '') return RuleMessage.valueRequired;
  return validateHexData(text.trim(), count);
}

/** Hex words split for reading: `0064 00C8`. */
export function spacedHex(hex: string | null): string {
  if (hex === null || hex === '') return EMPTY_DISPLAY;
  return (hex.match(/.{1,4}/g) ?? []).join(' ').toUpperCase();
}

/** The value range column: `0 – 100`, `≥ 5`, the words of an enumerated register, or '-'. */
export function rangeText(t: Translate, register: RegisterShape, locale?: string): string {
  if (register.values !== undefined && register.values.length > 0)
    return register.values.map((v) => `${String(v.value)} ${t(v.nameKey)}`).join(' / ');
  const decimals = decimalsOf(register);
  const n = (x: number): string => toMaxDecimals(x, decimals, false, locale);
  if (register.min !== null && register.max !== null) return `${n(register.min)} – ${n(register.max)}`;
  if (register.min !== null) return `≥ ${n(register.min)}`;
  if (register.max !== null) return `≤ ${n(register.max)}`;
  return EMPTY_DISPLAY;
}

const decimalRegExp = patternRegExp(PATTERNS.decimal);

/**
 * True when a read-back is the value written. Numbers compare within half a step of the register's
 * precision (a register stores 95.5 V as 955 × 0.1, and a float's last bits may differ); text exactly,
 * ignoring surrounding blanks (a string register pads with blanks).
 */
export function sameValue(
  register: Pick<RegisterShape, 'dataType' | 'scale'>,
  requested: number | string,
  readBack: number | string | null,
): boolean {
  if (readBack === null) return false;
  const asNumber = (v: number | string): number | null =>
    typeof v === 'number' ? v : decimalRegExp.test(v.trim()) ? Number(v.trim()) : null;
  if (NUMBER_TYPES.has(register.dataType)) {
    const a = asNumber(requested);
    const b = asNumber(readBack);
    if (a === null || b === null) return false;
    return Math.abs(a - b) <= 10 ** -decimalsOf(register) / 2;
  }
  return String(requested).trim() === String(readBack).trim();
}

/** Registers grouped by display group, in the order the definition lists them. */
export function groupRegisters<R extends { group: string }>(
  registers: readonly R[],
): { group: string; registers: R[] }[] {
  const groups = new Map<string, R[]>();
  for (const register of registers) {
    const list = groups.get(register.group);
    if (list === undefined) groups.set(register.group, [register]);
    else list.push(register);
  }
  return [...groups].map(([group, list]) => ({ group, registers: list }));
}

/** What the table knows of a register after a read: its decoded value and its words. */
export interface ReadValue {
  value: number | string | null;
  hex: string | null;
}

function blockOf(result: unknown): (RegisterBlock & { hex: string }) | null {
  if (typeof result !== 'object' || result === null) return null;
  const { address, hex } = result as { address?: unknown; hex?: unknown };
  if (typeof address !== 'number' || typeof hex !== 'string') return null;
  try {
    return { address, words: hexToWords(hex), hex: hex.toUpperCase() };
  } catch {
    return null;
  }
}

/**
 * The values of the registers that `register.read` results (`{address, hex}`, docs/protocol.md §6.1) cover,
 * decoded by the register map: how a read the device answered late is shown once its commands are done.
 */
export function valuesFromReadResults(
  registers: readonly RemoteRegister[],
  results: readonly unknown[],
): Record<string, ReadValue> {
  const blocks = results.map(blockOf).filter((b): b is RegisterBlock & { hex: string } => b !== null);
  const definitions = registers.map((r) => ({ ...r, column: null }));
  const decoded = decodeBlocks(definitions, blocks);
  const out: Record<string, ReadValue> = {};
  for (const register of registers) {
    if (!(register.key in decoded)) continue;
    const size = registerWords(register);
    const block = blocks.find(
      (b) => register.address >= b.address && register.address + size <= b.address + b.words.length,
    );
    const from = block === undefined ? 0 : (register.address - block.address) * 4;
    out[register.key] = {
      value: decoded[register.key] ?? null,
      hex: block === undefined ? null : block.hex.slice(from, from + size * 4),
    };
  }
  return out;
}
