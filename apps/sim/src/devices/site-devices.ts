// The devices of one site behind one logger (Modbus unit ids 1…n in the order inverters, battery, meter,
// weather station), their register images refreshed from the SiteSimulator after each step, and the
// writable registers fed back into the simulation:
//   inverter (model 123): Conn, WMaxLimPct, WMaxLim_Ena → the active-power limit (Conn 0 = standby);
//   storage (124 + 64101): WorkMode → work mode, WChaMax → charge/discharge limit, MinRsvPct → reserve.
// Other writable registers (OutPFSet, StorCtl_Mod, In/OutWRte, ChaGriSet) are kept but change nothing.
// An AC coupling (acCouple.set) is recorded per device; an inverter's feed-in limit goes through the same
// model 123 registers (WMaxLimPct, WMaxLim_Ena). What a device was told (writable registers, time-shared
// periods, coupling) is its settings: `settings()` hands them to the logger's state file and
// `restoreSettings()` puts them back after a restart; a factory reset forgets them.
//
// Fault injection for tests: `pinRegister(sn, key)` makes a device accept a change of that register (the
// write or command answers DONE) and silently put the old value back right away, before any later read —
// the "setting that reverts after a success" some devices show. `unpinRegister` ends it.
import { WorkModes, type TimeSharedPeriod, type WorkMode } from '../physics/battery.js';
import { ChargeState } from '../physics/battery.js';
import { InverterState } from '@sunfleet/contracts';
import type { SiteSimulator } from '../site.js';
import {
  batteryModelFor,
  definitionOfModel,
  inverterModelFor,
  meterModelFor,
  modelByName,
  WEATHER_MODEL,
} from './catalogue.js';
import { RegisterError } from './register-image.js';
import { SimDevice, type DeviceValues } from './sim-device.js';

export interface SiteDevicesOptions {
  /** Model name per device SN, instead of the model that fits its configuration. */
  models?: Readonly<Record<string, string>>;
  /** Firmware version per device SN (default '1.0.0'). */
  firmware?: Readonly<Record<string, string>>;
}

const INVERTER_DEFAULTS: DeviceValues = {
  Conn: 1,
  WMaxLimPct: 100,
  // Enabled from the start, so writing WMaxLimPct alone limits the output; writing 0 here lifts the limit.
  WMaxLim_Ena: 1,
  OutPFSet: 1,
  OutPFSet_Ena: 0,
};
const STORAGE_DEFAULTS: DeviceValues = { StorCtl_Mod: 0, OutWRte: 100, InWRte: 100, ChaGriSet: 1 };

/** An AC coupling as the device keeps it (acCouple.set). */
export interface AcCoupling {
  /** The device behind the same logger it is coupled with; null = a feed-in limit alone. */
  coupledSn: string | null;
  /** AC output limit while coupled, W; null = none. */
  maxFeedInW: number | null;
}

/** A device's settings as the logger keeps them across restarts. */
export interface DeviceSettings {
  /** Writable registers by key. */
  registers: DeviceValues;
  /** A battery's time-shared periods. */
  periods?: TimeSharedPeriod[];
  acCouple?: AcCoupling;
}

interface BatteryDefaults {
  mode: WorkMode;
  periods: TimeSharedPeriod[];
  maxChargeW: number;
  maxDischargeW: number;
  socMinPct: number;
}

export class SiteDevices {
  readonly site: SiteSimulator;
  /** In unit id order (unit id = index + 1). */
  readonly devices: readonly SimDevice[];
  private readonly batteryDefaults: BatteryDefaults | null;
  /** Device SN → register keys that revert after every change (fault injection). */
  private readonly pins = new Map<string, Set<string>>();
  private readonly couplings = new Map<string, AcCoupling>();
  /** Devices whose settings were changed since power-on (those are kept across restarts). */
  private readonly changed = new Set<string>();
  /** Called after any setting changed (the logger saves its state). */
  onSettingsChange: (() => void) | null = null;

  constructor(site: SiteSimulator, opts: SiteDevicesOptions = {}) {
    this.site = site;
    const config = site.config;
    const firmware = (sn: string): string => opts.firmware?.[sn] ?? '1.0.0';
    const pick = (sn: string, fallback: () => ReturnType<typeof modelByName>) => {
      const name = opts.models?.[sn];
      return name === undefined ? fallback() : modelByName(name);
    };
    const devices: SimDevice[] = [];
    for (const reading of site.readings) {
      const unitId = devices.length + 1;
      const sn = reading.sn;
      switch (reading.type) {
        case 'INVERTER': {
          const inverter = config.inverters.find((i) => i.sn === sn);
          const rated = inverter?.ratedPowerW ?? 0;
          const phases = inverter?.phases ?? (rated > 6_000 ? 3 : 1);
          const model = pick(sn, () => inverterModelFor(rated, phases));
          devices.push(
            new SimDevice({
              sn,
              type: 'INVERTER',
              model,
              definition: definitionOfModel(model),
              unitId,
              firmware: firmware(sn),
              ratedPower: rated,
              defaults: INVERTER_DEFAULTS,
            }),
          );
          break;
        }
        case 'BATTERY': {
          const capacity = config.battery?.capacityWh ?? 0;
          const model = pick(sn, () => batteryModelFor(capacity));
          devices.push(
            new SimDevice({
              sn,
              type: 'BATTERY',
              model,
              definition: definitionOfModel(model),
              unitId,
              firmware: firmware(sn),
              ratedPower: capacity,
              defaults: STORAGE_DEFAULTS,
            }),
          );
          break;
        }
        case 'METER': {
          const model = pick(sn, () => meterModelFor(config.meter?.phases ?? 1));
          devices.push(
            new SimDevice({
              sn,
              type: 'METER',
              model,
              definition: definitionOfModel(model),
              unitId,
              firmware: firmware(sn),
            }),
          );
          break;
        }
        case 'WEATHER_STATION': {
          const model = pick(sn, () => modelByName(WEATHER_MODEL));
          devices.push(
            new SimDevice({
              sn,
              type: 'WEATHER_STATION',
              model,
              definition: definitionOfModel(model),
              unitId,
              firmware: firmware(sn),
            }),
          );
          break;
        }
      }
    }
    this.devices = devices;
    const battery = site.battery;
    this.batteryDefaults = battery
      ? {
          mode: battery.mode,
          periods: battery.periods.map((p) => ({ ...p })),
          maxChargeW: battery.spec.maxChargeW,
          maxDischargeW: battery.spec.maxDischargeW,
          socMinPct: battery.spec.socMinPct,
        }
      : null;
    this.refresh();
  }

  byUnit(unitId: number): SimDevice | undefined {
    return this.devices[unitId - 1];
  }

  bySn(sn: string): SimDevice | undefined {
    return this.devices.find((d) => d.sn === sn);
  }

  /** Copies the site's measures (after a step) into the register images. */
  refresh(): void {
    const readings = this.site.readings;
    for (let k = 0; k < readings.length; k++) {
      const reading = readings[k];
      const device = this.devices[k];
      if (!reading || !device) continue;
      device.readable = reading.readable;
      device.update(reading.values);
      // Disconnected by command (Conn = 0) is standby, not a sleeping or throttled inverter.
      if (device.type === 'INVERTER' && device.value('Conn') === 0)
        device.update({ St: InverterState.STANDBY });
    }
  }

  /**
   * A register write from Modbus or a `register.write` command: checked against the definition, applied
   * to the simulation, then to the image. Throws RegisterError (nothing changes) when refused.
   */
  write(device: SimDevice, address: number, words: readonly number[]): DeviceValues {
    const changes = device.planWrite(address, words);
    this.withPins(device, () => {
      this.apply(device, changes);
      device.commitWrite(address, words, changes);
    });
    this.settingsChanged(device);
    return changes;
  }

  // ---- Fault injection: registers that revert -----------------------------------------------------------

  /**
   * From now on the device accepts changes of register `key` (writes and commands answer DONE) but puts
   * the old value back at once, before any later read. Throws for an unknown device or a register the
   * device cannot be written.
   */
  pinRegister(sn: string, key: string): void {
    const device = this.bySn(sn);
    if (!device) throw new RangeError(`no device ${sn} behind this logger`);
    if (!device.registerOf(key)?.writable) throw new RangeError(`${sn} has no writable register ${key}`);
    const keys = this.pins.get(sn) ?? new Set<string>();
    keys.add(key);
    this.pins.set(sn, keys);
  }

  /** Ends `pinRegister`: changes of the register hold again. */
  unpinRegister(sn: string, key: string): void {
    this.pins.get(sn)?.delete(key);
  }

  /** Runs a change of the device's settings, then restores the pinned registers it changed. */
  private withPins(device: SimDevice, change: () => void): void {
    const pinned = this.pins.get(device.sn);
    const before: DeviceValues = {};
    for (const key of pinned ?? []) before[key] = device.value(key);
    change();
    const restore: DeviceValues = {};
    for (const [key, value] of Object.entries(before)) {
      if (value !== null && device.value(key) !== value) restore[key] = value;
    }
    if (Object.keys(restore).length === 0) return;
    this.apply(device, restore);
    device.update(restore);
  }

  // ---- AC coupling ---------------------------------------------------------------------------------------

  acCoupleOf(sn: string): AcCoupling | null {
    const coupling = this.couplings.get(sn);
    return coupling ? { ...coupling } : null;
  }

  /**
   * Sets, updates (a coupling) or releases (null) the AC coupling of an inverter or a battery. An
   * inverter limits its AC output to `maxFeedInW` through WMaxLimPct (whole percent of its rating,
   * rounded down so the output stays within the figure) with WMaxLim_Ena = 1; without a figure, or on
   * release, WMaxLim_Ena = 0 lifts the limit. A battery keeps the figure. The caller checks the partner.
   */
  setAcCouple(device: SimDevice, coupling: AcCoupling | null): void {
    if (device.type !== 'INVERTER' && device.type !== 'BATTERY') {
      throw new RangeError(`${device.sn} is a ${device.type}: only inverters and batteries are AC-coupled`);
    }
    if (device.type === 'INVERTER') {
      const limitW = coupling?.maxFeedInW ?? null;
      const rated = device.ratedPower ?? 0;
      const changes: DeviceValues =
        limitW === null
          ? { WMaxLim_Ena: 0 }
          : {
              WMaxLimPct: rated > 0 ? Math.min(100, Math.max(0, Math.floor((limitW / rated) * 100))) : 100,
              WMaxLim_Ena: 1,
            };
      this.withPins(device, () => {
        this.apply(device, changes);
        device.update(changes);
      });
    }
    if (coupling) this.couplings.set(device.sn, { ...coupling });
    else this.couplings.delete(device.sn);
    this.settingsChanged(device);
  }

  // ---- Settings kept across restarts ---------------------------------------------------------------------

  private settingsChanged(device: SimDevice): void {
    this.changed.add(device.sn);
    this.onSettingsChange?.();
  }

  /** The settings of every device changed since power-on, by SN. */
  settings(): Record<string, DeviceSettings> {
    const out: Record<string, DeviceSettings> = {};
    for (const sn of this.changed) {
      const device = this.bySn(sn);
      if (!device) continue;
      const registers: DeviceValues = {};
      for (const register of device.definition.registers) {
        if (!register.writable) continue;
        const value = device.value(register.key);
        if (value !== null) registers[register.key] = value;
      }
      const settings: DeviceSettings = { registers };
      if (device.type === 'BATTERY' && this.site.battery) {
        settings.periods = this.site.battery.periods.map((p) => ({ ...p }));
      }
      const coupling = this.couplings.get(sn);
      if (coupling) settings.acCouple = { ...coupling };
      out[sn] = settings;
    }
    return out;
  }

  /**
   * Puts back what `settings()` returned before a restart. A device no longer behind the logger, or
   * settings it cannot take, are skipped.
   */
  restoreSettings(saved: Readonly<Record<string, DeviceSettings>>): void {
    for (const [sn, settings] of Object.entries(saved)) {
      const device = this.bySn(sn);
      if (!device) continue;
      try {
        const mode = settings.registers.WorkMode;
        const workMode = typeof mode === 'number' ? WorkModes[mode] : undefined;
        if (device.type === 'BATTERY' && workMode && settings.periods) {
          this.site.setWorkMode(workMode, settings.periods);
        }
        const registers: DeviceValues = {};
        for (const [key, value] of Object.entries(settings.registers)) {
          if (device.registerOf(key)?.writable && value !== null) registers[key] = value;
        }
        this.apply(device, registers);
        device.update(registers);
      } catch (error) {
        if (!(error instanceof RegisterError || error instanceof RangeError)) throw error;
        continue;
      }
      if (settings.acCouple) this.couplings.set(sn, { ...settings.acCouple });
      this.changed.add(sn);
    }
  }

  private apply(device: SimDevice, changes: Readonly<DeviceValues>): void {
    const number = (key: string): number | null => {
      const value = key in changes ? changes[key] : device.value(key);
      return typeof value === 'number' ? value : null;
    };
    try {
      if (
        device.type === 'INVERTER' &&
        ('Conn' in changes || 'WMaxLimPct' in changes || 'WMaxLim_Ena' in changes)
      ) {
        const limit =
          number('Conn') === 0 ? 0 : number('WMaxLim_Ena') === 1 ? (number('WMaxLimPct') ?? 100) : 100;
        this.site.setPowerLimit(device.sn, limit);
      }
      if (device.type === 'BATTERY') {
        const mode = changes.WorkMode;
        if (typeof mode === 'number') {
          const workMode = WorkModes[mode];
          if (workMode === undefined) throw new RangeError(`no work mode ${mode}`);
          this.site.setWorkMode(workMode);
        }
        const chargeW = changes.WChaMax;
        const reserve = changes.MinRsvPct;
        if (typeof chargeW === 'number' || typeof reserve === 'number') {
          this.site.setBatteryLimits({
            ...(typeof chargeW === 'number' ? { maxChargeW: chargeW, maxDischargeW: chargeW } : {}),
            ...(typeof reserve === 'number' ? { socMinPct: reserve } : {}),
          });
        }
      }
    } catch (error) {
      if (error instanceof RangeError) throw new RegisterError('out-of-range', error.message);
      throw error;
    }
  }

  /** Work mode (0…4 as in the WorkMode register) with optional time-shared periods. */
  setWorkMode(mode: WorkMode, periods?: readonly TimeSharedPeriod[]): void {
    const battery = this.devices.find((d) => d.type === 'BATTERY');
    if (!battery) {
      this.site.setWorkMode(mode, periods);
      return;
    }
    this.withPins(battery, () => {
      this.site.setWorkMode(mode, periods);
      battery.update({ WorkMode: WorkModes.indexOf(mode) });
    });
    this.settingsChanged(battery);
  }

  /**
   * Standby, where a factory reset is allowed: an inverter not feeding in (off, sleeping, or disconnected
   * by Conn = 0), a battery neither charging nor discharging; meters and weather stations always.
   */
  inStandby(device: SimDevice): boolean {
    switch (device.type) {
      case 'INVERTER': {
        const state = device.value('St');
        return (
          state === InverterState.OFF || state === InverterState.SLEEPING || state === InverterState.STANDBY
        );
      }
      case 'BATTERY': {
        const state = device.value('ChaSt');
        return state !== ChargeState.CHARGING && state !== ChargeState.DISCHARGING;
      }
      case 'METER':
      case 'WEATHER_STATION':
      case 'GATEWAY':
        return true;
    }
  }

  /** Restores the power-on settings (the caller checks standby first). */
  factoryReset(device: SimDevice): void {
    this.couplings.delete(device.sn);
    this.changed.delete(device.sn);
    device.update(device.defaults);
    if (device.type === 'INVERTER') this.site.setPowerLimit(device.sn, 100);
    if (device.type === 'BATTERY' && this.batteryDefaults) {
      const d = this.batteryDefaults;
      this.site.setBatteryLimits({
        maxChargeW: d.maxChargeW,
        maxDischargeW: d.maxDischargeW,
        socMinPct: d.socMinPct,
      });
      this.site.setWorkMode(d.mode, d.periods);
      device.update({ WorkMode: WorkModes.indexOf(d.mode), WChaMax: d.maxChargeW, MinRsvPct: d.socMinPct });
    }
    this.onSettingsChange?.();
  }
}
