// The site's power dispatch for one step: what the battery does (its work mode on grid; balancing the house
// off grid) and how much PV the site can take. On grid the grid absorbs any difference; off grid the
// battery must, PV is curtailed to what the house and the battery take, and when the battery cannot carry
// the house the island collapses (nothing served, nothing produced).
import type { Battery } from './battery.js';

export interface DispatchPlan {
  /** Battery power, W (+ discharge). */
  batteryW: number;
  /** Most AC power the inverters may deliver, W. */
  pvTargetW: number;
  /** House load actually supplied, W. */
  loadServedW: number;
}

export function newDispatchPlan(): DispatchPlan {
  return { batteryW: 0, pvTargetW: 0, loadServedW: 0 };
}

/** Before the inverters run: the plan for `dt` seconds, written into `out`. */
export function planDispatch(
  battery: Battery | null,
  pvAvailableW: number,
  loadW: number,
  gridAvailable: boolean,
  minuteOfDay: number,
  dt: number,
  out: DispatchPlan,
): DispatchPlan {
  out.batteryW = 0;
  out.pvTargetW = pvAvailableW;
  out.loadServedW = loadW;
  if (gridAvailable) {
    if (battery) {
      const setpoint = battery.setpoint({ pvW: pvAvailableW, loadW, gridAvailable: true, minuteOfDay });
      out.batteryW = battery.feasible(setpoint, dt);
    }
    return out;
  }
  if (!battery || battery.disabled) {
    out.pvTargetW = 0;
    out.loadServedW = 0;
    return out;
  }
  const needed = loadW - pvAvailableW;
  const possible = battery.feasible(needed, dt);
  if (needed > 0 && possible < needed - 1e-6) {
    out.pvTargetW = 0;
    out.loadServedW = 0;
  } else {
    out.batteryW = possible;
    // With a surplus, PV is held to what the house and the battery take.
    if (needed < 0) out.pvTargetW = loadW - possible;
  }
  return out;
}

/**
 * After the inverters ran off grid: the battery balances what they actually delivered (their output can
 * differ slightly from the target), so load served = PV + battery exactly.
 */
export function settleIsland(
  battery: Battery | null,
  pvW: number,
  loadW: number,
  dt: number,
  plan: DispatchPlan,
): void {
  if (plan.loadServedW > 0 && battery) {
    plan.batteryW = battery.feasible(loadW - pvW, dt);
    plan.loadServedW = Math.max(pvW + plan.batteryW, 0);
  } else {
    plan.batteryW = 0;
    plan.loadServedW = 0;
  }
}
