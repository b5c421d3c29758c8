// An AC-coupled battery with the five storage work modes of SPEC §4, in the order of the WorkMode register
// (Sunfleet storage block 64101): 0 self-consumption, 1 emergency charging, 2 full feed-in, 3 PV mode,
// 4 time-shared control. Power is positive when discharging (the protocol's sign). Losses are split evenly
// between charging and discharging (√RTE each way), so the AC counters and the state of charge differ by
// exactly the modelled losses.
//
// What each mode does on grid (off grid every mode supplies the house, since that is what a backup is for):
// - SELF_CONSUMPTION: charge PV surplus, discharge to cover the house, never to the grid.
// - EMERGENCY_CHARGING: charge at full power from PV and grid until full, then rest; never discharge.
// - FULL_FEED_IN: everything goes to the grid: the battery discharges at full power down to its reserve
//   (then rests) and never charges; all PV goes to the grid connection (the meter nets it with the house).
// - PV_MODE: charge from PV surplus only (never from the grid), never discharge: a PV-charged backup reserve.
// - TIME_SHARED: up to six periods (start, end, CHARGE or DISCHARGE, optional power); outside them, self-
//   consumption. Periods must not overlap (the contracts' validateTimePeriods rule).
import { validateTimePeriods, parseTimeOfDay } from '@sunfleet/contracts';

export const WorkModes = [
  'SELF_CONSUMPTION',
  'EMERGENCY_CHARGING',
  'FULL_FEED_IN',
  'PV_MODE',
  'TIME_SHARED',
] as const;
export type WorkMode = (typeof WorkModes)[number];

export interface TimeSharedPeriod {
  /** 'HH:mm'; an end before the start runs past midnight. */
  start: string;
  end: string;
  mode: 'CHARGE' | 'DISCHARGE';
  /** Charge or discharge power, W (default: the battery's limit). */
  powerW?: number;
}

export interface BatterySpec {
  capacityWh: number;
  maxChargeW: number;
  maxDischargeW: number;
  /** Discharge floor (reserve) and charge ceiling, percent. */
  socMinPct: number;
  socMaxPct: number;
  /** Round-trip efficiency, AC to AC, 0…1. */
  roundTripEfficiency: number;
  nominalVoltage: number;
}

/** SunSpec model 124 ChaSt. */
export const ChargeState = { OFF: 1, EMPTY: 2, DISCHARGING: 3, CHARGING: 4, FULL: 5, HOLDING: 6 } as const;
export type ChargeState = (typeof ChargeState)[keyof typeof ChargeState];

/** The household's situation for one step, as the battery controller sees it. */
export interface DispatchContext {
  /** PV AC power available now, W. */
  pvW: number;
  loadW: number;
  gridAvailable: boolean;
  /** Local minutes after midnight (for time-shared periods). */
  minuteOfDay: number;
}

interface CompiledPeriod {
  from: number;
  to: number;
  mode: 'CHARGE' | 'DISCHARGE';
  powerW: number;
}

export class Battery {
  readonly spec: BatterySpec;
  private storedWh: number;
  mode: WorkMode = 'SELF_CONSUMPTION';
  periods: readonly TimeSharedPeriod[] = [];
  private compiled: CompiledPeriod[] = [];
  /** Emergency charging reached full and now rests. */
  private resting = false;
  /** Power of the last step, W (+ discharge). */
  power = 0;
  chargeTotalWh: number;
  dischargeTotalWh: number;
  /** A fault holds the battery idle. */
  disabled = false;
  temperature = 25;

  constructor(spec: BatterySpec, initialSocPct = 50, chargeTotalWh = 0, dischargeTotalWh = 0) {
    if (
      !(spec.capacityWh > 0) ||
      spec.socMinPct < 0 ||
      spec.socMaxPct > 100 ||
      spec.socMinPct >= spec.socMaxPct
    ) {
      throw new RangeError('battery capacity must be positive and 0 ≤ socMin < socMax ≤ 100');
    }
    this.spec = spec;
    this.storedWh = (spec.capacityWh * Math.min(Math.max(initialSocPct, 0), 100)) / 100;
    this.chargeTotalWh = chargeTotalWh;
    this.dischargeTotalWh = dischargeTotalWh;
  }

  /** State of charge, percent. */
  get soc(): number {
    return (this.storedWh / this.spec.capacityWh) * 100;
  }

  /** Energy stored, Wh. */
  get storedEnergyWh(): number {
    return this.storedWh;
  }

  /** Changes the work mode (and the periods for time-shared control); invalid periods throw. */
  setMode(mode: WorkMode, periods: readonly TimeSharedPeriod[] = this.periods): void {
    const problem = validateTimePeriods(periods);
    if (problem !== null) throw new RangeError(`invalid time periods: ${problem}`);
    this.mode = mode;
    this.periods = periods.map((p) => ({ ...p }));
    this.compiled = periods.map((p) => ({
      from: parseTimeOfDay(p.start) ?? 0,
      to: parseTimeOfDay(p.end) ?? 0,
      mode: p.mode,
      powerW: p.powerW ?? (p.mode === 'CHARGE' ? this.spec.maxChargeW : this.spec.maxDischargeW),
    }));
    this.resting = false;
  }

  /** The time-shared period active at a local minute, if any. */
  activePeriod(minuteOfDay: number): CompiledPeriod | null {
    for (const period of this.compiled) {
      if (period.from === period.to) continue;
      const inside =
        period.from < period.to
          ? minuteOfDay >= period.from && minuteOfDay < period.to
          : minuteOfDay >= period.from || minuteOfDay < period.to;
      if (inside) return period;
    }
    return null;
  }

  /** The power the controller wants this step (+ discharge), before the battery's own limits. */
  setpoint(ctx: DispatchContext): number {
    if (this.disabled) return 0;
    const surplus = ctx.pvW - ctx.loadW;
    if (!ctx.gridAvailable) {
      // Off grid every mode supplies the house; emergency charging charges full again once the grid is back.
      this.resting = false;
      return -surplus;
    }
    switch (this.mode) {
      case 'SELF_CONSUMPTION':
        return -surplus;
      case 'EMERGENCY_CHARGING':
        if (this.resting || this.soc >= this.spec.socMaxPct - 1e-9) {
          this.resting = true;
          return 0;
        }
        return -this.spec.maxChargeW;
      case 'FULL_FEED_IN':
        return this.spec.maxDischargeW;
      case 'PV_MODE':
        return -Math.max(surplus, 0);
      case 'TIME_SHARED': {
        const period = this.activePeriod(ctx.minuteOfDay);
        if (!period) return -surplus;
        return period.mode === 'CHARGE' ? -period.powerW : period.powerW;
      }
    }
  }

  /** Clamps a setpoint to the power limits and to what the state of charge allows over `dt` seconds. */
  feasible(setpoint: number, dt: number): number {
    if (this.disabled || dt <= 0) return 0;
    const efficiency = Math.sqrt(this.spec.roundTripEfficiency);
    const hours = dt / 3_600;
    if (setpoint > 0) {
      const floorWh = (this.spec.capacityWh * this.spec.socMinPct) / 100;
      const energyLimit = (Math.max(this.storedWh - floorWh, 0) * efficiency) / hours;
      return Math.min(setpoint, this.spec.maxDischargeW, energyLimit);
    }
    if (setpoint < 0) {
      const ceilingWh = (this.spec.capacityWh * this.spec.socMaxPct) / 100;
      const energyLimit = Math.max(ceilingWh - this.storedWh, 0) / efficiency / hours;
      return -Math.min(-setpoint, this.spec.maxChargeW, energyLimit);
    }
    return 0;
  }

  /** Applies `power` W (+ discharge) for `dt` seconds: state of charge, counters, temperature. */
  apply(power: number, dt: number, ambient: number): void {
    const efficiency = Math.sqrt(this.spec.roundTripEfficiency);
    const energyWh = (Math.abs(power) * dt) / 3_600;
    if (power > 0) {
      this.storedWh -= energyWh / efficiency;
      this.dischargeTotalWh += energyWh;
    } else if (power < 0) {
      this.storedWh += energyWh * efficiency;
      this.chargeTotalWh += energyWh;
    }
    this.storedWh = Math.min(Math.max(this.storedWh, 0), this.spec.capacityWh);
    this.power = power;
    // Cells warm with the current (losses) and relax to a conditioned enclosure near ambient.
    const rate = Math.abs(power) / Math.max(this.spec.maxChargeW, this.spec.maxDischargeW, 1);
    const target = 0.5 * ambient + 11 + 9 * rate;
    this.temperature = target + (this.temperature - target) * Math.exp(-dt / 3_600);
  }

  chargeState(): ChargeState {
    if (this.disabled) return ChargeState.OFF;
    if (this.power > 0) return ChargeState.DISCHARGING;
    if (this.power < 0) return ChargeState.CHARGING;
    if (this.soc >= this.spec.socMaxPct - 0.05) return ChargeState.FULL;
    if (this.soc <= this.spec.socMinPct + 0.05) return ChargeState.EMPTY;
    return ChargeState.HOLDING;
  }

  /** Writes the measures (SunSpec model 124 and the Sunfleet storage block) into `values`. */
  measures(values: Record<string, number>): void {
    const soc = this.soc;
    values.W = Math.round(this.power * 10) / 10;
    values.BatW = Math.round(this.power);
    values.ChaState = Math.round(soc * 10) / 10;
    values.ChaWH = Math.floor(this.chargeTotalWh);
    values.DisChaWH = Math.floor(this.dischargeTotalWh);
    values.WorkMode = WorkModes.indexOf(this.mode);
    values.ChaSt = this.chargeState();
    values.TmpBat = Math.round(this.temperature * 10) / 10;
    // Open-circuit-like pack voltage rising with the state of charge (LFP's flat middle, steep ends).
    const shape = 0.94 + 0.08 * (soc / 100) + 0.02 * Math.tanh((soc - 95) / 3) - 0.03 * Math.exp(-soc / 6);
    values.InBatV = Math.round(this.spec.nominalVoltage * shape * 10) / 10;
    values.WChaMax = this.spec.maxChargeW;
    values.MinRsvPct = this.spec.socMinPct;
  }
}
