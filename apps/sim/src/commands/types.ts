// What a command handler sees: the request, the device it addresses (or none: the logger itself), and the
// logger it runs on. Handlers return the result object (DONE) or throw a CommandError (FAILED with its
// code; the detail goes into `result.detail`).
import type { KeyObject } from 'node:crypto';
import type { CommandRequest, FirmwareProgress } from '@sunfleet/contracts';
import type { SiteDevices } from '../devices/site-devices.js';
import type { DeviceValues, SimDevice } from '../devices/sim-device.js';

/** Stable error codes of FAILED results. */
export type CommandErrorCode =
  | 'invalid-request'
  | 'invalid-params'
  | 'unknown-command'
  | 'unknown-device'
  | 'wrong-device-type'
  | 'illegal-address'
  | 'read-only'
  | 'partial-register'
  | 'out-of-range'
  | 'not-supported'
  | 'not-in-standby'
  | 'local-control'
  | 'busy'
  | 'interrupted'
  | 'download-failed'
  | 'image-too-large'
  | 'no-trusted-key'
  | 'signature-mismatch'
  | 'hash-mismatch'
  | 'forwarding-failed'
  | 'internal-error';

export class CommandError extends Error {
  override readonly name = 'CommandError';
  readonly code: CommandErrorCode;

  constructor(code: CommandErrorCode, message: string = code) {
    super(message);
    this.code = code;
  }
}

export type ForwardingProtocol = 'HTTP' | 'MQTT' | 'TCP';
export type SerialParity = 'NONE' | 'ODD' | 'EVEN';

/** The serial side of the forwarding settings (SPEC §3): the RS485 port and how the logger polls it. */
export interface SerialSettings {
  /** The logger's RS485 port, 1…4. */
  serialPort: number;
  /** One of FORWARDING_BAUD_RATES. */
  baudRate: number;
  /** Check bit. */
  parity: SerialParity;
  stopBits: 1 | 2;
  /** Seconds between polls of the devices (acquisition frequency), 5…3600. */
  acquisitionInterval: number;
}

export interface ForwardingConfig extends SerialSettings {
  protocol: ForwardingProtocol;
  /** HTTP: the URL posted to; MQTT: mqtt://host:port/topic (topic optional). */
  url?: string;
  /** TCP: where newline-delimited JSON goes. */
  host?: string;
  port?: number;
  /** Seconds between copies (default: every telemetry message). */
  uploadInterval?: number;
}

export type FirmwareStep = Omit<FirmwareProgress, 'v' | 'id'>;

/** The logger a command runs on (SimLogger implements it). */
export interface CommandTarget {
  readonly sn: string;
  readonly devices: SiteDevices;
  /** The logger's own register map (definition 'sunfleet-logger'). */
  readonly loggerDevice: SimDevice;
  readonly seed: string | number;
  readonly trustedKeys: readonly KeyObject[];
  /** Simulated time, epoch ms. */
  now(): number;
  /** A write to the logger's own registers (range-checked), applied to its settings. */
  writeLoggerRegisters(address: number, words: readonly number[]): DeviceValues;
  /** Publishes one firmware progress record of an upgrade. */
  firmwareProgress(commandId: string, step: FirmwareStep): void;
  /** Runs the new logger firmware: persists it, reboots, resolves once the new hello is acknowledged. */
  rebootWithFirmware(version: string): Promise<void>;
  /** A device's new firmware: its registers and the next hello show it. */
  setDeviceFirmware(device: SimDevice, version: string): void;
  setForwarding(config: ForwardingConfig | null): void;
  /** The logger's own settings back to their configured values. */
  factoryResetLogger(): void;
}

export interface CommandContext {
  request: CommandRequest;
  /** The addressed device; null when the command addresses the logger itself. */
  device: SimDevice | null;
  target: CommandTarget;
}

export type CommandHandler = (
  ctx: CommandContext,
) => Promise<Record<string, unknown>> | Record<string, unknown>;

// ---- Parameter checks ----------------------------------------------------------------------------------

type Params = Record<string, unknown>;

export function intParam(params: Params, key: string, min: number, max: number, fallback?: number): number {
  const value = params[key];
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new CommandError('invalid-params', `${key} must be an integer ${min}…${max}`);
  }
  return value;
}

export function numberParam(
  params: Params,
  key: string,
  min: number,
  max: number,
  fallback?: number,
): number {
  const value = params[key];
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new CommandError('invalid-params', `${key} must be a number ${min}…${max}`);
  }
  return value;
}

export function stringParam(params: Params, key: string, pattern: RegExp, what: string): string {
  const value = params[key];
  if (typeof value !== 'string' || !pattern.test(value)) {
    throw new CommandError('invalid-params', `${key} must be ${what}`);
  }
  return value;
}

export function arrayParam(params: Params, key: string, min: number, max: number): unknown[] {
  const value = params[key];
  if (!Array.isArray(value) || value.length < min || value.length > max) {
    throw new CommandError('invalid-params', `${key} must be a list of ${min}…${max} items`);
  }
  return value;
}

export function isObject(value: unknown): value is Params {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Refuses a state-changing command to a device controlled on site (its remote-control switch is off):
 * FAILED 'local-control'. Reads still work.
 */
export function assertRemoteControl(device: SimDevice): void {
  if (device.localControl) {
    throw new CommandError(
      'local-control',
      `${device.sn} is controlled locally (its remote-control switch is off): settings can only be changed on site`,
    );
  }
}

/** The addressed device, which must exist and be of one of the types. */
export function deviceOf(ctx: CommandContext, ...types: SimDevice['type'][]): SimDevice {
  const device = ctx.device;
  if (!device) throw new CommandError('invalid-params', `dev is required (${types.join(' or ')})`);
  if (types.length > 0 && !types.includes(device.type)) {
    throw new CommandError(
      'wrong-device-type',
      `${device.sn} is a ${device.type}, not ${types.join(' or ')}`,
    );
  }
  return device;
}
