// storage.mode {mode 0…4} and storage.timeSlots {periods: [{start, end, mode, powerW?}] ≤ 6}: the battery's
// work mode (the WorkMode register's order: self-consumption, emergency charging, full feed-in, PV mode,
// time-shared control) and the periods time-shared control follows, checked with the contracts' rule.
import { validateTimePeriods } from '@sunfleet/contracts';
import { WorkModes, type TimeSharedPeriod } from '../physics/battery.js';
import type { SimDevice } from '../devices/sim-device.js';
import {
  arrayParam,
  assertRemoteControl,
  CommandError,
  deviceOf,
  intParam,
  isObject,
  type CommandContext,
  type CommandHandler,
} from './types.js';

/**
 * The addressed battery, or the site's only battery when no device is named — refused while it is
 * controlled on site.
 */
function batteryOf(ctx: CommandContext): SimDevice {
  const battery = ctx.device
    ? deviceOf(ctx, 'BATTERY')
    : ctx.target.devices.devices.find((d) => d.type === 'BATTERY');
  if (!battery) throw new CommandError('wrong-device-type', 'this logger has no battery');
  assertRemoteControl(battery);
  return battery;
}

export const storageMode: CommandHandler = (ctx) => {
  const mode = intParam(ctx.request.params, 'mode', 0, WorkModes.length - 1);
  const battery = batteryOf(ctx);
  const workMode = WorkModes[mode] ?? 'SELF_CONSUMPTION';
  ctx.target.devices.setWorkMode(workMode);
  return { dev: battery.sn, mode, name: workMode };
};

function parsePeriod(value: unknown, index: number): TimeSharedPeriod {
  const fail = (why: string): never => {
    throw new CommandError('invalid-params', `periods[${index}]: ${why}`);
  };
  if (!isObject(value)) return fail('must be an object');
  const { start, end, mode, powerW } = value;
  if (typeof start !== 'string' || typeof end !== 'string') return fail('start and end are "HH:mm"');
  if (mode !== 'CHARGE' && mode !== 'DISCHARGE') return fail('mode is CHARGE or DISCHARGE');
  if (powerW !== undefined && !(typeof powerW === 'number' && Number.isFinite(powerW) && powerW >= 0)) {
    return fail('powerW must be a number ≥ 0');
  }
  return { start, end, mode, ...(typeof powerW === 'number' ? { powerW } : {}) };
}

export const storageTimeSlots: CommandHandler = (ctx) => {
  const battery = batteryOf(ctx);
  const periods = arrayParam(ctx.request.params, 'periods', 0, 6).map(parsePeriod);
  const problem = validateTimePeriods(periods);
  if (problem !== null) throw new CommandError('invalid-params', problem);
  const site = ctx.target.devices.site;
  const mode = site.battery?.mode ?? 'TIME_SHARED';
  ctx.target.devices.setWorkMode(mode, periods);
  return { dev: battery.sn, mode: WorkModes.indexOf(mode), periods };
};
