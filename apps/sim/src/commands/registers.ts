// register.read {address, count} → {hex}; register.write {address, hex} → {hex, values}. Against the
// addressed device's register map, or the logger's own map when no device is named. Writes are checked
// through the definition: whole writable registers, within min/max; read-only registers are refused.
// The answer echoes what the device accepted; a read shows what it holds (a device whose register
// reverts — SiteDevices.pinRegister — answers DONE and still reads the old value). A device controlled
// on site refuses writes ('local-control') but can be read.
import { hexToWords, wordsToHex } from '@sunfleet/domain';
import { RegisterError } from '../devices/register-image.js';
import type { DeviceValues } from '../devices/sim-device.js';
import { assertRemoteControl, CommandError, intParam, stringParam, type CommandHandler } from './types.js';

/** Registers one read may return (the Modbus limit of one request). */
export const MAX_READ_REGISTERS = 125;
/** Registers one write may carry (the Modbus limit of one request). */
export const MAX_WRITE_REGISTERS = 123;

function registerFailure(error: unknown): never {
  if (error instanceof RegisterError) throw new CommandError(error.code, error.message);
  throw error;
}

export const registerRead: CommandHandler = ({ request, device, target }) => {
  const address = intParam(request.params, 'address', 0, 65_535);
  const count = intParam(request.params, 'count', 1, MAX_READ_REGISTERS, 1);
  const source = device ?? target.loggerDevice;
  if (!source.readable) throw new CommandError('not-supported', `${source.sn} does not answer`);
  try {
    return { address, hex: wordsToHex(source.read(address, count)) };
  } catch (error) {
    return registerFailure(error);
  }
};

export const registerWrite: CommandHandler = ({ request, device, target }) => {
  const address = intParam(request.params, 'address', 0, 65_535);
  const hex = stringParam(
    request.params,
    'hex',
    new RegExp(`^(0[xX])?([0-9A-Fa-f]{4}){1,${MAX_WRITE_REGISTERS}}$`),
    `four hex digits per register, 1…${MAX_WRITE_REGISTERS} registers`,
  );
  const words = hexToWords(hex.replace(/^0[xX]/, ''));
  let values: DeviceValues;
  try {
    if (device) {
      assertRemoteControl(device);
      if (!device.readable) throw new CommandError('not-supported', `${device.sn} does not answer`);
      values = target.devices.write(device, address, words);
    } else {
      values = target.writeLoggerRegisters(address, words);
    }
  } catch (error) {
    return registerFailure(error);
  }
  return { address, hex: wordsToHex(words), values };
};
