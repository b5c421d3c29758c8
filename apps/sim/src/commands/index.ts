// The commands a simulated logger executes (docs/protocol.md §6.1), by name.
import { acCoupleSet } from './ac-couple.js';
import { deviceFactoryReset } from './device.js';
import { firmwareUpgrade } from './firmware.js';
import { forwardingSet } from './forwarding.js';
import { ivScan } from './iv-scan.js';
import { recordingStart } from './recording.js';
import { registerRead, registerWrite } from './registers.js';
import { storageMode, storageTimeSlots } from './storage.js';
import type { CommandHandler } from './types.js';

export const COMMAND_HANDLERS: Readonly<Record<string, CommandHandler>> = Object.freeze({
  'register.read': registerRead,
  'register.write': registerWrite,
  'storage.mode': storageMode,
  'storage.timeSlots': storageTimeSlots,
  'device.factoryReset': deviceFactoryReset,
  'firmware.upgrade': firmwareUpgrade,
  'iv.scan': ivScan,
  'recording.start': recordingStart,
  'forwarding.set': forwardingSet,
  'acCouple.set': acCoupleSet,
});

export { CommandExecutor, parseCommandRequest } from './executor.js';
export { MAX_FEED_IN_W } from './ac-couple.js';
export {
  FORWARDING_ACQUISITION_INTERVAL,
  FORWARDING_BAUD_RATES,
  FORWARDING_PARITIES,
  FORWARDING_SERIAL_DEFAULTS,
  FORWARDING_SERIAL_PORTS,
} from './forwarding.js';
export * from './types.js';
