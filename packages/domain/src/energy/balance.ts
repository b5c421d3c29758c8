// The energy balance of a station — the one place it is written. It holds for power (kW now, a 5-minute
// bucket of the power chart) and for energy (kWh of a day, month or year) alike:
//
//   load = pv + grid − battery     with grid = import − export and battery = charge − discharge
//
// Loads are not metered in this product: the load is always derived, and marked as derived. It is known
// only when every flow it needs is known: the grid from a meter, the PV from its inverters and, when the
// station has storage, the battery. A station with consumers but without a meter has no grid node and no
// load (the split between them is unknown). A plant without consumers of its own (ground-mounted PV or
// storage, SPEC §1) and without a meter sends to the grid whatever it does not store: its load is zero by
// kind, so the balance gives the grid (grid = battery − pv), derived and marked so, and it has no load node.

export interface StationKinds {
  inverters: boolean;
  meters: boolean;
  batteries: boolean;
  /** The site has consumers of its own (every type but the ground-mounted plants); default true. */
  consumers?: boolean;
}

/** SPEC §1 station types without consumers of their own: ground-mounted PV and ground storage plants. */
export const PLANT_STATION_TYPES: readonly string[] = ['GROUND_STATION', 'GROUND_STORAGE_STATION'];

/** Whether a station of this type has consumers of its own (a load). */
export function stationHasConsumers(stationType: string): boolean {
  return !PLANT_STATION_TYPES.includes(stationType);
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

/**
 * The flows of a station, with kinds it lacks as null and the load derived where it can be — or, for a
 * plant without consumers and without a meter, the grid exchange.
 */
export function energyBalance(inputs: FlowInputs, kinds: StationKinds): EnergyBalance {
  const pv = kinds.inverters ? inputs.pv : null;
  const grid = kinds.meters ? inputs.grid : null;
  const battery = kinds.batteries ? inputs.battery : null;
  const sourcesKnown = (!kinds.inverters || pv !== null) && (!kinds.batteries || battery !== null);
  if (kinds.meters) {
    if (grid === null || !sourcesKnown) return { pv, grid, battery, load: null, derived: [] };
    return { pv, grid, battery, load: Math.max(0, (pv ?? 0) + grid - (battery ?? 0)), derived: ['load'] };
  }
  if (kinds.consumers === false && sourcesKnown && (kinds.inverters || kinds.batteries)) {
    // Zero load by kind: load = pv + grid − battery = 0. A difference of 0 is exact, never −0.
    const exchange = (battery ?? 0) - (pv ?? 0);
    return { pv, grid: exchange === 0 ? 0 : exchange, battery, load: null, derived: ['grid'] };
  }
  return { pv, grid, battery, load: null, derived: [] };
}

/** Sum of the values present; null when none is (a missing reading is not a zero). */
export function sumKnown(values: Iterable<number | null>): number | null {
  let total: number | null = null;
  for (const v of values) if (v !== null) total = (total ?? 0) + v;
  return total;
}
