// The sign rules of storage, in one place. The storage block of the protocol (Sunfleet model 64101, point
// BatW, stored as power_w) reports discharging as positive; the energy balance and the station flow count
// a battery + charge / − discharge. Below IDLE_KW a flow counts as idle (no arrow, no direction).

/** Below this magnitude (kW) a flow counts as idle. */
export const IDLE_KW = 0.005;

export type StorageDirection = 'CHARGING' | 'DISCHARGING' | 'IDLE';

/** A battery's power in the balance's sign (+ charge / − discharge, kW) from what it reports (W, + discharging). */
export function batteryChargeKw(reportedW: number | null): number | null {
  if (reportedW === null) return null;
  return reportedW === 0 ? 0 : -reportedW / 1000;
}

/** Whether a battery charges, discharges or rests, from its reported power (W, + discharging). */
export function storageDirection(reportedW: number | null): StorageDirection | null {
  if (reportedW === null) return null;
  if (Math.abs(reportedW) / 1000 < IDLE_KW) return 'IDLE';
  return reportedW > 0 ? 'DISCHARGING' : 'CHARGING';
}
