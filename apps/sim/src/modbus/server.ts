// Modbus TCP server for the devices behind one simulated logger (modbus-serial's ServerTCP): unit id n is
// the n-th device, serving its SunSpec register image through function codes 3 and 4 (the same words),
// and taking writes through 6 and 16. Writes go through SiteDevices.write, so they are range-checked
// against the definition and change the simulation (e.g. WMaxLimPct limits the inverter's output).
import { createServer } from 'node:net';
import { ServerTCP } from 'modbus-serial';
import type { SiteDevices } from '../devices/site-devices.js';
import { RegisterError, type RegisterErrorCode } from '../devices/register-image.js';
import type { SimDevice } from '../devices/sim-device.js';

/** Modbus exception codes. */
const ILLEGAL_DATA_ADDRESS = 0x02;
const ILLEGAL_DATA_VALUE = 0x03;
const SERVER_DEVICE_FAILURE = 0x04;
const GATEWAY_TARGET_FAILED = 0x0b;

const EXCEPTION_OF: Record<RegisterErrorCode, number> = {
  'illegal-address': ILLEGAL_DATA_ADDRESS,
  'read-only': ILLEGAL_DATA_ADDRESS,
  'partial-register': ILLEGAL_DATA_VALUE,
  'out-of-range': ILLEGAL_DATA_VALUE,
  'not-supported': SERVER_DEVICE_FAILURE,
};

/** What modbus-serial turns into an exception response. */
class ModbusException extends Error {
  readonly modbusErrorCode: number;

  constructor(code: number, message: string) {
    super(message);
    this.modbusErrorCode = code;
  }
}

export interface ModbusServer {
  readonly host: string;
  readonly port: number;
  close(): Promise<void>;
}

export interface ModbusServerOptions {
  port: number;
  host?: string;
  /** Called after every accepted write (e.g. to log it). */
  onWrite?: (device: SimDevice, address: number, words: readonly number[]) => void;
}

/** A free TCP port on the host (ServerTCP cannot listen on port 0 and report the port). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function translate(error: unknown): never {
  if (error instanceof RegisterError) throw new ModbusException(EXCEPTION_OF[error.code], error.message);
  if (error instanceof ModbusException) throw error;
  throw new ModbusException(SERVER_DEVICE_FAILURE, error instanceof Error ? error.message : String(error));
}

export async function startModbusServer(
  devices: SiteDevices,
  opts: ModbusServerOptions,
): Promise<ModbusServer> {
  const host = opts.host ?? '0.0.0.0';
  const unit = (unitId: number): SimDevice => {
    const device = devices.byUnit(unitId);
    if (!device) throw new ModbusException(GATEWAY_TARGET_FAILED, `no device with unit id ${unitId}`);
    if (!device.readable) throw new ModbusException(GATEWAY_TARGET_FAILED, `${device.sn} does not answer`);
    return device;
  };
  const read = (address: number, length: number, unitId: number): number[] => {
    try {
      return unit(unitId).read(address, length);
    } catch (error) {
      return translate(error);
    }
  };
  const write = (address: number, words: readonly number[], unitId: number): void => {
    try {
      const device = unit(unitId);
      devices.write(device, address, words);
      opts.onWrite?.(device, address, words);
    } catch (error) {
      translate(error);
    }
  };
  const first = (words: number[]): number => words[0] ?? 0;
  const vector = {
    getHoldingRegister: (address: number, unitId: number): number => first(read(address, 1, unitId)),
    getInputRegister: (address: number, unitId: number): number => first(read(address, 1, unitId)),
    getMultipleHoldingRegisters: (address: number, length: number, unitId: number): number[] =>
      read(address, length, unitId),
    getMultipleInputRegisters: (address: number, length: number, unitId: number): number[] =>
      read(address, length, unitId),
    setRegister: (address: number, value: number, unitId: number): void => write(address, [value], unitId),
    setRegisterArray: (address: number, values: number[], unitId: number): void =>
      write(address, values, unitId),
  };
  const server = new ServerTCP(vector, { host, port: opts.port, unitID: 255 });
  await new Promise<void>((resolve, reject) => {
    server.once('initialized', () => resolve());
    server.once('serverError', (error: unknown) =>
      reject(error instanceof Error ? error : new Error(String(error))),
    );
  });
  // A client that vanishes mid-request must not take the simulator down.
  server.on('socketError', () => undefined);
  server.on('error', () => undefined);
  return {
    host,
    port: opts.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
