// acCouple.set {coupledSn: string | null, maxFeedInW: number | null} to an inverter or a battery (SPEC §3
// "AC-coupling setting (set, update, release)"): the device records the coupling with `coupledSn` (another
// inverter or battery behind the same logger) and, when `maxFeedInW` is a number, limits its AC output to
// it — an inverter through its model 123 registers (WMaxLimPct = the figure as whole percent of its rating,
// rounded down, WMaxLim_Ena = 1), so the registers and its next readings show it; a battery keeps the
// figure. Both null releases the coupling: the limit is lifted (WMaxLim_Ena = 0). A repeated set updates.
import { CommandError, assertRemoteControl, deviceOf, type CommandHandler } from './types.js';

const DEVICE_SN = /^[A-Za-z0-9_.-]{1,64}$/;
/** Highest feed-in limit accepted, W. */
export const MAX_FEED_IN_W = 1e9;

export const acCoupleSet: CommandHandler = (ctx) => {
  const device = deviceOf(ctx, 'INVERTER', 'BATTERY');
  const { coupledSn, maxFeedInW } = ctx.request.params;
  if (coupledSn !== null && !(typeof coupledSn === 'string' && DEVICE_SN.test(coupledSn))) {
    throw new CommandError(
      'invalid-params',
      'coupledSn must be the SN of a device behind this logger, or null',
    );
  }
  if (
    maxFeedInW !== null &&
    !(
      typeof maxFeedInW === 'number' &&
      Number.isFinite(maxFeedInW) &&
      maxFeedInW >= 0 &&
      maxFeedInW <= MAX_FEED_IN_W
    )
  ) {
    throw new CommandError('invalid-params', `maxFeedInW must be a number of W 0…${MAX_FEED_IN_W}, or null`);
  }
  if (coupledSn === device.sn) {
    throw new CommandError('invalid-params', `${device.sn} cannot be coupled with itself`);
  }
  assertRemoteControl(device);
  const devices = ctx.target.devices;
  if (coupledSn !== null) {
    const partner = devices.bySn(coupledSn);
    if (!partner) throw new CommandError('unknown-device', `${coupledSn} is not behind this logger`);
    if (partner.type !== 'INVERTER' && partner.type !== 'BATTERY') {
      throw new CommandError(
        'wrong-device-type',
        `${coupledSn} is a ${partner.type}, not an inverter or a battery`,
      );
    }
  }
  devices.setAcCouple(device, coupledSn === null && maxFeedInW === null ? null : { coupledSn, maxFeedInW });
  return { dev: device.sn, coupledSn, maxFeedInW };
};
