// One simulated device as a logger and a Modbus client see it: the register image of its protocol
// definition (the built-in SunSpec maps with their constant blocks), filled from the simulation's measures
// through the domain's register encoding, and read back through its decoding — so telemetry values, raw
// blocks and Modbus reads all come from the same words. Writes are checked against the definition: whole
// writable registers only, within their min/max.
//
// What depends on the definition alone (its registers by key and by address, the image it starts from) is
// built once per definition and shared by every device of it: a simulator runs 100,000 of them, and per
// device those maps took about 15 KB each (1.6 GB for the soak's fleet).
import type {
  BuiltInDefinition,
  BuiltInModel,
  DeviceType,
  HelloDevice,
  RegisterDefinition,
} from '@sunfleet/contracts';
import { decodeBlocks, decodeRegister, encodeRegister, encodeValues, registerWords } from '@sunfleet/domain';
import { RegisterError, RegisterImage } from './register-image.js';

export type DeviceValue = number | string | null;
export type DeviceValues = Record<string, DeviceValue>;

export interface SimDeviceInit {
  sn: string;
  /** GATEWAY is the logger's own register map (never announced in hello). */
  type: DeviceType;
  model: BuiltInModel;
  definition: BuiltInDefinition;
  /** Modbus unit id behind the logger, 1…247 (0 for the logger's own map). */
  unitId: number;
  firmware: string;
  /** W (inverters) or Wh (batteries), announced in hello. */
  ratedPower?: number;
  /** Writable settings with their power-on values (also what a factory reset restores). */
  defaults?: DeviceValues;
}

/** Model 1 (common) values every SunSpec device serves. */
function commonValues(init: SimDeviceInit): DeviceValues {
  return {
    Mn: 'Sunfleet',
    Md: init.model.model,
    Opt: '',
    Vr: init.firmware,
    SN: init.sn,
    DA: init.unitId,
  };
}

function spanOf(definition: BuiltInDefinition): [number, number] {
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const block of definition.fixed) {
    start = Math.min(start, block.address);
    end = Math.max(end, block.address + block.words.length);
  }
  for (const register of definition.registers) {
    start = Math.min(start, register.address);
    end = Math.max(end, register.address + registerWords(register));
  }
  if (!Number.isFinite(start)) throw new RangeError(`definition ${definition.code} has no registers`);
  return [start, end];
}

/** What every device of one definition shares. */
interface Layout {
  start: number;
  end: number;
  /** Register index by key, and the register covering each address (for write checks). */
  indexByKey: ReadonlyMap<string, number>;
  byAddress: ReadonlyMap<number, RegisterDefinition>;
  /** The image a device starts from: the fixed blocks, every register "not implemented". */
  blank: Uint16Array;
}

const layouts = new WeakMap<BuiltInDefinition, Layout>();

function layoutOf(definition: BuiltInDefinition): Layout {
  const known = layouts.get(definition);
  if (known) return known;
  const [start, end] = spanOf(definition);
  const indexByKey = new Map<string, number>();
  const byAddress = new Map<number, RegisterDefinition>();
  definition.registers.forEach((register, i) => {
    indexByKey.set(register.key, i);
    for (let w = 0; w < registerWords(register); w++) byAddress.set(register.address + w, register);
  });
  const image = new RegisterImage(start, end);
  for (const block of definition.fixed) image.write(block.address, block.words);
  const blank: DeviceValues = {};
  for (const register of definition.registers) blank[register.key] = null;
  image.writeBlocks(encodeValues(definition.registers, blank));
  const layout: Layout = { start, end, indexByKey, byAddress, blank: image.view().slice() };
  layouts.set(definition, layout);
  return layout;
}

export class SimDevice {
  readonly sn: string;
  readonly type: DeviceType;
  readonly model: BuiltInModel;
  readonly definition: BuiltInDefinition;
  readonly unitId: number;
  readonly ratedPower: number | undefined;
  readonly image: RegisterImage;
  readonly defaults: Readonly<DeviceValues>;
  private firmwareVersion: string;
  private readonly layout: Layout;
  /** By register index: 1 where the device really implements it; the rest reads as "not implemented". */
  private readonly implemented: Uint8Array;
  /** False while the logger cannot reach the device (a communication fault). */
  readable = true;
  /**
   * Controlled on site (the installer turned its remote-control switch off): it refuses state-changing
   * commands from the cloud (`local-control`); local Modbus access is unaffected. Announced in hello.
   */
  localControl = false;

  constructor(init: SimDeviceInit) {
    this.sn = init.sn;
    this.type = init.type;
    this.model = init.model;
    this.definition = init.definition;
    this.unitId = init.unitId;
    this.ratedPower = init.ratedPower;
    this.firmwareVersion = init.firmware;
    this.defaults = { ...(init.defaults ?? {}) };
    this.layout = layoutOf(init.definition);
    // Every register starts as "not implemented"; what the device has is written over it.
    this.image = new RegisterImage(this.layout.start, this.layout.end, this.layout.blank);
    this.implemented = new Uint8Array(init.definition.registers.length);
    if (init.definition.sunspecModels.includes(1)) this.update(commonValues(init));
    this.update(this.defaults);
  }

  get firmware(): string {
    return this.firmwareVersion;
  }

  /** A new firmware version (after an upgrade): model 1 `Vr` shows it. */
  setFirmware(version: string): void {
    this.firmwareVersion = version;
    if (this.layout.indexByKey.has('Vr')) this.update({ Vr: version });
  }

  registerOf(key: string): RegisterDefinition | undefined {
    const index = this.layout.indexByKey.get(key);
    return index === undefined ? undefined : this.definition.registers[index];
  }

  /** The register covering an address, if any. */
  registerAt(address: number): RegisterDefinition | undefined {
    return this.layout.byAddress.get(address);
  }

  /**
   * Writes measures into the image. Keys the definition does not know are ignored; a value the register
   * cannot hold (beyond its type or scale) reads as "not implemented" rather than stopping the simulation.
   */
  update(values: Readonly<DeviceValues>): void {
    const registers = this.definition.registers;
    for (const key of Object.keys(values)) {
      const index = this.layout.indexByKey.get(key);
      if (index === undefined) continue;
      const register = registers[index] as RegisterDefinition;
      this.implemented[index] = 1;
      const value = values[key];
      if (value === undefined) continue;
      let words: number[];
      if (typeof value === 'number' && !Number.isFinite(value)) {
        // No measurement (an inverter's cabinet temperature before its first step): what the catch
        // below would give, without the cost of an exception for every inverter built.
        words = encodeRegister(register, null);
      } else {
        try {
          words = encodeRegister(register, value);
        } catch {
          words = encodeRegister(register, null);
        }
      }
      this.image.write(register.address, words);
    }
  }

  /**
   * Decoded values of the registers the device implements: what telemetry `values` carries. The identity
   * strings of the common model (group 'common': manufacturer, model, serial…) are left out unless asked
   * for; hello already says who the device is.
   */
  values(withCommon = false): DeviceValues {
    const registers = this.definition.registers;
    const words = this.image.view();
    const start = this.image.start;
    const out: DeviceValues = {};
    for (let i = 0; i < registers.length; i++) {
      const register = registers[i] as RegisterDefinition;
      if (this.implemented[i] !== 1 || (!withCommon && register.group === 'common')) continue;
      out[register.key] = decodeRegister(register, words, register.address - start);
    }
    return out;
  }

  /** One decoded value. */
  value(key: string): DeviceValue {
    const register = this.registerOf(key);
    if (!register) return null;
    return decodeRegister(register, this.image.view(), register.address - this.image.start);
  }

  read(address: number, count: number): number[] {
    return this.image.read(address, count);
  }

  /**
   * Checks a write of `words` at `address` and returns the new values by key, without applying it. The span
   * must lie in the image, consist of whole writable registers, and every new value must lie within its
   * register's min/max ("not implemented" sentinels are refused too).
   */
  planWrite(address: number, words: readonly number[]): DeviceValues {
    if (words.length === 0 || !this.image.contains(address, words.length)) {
      throw new RegisterError('illegal-address', `no registers ${address}…${address + words.length - 1}`);
    }
    const touched: RegisterDefinition[] = [];
    for (let a = address; a < address + words.length; a++) {
      const register = this.layout.byAddress.get(a);
      if (!register?.writable) {
        throw new RegisterError(
          'read-only',
          `register ${a}${register ? ` (${register.key})` : ''} is read-only`,
        );
      }
      if (touched.at(-1) !== register) touched.push(register);
    }
    for (const register of touched) {
      if (register.address < address || register.address + registerWords(register) > address + words.length) {
        throw new RegisterError('partial-register', `${register.key} must be written whole`);
      }
    }
    const decoded = decodeBlocks(touched, [{ address, words }]);
    const changes: DeviceValues = {};
    for (const register of touched) {
      const value = decoded[register.key] ?? null;
      if (
        value === null ||
        (typeof value === 'number' &&
          ((register.min !== null && value < register.min) ||
            (register.max !== null && value > register.max)))
      ) {
        throw new RegisterError(
          'out-of-range',
          `${register.key}: ${String(value)} is outside ${String(register.min)}…${String(register.max)}`,
        );
      }
      changes[register.key] = value;
    }
    return changes;
  }

  /** Applies a write checked by planWrite. */
  commitWrite(address: number, words: readonly number[], changes: Readonly<DeviceValues>): void {
    this.image.write(address, words);
    for (const key of Object.keys(changes)) {
      const index = this.layout.indexByKey.get(key);
      if (index !== undefined) this.implemented[index] = 1;
    }
  }

  hello(): HelloDevice {
    const type = this.type;
    if (type === 'GATEWAY') throw new RangeError('a logger is not a device behind a logger');
    return {
      sn: this.sn,
      type,
      model: this.model.model,
      unitId: this.unitId,
      firmware: this.firmwareVersion,
      ...(this.ratedPower === undefined ? {} : { ratedPower: this.ratedPower }),
      ...(this.localControl ? { localControl: true } : {}),
    };
  }
}
