// One simulated device as a logger and a Modbus client see it: the register image of its protocol
// definition (the built-in SunSpec maps with their constant blocks), filled from the simulation's measures
// through encodeValues, and read back through decodeBlocks — so telemetry values, raw blocks and Modbus
// reads all come from the same words. Writes are checked against the definition: whole writable
// registers only, within their min/max.
import type {
  BuiltInDefinition,
  BuiltInModel,
  DeviceType,
  HelloDevice,
  RegisterDefinition,
} from '@sunfleet/contracts';
import { decodeBlocks, encodeValues, registerWords } from '@sunfleet/domain';
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
  /** The register covering each address (for write checks). */
  private readonly byAddress = new Map<number, RegisterDefinition>();
  private readonly byKey = new Map<string, RegisterDefinition>();
  /** Keys the device really implements; the rest of the definition reads as "not implemented". */
  private readonly implemented = new Set<string>();
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
    const [start, end] = spanOf(init.definition);
    this.image = new RegisterImage(start, end);
    for (const register of init.definition.registers) {
      this.byKey.set(register.key, register);
      for (let i = 0; i < registerWords(register); i++) this.byAddress.set(register.address + i, register);
    }
    for (const block of init.definition.fixed) this.image.write(block.address, block.words);
    // Every register starts as "not implemented"; what the device has is written over it.
    const blank: DeviceValues = {};
    for (const register of init.definition.registers) blank[register.key] = null;
    this.image.writeBlocks(encodeValues(init.definition.registers, blank));
    if (init.definition.sunspecModels.includes(1)) this.update(commonValues(init));
    this.update(this.defaults);
  }

  get firmware(): string {
    return this.firmwareVersion;
  }

  /** A new firmware version (after an upgrade): model 1 `Vr` shows it. */
  setFirmware(version: string): void {
    this.firmwareVersion = version;
    if (this.byKey.has('Vr')) this.update({ Vr: version });
  }

  registerOf(key: string): RegisterDefinition | undefined {
    return this.byKey.get(key);
  }

  /** The register covering an address, if any. */
  registerAt(address: number): RegisterDefinition | undefined {
    return this.byAddress.get(address);
  }

  /**
   * Writes measures into the image. Keys the definition does not know are ignored; a value the register
   * cannot hold (beyond its type or scale) reads as "not implemented" rather than stopping the simulation.
   */
  update(values: Readonly<DeviceValues>): void {
    const registers: RegisterDefinition[] = [];
    for (const key of Object.keys(values)) {
      const register = this.byKey.get(key);
      if (!register) continue;
      registers.push(register);
      this.implemented.add(key);
    }
    try {
      this.image.writeBlocks(encodeValues(registers, values));
    } catch {
      for (const register of registers) {
        const value = values[register.key] ?? null;
        let blocks;
        try {
          blocks = encodeValues([register], { [register.key]: value });
        } catch {
          blocks = encodeValues([register], { [register.key]: null });
        }
        this.image.writeBlocks(blocks);
      }
    }
  }

  /**
   * Decoded values of the registers the device implements: what telemetry `values` carries. The identity
   * strings of the common model (group 'common': manufacturer, model, serial…) are left out unless asked
   * for; hello already says who the device is.
   */
  values(withCommon = false): DeviceValues {
    const decoded = decodeBlocks(this.definition.registers, [this.image.block()]);
    const out: DeviceValues = {};
    for (const register of this.definition.registers) {
      if (!this.implemented.has(register.key) || (!withCommon && register.group === 'common')) continue;
      out[register.key] = decoded[register.key] ?? null;
    }
    return out;
  }

  /** One decoded value. */
  value(key: string): DeviceValue {
    const register = this.byKey.get(key);
    if (!register) return null;
    const words = this.image.read(register.address, registerWords(register));
    return decodeBlocks([register], [{ address: register.address, words }])[key] ?? null;
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
      const register = this.byAddress.get(a);
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
    for (const key of Object.keys(changes)) this.implemented.add(key);
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
