// The energy balance of a station — the one place it is written. It holds for power (kW now, a 5-minute
// bucket of the power chart) and for energy (kWh of a day, month or year) alike:
//
//   load = pv + grid − battery     with grid = import − export and battery = charge − discharge
//
// Loads are not metered in this product: the load is always derived, and marked as derived. It is known
// only when every flow it needs is known: the grid from a meter (a station without one has no grid node
// and no load), the PV from its inverters and, when the station has storage, the battery.

export interface StationKinds {
  inverters: boolean;
  meters: boolean;
  batteries: boolean;
}

export interface FlowInputs {
  /** Production of the inverters (≥ 0), null when not reported. */
  pv: number | null;
  /** Grid exchange, + import / − export; null when not reported. */
  grid: number | null;
  /** Storage, + charge / − discharge; null when not reported. */
  battery: number | null;
}

export type FlowName = 'pv' | 'grid' | 'battery' | 'load';

export interface EnergyBalance extends FlowInputs {
  /** What the site consumes; never negative (a rounding or timing gap is not a negative load). */
  load: number | null;
  /** Flows computed from the others rather than measured. */
  derived: FlowName[];
}

/** The flows of a station, with kinds it lacks as null and the load derived where it can be. */
export function energyBalance(inputs: FlowInputs, kinds: StationKinds): EnergyBalance {
  const pv = kinds.inverters ? inputs.pv : null;
  const grid = kinds.meters ? inputs.grid : null;
  const battery = kinds.batteries ? inputs.battery : null;
  const known = grid !== null && (!kinds.inverters || pv !== null) && (!kinds.batteries || battery !== null);
  if (!known) return { pv, grid, battery, load: null, derived: [] };
  return { pv, grid, battery, load: Math.max(0, (pv ?? 0) + grid - (battery ?? 0)), derived: ['load'] };
}

/** Sum of the values present; null when none is (a missing reading is not a zero). */
export function sumKnown(values: Iterable<number | null>): number | null {
  let total: number | null = null;
  for (const v of values) if (v !== null) total = (total ?? 0) + v;
  return total;
}
