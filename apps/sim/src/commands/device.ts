// device.factoryReset {}: restores a device's power-on settings — refused (FAILED 'not-in-standby') unless
// the device is in standby (SPEC §5: "Factory reset requires standby mode"). Without a device it resets the
// logger's own settings (upload interval, forwarding). A device controlled on site refuses it
// ('local-control'). The reset forgets the device's AC coupling and the settings kept across restarts.
import { assertRemoteControl, CommandError, type CommandHandler } from './types.js';

export const deviceFactoryReset: CommandHandler = ({ device, target }) => {
  if (!device) {
    target.factoryResetLogger();
    return { dev: target.sn };
  }
  assertRemoteControl(device);
  if (!target.devices.inStandby(device)) {
    throw new CommandError('not-in-standby', `${device.sn} is not in standby`);
  }
  target.devices.factoryReset(device);
  return { dev: device.sn };
};
